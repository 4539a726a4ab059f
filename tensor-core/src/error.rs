//! [`ViewError`]: every way a view op can fail, displayed in PyTorch's words.
//!
//! Each variant's `Display` text is the message PyTorch raises for the same
//! mistake, character for character, so that code ported from PyTorch (and its
//! tests) read the same errors. [`ViewError::kind`] names the Python exception
//! class PyTorch raises it as.

use std::fmt;

/// Python exception class PyTorch raises an error as.
///
/// ```
/// use tensor_core::{ErrorKind, Tensor};
/// let e = Tensor::<f32>::arange(4).view(&[3]).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::RuntimeError);
/// assert_eq!(ErrorKind::RuntimeError.to_string(), "RuntimeError");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u64)]
pub enum ErrorKind {
    /// `RuntimeError`
    RuntimeError,
    /// `IndexError`
    IndexError,
    /// `ValueError`
    ValueError,
    /// `TypeError`
    TypeError,
    /// `NotImplementedError`
    NotImplementedError,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Formats a list of numbers as PyTorch prints an `IntArrayRef`: `[3, 3]`.
pub(crate) struct IntList<'a, I>(pub &'a [I]);

impl<I: fmt::Display> fmt::Display for IntList<'_, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

/// The error of every fallible tensor op. `Display` is PyTorch's message.
///
/// `Debug` prints PyTorch's message too, after the exception class
/// (`RuntimeError: shape '[3, 3]' is invalid for input of size 16`), so an
/// error returned from `main` through `Box<dyn Error>` or `?` reads as
/// PyTorch's. Match on the variants to inspect an error's fields.
///
/// ```
/// use tensor_core::Tensor;
/// let x = Tensor::<f32>::arange(16);
/// let e = x.view(&[3, 3]).unwrap_err();
/// assert_eq!(e.to_string(), "shape '[3, 3]' is invalid for input of size 16");
/// assert_eq!(
///     format!("{e:?}"),
///     "RuntimeError: shape '[3, 3]' is invalid for input of size 16"
/// );
/// ```
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
#[repr(u64)]
pub enum ViewError {
    /// The requested shape does not hold `numel` elements.
    InvalidShape {
        /// The shape as requested (may contain `-1`).
        shape: Vec<isize>,
        /// Number of elements of the input.
        numel: usize,
    },
    /// More than one `-1` in a shape.
    OnlyOneInferred,
    /// A dimension below `-1` in a shape.
    InvalidShapeDimension {
        /// The offending value.
        value: isize,
        /// Its position.
        index: usize,
        /// The shape as requested.
        shape: Vec<isize>,
    },
    /// `-1` cannot be inferred for a tensor of zero elements.
    AmbiguousInferredDimension {
        /// Number of elements of the input.
        numel: usize,
        /// The shape as requested.
        shape: Vec<isize>,
    },
    /// `view` cannot express the new shape with the input's strides.
    IncompatibleViewStrides,
    /// A dimension index outside `[-ndim, ndim - 1]`.
    DimOutOfRange {
        /// The dim given.
        dim: isize,
        /// Lowest accepted value (`-ndim`, or -1 for a 0-d tensor).
        min: isize,
        /// Highest accepted value (`ndim - 1`, or 0 for a 0-d tensor).
        max: isize,
    },
    /// A dim was given for an op that does not accept 0-d tensors.
    NoDimensions {
        /// The dim given (after wrapping).
        dim: isize,
    },
    /// An element index outside a dimension.
    IndexOutOfBounds {
        /// The index given.
        index: isize,
        /// The dimension.
        dim: usize,
        /// Its size.
        size: usize,
    },
    /// More indices given to `get`/`set` than the tensor has dims (an
    /// `IndexError` in PyTorch, whose text does not repeat the count).
    WrongIndexCount {
        /// Number of indices given.
        given: usize,
        /// The tensor's rank.
        ndim: usize,
    },
    /// A buffer's length does not match the shape asked for.
    DataLengthMismatch {
        /// The shape asked for.
        shape: Vec<usize>,
        /// Length of the data given.
        len: usize,
    },
    /// A size computation overflowed (`numel` or bytes beyond `usize`).
    SizeOverflow {
        /// The sizes.
        sizes: Vec<usize>,
    },
    /// The allocator refused the allocation.
    OutOfMemory {
        /// Bytes asked for.
        bytes: usize,
    },
    /// `start_dim` after `end_dim` in `flatten`.
    FlattenDims,
    /// `into_static()`: the tensor's shape is not the static shape asked for.
    StaticShapeMismatch {
        /// The static shape asked for.
        expected: Vec<usize>,
        /// The tensor's shape.
        actual: Vec<usize>,
    },
    /// `into_static()` into a partly-dynamic shape (`Shape![B, 3]`): the
    /// tensor's rank, static dims or repeated symbols do not match.
    TypedShapeMismatch {
        /// The shape asked for, as written (`[B, 3]`).
        expected: String,
        /// The tensor's shape.
        actual: Vec<usize>,
    },
    /// `into_static()` into a partly-dynamic shape that names some symbols
    /// only inside products (`Shape![B * T, 768]`) of a tensor that does not
    /// carry their sizes: the shape cannot tell them apart.
    NamedSizesApart {
        /// The shape asked for, as written (`[B*T, 768]`).
        expected: String,
        /// The tensor's shape.
        actual: Vec<usize>,
        /// The symbols whose sizes are unknown (`B and T`).
        symbols: String,
    },
    /// `into_static()` into a contiguous static shape: the tensor's strides are
    /// not the row-major strides of its shape.
    StaticStridesMismatch {
        /// The row-major strides the static shape promises.
        expected: Vec<isize>,
        /// The tensor's strides.
        actual: Vec<isize>,
    },
    /// A write to a storage this thread holds an `ndarray_view()` guard of
    /// (a read lock, held while the guard lives). Waiting would never end,
    /// so the write fails at once (PyTorch has no such case). Writes inside
    /// `map`/`zip_map` closures never fail so: the closures run over
    /// copies, with no lock held.
    ///
    /// ```
    /// # #[cfg(feature = "ndarray")] {
    /// use tensor_core::{ViewError, Tensor};
    /// let x = Tensor::<f32>::arange(3);
    /// let guard = x.ndarray_view().unwrap();
    /// assert_eq!(x.set(&[0], 9.0), Err(ViewError::ReadHeldByThisThread));
    /// drop(guard);
    /// x.set(&[0], 9.0).unwrap();
    /// let y = x.map(|v| {
    ///     x.set(&[1], -1.0).unwrap(); // fine: no lock is held
    ///     v
    /// });
    /// assert_eq!((x.to_vec(), y.to_vec()), (vec![9.0, -1.0, 2.0], vec![9.0, 1.0, 2.0]));
    /// # }
    /// ```
    ReadHeldByThisThread,
    /// Any other error with PyTorch's message (for ops whose messages are many
    /// and specific, such as the split family's).
    Message {
        /// Python exception class.
        kind: ErrorKind,
        /// PyTorch's text.
        message: String,
    },
}

