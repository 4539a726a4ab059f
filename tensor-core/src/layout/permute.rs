//! Dimension reordering as layout functions: `transpose` and `permute`.

use super::dims::{check_numel, wrapped_dim};
use super::{wrap_dim, Layout, INLINE_DIMS};
use crate::ViewError;

impl Layout {
    /// The layout of `transpose(dim0, dim1)`: two dims (and their strides) swapped.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let t = Layout::contiguous(&[2, 3]).transpose(0, -1).unwrap();
    /// assert_eq!((t.shape(), t.strides()), (&[3usize, 2][..], &[1isize, 3][..]));
    /// ```
    pub fn transpose(&self, dim0: isize, dim1: isize) -> Result<Layout, ViewError> {
        self.edited(|out| out.transpose_in_place(dim0, dim1))
    }

    /// The common case of `transpose` (both dims in range, no zero size,
    /// at most [`INLINE_DIMS`] dims) as a new layout built whole from this
    /// one; `None` for everything else, which
    /// [`transpose_checked`](Self::transpose_checked) handles.
    #[inline(always)]
    pub(crate) fn quick_transpose(&self, dim0: isize, dim1: isize) -> Option<Layout> {
        let ndim = self.ndim();
        let (a, b) = (wrapped_dim(dim0, ndim)?, wrapped_dim(dim1, ndim)?);
        if self.has_zero_size() {
            return None;
        }
        self.swapped_dims(a, b)
    }

    /// [`transpose`](Self::transpose) of this layout itself.
    #[inline(always)]
    pub(crate) fn transpose_in_place(&mut self, dim0: isize, dim1: isize) -> Result<(), ViewError> {
        match self.quick_transpose(dim0, dim1) {
            Some(transposed) => {
                *self = transposed;
                Ok(())
            }
            None => self.transpose_checked(dim0, dim1),
        }
    }

    /// [`transpose_in_place`](Self::transpose_in_place) with PyTorch's checks
    /// made and reported one by one: dims out of range, 0-d inputs, and the
    /// element-count check a zero size needs.
    #[cold]
    #[inline(never)]
    fn transpose_checked(&mut self, dim0: isize, dim1: isize) -> Result<(), ViewError> {
        let ndim = self.ndim();
        let a = wrap_dim(dim0, ndim)?;
        let b = wrap_dim(dim1, ndim)?;
        if ndim > 0 {
            let (shape, strides, _) = self.parts_mut();
            shape.swap(a, b);
            strides.swap(a, b);
            // PyTorch checks the new sizes' element count, left to right:
            // moving a zero-size dim after sizes whose product overflows fails
            // (without a zero size the product is the input's, already checked).
            if shape.contains(&0)
                && let Err(e) = check_numel(shape)
            {
                shape.swap(a, b);
                strides.swap(a, b);
                return Err(e);
            }
        }
        Ok(())
    }

    /// The layout of `permute(dims)`: dim `i` of the result is dim `dims[i]` of the input.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let p = Layout::contiguous(&[2, 3, 4]).permute(&[2, 0, 1]).unwrap();
    /// assert_eq!(p.shape(), &[4, 2, 3]);
    /// assert_eq!(p.strides(), &[1, 12, 4]);
    /// ```
    pub fn permute(&self, dims: &[isize]) -> Result<Layout, ViewError> {
        self.edited(|out| out.permute_in_place(dims))
    }

    /// [`permute`](Self::permute) of this layout itself. On error the layout is unchanged.
    ///
    /// Inlined into every view call (a view is a few nanoseconds, a call
    /// and the moves around it are a few more); other ranks and a length
    /// mismatch take [`permute_in_place_general`](Self::permute_in_place_general).
    #[inline(always)]
    pub(crate) fn permute_in_place(&mut self, dims: &[isize]) -> Result<(), ViewError> {
        let ndim = self.ndim();
        if dims.len() == ndim && ndim <= INLINE_DIMS {
            // on the stack, repeats found with a bitmask
            let (mut sizes, mut strides) = ([0usize; INLINE_DIMS], [0isize; INLINE_DIMS]);
            let mut seen = 0u32;
            self.gather_permuted(dims, &mut sizes[..ndim], &mut strides[..ndim], |w| {
                let repeated = seen & (1 << w) != 0;
                seen |= 1 << w;
                repeated
            })?;
            self.dims.assign(&sizes[..ndim], &strides[..ndim]);
            return Ok(());
        }
        self.permute_in_place_general(dims)
    }

