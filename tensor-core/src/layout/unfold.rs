//! Sliding windows over one dim as a view: `unfold`.

use smallvec::SmallVec;

use super::as_strided::strided_view;
use super::{wrap_dim, Layout};
use crate::ViewError;

impl Layout {
    /// The layout of `unfold(dimension, size, step)`: `dimension` becomes the
    /// number of windows of `size` entries, `step` apart (stride times `step`),
    /// and a new last dim of `size` walks each window. A 0-d layout counts as
    /// one entry (`dimension` 0 or -1).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 7]).unfold(1, 3, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2usize, 3, 3][..], &[7isize, 2, 1][..]));
    /// assert_eq!(
    ///     Layout::contiguous(&[2, 7]).unfold(0, 3, 1).unwrap_err().to_string(),
    ///     "maximum size for tensor at dimension 0 is 2 but size is 3"
    /// );
    /// ```
    pub fn unfold(&self, dimension: isize, size: isize, step: isize) -> Result<Layout, ViewError> {
        let ndim = self.ndim();
        let d = wrap_dim(dimension, ndim)?;
        let max_size = if ndim == 0 {
            1
        } else {
            self.shape()[d] as isize
        };
        if size < 0 {
            return Err(ViewError::runtime(format!(
                "size is {size} but must be >= 0"
            )));
        }
        if size > max_size {
            return Err(ViewError::runtime(format!(
                "maximum size for tensor at dimension {d} is {max_size} but size is {size}"
            )));
        }
        if step <= 0 {
            return Err(ViewError::runtime(format!(
                "step is {step} but must be > 0"
            )));
        }
        let mut sizes: SmallVec<[isize; 8]> = self.shape().iter().map(|&s| s as isize).collect();
        let mut strides: SmallVec<[isize; 8]> = self.strides().iter().copied().collect();
        sizes.push(size);
        strides.push(if ndim == 0 { 1 } else { strides[d] });
        if ndim > 0 {
            sizes[d] = (sizes[d] - size) / step + 1;
            // PyTorch multiplies in wrapping int64; a wrapped (negative) stride
            // is then refused by its `as_strided`, as here.
            strides[d] = strides[d].wrapping_mul(step);
        }
        strided_view(&sizes, &strides, self.offset() as isize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_round_down() {
        let l = Layout::contiguous(&[8]).unfold(0, 3, 3).unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[2usize, 3][..], &[3isize, 1][..])
        );
        let l = Layout::contiguous(&[4, 2]).unfold(-2, 4, 9).unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[1usize, 2, 4][..], &[18isize, 1, 2][..])
        );
    }

    #[test]
    fn zero_size_windows() {
        let l = Layout::contiguous(&[4]).unfold(0, 0, 1).unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[5usize, 0][..], &[1isize, 1][..])
        );
        let l = Layout::contiguous(&[0, 2]).unfold(0, 0, 2).unwrap();
        assert_eq!(l.shape(), &[1, 2, 0]);
    }

    #[test]
    fn zero_d_inputs_have_one_entry() {
        let scalar = Layout::contiguous(&[]);
        let l = scalar.unfold(-1, 1, 5).unwrap();
        assert_eq!((l.shape(), l.strides()), (&[1usize][..], &[1isize][..]));
        assert_eq!(scalar.unfold(0, 0, 1).unwrap().shape(), &[0]);
        assert_eq!(
            scalar.unfold(0, 2, 1).unwrap_err().to_string(),
            "maximum size for tensor at dimension 0 is 1 but size is 2"
        );
        assert_eq!(
            scalar.unfold(1, 1, 1).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
    }

    #[test]
    fn checks_come_in_pytorchs_order() {
        let l = Layout::contiguous(&[3]);
        assert_eq!(
            l.unfold(0, -1, 0).unwrap_err().to_string(),
            "size is -1 but must be >= 0"
        );
        assert_eq!(
            l.unfold(0, 4, 0).unwrap_err().to_string(),
            "maximum size for tensor at dimension 0 is 3 but size is 4"
        );
        assert_eq!(
            l.unfold(0, 3, 0).unwrap_err().to_string(),
            "step is 0 but must be > 0"
        );
        assert_eq!(
            l.unfold(0, 3, isize::MIN).unwrap_err().to_string(),
            format!("step is {} but must be > 0", isize::MIN)
        );
        assert!(l.unfold(0, isize::MAX, 1).is_err());
    }

    #[test]
    fn huge_steps_leave_one_window() {
        let l = Layout::contiguous(&[3]).unfold(0, 2, isize::MAX).unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[1usize, 2][..], &[isize::MAX, 1][..])
        );
        let strided = Layout::from_parts(&[3], &[2], 0);
        assert_eq!(
            strided.unfold(0, 2, isize::MAX).unwrap_err().to_string(),
            "as_strided: Negative strides are not supported at the moment, got strides: [-2, 2]"
        );
    }
}
