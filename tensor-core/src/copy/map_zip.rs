//! Safe entry points of the element-wise kernels: `f` of every element of one
//! or two input layouts, written into a fresh buffer laid out as a given
//! result layout (PyTorch's, see `tensor/elementwise/result_layout.rs`).
//!
//! Each checks the inputs against their slices ([`assert_in_bounds`]) and the
//! result layout for covering its buffer exactly once, then runs a kernel of
//! `crate::kernels::map` (which indexes without checks).

use crate::kernels::bounds::assert_in_bounds;
use crate::kernels::map::{map_planned, zip_planned, ElementFn};
use crate::kernels::plan::Plan;
use crate::layout::overlap::is_non_overlapping_and_dense;
use crate::layout::{checked_numel, Layout};
use crate::storage::{Bytes, Storage};
use crate::ViewError;

/// A fresh storage holding `f` of each element `layout` addresses in `src`,
/// laid out as `out` says (see [`map_strided`]); a big one may reuse a
/// recycled buffer (`storage/recycled.rs`). A result too big for memory
/// is [`ViewError::OutOfMemory`] (its size overflowing, `SizeOverflow`):
/// `map` aborts on it as a `Vec` would, `Result` ops return it.
pub(crate) fn map_to_storage<A: Copy, B: bytemuck::Pod>(
    src: &[A],
    layout: &Layout,
    out: &Layout,
    f: impl ElementFn<A, B>,
) -> Result<Storage, ViewError> {
    // SAFETY: `fresh_storage` hands a fresh buffer (distinct from `src`) of
    // `out.numel()` elements of `B`, which the map writes whole and does not
    // read.
    unsafe { fresh_storage::<B>(out, |dst| map_strided_to_raw(dst, src, layout, out, f)) }
}

/// [`map_to_storage`] of two inputs (see [`zip_strided`]).
pub(crate) fn zip_to_storage<A: Copy, B: Copy, C: bytemuck::Pod>(
    a: &[A],
    a_layout: &Layout,
    b: &[B],
    b_layout: &Layout,
    out: &Layout,
    f: impl FnMut(A, B) -> C,
) -> Result<Storage, ViewError> {
    // SAFETY: as in `map_to_storage`; the buffer is distinct from both inputs.
    unsafe {
        fresh_storage::<C>(out, |dst| {
            zip_strided_to_raw(dst, a, a_layout, b, b_layout, out, f)
        })
    }
}

/// A storage for `out.numel()` elements of `R`, written by `fill`, which
/// gets the start of the (8-aligned, fresh) buffer; allocated fallibly.
///
/// # Safety
/// `fill` writes every element of the buffer and reads none.
unsafe fn fresh_storage<R: bytemuck::Pod>(
    out: &Layout,
    fill: impl FnOnce(*mut R),
) -> Result<Storage, ViewError> {
    assert!(std::mem::align_of::<R>() <= 8, "buffers are 8-aligned");
    let overflow = || ViewError::SizeOverflow {
        sizes: out.shape().to_vec(),
    };
    let numel = checked_numel(out.shape()).map_err(|_| overflow())?;
    let elements = std::alloc::Layout::array::<R>(numel).map_err(|_| overflow())?;
    // SAFETY: the buffer holds `numel` elements of `R` (aligned to 8,
    // enough for `R`); `fill` writes each of them (the caller's promise).
    let bytes = unsafe { Bytes::filled_by(elements.size(), |dst| fill(dst.cast::<R>())) }?;
    Ok(Storage::from_bytes(bytes))
}

/// `f` of each element `layout` addresses in `src`, stored as `out` lays it
/// out: the element at logical position `p` lands at `out`'s storage index of
/// `p`. `out` has `layout`'s shape, offset 0 and is non-overlapping and dense,
/// so the buffer (of `numel` elements) is written whole. `f` is called once
/// per element, in an unspecified order.
#[cfg(test)]
pub(crate) fn map_strided<A: Copy, B: Copy>(
    src: &[A],
    layout: &Layout,
    out: &Layout,
    f: impl ElementFn<A, B>,
) -> Vec<B> {
    let numel = out.numel();
    let mut data = Vec::with_capacity(numel);
    // SAFETY: `data`'s capacity holds `numel` elements, all written by the
    // call before `set_len`; it is a fresh buffer, distinct from `src`.
    unsafe {
        map_strided_to_raw(data.as_mut_ptr(), src, layout, out, f);
        data.set_len(numel);
    }
    data
}