    /// [`permute_in_place`](Self::permute_in_place) of more than
    /// [`INLINE_DIMS`] dims, or with a `dims` list whose length is not the
    /// layout's rank (PyTorch's error).
    #[inline(never)]
    fn permute_in_place_general(&mut self, dims: &[isize]) -> Result<(), ViewError> {
        let ndim = self.ndim();
        if dims.len() != ndim {
            return Err(ViewError::runtime(format!(
                "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {ndim} is not equal to len(dims) = {}",
                dims.len()
            )));
        }
        let (mut sizes, mut strides) = (vec![0usize; ndim], vec![0isize; ndim]);
        let mut seen = vec![false; ndim];
        self.gather_permuted(dims, &mut sizes, &mut strides, |w| {
            std::mem::replace(&mut seen[w], true)
        })?;
        self.dims.assign(&sizes, &strides);
        Ok(())
    }

    /// Checks `dims` (as many as this layout's dims) and gathers the
    /// permuted sizes and strides into `sizes` and `strides`, without
    /// changing the layout; `repeated(w)` records dim `w` and says whether
    /// it was seen before.
    #[inline(always)]
    fn gather_permuted(
        &self,
        dims: &[isize],
        sizes: &mut [usize],
        strides: &mut [isize],
        mut repeated: impl FnMut(usize) -> bool,
    ) -> Result<(), ViewError> {
        let ndim = self.ndim();
        for (i, &d) in dims.iter().enumerate() {
            let w = wrap_dim(d, ndim)?;
            if repeated(w) {
                return Err(duplicate_dims());
            }
            sizes[i] = self.shape()[w];
            strides[i] = self.strides()[w];
        }
        // As in `transpose_in_place`: only an empty tensor's reordered sizes
        // can newly overflow PyTorch's left-to-right element count.
        if self.has_zero_size() {
            check_numel(sizes)?;
        }
        Ok(())
    }
}

fn duplicate_dims() -> ViewError {
    ViewError::runtime(tensor_rules::dims::Repeat::Permute.message(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permute_rejects_duplicates_and_wrong_lengths() {
        let l = Layout::contiguous(&[2, 3]);
        assert_eq!(
            l.permute(&[0, 0]).unwrap_err().to_string(),
            "permute(): duplicate dims are not allowed."
        );
        assert_eq!(
            l.permute(&[1, -1]).unwrap_err().to_string(),
            "permute(): duplicate dims are not allowed."
        );
        assert!(l.permute(&[0]).is_err());
        assert!(l.permute(&[0, 2]).is_err());
    }

    #[test]
    fn permute_handles_any_rank() {
        let shape: Vec<usize> = vec![1; 70];
        let l = Layout::contiguous(&shape);
        let dims: Vec<isize> = (0..70).rev().collect();
        assert_eq!(l.permute(&dims).unwrap().ndim(), 70);
        let mut repeated = dims.clone();
        repeated[69] = 1;
        assert!(l.permute(&repeated).is_err());
    }

    #[test]
    fn reordering_checks_the_element_count_like_pytorch() {
        let huge = 1usize << 40;
        let l = Layout::contiguous(&[huge, 0, huge]);
        let overflow = "numel: integer multiplication overflow";
        assert_eq!(l.transpose(1, 2).unwrap_err().to_string(), overflow);
        assert_eq!(l.permute(&[0, 2, 1]).unwrap_err().to_string(), overflow);
        assert!(l.transpose(0, 1).is_ok());
        assert!(l.permute(&[1, 0, 2]).is_ok());
    }

    #[test]
    fn transpose_of_0d_accepts_dims_0_and_minus_1() {
        let l = Layout::contiguous(&[]);
        assert_eq!(l.transpose(0, -1).unwrap(), l);
        assert!(l.transpose(0, 1).is_err());
    }

    #[test]
    fn the_quick_transpose_agrees_with_the_checked_one() {
        let huge = 1usize << 40;
        let layouts = [
            Layout::contiguous(&[]),
            Layout::contiguous(&[3]),
            Layout::contiguous(&[2, 3, 4, 5]),
            Layout::contiguous(&[2, 0, 3]),
            Layout::contiguous(&[huge, 0, huge]),
            Layout::from_parts(&[3, 4], &[-4, 1], 8),
        ];
        for l in &layouts {
            for dim0 in -5..5 {
                for dim1 in -5..5 {
                    let (mut quick, mut checked) = (l.clone(), l.clone());
                    let q = quick
                        .transpose_in_place(dim0, dim1)
                        .map_err(|e| e.to_string());
                    let c = checked
                        .transpose_checked(dim0, dim1)
                        .map_err(|e| e.to_string());
                    assert_eq!(q, c, "{l:?}.transpose({dim0}, {dim1})");
                    assert_eq!(quick, checked, "{l:?}.transpose({dim0}, {dim1})");
                }
            }
        }
    }
}
