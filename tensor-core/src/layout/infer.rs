//! `-1` inference in a requested shape, exactly as PyTorch's `infer_size`:
//! the rule is `tensor_rules::infer`'s (which the macros apply too); here it
//! writes the sizes and builds the errors.

use super::dims::Dims;
use crate::ViewError;
use tensor_rules::infer::InferError;

/// Resolves a requested shape (dims as `isize`, at most one `-1`) against a
/// tensor of `numel` elements, with PyTorch's checks in PyTorch's order:
/// a second `-1` or a dim below `-1` fails as it is met, left to right; then
/// `-1` is inferred when the known dims divide `numel`; a `-1` among known dims
/// whose product is zero is ambiguous; otherwise the product must equal `numel`.
///
/// A product of the known dims that overflows `usize` cannot equal any tensor's
/// size and fails as an invalid shape.
///
/// ```
/// use tensor_core::layout::infer_size;
/// assert_eq!(infer_size(&[-1, 8], 16).unwrap().as_slice(), &[2, 8]);
/// assert_eq!(
///     infer_size(&[5, -1], 16).unwrap_err().to_string(),
///     "shape '[5, -1]' is invalid for input of size 16"
/// );
/// assert_eq!(
///     infer_size(&[-1, -1], 16).unwrap_err().to_string(),
///     "only one dimension can be inferred"
/// );
/// ```
pub fn infer_size(shape: &[isize], numel: usize) -> Result<Dims, ViewError> {
    let mut result: Dims = smallvec::smallvec![0; shape.len()];
    infer_size_into(shape, numel, &mut result)?;
    Ok(result)
}

/// [`infer_size`] written into `result` (as long as `shape`), with no list
/// built on the side: views call it with an array on the stack.
#[inline]
pub(crate) fn infer_size_into(
    shape: &[isize],
    numel: usize,
    result: &mut [usize],
) -> Result<(), ViewError> {
    debug_assert_eq!(shape.len(), result.len());
    let inferred = tensor_rules::infer::infer(shape, numel).map_err(|e| match e {
        InferError::OnlyOne { .. } => ViewError::OnlyOneInferred,
        // The value came from an `isize`.
        InferError::InvalidDim { value, index } => ViewError::InvalidShapeDimension {
            value: value as isize,
            index,
            shape: shape.to_vec(),
        },
        InferError::Ambiguous => ViewError::AmbiguousInferredDimension {
            numel,
            shape: shape.to_vec(),
        },
        InferError::Invalid => ViewError::InvalidShape {
            shape: shape.to_vec(),
            numel,
        },
    })?;
    for (slot, &d) in result.iter_mut().zip(shape) {
        *slot = d.max(0) as usize;
    }
    if let Some((i, size)) = inferred {
        result[i] = size;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(shape: &[isize], numel: usize) -> Vec<usize> {
        infer_size(shape, numel).unwrap().to_vec()
    }

    fn err(shape: &[isize], numel: usize) -> String {
        infer_size(shape, numel).unwrap_err().to_string()
    }

    #[test]
    fn infers_the_free_dim() {
        assert_eq!(ok(&[-1], 16), vec![16]);
        assert_eq!(ok(&[4, -1, 2], 16), vec![4, 2, 2]);
        assert_eq!(ok(&[], 1), Vec::<usize>::new());
        assert_eq!(ok(&[-1], 0), vec![0]);
        assert_eq!(ok(&[0, 3], 0), vec![0, 3]);
    }

    #[test]
    fn checks_in_pytorch_order() {
        assert_eq!(err(&[-1, -1, -2], 4), "only one dimension can be inferred");
        assert_eq!(
            err(&[-2, -1, -1], 4),
            "invalid shape dimension -2 at index 0 of shape [-2, -1, -1]"
        );
        assert_eq!(
            err(&[-1, 0], 0),
            "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"
        );
        assert_eq!(
            err(&[-1, 0], 5),
            "shape '[-1, 0]' is invalid for input of size 5"
        );
        assert_eq!(err(&[], 2), "shape '[]' is invalid for input of size 2");
    }

    #[test]
    fn overflowing_products_are_errors() {
        let huge = isize::MAX;
        assert_eq!(
            err(&[huge, huge], 4),
            format!("shape '[{huge}, {huge}]' is invalid for input of size 4")
        );
        assert!(infer_size(&[huge, huge, -1], 4).is_err());
        assert_eq!(ok(&[huge, 0, 5], 0), vec![huge as usize, 0, 5]);
    }
}
