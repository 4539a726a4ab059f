//! Views of part of one dimension: `narrow` (a range of it) and `select` (one
//! index of it, dropping the dim). Their checks and messages are
//! `tensor_rules::slicing`'s, which the macros apply too.

use super::as_strided::{offset_plus, strided_view};
use super::dims::{rule_error, wrapped_dim};
use super::Layout;
use crate::error::IntList;
use crate::ViewError;

impl Layout {
    /// The layout of `narrow(dim, start, length)`: `length` entries of `dim`
    /// from `start` (negative `start` counts from the end), with PyTorch's checks
    /// in its order: not 0-d, `length >= 0`, `dim` in range, `start` in
    /// `[-size, size]`, `start + length <= size`.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[4, 5]).narrow(1, -3, 2).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[4usize, 2][..], &[5isize, 1][..], 2));
    /// assert_eq!(
    ///     Layout::contiguous(&[4]).narrow(0, 3, 5).unwrap_err().to_string(),
    ///     "start (3) + length (5) exceeds dimension size (4)."
    /// );
    /// ```
    pub fn narrow(&self, dim: isize, start: isize, length: isize) -> Result<Layout, ViewError> {
        self.edited(|out| out.narrow_in_place(dim, start, length))
    }

    /// The common case of `narrow` (every check passes, no negative stride
    /// or offset, at most [`INLINE_DIMS`](super::INLINE_DIMS) dims),
    /// decided from this layout in a few comparisons and built whole from
    /// it; `None` for everything else, errors included, which
    /// [`narrow_checked`](Self::narrow_checked) handles, making PyTorch's
    /// checks one by one in its order.
    #[inline(always)]
    pub(crate) fn quick_narrow(&self, dim: isize, start: isize, length: isize) -> Option<Layout> {
        let d = wrapped_dim(dim, self.ndim())?;
        let size = self.shape()[d] as isize;
        let begin = if start < 0 { start + size } else { start };
        if length >= 0 && start >= -size && start <= size && begin <= size - length {
            let offset = offset_plus(self.offset(), begin, self.strides()[d]);
            if offset >= 0 && self.strides().iter().all(|&s| s >= 0) {
                return self.resized_dim(d, length as usize, offset as usize);
            }
        }
        None
    }

    /// [`narrow`](Self::narrow) of this layout itself. On error the layout
    /// is unchanged.
    #[inline]
    pub(crate) fn narrow_in_place(
        &mut self,
        dim: isize,
        start: isize,
        length: isize,
    ) -> Result<(), ViewError> {
        match self.quick_narrow(dim, start, length) {
            Some(narrowed) => {
                *self = narrowed;
                Ok(())
            }
            None => self.narrow_checked(dim, start, length),
        }
    }

    /// [`narrow_in_place`](Self::narrow_in_place) with each of PyTorch's
    /// checks made and reported in turn, and negative strides or offsets
    /// handled.
    #[cold]
    #[inline(never)]
    fn narrow_checked(&mut self, dim: isize, start: isize, length: isize) -> Result<(), ViewError> {
        let d = tensor_rules::slicing::narrow_dim(self.ndim(), dim as i128, length as i128)
            .map_err(rule_error)?;
        let size = self.shape()[d] as isize;
        // `start` is in `[0, size]` once checked, so an `isize`.
        let start = tensor_rules::slicing::narrow_start(size as i128, start as i128, length as i128)
            .map_err(rule_error)? as isize;
        let offset = offset_plus(self.offset(), start, self.strides()[d]);
        if offset >= 0 && self.strides().iter().all(|&s| s >= 0) {
            // What `as_strided` would build, without its checks: the strides
            // are the input's (non-negative), the offset is non-negative, and
            // a shorter dim cannot overflow the element count.
            let (shape, _, out_offset) = self.parts_mut();
            shape[d] = length as usize;
            *out_offset = offset as usize;
            return Ok(());
        }
        let mut sizes: smallvec::SmallVec<[isize; 8]> =
            self.shape().iter().map(|&s| s as isize).collect();
        sizes[d] = length;
        *self = strided_view(&sizes, self.strides(), offset)?;
        Ok(())
    }

