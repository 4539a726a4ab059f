//! The loops of a reduction: every run of its [`Walk`] folded into
//! output-sized state, in one pass over the input.
//!
//! A run either reduces along itself (all of it lands in one output place:
//! a row summed, a lane's greatest value) or runs beside the output (each
//! element to its own place: a row added into the running totals, as a
//! reduction along dim 0 walks). The contiguous forms of both are loops the
//! compiler vectorises, compiled for AVX2 where the CPU has it
//! (`kernels/wide.rs`, same bits):
//! - a run reduced along itself keeps its totals in [`LANES`] independent
//!   lanes, joined once per run (so the order of additions is not the
//!   row-major one, as in PyTorch, whose sums also run in vector lanes); its
//!   extreme is found per block of [`BLOCK`] elements (values and a NaN
//!   flag only), and a block is searched for its first extreme index only
//!   when it holds a NaN or beats the run's best so far;
//! - runs beside the output that land on the same places one after another
//!   (the rows of a reduction along dim 0) are gathered, up to [`GROUP`] of
//!   them, and folded in column chunks of [`CHUNK`] places, so the chunk's
//!   state stays in cache across the group (each place still receives its
//!   elements in the walk's order, so totals are the same bits). For
//!   extremes, a chunk's group maxima (values only) are compared with its
//!   best values first, and only chunks where an element of the group may
//!   win are walked element by element with PyTorch's rules.
//!
//! Indexing is safe (slices, bounds-checked once per run or chunk in the
//! fast forms).

use super::walk::Walk;
use crate::kernels::runs::for_each_run;
use crate::kernels::wide::Level;
use crate::numeric::Ordered;

/// Partial results kept side by side by the contiguous loops.
const LANES: usize = 16;

/// Elements whose extreme is found before the block is searched.
const BLOCK: usize = 1024;

/// Runs beside the output gathered before they are folded in.
const GROUP: usize = 16;

/// Places of the output folded at once from a group of runs.
const CHUNK: usize = 512;

/// The index of a place that holds no element yet.
pub(super) const NO_INDEX: i64 = i64::MAX;

/// Runs beside the output (input and output both dense) that land on the
/// same `len` places from `o` on, kept until they are folded in together.
struct Group {
    o: usize,
    len: usize,
    /// Each run's input start and lane index.
    runs: [(usize, i64); GROUP],
    n: usize,
}

impl Group {
    fn new() -> Group {
        Group {
            o: 0,
            len: 0,
            runs: [(0, 0); GROUP],
            n: 0,
        }
    }

    /// Adds a run, first folding in the runs kept (with `flush`) when they
    /// land elsewhere or the group is full.
    #[inline(always)]
    fn push(&mut self, i: usize, o: usize, l: i64, len: usize, mut flush: impl FnMut(&Group)) {
        if self.n > 0 && (self.o != o || self.len != len) {
            flush(self);
            self.n = 0;
        }
        self.o = o;
        self.len = len;
        self.runs[self.n] = (i, l);
        self.n += 1;
        if self.n == GROUP {
            flush(self);
            self.n = 0;
        }
    }

    /// Folds in the runs kept, if any.
    #[inline(always)]
    fn drain(&mut self, mut flush: impl FnMut(&Group)) {
        if self.n > 0 {
            flush(self);
            self.n = 0;
        }
    }

    fn runs(&self) -> &[(usize, i64)] {
        &self.runs[..self.n]
    }
}

/// Runs reduced along themselves (contiguous, each into one place), all
/// of one length, kept until they are reduced in one call of the wide loop
/// (so short rows do not each pay a call).
struct Rows {
    len: usize,
    /// Each run's input start, output place and first lane index.
    runs: [(usize, usize, i64); ROWS],
    n: usize,
}

/// Runs summed per call of the wide loop.
const ROWS: usize = 64;

impl Rows {
    fn new() -> Rows {
        Rows {
            len: 0,
            runs: [(0, 0, 0); ROWS],
            n: 0,
        }
    }

    /// Adds a run, first reducing the runs kept (with `flush`) when their
    /// length differs or the batch is full.
    #[inline(always)]
    fn push(&mut self, i: usize, o: usize, l: i64, len: usize, mut flush: impl FnMut(&Rows)) {
        if self.n > 0 && self.len != len {
            flush(self);
            self.n = 0;
        }
        self.len = len;
        self.runs[self.n] = (i, o, l);
        self.n += 1;
        if self.n == ROWS {
            flush(self);
            self.n = 0;
        }
    }

    /// Reduces the runs kept, if any.
    #[inline(always)]
    fn drain(&mut self, mut flush: impl FnMut(&Rows)) {
        if self.n > 0 {
            flush(self);
            self.n = 0;
        }
    }

    fn runs(&self) -> &[(usize, usize, i64)] {
        &self.runs[..self.n]
    }
}

