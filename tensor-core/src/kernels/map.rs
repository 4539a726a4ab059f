//! Element-wise `map` and `zip` loops over a [`Plan`] into a destination
//! (operand 0), which must be written at distinct places.
//!
//! Without an input reading across the destination's rows, the runs come
//! from [`for_each_run`]; runs where every operand is dense are walked as
//! slices, which the compiler vectorises for simple closures (compiled for
//! AVX2 where the CPU has it, `wide.rs`). A destination
//! laid out like its inputs (as `map` and `zip_map` lay out their results)
//! makes that one run.
//!
//! When an input reads across the destination's rows (a transposed input,
//! see [`tile_dim`]), the work goes by blocks, that input's block first
//! transposed into a small buffer (see `stage.rs`), then the closure runs over
//! whole contiguous rows of the buffers, the destination and the other input.

use std::mem::MaybeUninit;

use super::plan::Plan;
use super::runs::{for_each_run, tile_dim, uninit_run};
use super::stage::{for_each_block, Blocks, Stage};
use super::wide::Level;

/// An element function of `map`, with a second form for the dense runs of
/// loops compiled with FMA (`Level::run_fma`): any closure (both forms
/// itself), or [`WithFma`] (the math ops, whose kernels compute
/// `a · b + c` as `math::Plain` or `math::Fused` says).
pub(crate) trait ElementFn<A, B> {
    /// The value, computed for any instruction set.
    fn plain(&mut self, a: A) -> B;
    /// The value, computed for a loop compiled with FMA.
    fn fused(&mut self, a: A) -> B;
}

impl<A, B, F: FnMut(A) -> B> ElementFn<A, B> for F {
    #[inline(always)]
    fn plain(&mut self, a: A) -> B {
        self(a)
    }
    #[inline(always)]
    fn fused(&mut self, a: A) -> B {
        self(a)
    }
}

/// An element function in two forms: `.0` for any instruction set, `.1`
/// (the same function with FMA) for loops compiled with FMA.
pub(crate) struct WithFma<P, Q>(pub(crate) P, pub(crate) Q);

impl<A, B, P: FnMut(A) -> B, Q: FnMut(A) -> B> ElementFn<A, B> for WithFma<P, Q> {
    #[inline(always)]
    fn plain(&mut self, a: A) -> B {
        (self.0)(a)
    }
    #[inline(always)]
    fn fused(&mut self, a: A) -> B {
        (self.1)(a)
    }
}

/// Writes `f(src)` at every index of operand 0 of `plan` (operand 1 read from `src`).
///
/// # Safety
/// Every index the plan visits for operand 0 is valid for writes of a `B` from
/// `dst` (maybe uninitialised: the kernel only writes there), for operand 1
/// valid for reads of an `A` from `src`, and the two do not overlap.
pub(crate) unsafe fn map_planned<A: Copy, B: Copy>(
    dst: *mut B,
    src: *const A,
    plan: &Plan<2>,
    mut f: impl ElementFn<A, B>,
) {
    if let Some(j) = tile_dim(plan) {
        let ([d0, s0], [dj, sj]) = (plan.strides[0], plan.strides[j]);
        debug_assert_eq!(d0, 1, "tile_dim tiles only a destination dense along dim 0");
        let blocks = Blocks::for_size(std::mem::size_of::<A>());
        let mut stage = Stage::<A>::new(blocks);
        #[cfg(test)]
        super::paths::ran(super::paths::Path::StagedMap);
        for_each_block(plan, j, blocks, move |[d, s], i0, bi, k0, bk| {
            let (i0, k0) = (i0 as isize, k0 as isize);
            // SAFETY: the block's elements are plan indices (caller's
            // bounds), `bi × bk` within the stage's shape; row `kl < bk` of
            // the stage holds the `bi` elements just filled; the destination
            // is dense along dim 0 (`d0 == 1`, `tile_dim` checks it), so its
            // row is `bi` consecutive places, distinct from the source, and
            // only written (it may be uninitialised).
            unsafe {
                stage.fill(src.offset(s + i0 * s0 + k0 * sj), [s0, sj], bi, bk);
                for kl in 0..bk {
                    let row = std::slice::from_raw_parts(stage.row(kl), bi);
                    let out = uninit_run(dst.offset(d + i0 + (k0 + kl as isize) * dj), bi);
                    for (o, &v) in out.iter_mut().zip(row) {
                        o.write(f.plain(v));
                    }
                }
            }
        });
        return;
    }
    let level = Level::detect();
    // `move` closures hold the pointers themselves, which then stay in
    // registers (a captured reference is reloaded after every store).
    for_each_run(plan, move |[d, s], len, strides| {
        // SAFETY: every `d + t·sd`, `s + t·ss` for `t < len` is a plan index
        // (caller's bounds); the destination is only written.
        unsafe {
            if strides == [1, 1] {
                let out = uninit_run(dst.offset(d), len);
                let inp = std::slice::from_raw_parts(src.offset(s), len);
                level.run_fma(
                    #[inline(always)]
                    |fused| {
                        if fused {
                            map_run(out, inp, &mut |a| f.fused(a))
                        } else {
                            map_run(out, inp, &mut |a| f.plain(a))
                        }
                    },
                );
            } else {
                let [sd, ss] = strides;
                for t in 0..len as isize {
                    dst.offset(d + t * sd)
                        .write(f.plain(*src.offset(s + t * ss)));
                }
            }
        }
    });
}

