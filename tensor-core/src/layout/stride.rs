//! Stride rules: contiguous strides, PyTorch's `is_contiguous`, and the
//! `view` compatibility rule (PyTorch's `computeStride`).

use super::dims::{Dims, Strides};

/// Row-major strides PyTorch gives a fresh tensor of `shape` (size-0 dims count as 1).
///
/// ```
/// use tensor_core::layout::contiguous_strides;
/// assert_eq!(contiguous_strides(&[2, 3, 4]).as_slice(), &[12, 4, 1]);
/// assert_eq!(contiguous_strides(&[2, 0, 4]).as_slice(), &[4, 4, 1]);
/// ```
pub fn contiguous_strides(shape: &[usize]) -> Strides {
    let mut strides: Strides = smallvec::smallvec![0; shape.len()];
    let mut running: isize = 1;
    for (stride, &size) in strides.iter_mut().zip(shape).rev() {
        *stride = running;
        running = running.wrapping_mul(size.max(1) as isize);
    }
    strides
}

/// PyTorch's `is_contiguous`: row-major ignoring size-1 dims; empty tensors are contiguous.
///
/// ```
/// use tensor_core::layout::is_contiguous;
/// assert!(is_contiguous(&[2, 1, 3], &[3, 99, 1]));
/// assert!(!is_contiguous(&[2, 3], &[1, 2]));
/// assert!(is_contiguous(&[2, 0], &[7, 7]));
/// ```
pub fn is_contiguous(shape: &[usize], strides: &[isize]) -> bool {
    if shape.contains(&0) {
        return true;
    }
    let mut expected: isize = 1;
    for (&size, &stride) in shape.iter().zip(strides).rev() {
        if size != 1 {
            if stride != expected {
                return false;
            }
            expected = expected.wrapping_mul(size as isize);
        }
    }
    true
}

/// Strides that let a tensor of `old_shape`/`old_strides` be viewed as
/// `new_shape` without copying, or `None` when some new dimension would span
/// two non-contiguous chunks of the old layout. A transcription of PyTorch's
/// `computeStride`: old dims are grouped into chunks that are contiguous with
/// each other, and each chunk must be covered by whole new dims.
///
/// `new_shape` must hold as many elements as `old_shape` (see [`super::infer_size`]).
///
/// ```
/// use tensor_core::layout::compute_stride;
/// // a [4, 4] contiguous tensor viewed as [2, 8]
/// assert_eq!(compute_stride(&[4, 4], &[4, 1], &[2, 8]).unwrap().as_slice(), &[8, 1]);
/// // its transpose cannot be flattened
/// assert_eq!(compute_stride(&[4, 4], &[1, 4], &[16]), None);
/// ```
pub fn compute_stride(
    old_shape: &[usize],
    old_strides: &[isize],
    new_shape: &[usize],
) -> Option<Strides> {
    let mut new_strides: Strides = smallvec::smallvec![0; new_shape.len()];
    compute_stride_into(old_shape, old_strides, new_shape, &mut new_strides).then_some(new_strides)
}

/// [`compute_stride`] written into `new_strides` (as long as `new_shape`);
/// `false` where that returns `None`. Views call it with an array on the stack.
#[inline]
pub(crate) fn compute_stride_into(
    old_shape: &[usize],
    old_strides: &[isize],
    new_shape: &[usize],
    new_strides: &mut [isize],
) -> bool {
    debug_assert_eq!(new_shape.len(), new_strides.len());
    if old_shape.is_empty() {
        new_strides.fill(1);
        return true;
    }
    let zero_numel = old_shape.contains(&0);
    if zero_numel && old_shape == new_shape {
        new_strides.copy_from_slice(old_strides);
        return true;
    }
    if zero_numel {
        let mut running: isize = 1;
        for (stride, &size) in new_strides.iter_mut().zip(new_shape).rev() {
            *stride = running;
            running = running.wrapping_mul(size.max(1) as isize);
        }
        return true;
    }
    compute_stride_nonempty_into(old_shape, old_strides, new_shape, new_strides)
}

