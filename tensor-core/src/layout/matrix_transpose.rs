//! The named transposes: `t` (matrices and vectors), `T` (all dims reversed)
//! and `mT` (the last two dims). `swapaxes`/`swapdims` are plain `transpose`.

use super::dims::check_numel;
use super::Layout;
use crate::ViewError;

impl Layout {
    /// The layout of `t()`: a transposed matrix; 0-d and 1-d layouts unchanged.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// assert_eq!(Layout::contiguous(&[2, 3]).t().unwrap().strides(), &[1, 3]);
    /// assert_eq!(
    ///     Layout::contiguous(&[1, 2, 3]).t().unwrap_err().to_string(),
    ///     "t() expects a tensor with <= 2 dimensions, but self is 3D"
    /// );
    /// ```
    pub fn t(&self) -> Result<Layout, ViewError> {
        let ndim = self.ndim();
        if ndim > 2 {
            return Err(ViewError::runtime(format!(
                "t() expects a tensor with <= 2 dimensions, but self is {ndim}D"
            )));
        }
        let out = self.transpose(0, if ndim < 2 { 0 } else { 1 })?;
        check_numel(out.shape())?;
        Ok(out)
    }

    /// The layout of `.T`: all dims in reverse order, for any rank (PyTorch
    /// deprecates ranks other than 2 with a warning; this prints nothing).
    /// Fails only where PyTorch's element count check does (a zero size
    /// moved after sizes whose product overflows).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 3, 4]).T().unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[4usize, 3, 2][..], &[1isize, 4, 12][..]));
    /// ```
    #[allow(non_snake_case)] // PyTorch's name
    pub fn T(&self) -> Result<Layout, ViewError> {
        let mut out = self.clone();
        let (shape, strides, _) = out.parts_mut();
        shape.reverse();
        strides.reverse();
        check_numel(out.shape())?;
        Ok(out)
    }

    /// The layout of `.mT`: the last two dims swapped (at least 2 dims); a 0-d
    /// layout is returned unchanged (PyTorch deprecates, but allows, that case).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// assert_eq!(Layout::contiguous(&[5, 2, 3]).mT().unwrap().shape(), &[5, 3, 2]);
    /// assert_eq!(Layout::contiguous(&[]).mT().unwrap(), Layout::contiguous(&[]));
    /// assert_eq!(
    ///     Layout::contiguous(&[3]).mT().unwrap_err().to_string(),
    ///     "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
    /// );
    /// ```
    #[allow(non_snake_case)] // PyTorch's name
    pub fn mT(&self) -> Result<Layout, ViewError> {
        let ndim = self.ndim();
        if ndim == 0 {
            return Ok(self.clone());
        }
        if ndim < 2 {
            return Err(ViewError::runtime(format!(
                "tensor.mT is only supported on matrices or batches of matrices. Got {ndim}-D tensor."
            )));
        }
        let out = self.transpose(-2, -1)?;
        check_numel(out.shape())?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_leaves_vectors_and_scalars_alone() {
        for shape in [&[][..], &[4][..]] {
            let l = Layout::contiguous(shape);
            assert_eq!(l.t().unwrap(), l);
        }
        let l = Layout::from_parts(&[2, 1], &[1, 9], 3);
        let t = l.t().unwrap();
        assert_eq!(
            (t.shape(), t.strides(), t.offset()),
            (&[1usize, 2][..], &[9isize, 1][..], 3)
        );
    }

    #[test]
    fn reversing_dims_twice_is_the_identity() {
        let l = Layout::from_parts(&[2, 3, 1, 5], &[1, 2, 7, 6], 4);
        assert_eq!(l.T().unwrap().T().unwrap(), l);
        let r = l.T().unwrap();
        assert_eq!(r.strides(), &[6, 7, 2, 1]);
        assert_eq!(
            Layout::contiguous(&[]).T().unwrap(),
            Layout::contiguous(&[])
        );
    }

    #[test]
    fn reordering_checks_the_element_count_like_pytorch() {
        let huge = 1usize << 40;
        let l = Layout::contiguous(&[0, huge, huge]);
        assert_eq!(
            l.T().unwrap_err().to_string(),
            "numel: integer multiplication overflow"
        );
        let m = Layout::contiguous(&[huge, 0, huge]);
        assert!(m.mT().is_err());
        assert!(Layout::contiguous(&[0, huge]).t().is_ok());
    }

    #[test]
    fn m_t_needs_two_dims_but_leaves_0_d_alone() {
        // PyTorch 2.15: torch.zeros(()).mT is the identity (with a deprecation
        // warning); torch.zeros(3).mT raises.
        let s = Layout::from_parts(&[], &[], 7);
        assert_eq!(s.mT().unwrap(), s);
        assert_eq!(
            Layout::contiguous(&[3]).mT().unwrap_err().to_string(),
            "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
        );
        let l = Layout::contiguous(&[2, 3, 4]).mT().unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[2usize, 4, 3][..], &[12isize, 1, 4][..])
        );
    }
}
