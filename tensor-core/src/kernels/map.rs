//! Element-wise `map` and `zip` loops over a [`Plan`] into a fresh destination.
//!
//! Without a transposed input, the runs come from [`for_each_run`]; runs
//! where every operand is dense are walked as slices, which the compiler
//! vectorises for simple closures.
//!
//! When an input reads across the destination's rows (a transposed input,
//! see [`tile_dim`]), the work goes by blocks of [`STAGE`] × [`STAGE`]: each
//! such input's block is first reordered into a small buffer with the
//! blocked transpose kernel (AVX register tiles), then the closure runs over
//! whole contiguous rows of the buffers and the destination.

use super::plan::Plan;
use super::runs::{for_each_run, tile_dim};
use super::transpose::transpose_2d;

/// Edge of a staged block, in elements (64 × 64 `f32` is 16 KiB, in L1).
const STAGE: usize = 64;

/// Edge of the groups of staged blocks, in elements: the pages a group
/// touches stay in the TLB.
const GROUP: usize = 256;

/// Calls `block(base, i0, bi, k0, bk)` for the staged blocks of dims 0 and
/// `j` of `plan`, at every position `base` of the other dims, grouped for the TLB.
fn for_each_block<const N: usize>(
    plan: &Plan<N>,
    j: usize,
    mut block: impl FnMut([isize; N], usize, usize, usize, usize),
) {
    let (n0, nj) = (plan.sizes[0], plan.sizes[j]);
    plan.for_each_outer(1 | 1 << j, |base| {
        for k00 in (0..nj).step_by(GROUP) {
            let k00_end = (k00 + GROUP).min(nj);
            for i00 in (0..n0).step_by(GROUP) {
                let i00_end = (i00 + GROUP).min(n0);
                for k0 in (k00..k00_end).step_by(STAGE) {
                    for i0 in (i00..i00_end).step_by(STAGE) {
                        let (bi, bk) = (STAGE.min(i00_end - i0), STAGE.min(k00_end - k0));
                        block(base, i0, bi, k0, bk);
                    }
                }
            }
        }
    });
}

/// Where row `kl` of a block of operand `op` starts, and its step along `i`:
/// the staged buffer when the operand was staged, else the operand itself.
///
/// # Safety
/// `at` is the block's first element of the operand (plan indices in bounds).
#[inline(always)]
unsafe fn block_row<A>(staged: Option<*mut A>, at: *const A, kl: usize, step_k: isize) -> *const A {
    match staged {
        // SAFETY: the buffer holds STAGE × STAGE elements.
        Some(buf) => unsafe { buf.add(kl * STAGE) },
        // SAFETY: row `kl < bk` of the block is inside the plan (caller).
        None => unsafe { at.offset(kl as isize * step_k) },
    }
}

/// Writes `f(src)` at every index of operand 0 of `plan` (operand 1 read from `src`).
///
/// # Safety
/// Every index the plan visits for operand 0 is valid for writes of a `B` from
/// `dst`, for operand 1 valid for reads of an `A` from `src`, and the two do
/// not overlap.
pub(crate) unsafe fn map_planned<A: Copy, B: Copy>(
    dst: *mut B,
    src: *const A,
    plan: &Plan<2>,
    mut f: impl FnMut(A) -> B,
) {
    if let Some(j) = tile_dim(plan) {
        let ([d0, s0], [dj, sj]) = (plan.strides[0], plan.strides[j]);
        let mut buf: Vec<A> = Vec::with_capacity(STAGE * STAGE);
        let buf = buf.as_mut_ptr();
        for_each_block(plan, j, |[d, s], i0, bi, k0, bk| {
            let (i0, k0) = (i0 as isize, k0 as isize);
            // SAFETY: the block's elements are plan indices (caller's
            // bounds); the buffer holds STAGE × STAGE elements, of which the
            // `bi × bk` read below were written by the transpose just before.
            // `d0 == 1` (`tile_dim` only tiles a destination dense along dim 0).
            unsafe {
                let at = src.offset(s + i0 * s0 + k0 * sj);
                transpose_2d(buf, [1, STAGE as isize], at, [s0, sj], bi, bk);
                for kl in 0..bk {
                    let row = std::slice::from_raw_parts(buf.add(kl * STAGE), bi);
                    let out = dst.offset(d + i0 * d0 + (k0 + kl as isize) * dj);
                    let out = std::slice::from_raw_parts_mut(out, bi);
                    for (o, &v) in out.iter_mut().zip(row) {
                        *o = f(v);
                    }
                }
            }
        });
        return;
    }
    for_each_run(plan, |[d, s], len, strides| {
        // SAFETY: every `d + t·sd`, `s + t·ss` for `t < len` is a plan index (caller's bounds).
        unsafe {
            if strides == [1, 1] {
                let out = std::slice::from_raw_parts_mut(dst.offset(d), len);
                let inp = std::slice::from_raw_parts(src.offset(s), len);
                for (o, &i) in out.iter_mut().zip(inp) {
                    *o = f(i);
                }
            } else {
                let [sd, ss] = strides;
                for t in 0..len as isize {
                    *dst.offset(d + t * sd) = f(*src.offset(s + t * ss));
                }
            }
        }
    });
}

