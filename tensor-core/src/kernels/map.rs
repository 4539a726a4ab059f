//! Element-wise `map` and `zip` loops over a [`Plan`] into a fresh destination.
//!
//! The runs come from [`for_each_run`] (tiled when an input is transposed);
//! runs where every operand is dense are walked as slices, which the compiler
//! vectorises for simple closures.

use super::plan::Plan;
use super::runs::for_each_run;

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
