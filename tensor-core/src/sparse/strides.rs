//! The strides PyTorch gives the fresh tensors the sparse ops allocate, so
//! that `indices()` and `values()` of their results have PyTorch's layouts:
//!
//! - `clone(memory_format=torch.preserve_format)` keeps the strides of a
//!   non-overlapping, dense tensor and otherwise makes dense strides in the
//!   same dim order (`infer_dense_strides`);
//! - an op run through `TensorIterator` (advanced indexing here) lays its
//!   output out in the dim order its inputs' strides suggest
//!   (`reorder_dimensions`, an insertion sort where a zero stride leaves the
//!   order to the next input).

use std::cmp::Ordering;

use crate::copy::for_each_index;
use crate::layout::Layout;
use crate::storage::Storage;
use crate::{Element, Tensor, ViewError};

/// PyTorch's `is_non_overlapping_and_dense()`: the elements fill a block of
/// storage exactly once, in some dim order.
pub(crate) fn is_non_overlapping_and_dense(shape: &[usize], strides: &[isize]) -> bool {
    if crate::layout::is_contiguous(shape, strides) {
        return true;
    }
    if shape.len() == 1 {
        return shape[0] < 2 || strides[0] == 1;
    }
    let mut order: Vec<usize> = (0..shape.len()).collect();
    // Size-0 and size-1 dims last, the others by increasing stride.
    order.sort_by(|&a, &b| match (shape[a] < 2, shape[b] < 2) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => strides[a].cmp(&strides[b]),
    });
    let mut required: isize = 1;
    for &d in &order {
        if shape[d] < 2 {
            return true;
        }
        if strides[d] != required {
            return false;
        }
        required = required.wrapping_mul(shape[d] as isize);
    }
    true
}

/// TensorIterator's dim order for operands with these strides (one stride
/// list per operand, over `shape`): `perm[0]` is the fastest-moving dim.
pub(crate) fn iteration_order(shape: &[usize], operands: &[&[isize]]) -> Vec<usize> {
    let ndim = shape.len();
    let mut perm: Vec<usize> = (0..ndim).rev().collect();
    if ndim <= 1 {
        return perm;
    }
    // Greater: dim0 should come after dim1; Less: before; Equal: undecided.
    let decide = |dim0: usize, dim1: usize| -> Ordering {
        for strides in operands {
            let (s0, s1) = (strides[dim0], strides[dim1]);
            if s0 == 0 || s1 == 0 {
                continue;
            }
            match s0.cmp(&s1) {
                Ordering::Equal if shape[dim0] > shape[dim1] => return Ordering::Greater,
                Ordering::Equal => {}
                decided => return decided,
            }
        }
        Ordering::Equal
    };
    for i in 1..ndim {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            match decide(perm[dim0], perm[dim1]) {
                Ordering::Greater => {
                    perm.swap(dim0, dim1);
                    dim1 = dim0;
                }
                Ordering::Less => break,
                Ordering::Equal => {}
            }
        }
    }
    perm
}

/// Dense strides following `perm` (fastest dim first). `skip_small` makes
/// size-0 and size-1 dims leave the running product alone, as
/// `infer_dense_strides` does; without it the product takes every size, as
/// TensorIterator's output allocation does.
fn strides_in_order(shape: &[usize], perm: &[usize], skip_small: bool) -> Vec<isize> {
    let mut strides = vec![0isize; shape.len()];
    let mut running: isize = 1;
    for &d in perm {
        strides[d] = running;
        if !skip_small || shape[d] > 1 {
            running = running.wrapping_mul(shape[d] as isize);
        }
    }
    strides
}

/// PyTorch's `infer_dense_strides`: dense strides in the dim order of `strides`.
pub(crate) fn infer_dense_strides(shape: &[usize], strides: &[isize]) -> Vec<isize> {
    if shape.len() == 1 {
        return vec![1];
    }
    let perm = iteration_order(shape, &[strides]);
    strides_in_order(shape, &perm, true)
}

/// Strides of the output TensorIterator allocates for these operands.
pub(crate) fn iterator_output_strides(shape: &[usize], operands: &[&[isize]]) -> Vec<isize> {
    let perm = iteration_order(shape, operands);
    if perm.iter().rev().copied().eq(0..shape.len()) {
        return crate::layout::contiguous_strides(shape).to_vec();
    }
    strides_in_order(shape, &perm, false)
}

