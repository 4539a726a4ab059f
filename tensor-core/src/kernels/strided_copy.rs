//! The generic N-d strided copy and fill over a [`Plan`].
//!
//! A copy picks, per plan, the cheapest inner loop:
//! - both operands dense along the innermost dim: one `memcpy` per run (views
//!   sharing a permutation coalesce into a single run);
//! - destination dense along dim 0, source denser along another dim `j`: the
//!   blocked 2-D transpose of `transpose.rs` over dims 0 and `j` for each
//!   position of the other dims (NCHW → NHWC is a batch of such transposes),
//!   streaming its stores past the caches when the whole copy is big;
//! - otherwise an element loop per run (a broadcast source becomes a fill).
//!
//! With the `parallel` feature, copies above [`PARALLEL_BYTES`] split their
//! outermost loop dim across rayon's threads (each part is itself a plan).

use std::mem::MaybeUninit;

use super::plan::Plan;
use super::runs::{for_each_run, tile_dim, uninit_run};
use super::transpose::{transpose_2d_to, Destination};

/// Bytes from which a transposing copy writes its destination with
/// non-temporal stores: more than the second-level cache holds, so the result
/// would not be read back from it anyway (below that, streaming loses).
const STREAM_BYTES: usize = 4 << 20;

/// Bytes above which a copy is split across threads (`parallel` feature).
#[cfg(feature = "parallel")]
pub(crate) const PARALLEL_BYTES: usize = 4 << 20;

/// Copies every element of `plan` from operand 1 (`src`) to operand 0 (`dst`).
///
/// # Safety
/// Every index the plan visits for operand 0 is valid for writes from `dst`
/// (maybe uninitialised: the kernel only writes there), for operand 1 valid
/// for reads from `src`, and the two regions do not overlap.
pub(crate) unsafe fn copy_planned<R: Copy + Send + Sync>(
    dst: *mut R,
    src: *const R,
    plan: &Plan<2>,
) {
    #[cfg(feature = "parallel")]
    if plan.distinct && plan.numel() * std::mem::size_of::<R>() >= PARALLEL_BYTES {
        let (dst, src) = (SendPtr(dst), SendPtr(src.cast_mut()));
        // SAFETY: the parts visit disjoint subsets of the plan's indices
        // (operand 0 writes distinct places), each within the caller's bounds.
        split_outer(plan, &|part| unsafe {
            copy_serial(dst.get(), src.get(), part)
        });
        return;
    }
    // SAFETY: the caller's contract, passed on.
    unsafe { copy_serial(dst, src, plan) }
}

/// [`copy_planned`] on the calling thread.
///
/// # Safety
/// As [`copy_planned`].
unsafe fn copy_serial<R: Copy>(dst: *mut R, src: *const R, plan: &Plan<2>) {
    if plan.empty {
        return;
    }
    if let Some(j) = tile_dim(plan) {
        let (n_i, n_k) = (plan.sizes[0], plan.sizes[j]);
        let ([dst_i, src_i], [dst_k, src_k]) = (plan.strides[0], plan.strides[j]);
        let destination = if plan.numel().saturating_mul(std::mem::size_of::<R>()) >= STREAM_BYTES {
            Destination::Streamed
        } else {
            Destination::Cached
        };
        plan.for_each_outer(1 | 1 << j, |[d, s]| {
            // SAFETY: the block is a sub-block of the plan's indices (caller's bounds);
            // operand 0 writes distinct places (`tile_dim` checks it).
            unsafe {
                transpose_2d_to(
                    destination,
                    dst.offset(d),
                    [dst_i, dst_k],
                    src.offset(s),
                    [src_i, src_k],
                    n_i,
                    n_k,
                )
            };
        });
        return;
    }
    for_each_run(plan, |[d, s], len, [sd, ss]| {
        // SAFETY: every `d + t·sd`, `s + t·ss` for `t < len` is a plan index
        // (caller's bounds); the destination may be uninitialised, so it is
        // only written, as `MaybeUninit` places or through the pointer.
        unsafe {
            match (sd, ss) {
                (1, 1) => std::ptr::copy_nonoverlapping(src.offset(s), dst.offset(d), len),
                (1, 0) => uninit_run(dst.offset(d), len).fill(MaybeUninit::new(*src.offset(s))),
                (1, _) => {
                    for (t, o) in uninit_run(dst.offset(d), len).iter_mut().enumerate() {
                        o.write(*src.offset(s + t as isize * ss));
                    }
                }
                _ => {
                    for t in 0..len as isize {
                        dst.offset(d + t * sd).write(*src.offset(s + t * ss));
                    }
                }
            }
        }
    });
}

/// Writes `value` at every index of operand 0 of `plan`.
///
/// # Safety
/// Every index the plan visits is valid for writes from `dst` (maybe
/// uninitialised: the kernel only writes there).
pub(crate) unsafe fn fill_planned<R: Copy>(dst: *mut R, plan: &Plan<1>, value: R) {
    // `move`: the closure holds `dst` itself, not a reference to it, so the
    // stores cannot alias the pointer and it stays in a register (a captured
    // reference would be reloaded before every store of the strided loop).
    for_each_run(plan, move |[d], len, [sd]| {
        // SAFETY: every `d + t·sd` for `t < len` is a plan index (caller's
        // bounds), written only.
        unsafe {
            if sd == 1 {
                uninit_run(dst.offset(d), len).fill(MaybeUninit::new(value));
            } else {
                for t in 0..len as isize {
                    dst.offset(d + t * sd).write(value);
                }
            }
        }
    });
}

/// A raw pointer that may cross threads; the code sharing it guarantees the
/// threads touch disjoint places.
#[cfg(feature = "parallel")]
#[derive(Clone, Copy)]
struct SendPtr<R>(*mut R);

// SAFETY: only used by `copy_planned`, whose parts write disjoint places and
// read a source nobody writes during the copy.
#[cfg(feature = "parallel")]
unsafe impl<R: Send> Send for SendPtr<R> {}
// SAFETY: as for `Send`.
#[cfg(feature = "parallel")]
unsafe impl<R: Sync> Sync for SendPtr<R> {}

#[cfg(feature = "parallel")]
impl<R> SendPtr<R> {
    fn get(self) -> *mut R {
        self.0
    }
}

/// Calls `work` on parts of `plan` that split its outermost loop dim, in
/// parallel, about two parts per thread.
#[cfg(feature = "parallel")]
fn split_outer<const N: usize>(plan: &Plan<N>, work: &(dyn Fn(&Plan<N>) + Sync)) {
    let Some(outer) = plan.ndim().checked_sub(1) else {
        return work(plan);
    };
    let size = plan.sizes[outer];
    let parts = (2 * rayon::current_num_threads()).min(size);
    if parts < 2 {
        return work(plan);
    }
    let chunk = size.div_ceil(parts);
    rayon::scope(|scope| {
        for start in (0..size).step_by(chunk) {
            let mut part = plan.clone();
            part.sizes[outer] = chunk.min(size - start);
            for (offset, stride) in part.offsets.iter_mut().zip(plan.strides[outer]) {
                *offset = (*offset as isize + start as isize * stride) as usize;
            }
            scope.spawn(move |_| work(&part));
        }
    });
}