/// [`map_strided`] into the buffer at `dst`, which it writes whole.
///
/// # Safety
/// `dst` is valid for writes of `out.numel()` elements (maybe
/// uninitialised) and does not overlap `src`.
pub(crate) unsafe fn map_strided_to_raw<A: Copy, B: Copy>(
    dst: *mut B,
    src: &[A],
    layout: &Layout,
    out: &Layout,
    f: impl ElementFn<A, B>,
) {
    assert_eq!(out.shape(), layout.shape(), "map_strided: shapes differ");
    if check_result(out) == 0 {
        return;
    }
    assert_in_bounds(layout, src.len());
    let plan = Plan::new(
        out.shape(),
        [out.strides(), layout.strides()],
        [0, layout.offset()],
        true,
    );
    // SAFETY: operand 0 visits each of `0..numel` exactly once (`out` is
    // non-overlapping and dense at offset 0, checked above), which `dst`
    // holds (the caller's contract); operand 1 visits `layout`'s indices,
    // inside `src` (checked above); the buffers do not overlap.
    unsafe { map_planned(dst, src.as_ptr(), &plan, f) }
}

/// `f(a, b)` of the elements `a_layout` and `b_layout` address (both of
/// `out`'s shape, either possibly broadcast), stored as `out` lays it out (as
/// in [`map_strided`]). `f` is called once per element, in an unspecified order.
#[cfg(test)]
pub(crate) fn zip_strided<A: Copy, B: Copy, C: Copy>(
    a: &[A],
    a_layout: &Layout,
    b: &[B],
    b_layout: &Layout,
    out: &Layout,
    f: impl FnMut(A, B) -> C,
) -> Vec<C> {
    let numel = out.numel();
    let mut data = Vec::with_capacity(numel);
    // SAFETY: as in `map_strided`.
    unsafe {
        zip_strided_to_raw(data.as_mut_ptr(), a, a_layout, b, b_layout, out, f);
        data.set_len(numel);
    }
    data
}

/// [`zip_strided`] into the buffer at `dst`, which it writes whole.
///
/// # Safety
/// `dst` is valid for writes of `out.numel()` elements (maybe
/// uninitialised) and overlaps neither input.
pub(crate) unsafe fn zip_strided_to_raw<A: Copy, B: Copy, C: Copy>(
    dst: *mut C,
    a: &[A],
    a_layout: &Layout,
    b: &[B],
    b_layout: &Layout,
    out: &Layout,
    f: impl FnMut(A, B) -> C,
) {
    assert!(
        a_layout.shape() == out.shape() && b_layout.shape() == out.shape(),
        "zip_strided: shapes differ"
    );
    if check_result(out) == 0 {
        return;
    }
    assert_in_bounds(a_layout, a.len());
    assert_in_bounds(b_layout, b.len());
    let plan = Plan::new(
        out.shape(),
        [out.strides(), a_layout.strides(), b_layout.strides()],
        [0, a_layout.offset(), b_layout.offset()],
        true,
    );
    // SAFETY: as in `map_strided_to_raw`, with both inputs checked against
    // their slices.
    unsafe { zip_planned(dst, a.as_ptr(), b.as_ptr(), &plan, f) }
}

/// The number of elements of a result layout, after checking that it covers
/// `0..numel` exactly once (offset 0, non-overlapping and dense).
fn check_result(out: &Layout) -> usize {
    let numel = out.numel();
    assert!(
        numel == 0 || (out.offset() == 0 && is_non_overlapping_and_dense(out)),
        "a result layout must be dense, non-overlapping and at offset 0: {out:?}"
    );
    numel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_land_where_the_result_layout_says() {
        let src: Vec<u32> = (0..6).collect();
        let x = Layout::from_parts(&[2, 3], &[3, 1], 0);
        // a transposed result: storage holds the columns
        let out = Layout::from_parts(&[2, 3], &[1, 2], 0);
        assert_eq!(
            map_strided(&src, &x, &out, |v| v * 10),
            [0, 30, 10, 40, 20, 50]
        );
        let b = [100u8, 200];
        let col = Layout::from_parts(&[2, 3], &[1, 0], 0);
        assert_eq!(
            zip_strided(&src, &x, &b, &col, &out, |v, w| v + w as u32),
            [100, 203, 101, 204, 102, 205]
        );
    }

    #[test]
    #[should_panic(expected = "dense, non-overlapping and at offset 0")]
    fn a_result_layout_with_holes_is_refused() {
        let src = [0u8; 4];
        let x = Layout::from_parts(&[2, 2], &[2, 1], 0);
        map_strided(&src, &x, &Layout::from_parts(&[2, 2], &[4, 1], 0), |v| v);
    }

    #[test]
    #[should_panic(expected = "dense, non-overlapping and at offset 0")]
    fn an_overlapping_result_layout_is_refused() {
        let src = [0u8; 4];
        let x = Layout::from_parts(&[2, 2], &[2, 1], 0);
        map_strided(&src, &x, &Layout::from_parts(&[2, 2], &[1, 1], 0), |v| v);
    }
}
