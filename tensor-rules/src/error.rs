//! What a rule that can fail in more than one kind of way returns: the
//! callers map each kind to their own error (PyTorch raises `IndexError`
//! for some, `RuntimeError` for the rest).

use std::fmt;

/// A broken rule, as PyTorch reports it.
///
/// ```
/// use tensor_rules::RuleError;
/// let e = RuleError::DimOutOfRange { dim: 3, min: -3, max: 2 };
/// assert_eq!(e.to_string(), "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A dim outside `[min, max]` (an `IndexError`).
    DimOutOfRange {
        /// The dim given.
        dim: i128,
        /// Lowest accepted.
        min: i128,
        /// Highest accepted.
        max: i128,
    },
    /// PyTorch's `IndexError` with this message.
    Index(String),
    /// PyTorch's `RuntimeError` with this message.
    Runtime(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::DimOutOfRange { dim, min, max } => {
                f.write_str(&crate::dims::out_of_range(dim, min, max))
            }
            RuleError::Index(m) | RuleError::Runtime(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for RuleError {}