/// A new tensor holding `data` (logical row-major order) laid out with
/// `strides` from offset 0, in a storage just large enough.
pub(crate) fn tensor_with_strides<X: Element>(
    data: &[X],
    shape: &[usize],
    strides: &[isize],
) -> Result<Tensor<X>, ViewError> {
    let layout = Layout::from_parts(shape, strides, 0);
    let len = layout
        .required_storage()
        .ok_or_else(|| ViewError::SizeOverflow {
            sizes: shape.to_vec(),
        })?;
    let bytes = len
        .checked_mul(X::DTYPE.size())
        .ok_or_else(|| ViewError::SizeOverflow {
            sizes: shape.to_vec(),
        })?;
    let storage = Storage::zeroed(bytes)?;
    {
        let mut guard = storage.write();
        let slots = guard.as_elements_mut::<X::Repr>();
        let mut next = data.iter();
        for_each_index(&layout, |at| {
            if let Some(&v) = next.next() {
                slots[at] = v.into_repr();
            }
        });
    }
    Ok(Tensor::from_raw(storage, layout, false))
}

/// `tensor.clone()` with PyTorch's default `preserve_format`: the same
/// strides when non-overlapping and dense, else `infer_dense_strides`; the
/// values resolved (a conjugate view's conjugates are written out).
pub(crate) fn clone_preserving_strides<X: Element>(t: &Tensor<X>) -> Result<Tensor<X>, ViewError> {
    let strides = if is_non_overlapping_and_dense(t.shape(), t.stride()) {
        t.stride().to_vec()
    } else {
        infer_dense_strides(t.shape(), t.stride())
    };
    tensor_with_strides(&t.to_vec(), t.shape(), &strides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_means_a_permutation_of_contiguous() {
        assert!(is_non_overlapping_and_dense(&[2, 3], &[1, 2]));
        assert!(is_non_overlapping_and_dense(&[1], &[0]));
        assert!(is_non_overlapping_and_dense(&[2, 1, 3], &[1, 99, 2]));
        assert!(!is_non_overlapping_and_dense(&[2, 3], &[0, 1]));
        assert!(!is_non_overlapping_and_dense(&[2, 3], &[6, 2]));
        assert!(!is_non_overlapping_and_dense(&[4], &[2]));
    }

    #[test]
    fn infer_dense_strides_matches_pytorchs_worked_example() {
        // PyTorch's comment: size/stride (6, 5, 4, 3, 2)/(6, 0, 120, 0, 1) sorts
        // the perm (4, 3, 2, 1, 0) into (4, 3, 0, 1, 2).
        let shape = [6, 5, 4, 3, 2];
        let strides = [6, 0, 120, 0, 1];
        assert_eq!(iteration_order(&shape, &[&strides]), vec![4, 3, 0, 1, 2]);
        assert_eq!(
            infer_dense_strides(&shape, &strides),
            vec![6, 36, 180, 2, 1]
        );
        assert_eq!(infer_dense_strides(&[3, 4], &[0, 0]), vec![4, 1]);
        assert_eq!(infer_dense_strides(&[5], &[3]), vec![1]);
    }

    #[test]
    fn iterator_output_follows_inputs() {
        // a transposed input gives a transposed output
        assert_eq!(iterator_output_strides(&[3, 4], &[&[1, 3]]), vec![1, 3]);
        // a contiguous input gives PyTorch's contiguous strides
        assert_eq!(iterator_output_strides(&[2, 0], &[&[1, 1]]), vec![1, 1]);
        // zero strides defer to the next operand
        assert_eq!(
            iterator_output_strides(&[2, 3], &[&[0, 1], &[1, 0]]),
            vec![3, 1]
        );
    }

    #[test]
    fn clones_keep_dense_strides_and_resolve_values() {
        let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
        let t = x.transpose(0, 1).unwrap();
        let c = clone_preserving_strides(&t).unwrap();
        assert_eq!(c.stride(), &[1, 3]);
        assert!(!c.shares_storage(&x));
        assert_eq!(c.to_vec(), t.to_vec());
        assert_eq!(c.storage_nbytes(), 24);
    }
}
