//! The check that makes unchecked kernels sound: every index a layout
//! addresses lies inside the slice it is paired with.
//!
//! Kernels index with raw pointers (no per-element bounds check). Before any
//! kernel runs, the entry points in `copy.rs` and `tensor/elementwise.rs`
//! call [`assert_in_bounds`] on each operand: the lowest and highest index
//! the layout can reach are computed from its shape, strides and offset (in
//! checked arithmetic) and compared with the slice length.

use crate::layout::Layout;

/// The lowest and one-past-the-highest storage index `layout` addresses, or
/// `None` when it has no element or the arithmetic overflows.
///
/// ```ignore
/// let l = Layout::from_parts(&[2, 3], &[4, 1], 1);
/// assert_eq!(index_range(&l), Some((1, 8)));
/// ```
pub(crate) fn index_range(layout: &Layout) -> Option<(usize, usize)> {
    if layout.shape().contains(&0) {
        return None;
    }
    let mut low = layout.offset() as i128;
    let mut high = layout.offset() as i128;
    for (&size, &stride) in layout.shape().iter().zip(layout.strides()) {
        let reach = (stride as i128).checked_mul(size as i128 - 1)?;
        if reach < 0 {
            low = low.checked_add(reach)?;
        } else {
            high = high.checked_add(reach)?;
        }
    }
    let low = usize::try_from(low).ok()?;
    let high = usize::try_from(high).ok()?.checked_add(1)?;
    Some((low, high))
}

/// Panics unless every element of `layout` indexes inside a slice of `len`
/// elements. Layouts without elements pass (nothing is read or written).
pub(crate) fn assert_in_bounds(layout: &Layout, len: usize) {
    if layout.numel() == 0 {
        return;
    }
    match index_range(layout) {
        Some((_, high)) if high <= len => {}
        _ => panic!(
            "layout (shape {:?}, strides {:?}, offset {}) addresses elements outside its storage of {len} elements",
            layout.shape(),
            layout.strides(),
            layout.offset()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_offsets_and_strides() {
        let l = Layout::from_parts(&[2, 3], &[4, 1], 1);
        assert_eq!(index_range(&l), Some((1, 8)));
        let neg = Layout::from_parts(&[3], &[-2], 4);
        assert_eq!(index_range(&neg), Some((0, 5)));
        let bcast = Layout::from_parts(&[5, 2], &[0, 1], 3);
        assert_eq!(index_range(&bcast), Some((3, 5)));
        assert_eq!(index_range(&Layout::from_parts(&[], &[], 6)), Some((6, 7)));
        assert_eq!(index_range(&Layout::from_parts(&[0], &[1], 6)), None);
    }

    #[test]
    fn the_last_element_at_the_edge_passes() {
        assert_in_bounds(&Layout::from_parts(&[2, 3], &[4, 1], 1), 8);
        assert_in_bounds(&Layout::from_parts(&[0, 3], &[4, 1], 100), 0);
    }

    #[test]
    #[should_panic(expected = "outside its storage")]
    fn one_past_the_edge_panics() {
        assert_in_bounds(&Layout::from_parts(&[2, 3], &[4, 1], 1), 7);
    }

    #[test]
    #[should_panic(expected = "outside its storage")]
    fn negative_reach_below_zero_panics() {
        assert_in_bounds(&Layout::from_parts(&[3], &[-2], 3), 100);
    }

    #[test]
    #[should_panic(expected = "outside its storage")]
    fn overflowing_layouts_panic() {
        assert_in_bounds(
            &Layout::from_parts(&[3, 2], &[isize::MAX, 1], usize::MAX - 1),
            usize::MAX,
        );
    }
}