/// Writes `f(a, b)` at every index of operand 0 of `plan` (operands 1 and 2
/// read from `a` and `b`).
///
/// # Safety
/// As [`map_planned`], for operand 0 written from `dst` and operands 1 and 2
/// read from `a` and `b`.
pub(crate) unsafe fn zip_planned<A: Copy, B: Copy, C: Copy>(
    dst: *mut C,
    a: *const A,
    b: *const B,
    plan: &Plan<3>,
    mut f: impl FnMut(A, B) -> C,
) {
    if let Some(j) = tile_dim(plan) {
        let ([d0, a0, b0], [dj, aj, bj]) = (plan.strides[0], plan.strides[j]);
        // an input not dense along dim 0 is staged (transposed into a buffer)
        let mut a_buf: Vec<A> = Vec::with_capacity(if a0 == 1 { 0 } else { STAGE * STAGE });
        let mut b_buf: Vec<B> = Vec::with_capacity(if b0 == 1 { 0 } else { STAGE * STAGE });
        let a_staged = (a0 != 1).then_some(a_buf.as_mut_ptr());
        let b_staged = (b0 != 1).then_some(b_buf.as_mut_ptr());
        for_each_block(plan, j, |[d, sa, sb], i0, bi, k0, bk| {
            let (i0, k0) = (i0 as isize, k0 as isize);
            // SAFETY: as in `map_planned`: block elements are plan indices,
            // staged buffers hold STAGE × STAGE elements of which the
            // `bi × bk` read were just written; unstaged inputs are dense
            // along dim 0 (step 1), like the destination (`d0 == 1`).
            unsafe {
                let a_at = a.offset(sa + i0 * a0 + k0 * aj);
                let b_at = b.offset(sb + i0 * b0 + k0 * bj);
                if let Some(buf) = a_staged {
                    transpose_2d(buf, [1, STAGE as isize], a_at, [a0, aj], bi, bk);
                }
                if let Some(buf) = b_staged {
                    transpose_2d(buf, [1, STAGE as isize], b_at, [b0, bj], bi, bk);
                }
                for kl in 0..bk {
                    let xs = std::slice::from_raw_parts(block_row(a_staged, a_at, kl, aj), bi);
                    let ys = std::slice::from_raw_parts(block_row(b_staged, b_at, kl, bj), bi);
                    let out = dst.offset(d + i0 * d0 + (k0 + kl as isize) * dj);
                    let out = std::slice::from_raw_parts_mut(out, bi);
                    for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
                        *o = f(x, y);
                    }
                }
            }
        });
        return;
    }
    for_each_run(plan, |[d, sa, sb], len, strides| {
        // SAFETY: every `start + t·stride` for `t < len` is a plan index (caller's bounds).
        unsafe {
            if strides == [1, 1, 1] {
                let out = std::slice::from_raw_parts_mut(dst.offset(d), len);
                let xs = std::slice::from_raw_parts(a.offset(sa), len);
                let ys = std::slice::from_raw_parts(b.offset(sb), len);
                for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
                    *o = f(x, y);
                }
            } else {
                let [td, ta, tb] = strides;
                for t in 0..len as isize {
                    *dst.offset(d + t * td) = f(*a.offset(sa + t * ta), *b.offset(sb + t * tb));
                }
            }
        }
    });
}
