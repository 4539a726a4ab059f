//! Memory-overlap rules PyTorch checks before writing: whether one layout
//! addresses an element twice, and how two layouts over one storage overlap
//! (PyTorch's `has_internal_overlap` and `get_overlap_status`).

use super::Layout;

/// How two layouts over the same storage share elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overlap {
    /// No element in common.
    No,
    /// The same elements in the same order.
    Full,
    /// Some elements in common.
    Partial,
    /// PyTorch does not try to tell (a layout is not dense).
    TooHard,
}

/// PyTorch's `is_non_overlapping_and_dense`: the strides, sorted, are the
/// contiguous strides of the sizes in that order (dims of size 0 or 1 ignored).
pub(crate) fn is_non_overlapping_and_dense(layout: &Layout) -> bool {
    let (shape, strides) = (layout.shape(), layout.strides());
    if shape.len() == 1 {
        return shape[0] < 2 || strides[0] == 1;
    }
    let mut order: smallvec::SmallVec<[usize; 8]> = (0..shape.len()).collect();
    // Dims of size < 2 go last; the others by increasing stride.
    order.sort_by(|&a, &b| match (shape[a] < 2, shape[b] < 2) {
        (true, true) => std::cmp::Ordering::Equal,
        (true, false) => std::cmp::Ordering::Greater,
        (false, true) => std::cmp::Ordering::Less,
        (false, false) => strides[a].cmp(&strides[b]),
    });
    let mut required: i128 = 1;
    for &d in &order {
        if shape[d] < 2 {
            return true;
        }
        if strides[d] as i128 != required {
            return false;
        }
        required *= shape[d] as i128;
    }
    true
}

/// Whether `layout` certainly addresses some element twice (PyTorch's
/// `has_internal_overlap(...) == YES`: a dim of size > 1 with stride 0).
pub(crate) fn has_internal_overlap(layout: &Layout) -> bool {
    // PyTorch's flag is `is_contiguous() || compute_non_overlapping_and_dense()`,
    // and a tensor of no elements is contiguous: it never overlaps itself.
    layout.numel() > 0
        && !is_non_overlapping_and_dense(layout)
        && layout
            .shape()
            .iter()
            .zip(layout.strides())
            .any(|(&size, &stride)| size > 1 && stride == 0)
}

/// PyTorch's `get_overlap_status` for two layouts known to share a storage
/// (of one element type): dense layouts are compared by the element ranges
/// they span.
pub(crate) fn overlap_status(a: &Layout, b: &Layout) -> Overlap {
    overlap_status_sized(a, 1, b, 1)
}

/// [`overlap_status`] of two layouts over one storage whose elements are
/// `a_size` and `b_size` bytes (one may be a dtype view): dense layouts are
/// compared by the byte ranges they span, as PyTorch compares them.
pub(crate) fn overlap_status_sized(
    a: &Layout,
    a_size: usize,
    b: &Layout,
    b_size: usize,
) -> Overlap {
    if a.numel() == 0 || b.numel() == 0 {
        return Overlap::No;
    }
    if !is_non_overlapping_and_dense(a) || !is_non_overlapping_and_dense(b) {
        return Overlap::TooHard;
    }
    // inside the storage (non-empty layouts address only its bytes), so no overflow
    let (a_begin, b_begin) = (a.offset() * a_size, b.offset() * b_size);
    let (a_end, b_end) = (a_begin + a.numel() * a_size, b_begin + b.numel() * b_size);
    if a_begin == b_begin && a_end == b_end {
        return if a.strides() == b.strides() {
            Overlap::Full
        } else {
            Overlap::Partial
        };
    }
    if a_begin < b_end && b_begin < a_end {
        return Overlap::Partial;
    }
    Overlap::No
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(shape: &[usize], strides: &[isize], offset: usize) -> Layout {
        Layout::from_parts(shape, strides, offset)
    }

    #[test]
    fn density_ignores_order_and_small_dims() {
        assert!(is_non_overlapping_and_dense(&l(&[2, 3], &[1, 2], 0)));
        assert!(is_non_overlapping_and_dense(&l(&[2, 1, 3], &[3, 99, 1], 0)));
        assert!(!is_non_overlapping_and_dense(&l(&[2, 3], &[4, 1], 0)));
        assert!(is_non_overlapping_and_dense(&l(&[], &[], 0)));
        assert!(is_non_overlapping_and_dense(&l(&[1], &[5], 0)));
    }

    #[test]
    fn internal_overlap_is_a_broadcast_dim() {
        assert!(has_internal_overlap(&l(&[3, 2], &[0, 1], 0)));
        assert!(!has_internal_overlap(&l(&[1, 2], &[0, 1], 0)));
        // a broadcast view of no elements is contiguous, so not overlapping
        assert!(!has_internal_overlap(&l(&[3, 0], &[0, 1], 0)));
        // overlapping but not certain: PyTorch does not reject it
        assert!(!has_internal_overlap(&l(&[3, 3], &[1, 1], 0)));
    }

    #[test]
    fn overlap_of_dense_ranges() {
        let a = l(&[4], &[1], 0);
        assert_eq!(overlap_status(&a, &a), Overlap::Full);
        assert_eq!(overlap_status(&a, &l(&[4], &[1], 2)), Overlap::Partial);
        assert_eq!(overlap_status(&a, &l(&[4], &[1], 4)), Overlap::No);
        assert_eq!(
            overlap_status(&l(&[2, 2], &[2, 1], 0), &l(&[2, 2], &[1, 2], 0)),
            Overlap::Partial
        );
        assert_eq!(overlap_status(&a, &l(&[2], &[2], 0)), Overlap::TooHard);
        assert_eq!(overlap_status(&a, &l(&[0], &[1], 0)), Overlap::No);
    }
}
