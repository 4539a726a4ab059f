//! Dimension-reordering views: `transpose` and `permute`.

use super::Tensor;
use crate::layout::wrapped_dim;
use crate::{Element, ViewError};

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
    // Always inlined: the quick path is small once the dims are known, and
    // left to the compiler, a second call site in a crate made it a call
    // (8.0–8.7 ns instead of 6.0–6.6, BENCHMARKS.md section 1, session 8).
    #[inline(always)]
    pub fn transpose(&self, dim0: isize, dim1: isize) -> Result<Tensor<T>, ViewError> {
        // The common case, written straight from this handle's words: inline
        // dims, both in range, no zero size (so no element-count check).
        if self.layout.is_inline() {
            let ndim = self.layout.ndim();
            if let (Some(a), Some(b)) = (wrapped_dim(dim0, ndim), wrapped_dim(dim1, ndim)) {
                if !self.layout.has_zero_size() {
                    // SAFETY: the dims are inline and `a`, `b` below the rank.
                    return Ok(unsafe { self.with_dims_swapped(a, b) });
                }
            }
        }
        self.transpose_by_edit(dim0, dim1)
    }

    /// `transpose` of the other cases (heap dims, zero sizes, errors), kept
    /// out of line so that the common case inlines into its caller.
    #[inline(never)]
    fn transpose_by_edit(&self, dim0: isize, dim1: isize) -> Result<Tensor<T>, ViewError> {
        self.view_with(|layout| layout.transpose_in_place(dim0, dim1))
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
    pub fn permute(&self, dims: &[isize]) -> Result<Tensor<T>, ViewError> {
        self.view_with_edit_inlined(
            #[inline(always)]
            |layout| layout.permute_in_place(dims),
        )
    }
}
