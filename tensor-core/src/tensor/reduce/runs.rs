//! The loops of a reduction: every run of its [`Walk`] folded into
//! output-sized state, in one pass over the input.
//!
//! A run either reduces along itself (all of it lands in one output place:
//! a row summed, a lane's greatest value) or runs beside the output (each
//! element to its own place: a row added into the running totals, as a
//! reduction along dim 0 walks). The contiguous forms of both are loops the
//! compiler vectorises: totals kept in [`LANES`] independent lanes, joined
//! once per run (so the order of additions is not the row-major one, as in
//! PyTorch, whose sums also run in vector lanes), extremes found per block
//! before the block is searched for its first extreme index.
//!
//! Indexing is safe (slices, bounds-checked once per run in the fast forms).

use super::walk::Walk;
use crate::kernels::runs::for_each_run;
use crate::numeric::Ordered;

/// Partial results kept side by side by the contiguous loops.
const LANES: usize = 16;

/// Elements whose extreme is found before the block is searched.
const BLOCK: usize = 512;

/// The index of a place that holds no element yet.
pub(super) const NO_INDEX: i64 = i64::MAX;

/// `acc[place] = add(acc[place], x)` for every element `x` of the walk
/// (read from `data`), `merge` joining two totals and `zero` the empty one.
pub(super) fn totals<R: Copy, A: Copy>(
    walk: &Walk,
    data: &[R],
    acc: &mut [A],
    zero: A,
    add: impl Fn(A, R) -> A + Copy,
    merge: impl Fn(A, A) -> A + Copy,
) {
    for_each_run(&walk.plan, |[i, o, _], len, [si, so, _]| match (si, so) {
        (1, 0) => {
            let (i, o) = (i as usize, o as usize);
            acc[o] = merge(acc[o], run_total(&data[i..i + len], zero, add, merge));
        }
        (1, 1) => {
            let (i, o) = (i as usize, o as usize);
            for (a, &x) in acc[o..o + len].iter_mut().zip(&data[i..i + len]) {
                *a = add(*a, x);
            }
        }
        _ => {
            for t in 0..len as isize {
                let (at, place) = ((i + t * si) as usize, (o + t * so) as usize);
                acc[place] = add(acc[place], data[at]);
            }
        }
    });
}

/// The total of a contiguous run, in [`LANES`] lanes joined pairwise.
#[inline(always)]
fn run_total<R: Copy, A: Copy>(
    xs: &[R],
    zero: A,
    add: impl Fn(A, R) -> A,
    merge: impl Fn(A, A) -> A,
) -> A {
    let mut lanes = [zero; LANES];
    let chunks = xs.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for k in 0..LANES {
            lanes[k] = add(lanes[k], chunk[k]);
        }
    }
    for (k, &x) in rest.iter().enumerate() {
        lanes[k] = add(lanes[k], x);
    }
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for k in 0..width {
            lanes[k] = merge(lanes[k], lanes[k + width]);
        }
    }
    lanes[0]
}

/// Whether `v` at lane index `i` replaces `b` at `bi` as the extreme
/// (`gt` says "more extreme"): PyTorch's rules, whatever the order of
/// visits: the first NaN, else the most extreme value, the first on ties.
/// Bitwise, so that the loops may vectorise it.
#[inline(always)]
fn replaces<T: Ordered>(v: T, i: i64, b: T, bi: i64, gt: impl Fn(T, T) -> bool) -> bool {
    let (vn, bn) = (v.is_nan(), b.is_nan());
    let first = i < bi;
    (bi == NO_INDEX) | (bn & vn & first) | (!bn & (vn | gt(v, b) | ((v == b) & first)))
}

/// The extreme of every lane of the walk into `best` (values) and `at`
/// (lane indices, [`NO_INDEX`] before the first element), reading each
/// stored element with `read`.
pub(super) fn extremes<R: Copy, T: Ordered>(
    walk: &Walk,
    data: &[R],
    best: &mut [T],
    at: &mut [i64],
    read: impl Fn(R) -> T + Copy,
    gt: impl Fn(T, T) -> bool + Copy,
) {
    for_each_run(&walk.plan, |[i, o, l], len, [si, so, sl]| {
        let (l, sl) = (l as i64, sl as i64);
        match (si, so, sl) {
            (1, 0, 1) => {
                let (i, o) = (i as usize, o as usize);
                for (k, block) in data[i..i + len].chunks(BLOCK).enumerate() {
                    let base = l + (k * BLOCK) as i64;
                    let (m, nan) = block_extreme(block, read, gt);
                    if at[o] == NO_INDEX || nan || !gt(best[o], m) {
                        for (j, &x) in block.iter().enumerate() {
                            let (v, idx) = (read(x), base + j as i64);
                            if replaces(v, idx, best[o], at[o], gt) {
                                best[o] = v;
                                at[o] = idx;
                            }
                        }
                    }
                }
            }
            (1, 1, 0) => {
                let (i, o) = (i as usize, o as usize);
                let places = best[o..o + len].iter_mut().zip(&mut at[o..o + len]);
                for ((b, bi), &x) in places.zip(&data[i..i + len]) {
                    let v = read(x);
                    let take = replaces(v, l, *b, *bi, gt);
                    *b = if take { v } else { *b };
                    *bi = if take { l } else { *bi };
                }
            }
            _ => {
                for t in 0..len as isize {
                    let (src, place) = ((i + t * si) as usize, (o + t * so) as usize);
                    let (v, idx) = (read(data[src]), l + t as i64 * sl);
                    if replaces(v, idx, best[place], at[place], gt) {
                        best[place] = v;
                        at[place] = idx;
                    }
                }
            }
        }
    });
}

/// The most extreme non-NaN value of a non-empty block (or its first
/// element) and whether it holds a NaN, in [`LANES`] lanes.
#[inline(always)]
fn block_extreme<R: Copy, T: Ordered>(
    block: &[R],
    read: impl Fn(R) -> T,
    gt: impl Fn(T, T) -> bool,
) -> (T, bool) {
    let first = read(block[0]);
    let (mut m, mut nan) = ([first; LANES], [false; LANES]);
    let chunks = block.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for k in 0..LANES {
            let v = read(chunk[k]);
            nan[k] |= v.is_nan();
            m[k] = if gt(v, m[k]) { v } else { m[k] };
        }
    }
    for (k, &x) in rest.iter().enumerate() {
        let v = read(x);
        nan[k] |= v.is_nan();
        m[k] = if gt(v, m[k]) { v } else { m[k] };
    }
    let extreme = m.iter().fold(first, |a, &v| if gt(v, a) { v } else { a });
    (extreme, nan.iter().any(|&n| n))
}
