//! Dimension-reordering views: `transpose` and `permute`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.transpose(dim0, dim1)`: a view with two dims swapped.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[1, 2, 3, 4]).unwrap();
    /// let b = x.transpose(1, 2).unwrap();
    /// assert_eq!(b.shape(), &[1, 3, 2, 4]);
    /// assert_eq!(b.stride(), &[24, 4, 12, 1]);
    /// assert!(!b.is_contiguous());
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn transpose(&self, dim0: impl Int, dim1: impl Int) -> Result<Tensor<T>, ViewError> {
        let (dim0, dim1) = (dim0.to_int()?, dim1.to_int()?);
        if let Some(layout) = self.layout.quick_transpose(dim0, dim1) {
            return Ok(self.view_of(layout));
        }
        self.view_with(
            #[inline(always)]
            |layout| layout.transpose_in_place(dim0, dim1),
        )
    }

    /// `tensor.permute(dims)`: a view whose dim `i` is the input's dim `dims[i]`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3, 4, 5]).unwrap();
    /// let y = x.permute(&[0, 2, 3, 1]).unwrap();
    /// assert_eq!(y.shape(), &[2, 4, 5, 3]);
    /// assert_eq!(y.stride(), &[60, 5, 1, 20]);
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn permute<I: Int>(&self, dims: &[I]) -> Result<Tensor<T>, ViewError> {
        let dims = &*I::to_ints(dims)?;
        self.view_with(
            #[inline(always)]
            |layout| layout.permute_in_place(dims),
        )
    }
}
