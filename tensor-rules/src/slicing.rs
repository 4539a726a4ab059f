//! `narrow`, `select`, `split`, `split_with_sizes` and `chunk`: PyTorch's
//! checks in its order, their messages, and the pieces' sizes.
//!
//! Each op's checks come in two steps, so that a caller who knows only part
//! of the input (the macros: a named dim's size, a run-time argument) runs
//! the first and leaves the second to run time: first what needs only the
//! rank and the literal arguments (`*_dim`, which also wraps the dim), then
//! what needs the dim's size.

use std::fmt::Display;

use crate::dims::{range_of, wrap};
use crate::RuleError;

/// `dim` wrapped for a tensor of `rank` dims, or [`RuleError::DimOutOfRange`].
///
/// ```
/// use tensor_rules::slicing::wrap_dim;
/// assert_eq!(wrap_dim(-1, 2), Ok(1));
/// assert!(wrap_dim(2, 2).is_err());
/// ```
#[inline]
pub fn wrap_dim(dim: i128, rank: usize) -> Result<usize, RuleError> {
    wrap(dim, rank).ok_or_else(|| {
        let (min, max) = range_of(rank);
        RuleError::DimOutOfRange { dim, min, max }
    })
}

/// `narrow(dim, start, length)`'s first checks: not 0-d, `length >= 0`,
/// `dim` in range. The wrapped dim.
///
/// ```
/// use tensor_rules::slicing::narrow_dim;
/// assert_eq!(narrow_dim(2, -1, 3), Ok(1));
/// assert_eq!(narrow_dim(2, 0, -1).unwrap_err().to_string(), "narrow(): length must be non-negative.");
/// ```
pub fn narrow_dim(rank: usize, dim: i128, length: i128) -> Result<usize, RuleError> {
    if rank == 0 {
        return Err(RuleError::Runtime(
            "narrow() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    if length < 0 {
        return Err(RuleError::Runtime(
            "narrow(): length must be non-negative.".into(),
        ));
    }
    wrap_dim(dim, rank)
}

/// `narrow`'s checks of `start` against the dim's `size`: in
/// `[-size, size]`, and `start + length <= size`. The start, wrapped.
///
/// ```
/// use tensor_rules::slicing::narrow_start;
/// assert_eq!(narrow_start(5, -3, 2), Ok(2));
/// assert_eq!(
///     narrow_start(4, 3, 5).unwrap_err().to_string(),
///     "start (3) + length (5) exceeds dimension size (4)."
/// );
/// ```
pub fn narrow_start(size: i128, start: i128, length: i128) -> Result<i128, RuleError> {
    if start < -size || start > size {
        return Err(RuleError::Index(format!(
            "start out of range (expected to be in range of [{}, {size}], but got {start})",
            -size
        )));
    }
    let start = if start < 0 { start + size } else { start };
    if start > size - length {
        return Err(RuleError::Runtime(format!(
            "start ({start}) + length ({length}) exceeds dimension size ({size})."
        )));
    }
    Ok(start)
}

/// `select(dim, index)`'s first checks: not 0-d, `dim` in range. The wrapped dim.
///
/// ```
/// use tensor_rules::slicing::select_dim;
/// assert_eq!(select_dim(0, 0).unwrap_err().to_string(), "select() cannot be applied to a 0-dim tensor.");
/// ```
pub fn select_dim(rank: usize, dim: i128) -> Result<usize, RuleError> {
    if rank == 0 {
        return Err(RuleError::Index(
            "select() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    wrap_dim(dim, rank)
}

/// `select`'s check of `index` against the `size` of dim `dim` of a tensor
/// of `shape` (as printed). The index, wrapped.
///
/// ```
/// use tensor_rules::slicing::select_index;
/// assert_eq!(select_index(4, -1, 0, "[4, 2]"), Ok(3));
/// assert_eq!(
///     select_index(4, 4, 0, "[4, 2]").unwrap_err().to_string(),
///     "select(): index 4 out of range for tensor of size [4, 2] at dimension 0"
/// );
/// ```
pub fn select_index(
    size: i128,
    index: i128,
    dim: usize,
    shape: impl Display,
) -> Result<i128, RuleError> {
    if index < -size || index >= size {
        return Err(RuleError::Index(format!(
            "select(): index {index} out of range for tensor of size {shape} at dimension {dim}"
        )));
    }
    Ok(if index < 0 { index + size } else { index })
}

/// `split(split_size, dim)`'s first checks: not 0-d, `split_size >= 0`,
/// `dim` in range. The wrapped dim.
///
/// ```
/// use tensor_rules::slicing::split_dim;
/// assert_eq!(
///     split_dim(1, -2, 0).unwrap_err().to_string(),
///     "split expects split_size be non-negative, but got split_size=-2"
/// );
/// ```
pub fn split_dim(rank: usize, split_size: i128, dim: i128) -> Result<usize, RuleError> {
    if rank == 0 {
        return Err(RuleError::Runtime(
            "split expects at least a 1-dimensional tensor".into(),
        ));
    }
    if split_size < 0 {
        return Err(RuleError::Runtime(format!(
            "split expects split_size be non-negative, but got split_size={split_size}"
        )));
    }
    wrap_dim(dim, rank)
}

/// The pieces of a dim of `dim_size` cut every `split_size` (the last one
/// shorter; an empty dim gives one empty piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The dim's size.
    pub dim_size: u128,
    /// The size of each piece but the last.
    pub split_size: u128,
    /// How many pieces.
    pub count: u128,
}

impl Pieces {
    /// Piece `i`'s start and length.
    ///
    /// ```
    /// let p = tensor_rules::slicing::split_pieces(5, 2).unwrap();
    /// assert_eq!((p.count, p.piece(2)), (3, (4, 1)));
    /// ```
    pub fn piece(&self, i: u128) -> (u128, u128) {
        let start = i * self.split_size;
        let len = if i + 1 < self.count {
            self.split_size
        } else {
            self.dim_size - start
        };
        (start, len)
    }
}

/// `split`'s check of the dim's size (a split size of 0 only for an empty
/// dim) and its pieces.
///
/// ```
/// use tensor_rules::slicing::split_pieces;
/// assert_eq!(split_pieces(0, 0).unwrap().count, 1);
/// assert_eq!(
///     split_pieces(3, 0).unwrap_err().to_string(),
///     "split_size can only be 0 if dimension size is 0, but got dimension size of 3"
/// );
/// ```
pub fn split_pieces(dim_size: u128, split_size: u128) -> Result<Pieces, RuleError> {
    if split_size == 0 && dim_size != 0 {
        return Err(RuleError::Runtime(format!(
            "split_size can only be 0 if dimension size is 0, but got dimension size of {dim_size}"
        )));
    }
    let count = if split_size == 0 {
        1
    } else {
        dim_size.div_ceil(split_size).max(1)
    };
    Ok(Pieces {
        dim_size,
        split_size,
        count,
    })
}

/// `split_with_sizes(split_sizes, dim)`'s first checks: not 0-d, `dim` in
/// range. The wrapped dim.
///
/// ```
/// assert_eq!(tensor_rules::slicing::split_with_sizes_dim(2, -1), Ok(1));
/// ```
pub fn split_with_sizes_dim(rank: usize, dim: i128) -> Result<usize, RuleError> {
    if rank == 0 {
        return Err(RuleError::Runtime(
            "split expects at least a 1-dimensional tensor".into(),
        ));
    }
    wrap_dim(dim, rank)
}

/// `split_with_sizes`' checks of the sizes: none negative, and their sum
/// the dim's size (`dim` as given prints in the message).
///
/// ```
/// use tensor_rules::slicing::check_split_sizes;
/// assert!(check_split_sizes(&[1, 4], 5, -1).is_ok());
/// assert_eq!(
///     check_split_sizes(&[5, 1], 5, 1).unwrap_err().to_string(),
///     "split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 1), but got split_sizes=[5, 1]"
/// );
/// ```
pub fn check_split_sizes<I: crate::infer::Int + Display>(
    split_sizes: &[I],
    dim_size: u128,
    dim: impl Display,
) -> Result<(), RuleError> {
    if split_sizes.iter().any(|s| s.value() < 0) {
        return Err(RuleError::Runtime(format!(
            "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes={}",
            crate::int_list(split_sizes)
        )));
    }
    let total = split_sizes
        .iter()
        .try_fold(0u128, |t, s| t.checked_add(s.value() as u128));
    if total != Some(dim_size) {
        return Err(RuleError::Runtime(format!(
            "split_with_sizes expects split_sizes to sum exactly to {dim_size} (input tensor's size at dimension {dim}), but got split_sizes={}",
            crate::int_list(split_sizes)
        )));
    }
    Ok(())
}

/// `chunk(chunks, dim)`'s first checks: not 0-d, `chunks > 0`, `dim` in
/// range. The wrapped dim. (The pieces are `split`'s, of PyTorch's
/// `ceil(size / chunks)`; an empty dim gives `chunks` empty pieces.)
///
/// ```
/// use tensor_rules::slicing::chunk_dim;
/// assert_eq!(
///     chunk_dim(1, 0, 0).unwrap_err().to_string(),
///     "chunk expects `chunks` to be greater than 0, got: 0"
/// );
/// ```
pub fn chunk_dim(rank: usize, chunks: i128, dim: i128) -> Result<usize, RuleError> {
    if rank == 0 {
        return Err(RuleError::Runtime(
            "chunk expects at least a 1-dimensional tensor".into(),
        ));
    }
    if chunks <= 0 {
        return Err(RuleError::Runtime(format!(
            "chunk expects `chunks` to be greater than 0, got: {chunks}"
        )));
    }
    wrap_dim(dim, rank)
}
