//! Dim wrapping, as PyTorch's `maybe_wrap_dim`, and its message.

use std::fmt::Display;

/// The range of dims a tensor of `rank` dims accepts: `(-rank, rank - 1)`,
/// and `(-1, 0)` for a 0-d tensor (PyTorch treats it as rank 1 here).
///
/// ```
/// assert_eq!(tensor_rules::dims::range_of(3), (-3, 2));
/// assert_eq!(tensor_rules::dims::range_of(0), (-1, 0));
/// ```
#[inline]
pub fn range_of(rank: usize) -> (i128, i128) {
    let n = rank.max(1) as i128;
    (-n, n - 1)
}

/// `dim` wrapped into `0..rank` (negative counts from the end), or `None`
/// when out of [`range_of`] `rank`.
///
/// ```
/// use tensor_rules::dims::wrap;
/// assert_eq!(wrap(-1, 3), Some(2));
/// assert_eq!(wrap(0, 0), Some(0));
/// assert_eq!(wrap(3, 3), None);
/// ```
#[inline]
pub fn wrap(dim: i128, rank: usize) -> Option<usize> {
    let (min, max) = range_of(rank);
    if dim < min || dim > max {
        None
    } else if dim < 0 {
        Some((dim - min) as usize)
    } else {
        Some(dim as usize)
    }
}

/// PyTorch's message for a dim outside `[min, max]`.
///
/// ```
/// assert_eq!(
///     tensor_rules::dims::out_of_range(3, -3, 2),
///     "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
/// );
/// ```
pub fn out_of_range(dim: impl Display, min: impl Display, max: impl Display) -> String {
    format!("Dimension out of range (expected to be in range of [{min}, {max}], but got {dim})")
}

/// [`wrap`], or its message.
///
/// ```
/// use tensor_rules::dims::wrap_or_message;
/// assert_eq!(wrap_or_message(-2, 2), Ok(0));
/// assert_eq!(
///     wrap_or_message(1, 0).unwrap_err(),
///     "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
/// );
/// ```
pub fn wrap_or_message(dim: i128, rank: usize) -> Result<usize, String> {
    wrap(dim, rank).ok_or_else(|| {
        let (min, max) = range_of(rank);
        out_of_range(dim, min, max)
    })
}

/// The rule a list of dims breaks by naming one dim twice, and its message
/// in PyTorch's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// `permute`: "permute(): duplicate dims are not allowed."
    Permute,
    /// `sum`/`mean`/`amax`/... and `squeeze(dims)`: "dim 1 appears multiple
    /// times in the list of dims".
    Reduce,
}

impl Repeat {
    /// PyTorch's message for the wrapped dim `dim` listed twice.
    ///
    /// ```
    /// use tensor_rules::dims::Repeat;
    /// assert_eq!(Repeat::Permute.message(0), "permute(): duplicate dims are not allowed.");
    /// assert_eq!(Repeat::Reduce.message(1), "dim 1 appears multiple times in the list of dims");
    /// ```
    pub fn message(self, dim: usize) -> String {
        match self {
            Repeat::Permute => String::from("permute(): duplicate dims are not allowed."),
            Repeat::Reduce => format!("dim {dim} appears multiple times in the list of dims"),
        }
    }
}

/// Records the wrapped dim `dim` in `seen` (one flag per dim of the
/// tensor, one flag for a 0-d tensor): PyTorch's message when the list
/// named it before.
///
/// ```
/// use tensor_rules::dims::{list_once, Repeat};
/// let mut seen = [false; 3];
/// assert_eq!(list_once(&mut seen, 2, Repeat::Reduce), Ok(()));
/// assert_eq!(
///     list_once(&mut seen, 2, Repeat::Reduce).unwrap_err(),
///     "dim 2 appears multiple times in the list of dims"
/// );
/// ```
#[inline]
pub fn list_once(seen: &mut [bool], dim: usize, rule: Repeat) -> Result<(), String> {
    if std::mem::replace(&mut seen[dim], true) {
        Err(rule.message(dim))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_accepts_exactly_pytorchs_range() {
        for rank in 1..6usize {
            let n = rank as i128;
            for d in -n..n {
                assert_eq!(wrap(d, rank), Some(d.rem_euclid(n) as usize));
            }
            assert_eq!(wrap(n, rank), None);
            assert_eq!(wrap(-n - 1, rank), None);
        }
        assert_eq!(wrap(-1, 0), Some(0));
        assert_eq!(wrap(1, 0), None);
        assert_eq!(wrap(i128::MIN, 3), None);
        assert_eq!(wrap(i128::MAX, 3), None);
    }
}
