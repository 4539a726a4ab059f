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
