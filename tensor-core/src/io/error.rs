//! [`WeightsError`]: why a weight file could not be read or written, or a
//! tensor in it not loaded as asked, naming the file or the tensor.

use crate::{DType, ViewError};

/// Why a weight file could not be read or written, or a tensor not loaded.
///
/// `Debug` prints the same message as `Display`, so an error returned from
/// `main` reads as a sentence; match on the variants to inspect the fields.
///
/// ```
/// use tensor_core::io::WeightsError;
/// let e = WeightsError::WrongShape {
///     name: "h.0.mlp.c_fc.weight".into(),
///     expected: "[768, 3072]".into(),
///     found: vec![3072, 768],
/// };
/// assert_eq!(
///     e.to_string(),
///     "h.0.mlp.c_fc.weight: expected shape [768, 3072], but the file holds [3072, 768]"
/// );
/// assert_eq!(format!("{e:?}"), e.to_string());
/// ```
#[non_exhaustive]
pub enum WeightsError {
    /// The file could not be opened, read or written.
    Io {
        /// The file's path.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The bytes are not a valid file of the format (truncated, malformed
    /// or hostile).
    Malformed {
        /// The format (`safetensors`, `npy`, ...).
        format: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// No tensor of this name in the file.
    Missing {
        /// The name asked for.
        name: String,
    },
    /// The tensor's dtype is not the one asked for.
    WrongDtype {
        /// The tensor's name.
        name: String,
        /// The dtype asked for.
        expected: DType,
        /// The dtype the file holds, as the format names it when no
        /// [`DType`] matches it.
        found: String,
    },
    /// The tensor's shape is not the one asked for.
    WrongShape {
        /// The tensor's name.
        name: String,
        /// The shape asked for, as written (`[768, 3072]`, `[B, 768]`).
        expected: String,
        /// The shape the file holds.
        found: Vec<usize>,
    },
    /// The format has no way to store this dtype.
    UnsupportedDtype {
        /// The tensor's name.
        name: String,
        /// Its dtype.
        dtype: DType,
        /// The format (`safetensors`, `npy`, ...).
        format: &'static str,
    },
    /// Two tensors were given the same name.
    DuplicateName {
        /// The name given twice.
        name: String,
    },
    /// Building the tensor failed (the allocator refused its memory).
    Tensor {
        /// The tensor's name.
        name: String,
        /// Why.
        source: ViewError,
    },
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::Io { path, source } => write!(f, "{path}: {source}"),
            WeightsError::Malformed { format, reason } => {
                write!(f, "not a valid {format} file: {reason}")
            }
            WeightsError::Missing { name } => {
                write!(f, "{name}: the file holds no tensor of this name")
            }
            WeightsError::WrongDtype {
                name,
                expected,
                found,
            } => write!(
                f,
                "{name}: expected dtype {expected}, but the file holds {found}"
            ),
            WeightsError::WrongShape {
                name,
                expected,
                found,
            } => write!(
                f,
                "{name}: expected shape {expected}, but the file holds {found:?}"
            ),
            WeightsError::UnsupportedDtype {
                name,
                dtype,
                format,
            } => write!(f, "{name}: {format} files cannot hold dtype {dtype}"),
            WeightsError::DuplicateName { name } => {
                write!(f, "{name}: a tensor of this name was added already")
            }
            WeightsError::Tensor { name, source } => write!(f, "{name}: {source}"),
        }
    }
}

impl std::fmt::Debug for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for WeightsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WeightsError::Io { source, .. } => Some(source),
            WeightsError::Tensor { source, .. } => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_tensor_and_both_dtypes() {
        let e = WeightsError::WrongDtype {
            name: "wte".into(),
            expected: DType::F32,
            found: DType::F16.to_string(),
        };
        assert_eq!(
            e.to_string(),
            "wte: expected dtype torch.float32, but the file holds torch.float16"
        );
        let e = WeightsError::Missing {
            name: "lm_head".into(),
        };
        assert_eq!(
            e.to_string(),
            "lm_head: the file holds no tensor of this name"
        );
    }
}
