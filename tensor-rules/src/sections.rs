//! `tensor_split`, `hsplit`/`vsplit`/`dsplit` and `unbind`: PyTorch's
//! checks, their messages, and the sizes of `tensor_split`'s sections, for
//! the runtime's layouts and the macros' typed pieces alike.
//!
//! As in [`slicing`](crate::slicing), what needs only the rank and the
//! literal arguments comes first (`*_dim`), then what needs the dim's size.

use crate::slicing::wrap_dim;
use crate::RuleError;

/// `tensor_split`'s first checks: not 0-d, `dim` in range. The wrapped dim.
///
/// ```
/// use tensor_rules::sections::tensor_split_dim;
/// assert_eq!(tensor_split_dim(2, -1), Ok(1));
/// assert_eq!(
///     tensor_split_dim(0, 0).unwrap_err().to_string(),
///     "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
/// );
/// ```
pub fn tensor_split_dim(rank: usize, dim: i128) -> Result<usize, RuleError> {
    if rank == 0 {
        return Err(RuleError::Runtime(
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
                .into(),
        ));
    }
    wrap_dim(dim, rank)
}

/// `tensor_split`'s check of a number of sections: at least 1. The count.
///
/// ```
/// use tensor_rules::sections::section_count;
/// assert_eq!(section_count(3), Ok(3));
/// assert_eq!(section_count(0).unwrap_err().to_string(), "number of sections must be larger than 0, got 0");
/// ```
pub fn section_count(count: i128) -> Result<u128, RuleError> {
    if count <= 0 {
        return Err(RuleError::Runtime(format!(
            "number of sections must be larger than 0, got {count}"
        )));
    }
    Ok(count as u128)
}

/// The length of section `i` of `count` (at least 1) of a dim of `size`:
/// as equal as possible, the first `size % count` one longer.
///
/// ```
/// use tensor_rules::sections::section_length;
/// let lengths: Vec<u128> = (0..3).map(|i| section_length(7, 3, i)).collect();
/// assert_eq!(lengths, [3, 2, 2]);
/// ```
pub fn section_length(size: u128, count: u128, i: u128) -> u128 {
    size / count + u128::from(i < size % count)
}

/// `hsplit`, `vsplit` or `dsplit` (`name`) of a tensor of `rank` dims: the
/// dim it cuts (`hsplit`: 1, or 0 of a 1-d tensor; `vsplit`: 0; `dsplit`:
/// 2), once the tensor has at least the dims that needs (1, 2, 3).
///
/// ```
/// use tensor_rules::sections::directional_dim;
/// assert_eq!(directional_dim("hsplit", 1), Ok(0));
/// assert_eq!(directional_dim("hsplit", 3), Ok(1));
/// assert_eq!(
///     directional_dim("dsplit", 2).unwrap_err().to_string(),
///     "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 dimensions!"
/// );
/// ```
pub fn directional_dim(name: &str, rank: usize) -> Result<usize, RuleError> {
    let (min_dims, dim) = match name {
        "hsplit" => (1, usize::from(rank != 1)),
        "vsplit" => (2, 0),
        _ => (3, 2),
    };
    if rank < min_dims {
        return Err(RuleError::Runtime(format!(
            "torch.{name} requires a tensor with at least {min_dims} dimension, but got a tensor with {rank} dimensions!"
        )));
    }
    Ok(dim)
}

/// The indices of `hsplit`/`vsplit`/`dsplit`: PyTorch hands them on as
/// SymInts, which cannot hold ints below -2^62.
///
/// ```
/// use tensor_rules::sections::directional_indices;
/// assert!(directional_indices([1, -2]).is_ok());
/// assert_eq!(
///     directional_indices([-(1 << 62) - 1]).unwrap_err().to_string(),
///     "IntArrayRef contains an int that cannot be represented as a SymInt: -4611686018427387905"
/// );
/// ```
pub fn directional_indices(indices: impl IntoIterator<Item = i128>) -> Result<(), RuleError> {
    match indices.into_iter().find(|&v| v < -(1 << 62)) {
        Some(v) => Err(RuleError::Runtime(format!(
            "IntArrayRef contains an int that cannot be represented as a SymInt: {v}"
        ))),
        None => Ok(()),
    }
}

/// The section count of `hsplit`/`vsplit`/`dsplit` (`name`) along `dim` of
/// `size`: it divides the size (C++'s `%`, which truncates towards zero as
/// Rust's does; 0 never divides).
///
/// ```
/// use tensor_rules::sections::directional_count;
/// assert!(directional_count("vsplit", 0, 4, 2).is_ok());
/// assert_eq!(
///     directional_count("hsplit", 1, 5, 2).unwrap_err().to_string(),
///     "torch.hsplit attempted to split along dimension 1, but the size of the dimension 5 is not divisible by the split_size 2!"
/// );
/// ```
pub fn directional_count(name: &str, dim: usize, size: u128, count: i128) -> Result<(), RuleError> {
    if count == 0 || (size as i128) % count != 0 {
        return Err(RuleError::Runtime(format!(
            "torch.{name} attempted to split along dimension {dim}, but the size of the dimension {size} is not divisible by the split_size {count}!"
        )));
    }
    Ok(())
}

/// `unbind(dim)`'s checks: `dim` in range, then not 0-d (an `IndexError`,
/// PyTorch's `size(dim)` of a 0-d tensor). The wrapped dim.
///
/// ```
/// use tensor_rules::sections::unbind_dim;
/// assert_eq!(unbind_dim(2, -1), Ok(1));
/// assert_eq!(
///     unbind_dim(0, -1).unwrap_err().to_string(),
///     "Dimension specified as 0 but tensor has no dimensions"
/// );
/// ```
pub fn unbind_dim(rank: usize, dim: i128) -> Result<usize, RuleError> {
    let d = wrap_dim(dim, rank)?;
    if rank == 0 {
        return Err(RuleError::Index(format!(
            "Dimension specified as {d} but tensor has no dimensions"
        )));
    }
    Ok(d)
}
