//! `view`, `flatten` and `reshape`'s view-or-copy decision as layout functions.

use super::dims::check_numel;
use super::infer::infer_size_into;
use super::stride::{compute_stride_into, compute_stride_nonempty_into};
use super::{compute_stride, contiguous_strides, infer_size, wrap_dim, Dims, Layout, INLINE_DIMS};
use crate::ViewError;

impl Layout {
    /// The layout of `view(shape)`: `-1` inferred, strides by PyTorch's
    /// `computeStride`, same offset.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[4, 4]).view(&[-1, 8]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2usize, 8][..], &[8isize, 1][..]));
    /// ```
    pub fn view(&self, shape: &[isize]) -> Result<Layout, ViewError> {
        self.edited(|out| out.view_in_place(shape))
    }

    /// [`view`](Self::view) of this layout itself. On error the layout is unchanged.
    #[inline(always)]
    pub(crate) fn view_in_place(&mut self, shape: &[isize]) -> Result<(), ViewError> {
        let rank = shape.len();
        if rank <= INLINE_DIMS {
            // the same steps on arrays on the stack: no list is built and moved
            let mut sizes = [0usize; INLINE_DIMS];
            let mut strides = [0isize; INLINE_DIMS];
            let numel = self.numel();
            infer_size_into(shape, numel, &mut sizes[..rank])?;
            let (old_shape, old_strides) = (self.shape(), self.strides());
            let fits = if numel == 0 || old_shape.is_empty() {
                // Sizes holding a non-zero `numel` multiply, left to right,
                // to at most `numel` itself: only an empty view can overflow.
                check_numel(&sizes[..rank])?;
                compute_stride_into(old_shape, old_strides, &sizes[..rank], &mut strides[..rank])
            } else {
                compute_stride_nonempty_into(
                    old_shape,
                    old_strides,
                    &sizes[..rank],
                    &mut strides[..rank],
                )
            };
            if !fits {
                return Err(ViewError::IncompatibleViewStrides);
            }
            self.dims.assign(&sizes[..rank], &strides[..rank]);
            return Ok(());
        }
        self.view_in_place_spilled(shape)
    }

    /// [`view_in_place`](Self::view_in_place) to more than
    /// [`INLINE_DIMS`] dims (out of line: the inline rank's path is what
    /// every view call inlines).
    #[inline(never)]
    fn view_in_place_spilled(&mut self, shape: &[isize]) -> Result<(), ViewError> {
        let new_shape = infer_size(shape, self.numel())?;
        // Only a shape of no elements can get here with sizes PyTorch refuses.
        check_numel(&new_shape)?;
        let strides = compute_stride(self.shape(), self.strides(), &new_shape)
            .ok_or(ViewError::IncompatibleViewStrides)?;
        self.dims.assign(&new_shape, &strides);
        Ok(())
    }

    /// What `reshape(shape)` does: `Ok(Some(layout))` when it is a view,
    /// `Ok(None)` when PyTorch copies (the copy is then contiguous of
    /// [`infer_size`]'s shape).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let t = Layout::from_parts(&[4, 4], &[1, 4], 0);
    /// assert_eq!(t.reshape(&[16]).unwrap(), None);
    /// ```
    pub fn reshape(&self, shape: &[isize]) -> Result<Option<Layout>, ViewError> {
        let new_shape = infer_size(shape, self.numel())?;
        check_numel(&new_shape)?;
        Ok(compute_stride(self.shape(), self.strides(), &new_shape)
            .map(|strides| Layout::from_dims(new_shape, strides, self.offset())))
    }

    /// The shape `flatten(start_dim, end_dim)` asks for, with PyTorch's checks;
    /// the same shape when nothing is merged (PyTorch then returns the input itself).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 3, 4]);
    /// assert_eq!(l.flatten_shape(1, -1).unwrap().as_slice(), &[2, 12]);
    /// ```
    pub fn flatten_shape(&self, start_dim: isize, end_dim: isize) -> Result<Dims, ViewError> {
        let ndim = self.ndim();
        let start = wrap_dim(start_dim, ndim)?;
        let end = wrap_dim(end_dim, ndim)?;
        if start > end {
            return Err(ViewError::FlattenDims);
        }
        if ndim == 0 {
            return Ok(Dims::from_slice(&[1]));
        }
        let shape = self.shape();
        // Only a tensor of no elements can have dims whose product overflows.
        let merged = super::checked_numel(&shape[start..=end])?;
        let mut out = Dims::new();
        out.extend_from_slice(&shape[..start]);
        out.push(merged);
        out.extend_from_slice(&shape[end + 1..]);
        Ok(out)
    }

    /// This layout with contiguous strides and offset 0 (the layout of a copy).
    pub(crate) fn to_contiguous(&self) -> Layout {
        Layout::from_dims(
            self.shape().iter().copied().collect(),
            contiguous_strides(self.shape()),
            0,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flatten_of_0d_is_1d() {
        let l = Layout::contiguous(&[]);
        assert_eq!(l.flatten_shape(0, -1).unwrap().as_slice(), &[1]);
    }

    #[test]
    fn flatten_checks_dims_in_order() {
        let l = Layout::contiguous(&[2, 3]);
        assert_eq!(
            l.flatten_shape(1, 0).unwrap_err().to_string(),
            "flatten() has invalid args: start_dim cannot come after end_dim"
        );
        assert!(l.flatten_shape(2, 0).is_err());
    }

    #[test]
    fn views_of_no_elements_check_the_element_count_like_pytorch() {
        let m = isize::MAX;
        let empty = Layout::contiguous(&[0]);
        assert_eq!(
            empty.view(&[m, m, 0]).unwrap_err().to_string(),
            "numel: integer multiplication overflow"
        );
        assert!(empty.reshape(&[m, m, 0]).is_err());
        assert_eq!(
            empty.view(&[m, 0, m]).unwrap().shape(),
            &[m as usize, 0, m as usize]
        );
    }

    #[test]
    fn flatten_of_empty_tensors_with_huge_dims_is_an_error_not_an_overflow() {
        let l = Layout::contiguous(&[usize::MAX, 4, 0]);
        assert_eq!(
            l.flatten_shape(0, 1).unwrap_err().to_string(),
            format!(
                "Storage size calculation overflowed with sizes=[{}, 4]",
                usize::MAX
            )
        );
        assert_eq!(l.flatten_shape(1, 2).unwrap().as_slice(), &[usize::MAX, 0]);
    }
}
