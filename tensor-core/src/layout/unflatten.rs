//! Splitting one dim into several: `unflatten`.

use super::dims::check_numel;
use super::{compute_stride, infer_size, wrap_dim, Dims, Layout};
use crate::error::IntList;
use crate::ViewError;

impl Layout {
    /// The layout of `unflatten(dim, sizes)`: `dim` replaced by dims of `sizes`
    /// (one of them may be `-1`, inferred), as a `view`. `sizes` must be
    /// non-empty and multiply up to the size of `dim`.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 12]).unflatten(-1, &[3, -1]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2usize, 3, 4][..], &[12isize, 4, 1][..]));
    /// assert_eq!(
    ///     Layout::contiguous(&[2, 12]).unflatten(1, &[5, -1]).unwrap_err().to_string(),
    ///     "unflatten: Provided sizes [5, -1] don't multiply up to the size of dim 1 (12) in the input tensor"
    /// );
    /// ```
    pub fn unflatten(&self, dim: isize, sizes: &[isize]) -> Result<Layout, ViewError> {
        // `Tensor.unflatten` (Python) refuses empty sizes before ATen wraps `dim`.
        if sizes.is_empty() {
            return Err(ViewError::runtime("unflatten: sizes must be non-empty"));
        }
        let ndim = self.ndim();
        let d = wrap_dim(dim, ndim)?;
        if ndim == 0 {
            // PyTorch asks the 0-d tensor for the size of (wrapped) dim 0.
            return Err(ViewError::NoDimensions { dim: 0 });
        }
        let size = self.shape()[d];
        let inferred = infer_size(sizes, size).map_err(|e| match e {
            ViewError::InvalidShape { .. } => ViewError::runtime(format!(
                "unflatten: Provided sizes {} don't multiply up to the size of dim {d} ({size}) in the input tensor",
                IntList(sizes)
            )),
            other => other,
        })?;
        let mut shape: Dims = Dims::with_capacity(ndim - 1 + inferred.len());
        shape.extend_from_slice(&self.shape()[..d]);
        shape.extend_from_slice(&inferred);
        shape.extend_from_slice(&self.shape()[d + 1..]);
        check_numel(&shape)?;
        let strides = compute_stride(self.shape(), self.strides(), &shape)
            .ok_or(ViewError::IncompatibleViewStrides)?;
        Ok(Layout::from_dims(shape, strides, self.offset()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_a_strided_dim_with_view_strides() {
        let t = Layout::from_parts(&[6, 2], &[1, 6], 1);
        let l = t.unflatten(0, &[2, 1, 3]).unwrap();
        assert_eq!(
            (l.shape(), l.strides(), l.offset()),
            (&[2usize, 1, 3, 2][..], &[3isize, 3, 1, 6][..], 1)
        );
    }

    #[test]
    fn zero_sized_dims_and_ambiguity() {
        let e = Layout::contiguous(&[0, 2]);
        assert_eq!(e.unflatten(0, &[0, 5]).unwrap().shape(), &[0, 5, 2]);
        assert_eq!(
            e.unflatten(0, &[0, -1]).unwrap_err().to_string(),
            "cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified dimension size -1 can be any value and is ambiguous"
        );
    }

    #[test]
    fn errors_in_pytorchs_order() {
        let scalar = Layout::contiguous(&[]);
        assert_eq!(
            scalar.unflatten(1, &[]).unwrap_err().to_string(),
            "unflatten: sizes must be non-empty"
        );
        assert_eq!(
            scalar.unflatten(1, &[1]).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
        assert_eq!(
            scalar.unflatten(-1, &[1]).unwrap_err().to_string(),
            "Dimension specified as 0 but tensor has no dimensions"
        );
        let l = Layout::contiguous(&[4]);
        assert_eq!(
            l.unflatten(0, &[-1, -1]).unwrap_err().to_string(),
            "only one dimension can be inferred"
        );
        assert_eq!(
            l.unflatten(0, &[-3, 2]).unwrap_err().to_string(),
            "invalid shape dimension -3 at index 0 of shape [-3, 2]"
        );
        assert_eq!(
            l.unflatten(0, &[isize::MAX, isize::MAX]).unwrap_err().to_string(),
            format!("unflatten: Provided sizes [{m}, {m}] don't multiply up to the size of dim 0 (4) in the input tensor", m = isize::MAX)
        );
    }
}
