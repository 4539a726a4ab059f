//! Safe entry points to the strided kernels: reading the elements a layout
//! addresses in logical row-major order (`gather`), copying and filling
//! between layouts, and (in `map_zip.rs`) element-wise map and zip into fresh
//! buffers.
//!
//! Each entry point checks every layout against its slice
//! ([`assert_in_bounds`]) and then runs a kernel from `crate::kernels`, which
//! indexes without checks. A layout reaching outside its slice is a bug in the
//! caller and panics here, before any access.

use crate::kernels::bounds::assert_in_bounds;
use crate::kernels::huge_pages::advise_huge_pages;
use crate::kernels::plan::Plan;
use crate::kernels::strided_copy::{copy_planned, fill_planned};
use crate::layout::{contiguous_strides, Layout};
use crate::storage::{Bytes, Storage};
use crate::ViewError;

mod map_zip;
#[cfg(test)]
pub(crate) use map_zip::{map_strided, zip_strided};
#[cfg(test)]
pub(crate) use map_zip::{map_strided_to_raw, zip_strided_to_raw};
pub(crate) use map_zip::{map_to_storage, zip_to_storage};

/// A fresh storage of `nbytes` bytes holding the elements `layout`
/// addresses in `src`, in logical row-major order (`contiguous()`'s copy).
/// The buffer is allocated before anything is read, fallibly: a copy too
/// big for memory is an error, not an abort. A big one may reuse a
/// recycled buffer (`storage/recycled.rs`).
pub(crate) fn gather_to_storage<R: bytemuck::Pod + Send + Sync>(
    src: &[R],
    layout: &Layout,
    nbytes: usize,
) -> Result<Storage, ViewError> {
    assert_eq!(
        Some(nbytes),
        layout.numel().checked_mul(std::mem::size_of::<R>())
    );
    assert!(std::mem::align_of::<R>() <= 8, "buffers are 8-aligned");
    // SAFETY: the buffer holds `nbytes` = numel elements of `R`, 8-aligned
    // (enough for `R`, asserted above), fresh and so distinct from `src`;
    // the gather writes each of the numel slots once.
    let bytes =
        unsafe { Bytes::filled_by(nbytes, |out| gather_to_raw(out.cast::<R>(), src, layout)) }?;
    Ok(Storage::from_bytes(bytes))
}

/// Calls `f` with the storage index of every element of `layout`, in logical
/// row-major order. The innermost dimension runs as a plain loop.
pub(crate) fn for_each_index(layout: &Layout, mut f: impl FnMut(usize)) {
    let plan = Plan::<1>::new(layout.shape(), [layout.strides()], [layout.offset()], false);
    crate::kernels::runs::for_each_run(&plan, |[at], len, [stride]| {
        for t in 0..len as isize {
            f((at + t * stride) as usize);
        }
    });
}

/// The elements `layout` addresses in `src`, in logical row-major order.
pub(crate) fn gather<R: Copy + Send + Sync>(src: &[R], layout: &Layout) -> Vec<R> {
    let mut out = Vec::with_capacity(layout.numel());
    gather_into_spare(&mut out, src, layout);
    out
}

/// Appends `layout`'s elements to the empty `out`, whose capacity holds them.
pub(crate) fn gather_into_spare<R: Copy + Send + Sync>(
    out: &mut Vec<R>,
    src: &[R],
    layout: &Layout,
) {
    let numel = layout.numel();
    assert!(out.is_empty() && out.capacity() >= numel);
    advise_huge_pages(
        out.as_mut_ptr().cast(),
        std::mem::size_of_val(out.spare_capacity_mut()),
    );
    // SAFETY: `out`'s capacity holds `numel` elements (asserted above) and
    // is a buffer distinct from `src`; all `numel` slots are written before
    // `set_len`.
    unsafe {
        gather_to_raw(out.as_mut_ptr(), src, layout);
        out.set_len(numel);
    }
}

/// Writes `layout`'s elements of `src` in row-major order to the
/// `layout.numel()` slots at `out`, each exactly once.
///
/// # Safety
/// `out` is valid for writes of `layout.numel()` elements (aligned, maybe
/// uninitialised) and does not overlap `src`.
pub(crate) unsafe fn gather_to_raw<R: Copy + Send + Sync>(out: *mut R, src: &[R], layout: &Layout) {
    if layout.numel() == 0 {
        return;
    }
    assert_in_bounds(layout, src.len());
    let plan = fresh_plan([layout]);
    // SAFETY: the plan's operand 0 visits 0..numel (a contiguous layout),
    // which `out` holds (the caller's contract); operand 1 visits `layout`'s
    // indices, inside `src` (checked above); the buffers are distinct.
    unsafe { copy_planned(out, src.as_ptr(), &plan) }
}

