//! [`SafetensorsWriter`]: tensors of any dtype and layout gathered under
//! names, then written as one `.safetensors` file.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use safetensors::{Dtype, View};

use super::dtype::to_file;
use crate::io::byte_order::little_endian_to_native;
use crate::io::WeightsError;
use crate::tensor::Tensor;
use crate::Element;

/// Named tensors to be written as one `.safetensors` file, which
/// Python's `safetensors.torch.load_file` reads back as the same tensors.
///
/// [`add`](SafetensorsWriter::add) copies each tensor's elements in their
/// logical (row-major) order, so a transposed or strided view is written
/// as the tensor it shows, conjugation and negation applied, as
/// `tensor.contiguous()` would be in PyTorch.
///
/// ```
/// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
/// use tensor_core::Tensor;
/// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
/// let t = x.transpose(0, 1).unwrap();
/// let mut out = SafetensorsWriter::new();
/// out.add("t", &t).unwrap();
/// let back: Tensor<i32> = SafetensorsFile::from_bytes(&out.to_bytes().unwrap())
///     .unwrap()
///     .get("t")
///     .unwrap();
/// assert_eq!(back.shape(), &[3, 2]);
/// assert_eq!(back.to_vec(), vec![0, 3, 1, 4, 2, 5]);
/// ```
#[derive(Debug, Default)]
pub struct SafetensorsWriter {
    tensors: BTreeMap<String, Entry>,
    metadata: HashMap<String, String>,
}

/// One tensor, as the file will hold it.
#[derive(Debug)]
struct Entry {
    dtype: Dtype,
    shape: Vec<usize>,
    /// Little-endian, row-major.
    bytes: Vec<u8>,
}

impl View for &Entry {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

impl SafetensorsWriter {
    /// No tensors yet.
    ///
    /// ```
    /// let out = tensor_core::io::SafetensorsWriter::new();
    /// assert_eq!(out.to_bytes().unwrap().len(), 16); // length, `{}` and padding
    /// ```
    pub fn new() -> SafetensorsWriter {
        SafetensorsWriter::default()
    }

    /// Adds `tensor` under `name` (a copy of its elements, in logical
    /// order). Errors: a name added already; `complex32` and `complex128`,
    /// which the format cannot hold.
    ///
    /// ```
    /// use tensor_core::io::SafetensorsWriter;
    /// use tensor_core::{Complex, Tensor};
    /// let mut out = SafetensorsWriter::new();
    /// out.add("x", &Tensor::<f32>::arange(3)).unwrap();
    /// let e = out.add("x", &Tensor::<f32>::arange(3)).unwrap_err();
    /// assert_eq!(e.to_string(), "x: a tensor of this name was added already");
    /// let e = out.add("z", &Tensor::<Complex<f64>>::zeros(&[2]).unwrap()).unwrap_err();
    /// assert_eq!(e.to_string(), "z: safetensors files cannot hold dtype torch.complex128");
    /// ```
    pub fn add<T: Element, S>(
        &mut self,
        name: &str,
        tensor: &Tensor<T, S>,
    ) -> Result<&mut SafetensorsWriter, WeightsError> {
        let dtype = to_file(T::DTYPE).ok_or_else(|| WeightsError::UnsupportedDtype {
            name: name.to_owned(),
            dtype: T::DTYPE,
            format: "safetensors",
        })?;
        if self.tensors.contains_key(name) {
            return Err(WeightsError::DuplicateName {
                name: name.to_owned(),
            });
        }
        let mut bytes = tensor.to_bytes();
        // Native to little-endian: the same swap as the other way.
        little_endian_to_native(&mut bytes, T::DTYPE);
        let entry = Entry {
            dtype,
            shape: tensor.shape().to_vec(),
            bytes,
        };
        self.tensors.insert(name.to_owned(), entry);
        Ok(self)
    }

    /// Stores `value` under `key` in the header's `__metadata__`.
    ///
    /// ```
    /// let mut out = tensor_core::io::SafetensorsWriter::new();
    /// out.add_metadata("format", "pt");
    /// ```
    pub fn add_metadata(&mut self, key: &str, value: &str) -> &mut SafetensorsWriter {
        self.metadata.insert(key.to_owned(), value.to_owned());
        self
    }

    /// The file's bytes.
    ///
    /// ```
    /// use tensor_core::io::SafetensorsWriter;
    /// let mut out = SafetensorsWriter::new();
    /// out.add("x", &tensor_core::Tensor::<u8>::arange(3)).unwrap();
    /// let bytes = out.to_bytes().unwrap();
    /// assert_eq!(&bytes[bytes.len() - 3..], &[0, 1, 2]);
    /// ```
    pub fn to_bytes(&self) -> Result<Vec<u8>, WeightsError> {
        // `collect`: the crate's map type is std's or hashbrown's, by its features.
        let metadata =
            (!self.metadata.is_empty()).then(|| self.metadata.clone().into_iter().collect());
        safetensors::serialize(self.entries(), metadata).map_err(|e| WeightsError::Malformed {
            format: "safetensors",
            reason: e.to_string(),
        })
    }

    /// Writes the file to `path`.
    ///
    /// ```
    /// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
    /// use tensor_core::Tensor;
    /// let path = std::env::temp_dir().join("tensor_view_doc_write.safetensors");
    /// let mut out = SafetensorsWriter::new();
    /// out.add("x", &Tensor::<f32>::arange(4)).unwrap();
    /// out.write(&path).unwrap();
    /// let x: Tensor<f32> = SafetensorsFile::open(&path).unwrap().get("x").unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0, 1.0, 2.0, 3.0]);
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn write(&self, path: impl AsRef<Path>) -> Result<(), WeightsError> {
        let path = path.as_ref();
        let bytes = self.to_bytes()?;
        std::fs::write(path, bytes).map_err(|source| WeightsError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    fn entries(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.tensors
            .iter()
            .map(|(name, entry)| (name.as_str(), entry))
    }
}
