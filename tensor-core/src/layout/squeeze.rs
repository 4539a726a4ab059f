//! Adding and removing size-1 dims: `squeeze` (all of them, one, or a list)
//! and `unsqueeze`.

use super::{wrap_dim, Layout};
use crate::ViewError;

/// Most dims PyTorch's dim lists (`squeeze(dims)`) accept: its bitset size.
const MAX_LISTED_DIMS: usize = 64;

impl Layout {
    /// The layout of `squeeze()`: every size-1 dim removed.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[1, 3, 1, 2]).squeeze();
    /// assert_eq!((l.shape(), l.strides()), (&[3usize, 2][..], &[2isize, 1][..]));
    /// ```
    pub fn squeeze(&self) -> Layout {
        self.without_unit_dims(|_| true)
    }

    /// The layout of `squeeze(dim)`: `dim` removed when its size is 1, else the
    /// same layout. A 0-d layout accepts `dim` 0 and -1.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[1, 3, 1]);
    /// assert_eq!(l.squeeze_dim(-1).unwrap().shape(), &[1, 3]);
    /// assert_eq!(l.squeeze_dim(1).unwrap().shape(), &[1, 3, 1]);
    /// ```
    pub fn squeeze_dim(&self, dim: isize) -> Result<Layout, ViewError> {
        let d = wrap_dim(dim, self.ndim())?;
        Ok(self.without_unit_dims(|i| i == d))
    }

    /// The layout of `squeeze(dims)`: each listed dim of size 1 removed. Dims
    /// may be negative but not repeated (PyTorch: `dim 1 appears multiple times
    /// in the list of dims`), and the layout may have at most 64 dims.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[1, 3, 1, 1]);
    /// assert_eq!(l.squeeze_dims(&[0, 1, -1]).unwrap().shape(), &[3, 1]);
    /// assert_eq!(
    ///     l.squeeze_dims(&[1, -3]).unwrap_err().to_string(),
    ///     "dim 1 appears multiple times in the list of dims"
    /// );
    /// ```
    pub fn squeeze_dims(&self, dims: &[isize]) -> Result<Layout, ViewError> {
        let ndim = self.ndim();
        if ndim > MAX_LISTED_DIMS {
            return Err(ViewError::runtime(format!(
                "only tensors with up to {MAX_LISTED_DIMS} dims are supported"
            )));
        }
        let mut listed = 0u64;
        for &dim in dims {
            let d = wrap_dim(dim, ndim)?;
            if listed & (1 << d) != 0 {
                return Err(ViewError::runtime(
                    tensor_rules::dims::Repeat::Reduce.message(d),
                ));
            }
            listed |= 1 << d;
        }
        Ok(self.without_unit_dims(|i| listed & (1 << i) != 0))
    }

    /// The layout of `unsqueeze(dim)`: a size-1 dim inserted before `dim`
    /// (`dim` in `[-ndim - 1, ndim]`), with the stride PyTorch gives it (the
    /// next dim's size times its stride, or 1 at the end).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 3]).unsqueeze(1).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2usize, 1, 3][..], &[3isize, 3, 1][..]));
    /// assert_eq!(Layout::contiguous(&[2, 3]).unsqueeze(-1).unwrap().strides(), &[3, 1, 1]);
    /// ```
    pub fn unsqueeze(&self, dim: isize) -> Result<Layout, ViewError> {
        self.edited(|out| out.unsqueeze_in_place(dim))
    }

    /// [`unsqueeze`](Self::unsqueeze) of this layout itself. On error the layout is unchanged.
    #[inline]
    pub(crate) fn unsqueeze_in_place(&mut self, dim: isize) -> Result<(), ViewError> {
        let ndim = self.ndim();
        let d = wrap_dim(dim, ndim + 1)?;
        let stride = if d >= ndim {
            1
        } else {
            // PyTorch's int64 product: it can wrap only for an empty tensor
            // with huge sizes and strides (as_strided allows those).
            (self.shape()[d] as isize).wrapping_mul(self.strides()[d])
        };
        // PyTorch's unsqueeze ends in `as_strided`, which refuses a wrapped
        // (negative) stride, its message listing all the strides. Checked
        // before the dim goes in: the strides just written would be read
        // back with wide loads that wait on those stores.
        if stride < 0 || self.strides().iter().any(|&s| s < 0) {
            let mut strides = self.strides().to_vec();
            strides.insert(d, stride);
            super::as_strided::check_strides(&strides)?;
        }
        self.insert_dim(d, 1, stride);
        Ok(())
    }

