//! Cutting a [`Plan`] into 1-D runs, and telling when a plan should not be
//! walked that way.
//!
//! Element-wise kernels (fill, map, zip) write only the loop over one run:
//! `len` elements from a start index per operand, with one stride per operand.
//! When the innermost dim is dense for the destination but some other operand
//! is dense along another dim `j` (a transposed operand, see [`tile_dim`]),
//! walking whole rows would read that operand one cache line per element;
//! the callers then go by 2-D blocks instead (the transpose kernel for
//! copies, staged blocks for map and zip).

use std::mem::MaybeUninit;

use super::plan::Plan;

/// The loop dim along which operand `op` is densest, when it is denser there
/// than along the innermost dim (so tiling dims 0 and that dim pays).
fn dense_dim_of<const N: usize>(plan: &Plan<N>, op: usize) -> Option<usize> {
    let inner = plan.strides[0][op].unsigned_abs();
    if inner <= 1 {
        return None;
    }
    (1..plan.ndim().min(64))
        .filter(|&d| plan.strides[d][op] != 0)
        .min_by_key(|&d| plan.strides[d][op].unsigned_abs())
        .filter(|&d| plan.strides[d][op].unsigned_abs() < inner)
}

/// The dim to tile with dim 0, if any: the dense dim of the first operand
/// (after the destination) that reads across dim 0. Only when the
/// destination is written at distinct places, so the visiting order is free.
pub(crate) fn tile_dim<const N: usize>(plan: &Plan<N>) -> Option<usize> {
    if plan.ndim() < 2 || !plan.distinct || plan.strides[0][0].unsigned_abs() > 1 {
        return None;
    }
    (1..N).find_map(|op| dense_dim_of(plan, op))
}

/// Calls `run(starts, len, strides)` for 1-D runs along the innermost loop
/// dim that together visit every element of `plan` once, in the plan's
/// order: `starts` is each operand's storage index of the run's first
/// element, `strides` each operand's step.
pub(crate) fn for_each_run<const N: usize>(
    plan: &Plan<N>,
    mut run: impl FnMut([isize; N], usize, [isize; N]),
) {
    if plan.empty {
        return;
    }
    if plan.ndim() == 0 {
        let starts = std::array::from_fn(|op| plan.offsets[op] as isize);
        run(starts, 1, [0; N]);
        return;
    }
    let (n0, s0) = (plan.sizes[0], plan.strides[0]);
    plan.for_each_outer(1, |starts| run(starts, n0, s0));
}

/// The `len` places at `at` as a slice of `MaybeUninit<R>`: one run of a
/// destination that may hold no initialised value yet. Kernels only write
/// through it (`write`, `fill`), so no `&mut [R]` is ever made over memory
/// that was never written.
///
/// # Safety
/// `at` is aligned and valid for writes of `len` consecutive `R`s, and
/// nothing else reads or writes them while the slice lives.
#[inline(always)]
pub(crate) unsafe fn uninit_run<'a, R>(at: *mut R, len: usize) -> &'a mut [MaybeUninit<R>] {
    // SAFETY: `MaybeUninit<R>` has `R`'s size and alignment and accepts any
    // contents, uninitialised included; the places are valid and exclusive
    // for the slice's life (caller).
    unsafe { std::slice::from_raw_parts_mut(at.cast::<MaybeUninit<R>>(), len) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visits(plan: &Plan<2>) -> Vec<(isize, isize)> {
        let mut out = vec![];
        for_each_run(plan, |[a, b], len, [sa, sb]| {
            for t in 0..len as isize {
                out.push((a + t * sa, b + t * sb));
            }
        });
        out
    }

    #[test]
    fn runs_visit_every_pair_once() {
        for &(r, c) in &[(1usize, 1usize), (3, 70), (70, 3), (33, 65)] {
            // destination [r, c] contiguous, source its transpose's storage
            let plan = Plan::<2>::new(&[r, c], [&[c as isize, 1], &[1, r as isize]], [0, 0], true);
            let got = visits(&plan);
            let want: Vec<(isize, isize)> = (0..r)
                .flat_map(|i| (0..c).map(move |k| ((i * c + k) as isize, (i + k * r) as isize)))
                .collect();
            assert_eq!(got, want, "{r}x{c}");
        }
    }

    #[test]
    fn only_reads_across_the_inner_dim_tile() {
        let t = Plan::<2>::new(&[40, 40], [&[40, 1], &[1, 40]], [0, 0], true);
        assert_eq!(tile_dim(&t), Some(1));
        let same = Plan::<2>::new(&[40, 40], [&[40, 1], &[40, 1]], [0, 0], true);
        assert_eq!(tile_dim(&same), None);
        let bcast = Plan::<2>::new(&[40, 40], [&[40, 1], &[0, 0]], [0, 0], true);
        assert_eq!(tile_dim(&bcast), None);
    }

    #[test]
    fn uninit_runs_write_fresh_buffers_and_take_empty_dangling_ones() {
        // A buffer never written: the run is filled through `MaybeUninit`
        // only, then read as initialised values.
        let mut buf: Vec<u32> = Vec::with_capacity(9);
        let at = buf.as_mut_ptr();
        // SAFETY: the capacity holds 9 places; the first 4 and the next 5
        // are two disjoint runs, each written whole before `set_len`.
        unsafe {
            uninit_run(at, 4).fill(MaybeUninit::new(7));
            for (t, o) in uninit_run(at.add(4), 5).iter_mut().enumerate() {
                o.write(t as u32);
            }
            buf.set_len(9);
        }
        assert_eq!(buf, [7, 7, 7, 7, 0, 1, 2, 3, 4]);
        // length 0 at a dangling pointer (an empty buffer's): an empty slice
        // SAFETY: no place is accessed.
        let empty = unsafe { uninit_run(std::ptr::NonNull::<u64>::dangling().as_ptr(), 0) };
        assert!(empty.is_empty());
    }

    #[test]
    fn zero_d_is_one_run_of_one() {
        let p = Plan::<2>::new(&[], [&[], &[]], [3, 4], true);
        assert_eq!(visits(&p), vec![(3, 4)]);
    }
}