/// [`compute_stride_into`] for an input of at least one element and at
/// least one dim (`view` knows both before it gets here).
#[inline(always)]
pub(crate) fn compute_stride_nonempty_into(
    old_shape: &[usize],
    old_strides: &[isize],
    new_shape: &[usize],
    new_strides: &mut [isize],
) -> bool {
    debug_assert!(!old_shape.is_empty() && !old_shape.contains(&0));
    // Element counts below stay within the (non-overflowing) numel of the tensor.
    let mut view_d = new_shape.len() as isize - 1;
    let mut chunk_base_stride = *old_strides.last().expect("non-empty");
    let mut tensor_numel: usize = 1;
    let mut view_numel: usize = 1;
    for tensor_d in (0..old_shape.len()).rev() {
        tensor_numel *= old_shape[tensor_d];
        let chunk_ends = tensor_d == 0
            || (old_shape[tensor_d - 1] != 1
                && old_strides[tensor_d - 1]
                    != (tensor_numel as isize).wrapping_mul(chunk_base_stride));
        if chunk_ends {
            while view_d >= 0 && (view_numel < tensor_numel || new_shape[view_d as usize] == 1) {
                new_strides[view_d as usize] =
                    (view_numel as isize).wrapping_mul(chunk_base_stride);
                view_numel *= new_shape[view_d as usize];
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return false;
            }
            if tensor_d > 0 {
                chunk_base_stride = old_strides[tensor_d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    view_d == -1
}

/// `Dims` from a slice, a convenience for callers building layouts.
pub(crate) fn dims_of(shape: &[usize]) -> Dims {
    shape.iter().copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(old: &[usize], st: &[isize], new: &[usize]) -> Option<Vec<isize>> {
        compute_stride(old, st, new).map(|s| s.to_vec())
    }

    #[test]
    fn splits_and_merges_contiguous_dims() {
        assert_eq!(cs(&[2, 3, 4], &[12, 4, 1], &[6, 4]), Some(vec![4, 1]));
        assert_eq!(cs(&[2, 3, 4], &[12, 4, 1], &[24]), Some(vec![1]));
        assert_eq!(cs(&[24], &[1], &[2, 3, 4]), Some(vec![12, 4, 1]));
    }

    #[test]
    fn keeps_non_contiguous_chunks_apart() {
        // transpose(1, 2) of [1, 2, 3, 4]: PyTorch's seed example
        assert_eq!(cs(&[1, 3, 2, 4], &[24, 4, 12, 1], &[1, 3, 8]), None);
        assert_eq!(
            cs(&[1, 3, 2, 4], &[24, 4, 12, 1], &[3, 2, 2, 2]),
            Some(vec![4, 12, 2, 1])
        );
        // a narrowed row keeps its own stride
        assert_eq!(cs(&[2, 3], &[4, 1], &[6]), None);
        assert_eq!(cs(&[2, 3], &[4, 1], &[2, 3, 1]), Some(vec![4, 1, 1]));
    }

    #[test]
    fn size_one_dims_take_the_running_stride() {
        assert_eq!(cs(&[4, 1], &[1, 1], &[1, 4, 1]), Some(vec![4, 1, 1]));
        assert_eq!(cs(&[], &[], &[1, 1]), Some(vec![1, 1]));
        assert_eq!(cs(&[1], &[5], &[]), Some(vec![]));
    }

    #[test]
    fn zero_element_tensors_get_resize_strides() {
        assert_eq!(cs(&[0, 3], &[1, 0], &[0, 3]), Some(vec![1, 0]));
        assert_eq!(cs(&[0, 3], &[3, 1], &[3, 0, 2]), Some(vec![2, 2, 1]));
    }

    #[test]
    fn contiguity_ignores_size_one_dims() {
        assert!(is_contiguous(&[], &[]));
        assert!(is_contiguous(&[1, 1], &[5, 9]));
        assert!(!is_contiguous(&[2, 2], &[2, 2]));
        assert!(is_contiguous(&[3, 1, 2], &[2, 1, 1]));
    }
}