/// Writes `src`'s elements (addressed by `src_layout`) into `dst` at the
/// places `dst_layout` addresses, pairing elements by logical position. Both
/// layouts have the same shape (`src_layout` may be broadcast, with 0 strides).
/// `dst` and `src` are distinct buffers: callers copying within one storage
/// gather the source first. When `dst_layout` addresses one place several
/// times, the last element in row-major order wins.
pub(crate) fn copy_strided<R: Copy + Send + Sync>(
    dst: &mut [R],
    dst_layout: &Layout,
    src: &[R],
    src_layout: &Layout,
) {
    assert_eq!(
        dst_layout.shape(),
        src_layout.shape(),
        "copy_strided: shapes differ"
    );
    if dst_layout.numel() == 0 {
        return;
    }
    assert_in_bounds(dst_layout, dst.len());
    assert_in_bounds(src_layout, src.len());
    let plan = Plan::<2>::new(
        dst_layout.shape(),
        [dst_layout.strides(), src_layout.strides()],
        [dst_layout.offset(), src_layout.offset()],
        true,
    );
    // SAFETY: both layouts were checked against their slices; the slices are
    // distinct borrows (one `&mut`), so they do not overlap.
    unsafe { copy_planned(dst.as_mut_ptr(), src.as_ptr(), &plan) }
}

/// Writes `value` at every place `layout` addresses in `dst`.
pub(crate) fn fill_strided<R: Copy>(dst: &mut [R], layout: &Layout, value: R) {
    if layout.numel() == 0 {
        return;
    }
    assert_in_bounds(layout, dst.len());
    let plan = Plan::<1>::new(layout.shape(), [layout.strides()], [layout.offset()], true);
    // SAFETY: the layout was checked against `dst` just above.
    unsafe { fill_planned(dst.as_mut_ptr(), &plan, value) }
}

/// The plan of writing `inputs` (all of one shape) into a fresh row-major
/// buffer: operand 0 is that buffer, at offset 0.
fn fresh_plan<const M: usize, const N: usize>(inputs: [&Layout; M]) -> Plan<N> {
    debug_assert_eq!(M + 1, N);
    let shape = inputs[0].shape();
    let dst_strides = contiguous_strides(shape);
    let strides = std::array::from_fn(|op| {
        if op == 0 {
            &dst_strides[..]
        } else {
            inputs[op - 1].strides()
        }
    });
    let offsets = std::array::from_fn(|op| if op == 0 { 0 } else { inputs[op - 1].offset() });
    Plan::new(shape, strides, offsets, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathers_transposed_and_offset_layouts() {
        let src: Vec<u32> = (0..12).collect();
        let t = Layout::from_parts(&[3, 2], &[1, 3], 0);
        assert_eq!(gather(&src, &t), vec![0, 3, 1, 4, 2, 5]);
        let n = Layout::from_parts(&[2, 2], &[4, 2], 5);
        assert_eq!(gather(&src, &n), vec![5, 7, 9, 11]);
        let e = Layout::from_parts(&[2, 3], &[0, 1], 1);
        assert_eq!(gather(&src, &e), vec![1, 2, 3, 1, 2, 3]);
        assert_eq!(gather(&src, &Layout::from_parts(&[], &[], 7)), vec![7]);
        assert!(gather(&src, &Layout::from_parts(&[3, 0], &[1, 1], 0)).is_empty());
    }

    #[test]
    fn for_each_index_keeps_logical_order() {
        let mut seen = vec![];
        for_each_index(&Layout::from_parts(&[2, 3], &[1, 2], 1), |i| seen.push(i));
        assert_eq!(seen, vec![1, 3, 5, 2, 4, 6]);
    }

    #[test]
    #[should_panic(expected = "outside its storage")]
    fn gathering_past_the_slice_panics_before_reading() {
        let src = [0u8; 5];
        gather(&src, &Layout::from_parts(&[2, 3], &[3, 1], 0));
    }

    #[test]
    #[should_panic(expected = "outside its storage")]
    fn copying_into_a_too_short_slice_panics() {
        let mut dst = [0u8; 5];
        let l = Layout::from_parts(&[2, 3], &[3, 1], 0);
        copy_strided(&mut dst, &l, &[0u8; 6], &l);
    }

    #[test]
    #[should_panic(expected = "outside its storage")]
    fn filling_past_the_slice_panics() {
        fill_strided(&mut [0u8; 6], &Layout::from_parts(&[2, 3], &[1, 2], 2), 1);
    }
}

#[cfg(test)]
mod edge_tests {
    use super::*;

    #[test]
    fn empty_layouts_far_past_the_storage_read_nothing() {
        let src = [1u8, 2, 3];
        assert!(gather(&src, &Layout::from_parts(&[0], &[1], 1000)).is_empty());
        assert!(gather(&src, &Layout::from_parts(&[2, 0], &[5, 1], 1000)).is_empty());
    }

    #[test]
    fn huge_strides_of_size_one_dims_do_not_overflow() {
        let src = [1u8, 2, 3, 4];
        let l = Layout::from_parts(&[2, 1], &[2, isize::MAX], 0);
        assert_eq!(gather(&src, &l), vec![1, 3]);
        let l = Layout::from_parts(&[1, 2], &[isize::MAX, 2], 1);
        assert_eq!(gather(&src, &l), vec![2, 4]);
    }
}
