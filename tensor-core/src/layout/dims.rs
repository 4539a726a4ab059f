//! Small helpers on dimension lists: inline storage, dim wrapping, checked products.

use smallvec::SmallVec;

use crate::ViewError;

/// Number of dims kept inline (no heap allocation) in a shape or stride list.
///
/// ```
/// use tensor_core::layout::{Layout, INLINE_DIMS};
/// let l = Layout::contiguous(&[1; INLINE_DIMS]);
/// assert_eq!(l.ndim(), INLINE_DIMS); // a rank-6 layout lives inline
/// ```
pub const INLINE_DIMS: usize = 6;

/// A shape: sizes of each dimension, inline up to [`INLINE_DIMS`] dims.
///
/// ```
/// use tensor_core::layout::Dims;
/// let d: Dims = Dims::from_slice(&[2, 3]);
/// assert!(!d.spilled()); // no heap allocation
/// ```
pub type Dims = SmallVec<[usize; INLINE_DIMS]>;

/// Strides in elements, one per dimension, inline up to [`INLINE_DIMS`] dims.
///
/// ```
/// use tensor_core::layout::{contiguous_strides, Strides};
/// let s: Strides = contiguous_strides(&[2, 3]);
/// assert_eq!(s.as_slice(), &[3, 1]);
/// ```
pub type Strides = SmallVec<[isize; INLINE_DIMS]>;

/// Wraps a possibly negative `dim` into `0..ndim`, as PyTorch's `maybe_wrap_dim`.
///
/// A 0-d tensor accepts `dim` in `[-1, 0]` (PyTorch treats it as rank 1 here).
///
/// ```
/// use tensor_core::layout::wrap_dim;
/// assert_eq!(wrap_dim(-1, 3), Ok(2));
/// assert_eq!(wrap_dim(0, 0), Ok(0));
/// assert_eq!(
///     wrap_dim(3, 3).unwrap_err().to_string(),
///     "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
/// );
/// ```
#[inline]
pub fn wrap_dim(dim: isize, ndim: usize) -> Result<usize, ViewError> {
    tensor_rules::dims::wrap(dim as i128, ndim).ok_or_else(|| {
        let (min, max) = tensor_rules::dims::range_of(ndim);
        // The range is within `[-ndim, ndim - 1]` (or `[-1, 0]`), so an `isize`.
        ViewError::DimOutOfRange {
            dim,
            min: min as isize,
            max: max as isize,
        }
    })
}

/// A broken rule of `tensor_rules` as the [`ViewError`] PyTorch raises.
pub(crate) fn rule_error(e: tensor_rules::RuleError) -> ViewError {
    match e {
        // The dim came from an `isize` and the range from a rank.
        tensor_rules::RuleError::DimOutOfRange { dim, min, max } => ViewError::DimOutOfRange {
            dim: dim as isize,
            min: min as isize,
            max: max as isize,
        },
        tensor_rules::RuleError::Index(m) => ViewError::with_kind(crate::ErrorKind::IndexError, m),
        tensor_rules::RuleError::Runtime(m) => ViewError::runtime(m),
    }
}

/// `dim` wrapped into `0..ndim` (negative counts from the end), or `None`
/// when out of range or `ndim` is 0: the quick paths' form of
/// [`wrap_dim`], which leaves the error (and the 0-d rule) to their checked
/// paths without building an error they would drop.
#[inline]
pub(crate) fn wrapped_dim(dim: isize, ndim: usize) -> Option<usize> {
    let n = ndim as isize;
    (dim >= -n && dim < n).then(|| if dim < 0 { dim + n } else { dim } as usize)
}

/// Product of `sizes`, or [`ViewError::SizeOverflow`] when it does not fit a `usize`.
///
/// ```
/// use tensor_core::layout::checked_numel;
/// assert_eq!(checked_numel(&[2, 3, 4]), Ok(24));
/// assert_eq!(checked_numel(&[]), Ok(1));
/// assert!(checked_numel(&[usize::MAX, 2]).is_err());
/// assert_eq!(checked_numel(&[usize::MAX, 2, 0]), Ok(0));
/// ```
pub fn checked_numel(sizes: &[usize]) -> Result<usize, ViewError> {
    if sizes.contains(&0) {
        return Ok(0);
    }
    sizes
        .iter()
        .try_fold(1usize, |acc, &s| acc.checked_mul(s))
        .ok_or_else(|| ViewError::SizeOverflow {
            sizes: sizes.to_vec(),
        })
}

/// PyTorch's check when a tensor gets new sizes (`safe_compute_numel`): the
/// product of the sizes, taken left to right, must never overflow and must end
/// within `int64`. A 0 late in the list does not excuse an overflow before it,
/// so reordering dims can fail.
#[inline]
pub(crate) fn check_numel(shape: &[usize]) -> Result<(), ViewError> {
    let mut product: u64 = 1;
    let mut overflowed = false;
    for &size in shape {
        let (next, o) = product.overflowing_mul(size as u64);
        product = next;
        overflowed |= o;
    }
    if overflowed || product > i64::MAX as u64 {
        return Err(ViewError::runtime("numel: integer multiplication overflow"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_dim_agrees_with_wrap_dim_except_on_0d() {
        for ndim in 1..5 {
            for dim in -6..6 {
                assert_eq!(
                    wrapped_dim(dim, ndim),
                    wrap_dim(dim, ndim).ok(),
                    "{dim} of {ndim}"
                );
            }
        }
        assert_eq!(wrapped_dim(0, 0), None, "0-d is left to the checked paths");
        assert_eq!(wrapped_dim(-1, 0), None);
    }

    #[test]
    fn wrap_dim_accepts_exactly_pytorchs_range() {
        for ndim in 1..5usize {
            let n = ndim as isize;
            for d in -n..n {
                assert_eq!(wrap_dim(d, ndim).unwrap() as isize, d.rem_euclid(n));
            }
            assert!(wrap_dim(n, ndim).is_err());
            assert!(wrap_dim(-n - 1, ndim).is_err());
        }
        assert_eq!(wrap_dim(-1, 0), Ok(0));
        assert_eq!(
            wrap_dim(1, 0).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
        assert!(wrap_dim(isize::MIN, 3).is_err());
        assert!(wrap_dim(isize::MAX, 3).is_err());
    }
}