/// `out[t] = f(inp[t])` over one dense run. A function of its own, with
/// `out` an argument, so that LLVM knows (after inlining too) that the
/// writes to `out` touch nothing `f` reads: without that it reloads `f`'s
/// captures after every store and does not vectorise.
#[inline(always)]
fn map_run<A: Copy, B>(out: &mut [MaybeUninit<B>], inp: &[A], f: &mut impl FnMut(A) -> B) {
    for (o, &i) in out.iter_mut().zip(inp) {
        o.write(f(i));
    }
}

/// `out[t] = f(xs[t], ys[t])` over one dense run (see [`map_run`]).
#[inline(always)]
fn zip_run<A: Copy, B: Copy, C>(
    out: &mut [MaybeUninit<C>],
    xs: &[A],
    ys: &[B],
    f: &mut impl FnMut(A, B) -> C,
) {
    for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
        o.write(f(x, y));
    }
}

/// Where row `kl` of a block of an input starts: the stage's row when the
/// input was staged, else the input's own row (dense along dim 0).
///
/// # Safety
/// With a stage, `kl` is below the last fill's `bk`; without, `at + kl·step_k`
/// starts `bi` readable consecutive elements (the caller's block).
#[inline(always)]
unsafe fn block_row<A: Copy>(
    stage: &Option<Stage<A>>,
    at: *const A,
    kl: usize,
    step_k: isize,
) -> *const A {
    match stage {
        // SAFETY: `kl` is below the last fill's `bk` (caller).
        Some(stage) => unsafe { stage.row(kl) },
        // SAFETY: row `kl` of the block is inside the plan (caller).
        None => unsafe { at.offset(kl as isize * step_k) },
    }
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
        debug_assert_eq!(d0, 1, "tile_dim tiles only a destination dense along dim 0");
        // an input not dense along dim 0 is staged; blocks fit the larger staged element
        let staged_size = |yes: bool, size: usize| if yes { size } else { 0 };
        let size = staged_size(a0 != 1, std::mem::size_of::<A>())
            .max(staged_size(b0 != 1, std::mem::size_of::<B>()));
        let blocks = Blocks::for_size(size);
        let mut a_stage = (a0 != 1).then(|| Stage::<A>::new(blocks));
        let mut b_stage = (b0 != 1).then(|| Stage::<B>::new(blocks));
        #[cfg(test)]
        super::paths::ran(super::paths::Path::StagedZip);
        for_each_block(plan, j, blocks, move |[d, sa, sb], i0, bi, k0, bk| {
            let (i0, k0) = (i0 as isize, k0 as isize);
            // SAFETY: as in `map_planned`: block elements are plan indices,
            // `bi × bk` within the stages' shape; staged rows hold the `bi`
            // elements just filled; unstaged inputs are dense along dim 0
            // (step 1), like the destination (`d0 == 1`), which is only written.
            unsafe {
                let a_at = a.offset(sa + i0 * a0 + k0 * aj);
                let b_at = b.offset(sb + i0 * b0 + k0 * bj);
                if let Some(stage) = &mut a_stage {
                    stage.fill(a_at, [a0, aj], bi, bk);
                }
                if let Some(stage) = &mut b_stage {
                    stage.fill(b_at, [b0, bj], bi, bk);
                }
                for kl in 0..bk {
                    let xs = std::slice::from_raw_parts(block_row(&a_stage, a_at, kl, aj), bi);
                    let ys = std::slice::from_raw_parts(block_row(&b_stage, b_at, kl, bj), bi);
                    let out = uninit_run(dst.offset(d + i0 + (k0 + kl as isize) * dj), bi);
                    for ((o, &x), &y) in out.iter_mut().zip(xs).zip(ys) {
                        o.write(f(x, y));
                    }
                }
            }
        });
        return;
    }
    let level = Level::detect();
    for_each_run(plan, move |[d, sa, sb], len, strides| {
        // SAFETY: every `start + t·stride` for `t < len` is a plan index
        // (caller's bounds); the destination is only written.
        unsafe {
            if strides == [1, 1, 1] {
                let out = uninit_run(dst.offset(d), len);
                let xs = std::slice::from_raw_parts(a.offset(sa), len);
                let ys = std::slice::from_raw_parts(b.offset(sb), len);
                level.run(
                    #[inline(always)]
                    || zip_run(out, xs, ys, &mut f),
                );
            } else {
                let [td, ta, tb] = strides;
                for t in 0..len as isize {
                    let v = f(*a.offset(sa + t * ta), *b.offset(sb + t * tb));
                    dst.offset(d + t * td).write(v);
                }
            }
        }
    });
}
