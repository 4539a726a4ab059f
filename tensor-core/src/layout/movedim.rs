//! Moving dims to new positions: `movedim` (a permutation built from
//! source/destination pairs; the other dims keep their relative order).

use smallvec::SmallVec;

use super::dims::check_numel;
use super::{wrap_dim, Layout};
use crate::error::IntList;
use crate::ViewError;

/// Wraps every dim of `dims` (as PyTorch's `maybe_wrap_dim`).
fn wrapped(dims: &[isize], ndim: usize) -> Result<SmallVec<[usize; 8]>, ViewError> {
    dims.iter().map(|&d| wrap_dim(d, ndim)).collect()
}

/// Whether a list of wrapped dims repeats one.
fn has_repeats(dims: &[usize]) -> bool {
    let mut sorted: SmallVec<[usize; 8]> = dims.into();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

impl Layout {
    /// The layout of `movedim(source, destination)`: dim `source[i]` moves to
    /// position `destination[i]`; the other dims fill the free positions in
    /// their original order. Checks, in PyTorch's order: equal lengths, every
    /// dim in range, no repeats in `source`, then none in `destination`.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 3, 4]).movedim(&[0], &[-1]).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[3usize, 4, 2][..], &[4isize, 1, 12][..]));
    /// assert_eq!(
    ///     Layout::contiguous(&[2, 3]).movedim(&[0, -2], &[0, 1]).unwrap_err().to_string(),
    ///     "movedim: repeated dim in `source` ([0, -2])"
    /// );
    /// ```
    pub fn movedim(&self, source: &[isize], destination: &[isize]) -> Result<Layout, ViewError> {
        if source.len() != destination.len() {
            return Err(ViewError::runtime(format!(
                "movedim: Invalid source or destination dims: source ({} dims) should contain the same number of dims as destination ({} dims)",
                IntList(source),
                IntList(destination)
            )));
        }
        let ndim = self.ndim();
        let src = wrapped(source, ndim)?;
        let dst = wrapped(destination, ndim)?;
        if has_repeats(&src) {
            return Err(ViewError::runtime(format!(
                "movedim: repeated dim in `source` ({})",
                IntList(source)
            )));
        }
        if has_repeats(&dst) {
            return Err(ViewError::runtime(format!(
                "movedim: repeated dim in `destination` ({})",
                IntList(destination)
            )));
        }
        if ndim == 0 {
            return Ok(self.clone());
        }
        // order[i] = the input dim that lands at position i
        let mut order: SmallVec<[Option<usize>; 8]> = SmallVec::from_elem(None, ndim);
        let mut moved: SmallVec<[bool; 8]> = SmallVec::from_elem(false, ndim);
        for (&s, &d) in src.iter().zip(&dst) {
            order[d] = Some(s);
            moved[s] = true;
        }
        let mut rest = (0..ndim).filter(|&i| !moved[i]);
        let mut out = self.clone();
        let (shape, strides, _) = out.parts_mut();
        for (i, slot) in order.iter().enumerate() {
            // the free positions and the unmoved dims are equally many
            let from = slot.or_else(|| rest.next()).unwrap_or(i);
            shape[i] = self.shape()[from];
            strides[i] = self.strides()[from];
        }
        check_numel(out.shape())?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmoved_dims_keep_their_order() {
        let l = Layout::contiguous(&[2, 3, 4, 5]);
        let m = l.movedim(&[3, 0], &[1, 3]).unwrap();
        // positions 1 and 3 taken by dims 3 and 0; dims 1, 2 fill 0 and 2
        assert_eq!(m.shape(), &[3, 5, 4, 2]);
        assert_eq!(m.strides(), &[20, 1, 5, 60]);
        assert_eq!(l.movedim(&[], &[]).unwrap(), l);
        assert_eq!(l.movedim(&[1], &[1]).unwrap(), l);
    }

    #[test]
    fn moving_a_zero_size_last_can_overflow_the_element_count() {
        let l = Layout::contiguous(&[isize::MAX as usize, 0, 2, 2]);
        assert_eq!(
            l.movedim(&[0], &[2]).unwrap().shape(),
            &[0, 2, isize::MAX as usize, 2]
        );
        assert_eq!(
            l.movedim(&[1], &[3]).unwrap_err().to_string(),
            "numel: integer multiplication overflow"
        );
    }

    #[test]
    fn zero_d_accepts_dim_0_and_minus_1() {
        let scalar = Layout::contiguous(&[]);
        assert_eq!(scalar.movedim(&[0], &[-1]).unwrap(), scalar);
        assert_eq!(
            scalar.movedim(&[0], &[1]).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
        assert_eq!(
            scalar.movedim(&[0, -1], &[0, 0]).unwrap_err().to_string(),
            "movedim: repeated dim in `source` ([0, -1])"
        );
    }

    #[test]
    fn errors_in_pytorchs_order() {
        let l = Layout::contiguous(&[2, 3]);
        assert_eq!(
            l.movedim(&[0, 9], &[1]).unwrap_err().to_string(),
            "movedim: Invalid source or destination dims: source ([0, 9] dims) should contain the same number of dims as destination ([1] dims)"
        );
        // range of destination before repeats in source
        assert!(l
            .movedim(&[0, 0], &[0, 5])
            .unwrap_err()
            .to_string()
            .starts_with("Dimension out of range"));
        assert_eq!(
            l.movedim(&[0, 1], &[1, -1]).unwrap_err().to_string(),
            "movedim: repeated dim in `destination` ([1, -1])"
        );
        assert!(l.movedim(&[isize::MIN], &[0]).is_err());
    }
}
