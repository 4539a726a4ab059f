//! `view`'s and `reshape`'s `-1`, as PyTorch's `infer_size`, and its messages.
//!
//! The checks run in PyTorch's order: left to right, a second `-1` or a dim
//! below `-1` fails as it is met ([`check_dims`], which the macros also run
//! on lists with names in them); then ([`infer`]) the `-1` is inferred when
//! the known dims divide the input's size, a `-1` among known dims whose
//! product is 0 is ambiguous, and otherwise the product must equal the size.
//! A product of the known dims beyond `usize` fits no tensor: invalid.

use std::fmt::Display;

/// A dim of a requested shape as the rules read it.
pub trait Int: Copy {
    /// Its value.
    fn value(self) -> i128;
}

impl Int for isize {
    #[inline]
    fn value(self) -> i128 {
        self as i128
    }
}

impl Int for i32 {
    #[inline]
    fn value(self) -> i128 {
        self as i128
    }
}

impl Int for i64 {
    #[inline]
    fn value(self) -> i128 {
        self as i128
    }
}

impl Int for i128 {
    #[inline]
    fn value(self) -> i128 {
        self
    }
}

/// What is wrong with a requested shape; [`InferError::message`] gives
/// PyTorch's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InferError {
    /// A second `-1`.
    OnlyOne {
        /// Its position.
        index: usize,
    },
    /// A dim below `-1`.
    InvalidDim {
        /// The dim.
        value: i128,
        /// Its position.
        index: usize,
    },
    /// A `-1` among known dims whose product is 0, for an empty input.
    Ambiguous,
    /// The dims do not hold the input's elements.
    Invalid,
}

impl InferError {
    /// PyTorch's message, with the shape as written and the input's size.
    ///
    /// ```
    /// use tensor_rules::infer::InferError;
    /// assert_eq!(InferError::Invalid.message("[5, -1]", 16), "shape '[5, -1]' is invalid for input of size 16");
    /// ```
    pub fn message(self, shape: impl Display, numel: impl Display) -> String {
        match self {
            InferError::OnlyOne { .. } => only_one().into(),
            InferError::InvalidDim { value, index } => invalid_dim(value, index, shape),
            InferError::Ambiguous => ambiguous(numel, shape),
            InferError::Invalid => invalid(shape, numel),
        }
    }
}

/// "only one dimension can be inferred".
///
/// ```
/// assert_eq!(tensor_rules::infer::only_one(), "only one dimension can be inferred");
/// ```
pub fn only_one() -> &'static str {
    "only one dimension can be inferred"
}

/// A dim below `-1` at `index` of `shape`.
///
/// ```
/// assert_eq!(
///     tensor_rules::infer::invalid_dim(-2, 0, "[-2, 8]"),
///     "invalid shape dimension -2 at index 0 of shape [-2, 8]"
/// );
/// ```
pub fn invalid_dim(value: impl Display, index: usize, shape: impl Display) -> String {
    format!("invalid shape dimension {value} at index {index} of shape {shape}")
}

/// A `-1` that any size would satisfy.
///
/// ```
/// assert_eq!(
///     tensor_rules::infer::ambiguous(0, "[-1, 0]"),
///     "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 can be any value and is ambiguous"
/// );
/// ```
pub fn ambiguous(numel: impl Display, shape: impl Display) -> String {
    format!(
        "cannot reshape tensor of {numel} elements into shape {shape} because the unspecified dimension size -1 can be any value and is ambiguous"
    )
}

/// A shape that does not hold the input's `numel` elements.
///
/// ```
/// assert_eq!(
///     tensor_rules::infer::invalid("[3, 3]", 16),
///     "shape '[3, 3]' is invalid for input of size 16"
/// );
/// ```
pub fn invalid(shape: impl Display, numel: impl Display) -> String {
    format!("shape '{shape}' is invalid for input of size {numel}")
}