impl ViewError {
    /// The Python exception class PyTorch raises this error as.
    ///
    /// ```
    /// use tensor_core::{ErrorKind, Tensor};
    /// let e = Tensor::<f32>::arange(4).transpose(0, 3).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::IndexError);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match self {
            ViewError::DimOutOfRange { .. }
            | ViewError::IndexOutOfBounds { .. }
            | ViewError::WrongIndexCount { .. } => ErrorKind::IndexError,
            ViewError::Message { kind, .. } => *kind,
            _ => ErrorKind::RuntimeError,
        }
    }

    /// A [`ViewError::Message`] raised as `RuntimeError`.
    pub(crate) fn runtime(message: impl Into<String>) -> ViewError {
        ViewError::Message {
            kind: ErrorKind::RuntimeError,
            message: message.into(),
        }
    }

    /// A [`ViewError::Message`] of the given kind.
    pub(crate) fn with_kind(kind: ErrorKind, message: impl Into<String>) -> ViewError {
        ViewError::Message {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::InvalidShape { shape, numel } => {
                f.write_str(&tensor_rules::infer::invalid(IntList(shape), numel))
            }
            ViewError::OnlyOneInferred => f.write_str(tensor_rules::infer::only_one()),
            ViewError::InvalidShapeDimension {
                value,
                index,
                shape,
            } => f.write_str(&tensor_rules::infer::invalid_dim(
                value,
                *index,
                IntList(shape),
            )),
            ViewError::AmbiguousInferredDimension { numel, shape } => {
                f.write_str(&tensor_rules::infer::ambiguous(numel, IntList(shape)))
            }
            ViewError::IncompatibleViewStrides => f.write_str(
                "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
            ),
            ViewError::DimOutOfRange { dim, min, max } => {
                f.write_str(&tensor_rules::dims::out_of_range(dim, min, max))
            }
            ViewError::NoDimensions { dim } => {
                write!(f, "Dimension specified as {dim} but tensor has no dimensions")
            }
            ViewError::IndexOutOfBounds { index, dim, size } => write!(
                f,
                "index {index} is out of bounds for dimension {dim} with size {size}"
            ),
            ViewError::WrongIndexCount { ndim, .. } => {
                write!(f, "too many indices for tensor of dimension {ndim}")
            }
            ViewError::DataLengthMismatch { shape, len } => {
                f.write_str(&tensor_rules::infer::invalid(IntList(shape), len))
            }
            ViewError::SizeOverflow { sizes } => write!(
                f,
                "Storage size calculation overflowed with sizes={}",
                IntList(sizes)
            ),
            ViewError::OutOfMemory { bytes } => write!(
                f,
                "[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate {bytes} bytes. Error code 12 (Cannot allocate memory)"
            ),
            ViewError::FlattenDims => {
                f.write_str("flatten() has invalid args: start_dim cannot come after end_dim")
            }
            ViewError::StaticShapeMismatch { expected, actual } => write!(
                f,
                "into_static(): expected a tensor of shape {}, but got shape {}",
                IntList(expected),
                IntList(actual)
            ),
            ViewError::NamedSizesApart {
                expected,
                actual,
                symbols,
            } => write!(
                f,
                "into_static(): expected a tensor of shape {expected}, but got shape {}, \
                 which does not give the sizes of {symbols} apart",
                IntList(actual)
            ),
            ViewError::TypedShapeMismatch { expected, actual } => write!(
                f,
                "into_static(): expected a tensor of shape {expected}, but got shape {}",
                IntList(actual)
            ),
            ViewError::StaticStridesMismatch { expected, actual } => write!(
                f,
                "into_static(): a contiguous static shape needs strides {}, but the tensor has strides {}; call .contiguous() first, or convert into Strided<Shape![..]>",
                IntList(expected),
                IntList(actual)
            ),
            ViewError::ReadHeldByThisThread => f.write_str(
                "cannot write to this tensor's storage: this thread holds an ndarray_view guard of it",
            ),
            ViewError::Message { message, .. } => f.write_str(message),
        }
    }
}

