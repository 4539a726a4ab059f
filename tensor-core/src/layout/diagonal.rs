//! The diagonal of two dims as a view: `diagonal`.

use smallvec::SmallVec;

use super::as_strided::{offset_plus, strided_view};
use super::{wrap_dim, Layout};
use crate::ViewError;

impl Layout {
    /// The layout of `diagonal(offset, dim1, dim2)`: `dim1` and `dim2` removed
    /// and one dim appended that walks their diagonal (stride = the sum of
    /// their strides). `offset > 0` starts above the main diagonal, `< 0` below;
    /// an offset past the end gives an empty diagonal at the input's offset.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[3, 4]).diagonal(1, 0, 1).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[3usize][..], &[5isize][..], 1));
    /// assert_eq!(
    ///     Layout::contiguous(&[3, 4]).diagonal(0, 1, -1).unwrap_err().to_string(),
    ///     "diagonal dimensions cannot be identical 1, -1"
    /// );
    /// ```
    pub fn diagonal(&self, offset: isize, dim1: isize, dim2: isize) -> Result<Layout, ViewError> {
        let ndim = self.ndim();
        let d1 = wrap_dim(dim1, ndim)?;
        let d2 = wrap_dim(dim2, ndim)?;
        if d1 == d2 {
            return Err(ViewError::runtime(format!(
                "diagonal dimensions cannot be identical {dim1}, {dim2}"
            )));
        }
        let (size1, size2) = (self.shape()[d1] as i128, self.shape()[d2] as i128);
        let (stride1, stride2) = (self.strides()[d1], self.strides()[d2]);
        let wide = offset as i128;
        let diag_size = if offset >= 0 {
            size1.min(size2 - wide)
        } else {
            (size1 + wide).min(size2)
        }
        .max(0) as isize;
        let storage_offset = if diag_size == 0 {
            self.offset() as isize
        } else if offset >= 0 {
            offset_plus(self.offset(), offset, stride2)
        } else {
            // -offset < size1 here, so the negation cannot overflow
            offset_plus(self.offset(), -offset, stride1)
        };
        let mut sizes: SmallVec<[isize; 8]> = SmallVec::with_capacity(ndim - 1);
        let mut strides: SmallVec<[isize; 8]> = SmallVec::with_capacity(ndim - 1);
        for (i, (&size, &stride)) in self.shape().iter().zip(self.strides()).enumerate() {
            if i != d1 && i != d2 {
                sizes.push(size as isize);
                strides.push(stride);
            }
        }
        sizes.push(diag_size);
        strides.push(stride1.wrapping_add(stride2));
        strided_view(&sizes, &strides, storage_offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagonal_dim_goes_last() {
        let l = Layout::contiguous(&[2, 3, 4]);
        let d = l.diagonal(0, 2, 0).unwrap();
        assert_eq!(
            (d.shape(), d.strides(), d.offset()),
            (&[3usize, 2][..], &[4isize, 13][..], 0)
        );
        let d = l.diagonal(-1, -1, 1).unwrap();
        // rows along dim 2 start at 1: offset 1 * stride 1
        assert_eq!(
            (d.shape(), d.strides(), d.offset()),
            (&[2usize, 3][..], &[12isize, 5][..], 1)
        );
    }

    #[test]
    fn offsets_past_the_end_give_an_empty_diagonal_without_moving() {
        let l = Layout::from_parts(&[3, 4], &[4, 1], 7);
        for offset in [4, 9, -3, -10, isize::MAX, isize::MIN] {
            let d = l.diagonal(offset, 0, 1).unwrap();
            assert_eq!(
                (d.shape(), d.offset()),
                (&[0usize][..], 7),
                "offset {offset}"
            );
        }
        let d = l.diagonal(3, 0, 1).unwrap();
        assert_eq!((d.shape(), d.offset()), (&[1usize][..], 10));
        let d = l.diagonal(-2, 0, 1).unwrap();
        assert_eq!((d.shape(), d.offset()), (&[1usize][..], 15));
    }

    #[test]
    fn dims_are_checked_before_identity() {
        let v = Layout::contiguous(&[3]);
        assert_eq!(
            v.diagonal(0, 0, 1).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
        assert_eq!(
            v.diagonal(0, 0, -1).unwrap_err().to_string(),
            "diagonal dimensions cannot be identical 0, -1"
        );
        assert_eq!(
            Layout::contiguous(&[])
                .diagonal(0, 0, -1)
                .unwrap_err()
                .to_string(),
            "diagonal dimensions cannot be identical 0, -1"
        );
    }

    #[test]
    fn wrapped_stride_sums_are_rejected_like_pytorch() {
        let l = Layout::from_parts(&[1, 1], &[isize::MAX, isize::MAX], 0);
        assert_eq!(
            l.diagonal(0, 0, 1).unwrap_err().to_string(),
            "as_strided: Negative strides are not supported at the moment, got strides: [-2]"
        );
    }
}