/// `acc[place] = add(acc[place], x)` for every element `x` of the walk
/// (read from `data`), `merge` joining two totals and `zero` the empty one.
/// `pad` is a stored value whose `add` leaves a total unchanged (a zero:
/// totals start at `+0`, so never hold `-0`, and `t + 0` is `t`).
pub(super) fn totals<R: Copy, A: Copy>(
    walk: &Walk,
    data: &[R],
    acc: &mut [A],
    pad: R,
    zero: A,
    add: impl Fn(A, R) -> A + Copy,
    merge: impl Fn(A, A) -> A + Copy,
) {
    let level = Level::detect();
    let mut group = Group::new();
    let mut rows = Rows::new();
    let flush = |acc: &mut [A], g: &Group| {
        let places = &mut acc[g.o..g.o + g.len];
        level.run(
            #[inline(always)]
            || group_totals(data, g, places, add),
        )
    };
    let flush_rows = |acc: &mut [A], r: &Rows| {
        level.run(
            #[inline(always)]
            || rows_totals(data, r, acc, pad, zero, add, merge),
        )
    };
    for_each_run(&walk.plan, |[i, o, _], len, [si, so, _]| {
        let (i, o) = (i as usize, o as usize);
        if (si, so) == (1, 1) {
            group.push(i, o, 0, len, |g| flush(acc, g));
            return;
        }
        group.drain(|g| flush(acc, g));
        if (si, so) == (1, 0) {
            rows.push(i, o, 0, len, |r| flush_rows(acc, r));
            return;
        }
        rows.drain(|r| flush_rows(acc, r));
        let (i, o) = (i as isize, o as isize);
        for t in 0..len as isize {
            let (at, place) = ((i + t * si) as usize, (o + t * so) as usize);
            acc[place] = add(acc[place], data[at]);
        }
    });
    group.drain(|g| flush(acc, g));
    rows.drain(|r| flush_rows(acc, r));
}

/// Each kept run's total merged into its place. `acc` is an argument so
/// that LLVM knows its writes touch nothing else read here.
#[inline(always)]
fn rows_totals<R: Copy, A: Copy>(
    data: &[R],
    rows: &Rows,
    acc: &mut [A],
    pad: R,
    zero: A,
    add: impl Fn(A, R) -> A + Copy,
    merge: impl Fn(A, A) -> A + Copy,
) {
    let len = rows.len;
    for &(i, o, _) in rows.runs() {
        let total = run_total(&data[i..i + len], pad, zero, add, merge);
        acc[o] = merge(acc[o], total);
    }
}

/// Folds a group of runs beside the output into its places' totals, chunk
/// by chunk, each place receiving the runs in order. `places` is an
/// argument so that LLVM knows its writes touch nothing else read here.
#[inline(always)]
fn group_totals<R: Copy, A: Copy>(
    data: &[R],
    g: &Group,
    places: &mut [A],
    add: impl Fn(A, R) -> A,
) {
    for c0 in (0..g.len).step_by(CHUNK) {
        let w = CHUNK.min(g.len - c0);
        let chunk = &mut places[c0..c0 + w];
        for &(i, _) in g.runs() {
            for (a, &x) in chunk.iter_mut().zip(&data[i + c0..i + c0 + w]) {
                *a = add(*a, x);
            }
        }
    }
}