impl fmt::Debug for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {self}", self.kind())
    }
}

impl std::error::Error for ViewError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_list_formats_like_pytorch() {
        assert_eq!(IntList::<isize>(&[]).to_string(), "[]");
        assert_eq!(IntList(&[-2isize, 8]).to_string(), "[-2, 8]");
    }

    #[test]
    fn messages_are_pytorchs() {
        let e = ViewError::InvalidShapeDimension {
            value: -2,
            index: 0,
            shape: vec![-2, 8],
        };
        assert_eq!(
            e.to_string(),
            "invalid shape dimension -2 at index 0 of shape [-2, 8]"
        );
        let e = ViewError::DimOutOfRange {
            dim: 2,
            min: -2,
            max: 1,
        };
        assert_eq!(
            e.to_string(),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
        );
        assert_eq!(e.kind(), ErrorKind::IndexError);
    }

    /// `fn main() -> Result<(), Box<dyn Error>>` prints `Error: {:?}` of the
    /// box, which is the error's own `Debug`: PyTorch's class and text.
    #[test]
    fn debug_through_a_boxed_error_is_pytorchs_text() {
        let boxed: Box<dyn std::error::Error> = Box::new(ViewError::IncompatibleViewStrides);
        assert_eq!(
            format!("Error: {boxed:?}"),
            "Error: RuntimeError: view size is not compatible with input tensor's size and \
             stride (at least one dimension spans across two contiguous subspaces). Use \
             .reshape(...) instead."
        );
        let index = ViewError::IndexOutOfBounds {
            index: 5,
            dim: 0,
            size: 3,
        };
        assert_eq!(
            format!("{index:?}"),
            "IndexError: index 5 is out of bounds for dimension 0 with size 3"
        );
    }
}