/// The checks that need no input, left to right: at most one `-1`, no dim
/// below `-1`. `None` stands for a dim the caller cannot read (a name).
/// The position of the `-1`, if any.
///
/// ```
/// use tensor_rules::infer::{check_dims, InferError};
/// assert_eq!(check_dims([Some(4), Some(-1), None]), Ok(Some(1)));
/// assert_eq!(check_dims([Some(-1), Some(-1), Some(-2)]), Err(InferError::OnlyOne { index: 1 }));
/// ```
pub fn check_dims(
    dims: impl IntoIterator<Item = Option<i128>>,
) -> Result<Option<usize>, InferError> {
    let mut inferred = None;
    for (index, dim) in dims.into_iter().enumerate() {
        match dim {
            Some(-1) if inferred.is_some() => return Err(InferError::OnlyOne { index }),
            Some(-1) => inferred = Some(index),
            Some(value) if value < -1 => return Err(InferError::InvalidDim { value, index }),
            _ => {}
        }
    }
    Ok(inferred)
}

/// The product of the dims other than `-1` (negative ones skipped), `None`
/// when it exceeds `usize`; 0 when any is 0, whatever the others.
///
/// ```
/// use tensor_rules::infer::known_product;
/// assert_eq!(known_product(&[4isize, -1, 2]), Some(8));
/// assert_eq!(known_product(&[isize::MAX, isize::MAX, 0]), Some(0));
/// assert_eq!(known_product(&[isize::MAX, isize::MAX]), None);
/// ```
#[inline]
pub fn known_product<I: Int>(shape: &[I]) -> Option<usize> {
    let mut known: Option<usize> = Some(1);
    let mut has_zero = false;
    for d in shape {
        let d = d.value();
        if d >= 0 {
            has_zero |= d == 0;
            known = known.and_then(|k| usize::try_from(d).ok().and_then(|d| k.checked_mul(d)));
        }
    }
    if has_zero {
        Some(0)
    } else {
        known
    }
}

/// PyTorch's `infer_size` of `shape` for an input of `numel` elements: the
/// size of the `-1` and its position (`None` when there is none), or what is
/// wrong.
///
/// ```
/// use tensor_rules::infer::{infer, InferError};
/// assert_eq!(infer(&[-1isize, 8], 16), Ok(Some((0, 2))));
/// assert_eq!(infer(&[2isize, 8], 16), Ok(None));
/// assert_eq!(infer(&[5isize, -1], 16), Err(InferError::Invalid));
/// assert_eq!(infer(&[-1isize, 0], 0), Err(InferError::Ambiguous));
/// ```
#[inline]
pub fn infer<I: Int>(shape: &[I], numel: usize) -> Result<Option<(usize, usize)>, InferError> {
    let inferred = check_dims(shape.iter().map(|d| Some(d.value())))?;
    match (inferred, known_product(shape)) {
        (Some(i), Some(k)) if k > 0 && numel.is_multiple_of(k) => Ok(Some((i, numel / k))),
        (_, Some(k)) if k == numel => match inferred {
            // k == numel == 0 here: any size would do.
            Some(_) => Err(InferError::Ambiguous),
            None => Ok(None),
        },
        _ => Err(InferError::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the definition on small shapes: a shape is accepted exactly
    /// when one size of the `-1` (or none) makes the product `numel`, and
    /// that size is unique.
    #[test]
    fn infer_follows_the_definition() {
        let dims = [-2isize, -1, 0, 1, 2, 3];
        for a in dims {
            for b in dims {
                for numel in 0..8usize {
                    let shape = [a, b];
                    let minus = shape.iter().filter(|&&d| d == -1).count();
                    let got = infer(&shape, numel);
                    if shape.iter().any(|&d| d < -1) || minus > 1 {
                        assert!(matches!(
                            got,
                            Err(InferError::OnlyOne { .. } | InferError::InvalidDim { .. })
                        ));
                        continue;
                    }
                    let product = |fill: usize| -> usize {
                        shape
                            .iter()
                            .map(|&d| if d == -1 { fill } else { d as usize })
                            .product()
                    };
                    let fits: Vec<usize> = (0..9).filter(|&f| product(f) == numel).collect();
                    match got {
                        Ok(None) => assert!(minus == 0 && product(0) == numel),
                        Ok(Some((i, size))) => {
                            assert_eq!(shape[i], -1);
                            assert_eq!(fits, vec![size], "{shape:?} {numel}");
                        }
                        Err(InferError::Ambiguous) => assert!(fits.len() > 1),
                        Err(InferError::Invalid) => {
                            assert!(fits.is_empty() || minus == 0 && product(0) != numel)
                        }
                        Err(e) => panic!("{shape:?} {numel}: {e:?}"),
                    }
                }
            }
        }
    }
}