/// The total of a contiguous run, in [`LANES`] lanes joined pairwise: lane
/// `k` takes elements `k`, `k + LANES`, ... in order. The last, partial
/// chunk is padded with `pad` (which adds nothing) so that every chunk is
/// the same straight-line code: LLVM then keeps the lanes in whole vector
/// registers (with a loop of its own for the tail, or a `memcpy` call, it
/// pairs the lanes oddly, in half-width registers with shuffles, a third
/// slower for `f64` totals).
#[inline(always)]
fn run_total<R: Copy, A: Copy>(
    xs: &[R],
    pad: R,
    zero: A,
    add: impl Fn(A, R) -> A,
    merge: impl Fn(A, A) -> A,
) -> A {
    let mut lanes = [zero; LANES];
    let chunks = xs.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        let chunk: &[R; LANES] = chunk.try_into().expect("chunks_exact gives LANES");
        lanes = std::array::from_fn(|k| add(lanes[k], chunk[k]));
    }
    if !rest.is_empty() {
        // element by element, not `copy_from_slice`: a call to `memcpy`
        // here makes LLVM keep the lanes in narrower registers
        let last: [R; LANES] = std::array::from_fn(|k| rest.get(k).copied().unwrap_or(pad));
        lanes = std::array::from_fn(|k| add(lanes[k], last[k]));
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

/// `(best, at) = (v, i)` if `v` at `i` replaces the extreme there.
#[inline(always)]
fn offer<T: Ordered>(best: &mut T, at: &mut i64, v: T, i: i64, gt: impl Fn(T, T) -> bool) {
    let take = replaces(v, i, *best, *at, gt);
    *best = if take { v } else { *best };
    *at = if take { i } else { *at };
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
    let level = Level::detect();
    let mut group = Group::new();
    let flush = |best: &mut [T], at: &mut [i64], g: &Group| {
        level.run(
            #[inline(always)]
            || {
                let (best, at) = (&mut best[g.o..g.o + g.len], &mut at[g.o..g.o + g.len]);
                group_extremes(data, g, best, at, read, gt)
            },
        )
    };
    let mut rows = Rows::new();
    let flush_rows = |best: &mut [T], at: &mut [i64], r: &Rows| {
        level.run(
            #[inline(always)]
            || rows_extremes(data, r, best, at, read, gt),
        )
    };
    for_each_run(&walk.plan, |[i, o, l], len, [si, so, sl]| {
        let (l, sl) = (l as i64, sl as i64);
        if (si, so, sl) == (1, 1, 0) {
            group.push(i as usize, o as usize, l, len, |g| flush(best, at, g));
            return;
        }
        group.drain(|g| flush(best, at, g));
        if (si, so, sl) == (1, 0, 1) {
            let (i, o) = (i as usize, o as usize);
            rows.push(i, o, l, len, |r| flush_rows(best, at, r));
            return;
        }
        rows.drain(|r| flush_rows(best, at, r));
        for t in 0..len as isize {
            let (src, place) = ((i + t * si) as usize, (o + t * so) as usize);
            let (v, idx) = (read(data[src]), l + t as i64 * sl);
            offer(&mut best[place], &mut at[place], v, idx, gt);
        }
    });
    group.drain(|g| flush(best, at, g));
    rows.drain(|r| flush_rows(best, at, r));
}

/// Each kept run's extreme offered to its place (see [`rows_totals`]).
#[inline(always)]
fn rows_extremes<R: Copy, T: Ordered>(
    data: &[R],
    rows: &Rows,
    best: &mut [T],
    at: &mut [i64],
    read: impl Fn(R) -> T + Copy,
    gt: impl Fn(T, T) -> bool + Copy,
) {
    let len = rows.len;
    for &(i, o, l) in rows.runs() {
        let xs = &data[i..i + len];
        let (v, k) = if len <= BLOCK {
            short_run_extreme(xs, read, gt)
        } else {
            run_extreme(xs, read, gt)
        };
        offer(&mut best[o], &mut at[o], v, l + k as i64, gt);
    }
}

/// [`run_extreme`] of a short run (at most [`BLOCK`] elements) in one
/// pass: per lane, its extreme and where it is (`gt` strict, so the first
/// of equal values stays) and its first NaN; then across the lanes, the
/// first NaN, else the most extreme value, the first on ties (PyTorch's
/// rules). A run of 64 elements is four steps of [`LANES`] and a join,
/// where the block search reads it twice and joins lanes one by one.
#[inline(always)]
fn short_run_extreme<R: Copy, T: Ordered>(
    xs: &[R],
    read: impl Fn(R) -> T + Copy,
    gt: impl Fn(T, T) -> bool + Copy,
) -> (T, usize) {
    const NONE: u32 = u32::MAX;
    let first = read(xs[0]);
    let (mut m, mut at, mut nan_at) = ([first; LANES], [0u32; LANES], [NONE; LANES]);
    let chunks = xs.chunks_exact(LANES);
    let rest = chunks.remainder();
    let tail = chunks.len() * LANES;
    for (j, chunk) in chunks.enumerate() {
        let base = (j * LANES) as u32;
        for k in 0..LANES {
            let (v, i) = (read(chunk[k]), base + k as u32);
            let take = gt(v, m[k]);
            m[k] = if take { v } else { m[k] };
            at[k] = if take { i } else { at[k] };
            let new_nan = v.is_nan() & (nan_at[k] == NONE);
            nan_at[k] = if new_nan { i } else { nan_at[k] };
        }
    }
    for (k, &x) in rest.iter().enumerate() {
        let (v, i) = (read(x), (tail + k) as u32);
        if gt(v, m[k]) {
            (m[k], at[k]) = (v, i);
        }
        if v.is_nan() && nan_at[k] == NONE {
            nan_at[k] = i;
        }
    }
    let first_nan = nan_at.iter().copied().min().unwrap_or(NONE);
    if first_nan != NONE {
        let p = first_nan as usize;
        return (read(xs[p]), p);
    }
    let (mut v, mut p) = (m[0], at[0]);
    for k in 1..LANES {
        if gt(m[k], v) || (m[k] == v && at[k] < p) {
            (v, p) = (m[k], at[k]);
        }
    }
    (v, p as usize)
}

/// The first extreme of a non-empty contiguous run (the first NaN if any)
/// and its position: per block, the extreme and a NaN flag in lanes; a
/// block is searched only when it holds a NaN or beats the best so far.
#[inline(always)]
fn run_extreme<R: Copy, T: Ordered>(
    xs: &[R],
    read: impl Fn(R) -> T + Copy,
    gt: impl Fn(T, T) -> bool + Copy,
) -> (T, usize) {
    let (mut best, mut at) = (read(xs[0]), 0);
    for (k, block) in xs.chunks(BLOCK).enumerate() {
        let (m, nan) = block_extreme(block, read, gt);
        if nan {
            let p = first_where(block, |x| read(x).is_nan());
            return (read(block[p]), k * BLOCK + p);
        }
        if gt(m, best) {
            // `m` is one of the block's values; the first equal one wins
            let p = first_where(block, |x| read(x) == m);
            (best, at) = (read(block[p]), k * BLOCK + p);
        }
    }
    (best, at)
}

/// The position of the first element of `xs` where `hit` holds (0 if
/// none), tested [`LANES`] at a time so that the scan vectorises.
#[inline(always)]
fn first_where<R: Copy>(xs: &[R], hit: impl Fn(R) -> bool) -> usize {
    let chunks = xs.chunks_exact(LANES);
    let tail = chunks.len() * LANES;
    for (k, chunk) in chunks.enumerate() {
        if chunk.iter().fold(false, |any, &x| any | hit(x)) {
            return k * LANES + chunk.iter().position(|&x| hit(x)).unwrap_or(0);
        }
    }
    xs[tail..]
        .iter()
        .position(|&x| hit(x))
        .map_or(0, |p| tail + p)
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

/// Folds a group of runs beside the output into its places' `best` and
/// `at`, chunk by chunk: the group's extreme per place first (values only,
/// NaN kept), then, per [`LANES`] places, the elements one by one only
/// where one of them may replace the place's extreme.
#[inline(always)]
fn group_extremes<R: Copy, T: Ordered>(
    data: &[R],
    g: &Group,
    best: &mut [T],
    at: &mut [i64],
    read: impl Fn(R) -> T + Copy,
    gt: impl Fn(T, T) -> bool + Copy,
) {
    let mut most = [best[0]; CHUNK];
    for c0 in (0..g.len).step_by(CHUNK) {
        let w = CHUNK.min(g.len - c0);
        let most = &mut most[..w];
        let mut runs = g.runs();
        // Places no element has reached yet take the first run's elements
        // as they are (any element replaces an empty place).
        let fresh = at[c0..c0 + w]
            .iter()
            .fold(true, |all, &a| all & (a == NO_INDEX));
        if fresh {
            let (i0, l0) = runs[0];
            let places = best[c0..c0 + w].iter_mut().zip(&mut at[c0..c0 + w]);
            for ((b, a), &x) in places.zip(&data[i0 + c0..i0 + c0 + w]) {
                (*b, *a) = (read(x), l0);
            }
            runs = &runs[1..];
            if runs.is_empty() {
                continue;
            }
        }
        let lmin = runs.iter().map(|r| r.1).min().unwrap_or(NO_INDEX);
        // the group's extreme per place, NaN sticking
        let (i0, _) = runs[0];
        for (m, &x) in most.iter_mut().zip(&data[i0 + c0..i0 + c0 + w]) {
            *m = read(x);
        }
        for &(i, _) in &runs[1..] {
            for (m, &x) in most.iter_mut().zip(&data[i + c0..i + c0 + w]) {
                let v = read(x);
                *m = if gt(v, *m) | v.is_nan() { v } else { *m };
            }
        }
        for s0 in (0..w).step_by(LANES) {
            let sw = LANES.min(w - s0);
            let (b, a) = (&best[c0 + s0..c0 + s0 + sw], &at[c0 + s0..c0 + s0 + sw]);
            // Every element of the group comes after the place's extreme
            // (`a < lmin`), so only a NaN or a more extreme value could
            // replace it, and neither can when the extreme is a NaN.
            let mut settled = true;
            for ((&b, &a), &m) in b.iter().zip(a).zip(&most[s0..s0 + sw]) {
                let keeps = b.is_nan() | (!m.is_nan() & !gt(m, b));
                settled &= (a != NO_INDEX) & (a < lmin) & keeps;
            }
            if settled {
                continue;
            }
            let (p0, p1) = (c0 + s0, c0 + s0 + sw);
            for &(i, l) in runs {
                let xs = &data[i + p0..i + p1];
                for ((b, a), &x) in best[p0..p1].iter_mut().zip(&mut at[p0..p1]).zip(xs) {
                    offer(b, a, read(x), l, gt);
                }
            }
        }
    }
}