    /// This layout without the size-1 dims `chosen` picks (by index).
    fn without_unit_dims(&self, chosen: impl Fn(usize) -> bool) -> Layout {
        let mut out = Layout::from_parts(&[], &[], self.offset());
        for (i, (&size, &stride)) in self.shape().iter().zip(self.strides()).enumerate() {
            if size != 1 || !chosen(i) {
                out.push_dim(size, stride);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsqueeze_refuses_a_stride_that_wraps_like_pytorchs_as_strided() {
        let l = Layout::from_parts(&[0, 1 << 32], &[1, isize::MAX], 0);
        assert_eq!(
            l.unsqueeze(1).unwrap_err().to_string(),
            "as_strided: Negative strides are not supported at the moment, got strides: [1, -4294967296, 9223372036854775807]"
        );
        assert!(l.unsqueeze(2).is_ok());
    }

    #[test]
    fn squeeze_keeps_the_strides_of_the_other_dims() {
        let l = Layout::from_parts(&[1, 4, 1, 0], &[99, 1, 7, 4], 3);
        let s = l.squeeze();
        assert_eq!(
            (s.shape(), s.strides(), s.offset()),
            (&[4usize, 0][..], &[1isize, 4][..], 3)
        );
        assert_eq!(
            Layout::contiguous(&[1, 1]).squeeze().shape(),
            &[] as &[usize]
        );
        assert_eq!(Layout::contiguous(&[]).squeeze(), Layout::contiguous(&[]));
    }

    #[test]
    fn squeeze_dim_on_0d_and_out_of_range() {
        let scalar = Layout::contiguous(&[]);
        assert_eq!(scalar.squeeze_dim(0).unwrap(), scalar);
        assert_eq!(scalar.squeeze_dim(-1).unwrap(), scalar);
        assert_eq!(
            scalar.squeeze_dim(1).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
        assert!(Layout::contiguous(&[1]).squeeze_dim(isize::MIN).is_err());
    }

    #[test]
    fn squeeze_dims_wraps_and_rejects_repeats() {
        let l = Layout::contiguous(&[1, 2, 1]);
        assert_eq!(l.squeeze_dims(&[]).unwrap(), l);
        assert_eq!(l.squeeze_dims(&[-1, 1]).unwrap().shape(), &[1, 2]);
        assert_eq!(
            l.squeeze_dims(&[2, -1]).unwrap_err().to_string(),
            "dim 2 appears multiple times in the list of dims"
        );
        assert_eq!(
            l.squeeze_dims(&[0, 3]).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
        );
        let scalar = Layout::contiguous(&[]);
        assert_eq!(scalar.squeeze_dims(&[0]).unwrap(), scalar);
        assert!(scalar.squeeze_dims(&[0, -1]).is_err());
    }

    #[test]
    fn squeeze_dims_limits_the_rank_to_64() {
        let ones = vec![1usize; 65];
        assert_eq!(
            Layout::contiguous(&ones)
                .squeeze_dims(&[0])
                .unwrap_err()
                .to_string(),
            "only tensors with up to 64 dims are supported"
        );
        let l = Layout::contiguous(&ones[..64])
            .squeeze_dims(&[63, 0])
            .unwrap();
        assert_eq!(l.ndim(), 62);
    }

    #[test]
    fn unsqueeze_range_is_one_wider() {
        let l = Layout::from_parts(&[2, 3], &[1, 2], 0);
        assert_eq!(l.unsqueeze(0).unwrap().strides(), &[2, 1, 2]);
        assert_eq!(l.unsqueeze(-3).unwrap().strides(), &[2, 1, 2]);
        assert_eq!(l.unsqueeze(2).unwrap().strides(), &[1, 2, 1]);
        assert_eq!(
            l.unsqueeze(3).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
        );
        assert!(l.unsqueeze(-4).is_err());
        let scalar = Layout::contiguous(&[]).unsqueeze(-1).unwrap();
        assert_eq!(
            (scalar.shape(), scalar.strides()),
            (&[1usize][..], &[1isize][..])
        );
        let empty = Layout::contiguous(&[0, 3]).unsqueeze(1).unwrap();
        assert_eq!(empty.strides(), &[3, 3, 1]);
    }
}