    /// The layout of `select(dim, index)`: entry `index` of `dim` (negative
    /// counts from the end), with `dim` removed.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[4, 2]).select(0, -1).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2usize][..], &[1isize][..], 6));
    /// assert_eq!(
    ///     Layout::contiguous(&[4, 2]).select(0, 4).unwrap_err().to_string(),
    ///     "select(): index 4 out of range for tensor of size [4, 2] at dimension 0"
    /// );
    /// ```
    pub fn select(&self, dim: isize, index: isize) -> Result<Layout, ViewError> {
        self.edited(|out| out.select_in_place(dim, index))
    }

    /// [`select`](Self::select) of this layout itself. On error the layout is unchanged.
    #[inline]
    pub(crate) fn select_in_place(&mut self, dim: isize, index: isize) -> Result<(), ViewError> {
        let d = tensor_rules::slicing::select_dim(self.ndim(), dim as i128).map_err(rule_error)?;
        let size = self.shape()[d] as isize;
        // `index` is in `[0, size)` once checked, so an `isize`.
        let index = tensor_rules::slicing::select_index(
            size as i128,
            index as i128,
            d,
            IntList(self.shape()),
        )
        .map_err(rule_error)? as isize;
        // PyTorch computes the offset in int64, wrapping, and rejects a
        // negative one (reachable only through huge `as_strided` strides
        // on an empty tensor); a non-negative one is taken as it is.
        let moved = offset_plus(self.offset(), index, self.strides()[d]);
        if moved < 0 {
            return Err(ViewError::runtime(format!(
                "Tensor: invalid storage offset {moved}"
            )));
        }
        let (_, _, offset) = self.parts_mut();
        *offset = moved as usize;
        self.remove_dim(d);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn select_wraps_its_offset_as_pytorch_and_rejects_a_negative_one() {
        // torch.zeros(4).as_strided((0, 8), (1, 2**62)).select(1, i)
        let empty = Layout::from_parts(&[0, 8], &[1, 1 << 62], 0);
        let offset = |i| {
            empty
                .select(1, i)
                .map(|l| l.offset())
                .map_err(|e| e.to_string())
        };
        assert_eq!(offset(1), Ok(1 << 62));
        assert_eq!(offset(4), Ok(0));
        assert_eq!(
            offset(2),
            Err(format!("Tensor: invalid storage offset {}", isize::MIN))
        );
        assert_eq!(
            offset(3),
            Err("Tensor: invalid storage offset -4611686018427387904".to_string())
        );
    }

    fn err(r: Result<Layout, ViewError>) -> (ErrorKind, String) {
        let e = r.unwrap_err();
        (e.kind(), e.to_string())
    }

    #[test]
    fn narrow_checks_in_pytorchs_order() {
        let l = Layout::contiguous(&[4, 3]);
        let zero_d = Layout::contiguous(&[]);
        assert_eq!(
            err(zero_d.narrow(5, 0, -1)).1,
            "narrow() cannot be applied to a 0-dim tensor."
        );
        assert_eq!(
            err(l.narrow(7, 0, -1)).1,
            "narrow(): length must be non-negative."
        );
        assert_eq!(
            err(l.narrow(2, 9, 1)),
            (
                ErrorKind::IndexError,
                "Dimension out of range (expected to be in range of [-2, 1], but got 2)".into()
            )
        );
        assert_eq!(
            err(l.narrow(0, -5, 1)),
            (
                ErrorKind::IndexError,
                "start out of range (expected to be in range of [-4, 4], but got -5)".into()
            )
        );
        assert_eq!(
            err(l.narrow(0, -1, 2)).1,
            "start (3) + length (2) exceeds dimension size (4)."
        );
    }

    #[test]
    fn narrow_accepts_an_empty_range_at_either_end() {
        let l = Layout::contiguous(&[4, 3]);
        let end = l.narrow(0, 4, 0).unwrap();
        assert_eq!((end.shape(), end.offset()), (&[0usize, 3][..], 12));
        let start = l.narrow(-1, -3, 0).unwrap();
        assert_eq!(
            (start.shape(), start.strides()),
            (&[4usize, 0][..], &[3isize, 1][..])
        );
        assert_eq!(start.offset(), 0);
    }

    #[test]
    fn narrow_with_huge_values_fails_cleanly() {
        let l = Layout::contiguous(&[4]);
        assert!(l.narrow(0, isize::MIN, 0).is_err());
        assert!(l.narrow(0, isize::MAX, 0).is_err());
        assert!(l.narrow(0, 0, isize::MAX).is_err());
        assert!(l.narrow(isize::MIN, 0, 0).is_err());
        // an empty slice past a dim whose stride is huge: PyTorch's offset wraps negative
        let wide = Layout::from_parts(&[1], &[isize::MAX], 5);
        assert_eq!(
            err(wide.narrow(0, 1, 0)).1,
            format!("Tensor: invalid storage offset {}", isize::MIN + 4)
        );
    }

    #[test]
    fn select_counts_negative_indices_from_the_end() {
        let l = Layout::from_parts(&[3, 4], &[1, 3], 2);
        let s = l.select(1, -4).unwrap();
        assert_eq!(
            (s.shape(), s.strides(), s.offset()),
            (&[3usize][..], &[1isize][..], 2)
        );
        let s = l.select(-2, 2).unwrap();
        assert_eq!(
            (s.shape(), s.strides(), s.offset()),
            (&[4usize][..], &[3isize][..], 4)
        );
        let v = Layout::contiguous(&[5]).select(0, 1).unwrap();
        assert_eq!((v.shape(), v.offset()), (&[][..], 1));
    }

    #[test]
    fn select_errors_are_index_errors() {
        let l = Layout::contiguous(&[5, 0]);
        assert_eq!(
            err(l.select(-1, 0)),
            (
                ErrorKind::IndexError,
                "select(): index 0 out of range for tensor of size [5, 0] at dimension 1".into()
            )
        );
        assert_eq!(
            err(Layout::contiguous(&[]).select(3, 0)),
            (
                ErrorKind::IndexError,
                "select() cannot be applied to a 0-dim tensor.".into()
            )
        );
        let l = Layout::contiguous(&[2]);
        assert!(l.select(0, -3).is_err());
        assert!(l.select(0, isize::MIN).is_err());
        assert!(l.select(0, isize::MAX).is_err());
    }

    /// Every outcome, success or PyTorch's error, as comparable text.
    fn outcome(l: &Layout, r: Result<(), ViewError>) -> String {
        match r {
            Ok(()) => format!("{l:?}"),
            Err(e) => format!("{:?}: {e}", e.kind()),
        }
    }

    #[test]
    fn the_quick_narrow_agrees_with_the_checked_one() {
        let layouts = [
            Layout::contiguous(&[]),
            Layout::contiguous(&[4, 3]),
            Layout::contiguous(&[2, 0, 3]),
            Layout::from_parts(&[3, 4], &[-4, 1], 8),
            Layout::from_parts(&[5], &[2], 1),
        ];
        let mut changed = 0;
        for l in &layouts {
            for dim in -4..4 {
                for start in -7..7 {
                    for length in -1..7 {
                        let (mut quick, mut checked) = (l.clone(), l.clone());
                        let q = quick.narrow_in_place(dim, start, length);
                        let c = checked.narrow_checked(dim, start, length);
                        assert_eq!(
                            outcome(&quick, q),
                            outcome(&checked, c),
                            "{l:?}.narrow({dim}, {start}, {length})"
                        );
                        changed += usize::from(outcome(&quick, Ok(())) != format!("{l:?}"));
                    }
                }
            }
        }
        assert!(changed > 100, "many narrows succeed");
    }
}
