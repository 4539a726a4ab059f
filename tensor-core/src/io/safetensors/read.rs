//! [`SafetensorsFile`]: a `.safetensors` file read into memory, and its
//! tensors loaded by name, checked against the type asked for.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use safetensors::tensor::Metadata;
use safetensors::SafeTensors;

use super::dtype::{describe, from_file};
use crate::io::byte_order::little_endian_to_native;
use crate::io::{FromWeights, WeightsError};
use crate::layout::Layout;
use crate::storage::Storage;
use crate::tensor::new_tensor_bytes;
use crate::tensor::Tensor;
use crate::{DType, Element, ViewError};

/// The largest header the `safetensors` crate accepts (100 MB).
const MAX_HEADER_BYTES: u64 = 100_000_000;

/// A `.safetensors` file read into memory: its bytes and its checked
/// header. Tensors are loaded with [`SafetensorsFile::get`].
///
/// The file is read once into a buffer that no tensor shares, and is not
/// memory-mapped: a map is undefined behaviour if the file is changed or
/// truncated while mapped, which no library can rule out, and this crate
/// has no `unsafe` code for it. Each tensor `get` returns is then a tensor
/// of its own, as Python's `safetensors.torch.load_file` gives them: its
/// bytes copied out of the buffer into a storage of its own (storage
/// offset 0, `storage_nbytes` its own size), so that writing, resizing or
/// `as_strided` of one weight can never read or change another weight or
/// the file's header, and loading the same name twice gives two tensors.
/// The buffer is freed when the `SafetensorsFile` is dropped.
///
/// A truncated, malformed or hostile file is an error: its header is at
/// most 100 MB and must fit in the file before the file's length is
/// allocated, and the `safetensors` crate checks that the tensors' offsets
/// tile the data exactly, with overflow-checked sizes.
///
/// ```
/// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
/// use tensor_core::Tensor;
/// use tensor_view::Shape;
/// let mut out = SafetensorsWriter::new();
/// out.add("h.0.mlp.c_fc.weight", &Tensor::<f32>::zeros(&[3, 2]).unwrap()).unwrap();
/// let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
///
/// let w: Tensor<f32, Shape![3, 2]> = file.get("h.0.mlp.c_fc.weight").unwrap();
/// assert_eq!(w.shape(), &[3, 2]);
/// let e = file.get::<Tensor<f32, Shape![2, 3]>>("h.0.mlp.c_fc.weight").unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "h.0.mlp.c_fc.weight: expected shape [2, 3], but the file holds [3, 2]"
/// );
/// ```
#[derive(Debug)]
pub struct SafetensorsFile {
    /// The whole file, header included (never shared with a tensor).
    bytes: Vec<u8>,
    /// Where the data starts: after the 8-byte length and the header.
    data_start: usize,
    /// The header, checked against the file's length.
    metadata: Metadata,
}

impl SafetensorsFile {
    /// Reads the file at `path` (one read into one buffer; no memory map)
    /// and checks its header.
    ///
    /// ```
    /// use tensor_core::io::SafetensorsFile;
    /// let e = SafetensorsFile::open("no/such/file.safetensors").unwrap_err();
    /// assert!(e.to_string().starts_with("no/such/file.safetensors: "));
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<SafetensorsFile, WeightsError> {
        let path = path.as_ref();
        let io = |source| WeightsError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        // Refuse a file whose header cannot fit before allocating its length.
        let mut prefix = [0u8; 8];
        file.read_exact(&mut prefix)
            .map_err(|_| malformed("the file is shorter than the 8 bytes of its header length"))?;
        let header_len = u64::from_le_bytes(prefix);
        if header_len > MAX_HEADER_BYTES || header_len > len.saturating_sub(8) {
            return Err(malformed(format!(
                "the header claims {header_len} bytes, but the file holds {len} bytes \
                 (and a header is at most {MAX_HEADER_BYTES})"
            )));
        }
        let len = usize::try_from(len).map_err(|_| malformed("the file is larger than memory"))?;
        let mut bytes = Vec::new();
        bytes
            .try_reserve_exact(len)
            .map_err(|_| WeightsError::Tensor {
                name: path.display().to_string(),
                source: ViewError::OutOfMemory { bytes: len },
            })?;
        bytes.resize(len, 0);
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        file.read_exact(&mut bytes).map_err(io)?;
        SafetensorsFile::parse(bytes)
    }

    /// Reads a file already in memory (one copy of `bytes`).
    ///
    /// ```
    /// use tensor_core::io::SafetensorsFile;
    /// let e = SafetensorsFile::from_bytes(&[1, 0, 0, 0, 0, 0, 0, 0]).unwrap_err();
    /// assert!(e.to_string().starts_with("not a valid safetensors file"));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<SafetensorsFile, WeightsError> {
        let mut copy = Vec::new();
        copy.try_reserve_exact(bytes.len())
            .map_err(|_| WeightsError::Tensor {
                name: "<bytes>".to_owned(),
                source: ViewError::OutOfMemory { bytes: bytes.len() },
            })?;
        copy.extend_from_slice(bytes);
        SafetensorsFile::parse(copy)
    }

    fn parse(bytes: Vec<u8>) -> Result<SafetensorsFile, WeightsError> {
        let (header_len, metadata) =
            SafeTensors::read_metadata(&bytes).map_err(|e| malformed(e.to_string()))?;
        Ok(SafetensorsFile {
            bytes,
            data_start: 8 + header_len,
            metadata,
        })
    }

    /// The names of the tensors, in the order of their bytes in the file.
    ///
    /// ```
    /// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
    /// use tensor_core::Tensor;
    /// let mut out = SafetensorsWriter::new();
    /// out.add("b", &Tensor::<u8>::arange(2)).unwrap();
    /// out.add("a", &Tensor::<f64>::arange(2)).unwrap();
    /// let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
    /// assert_eq!(file.names(), ["a", "b"]); // the crate puts wider dtypes first
    /// ```
    pub fn names(&self) -> Vec<String> {
        self.metadata.offset_keys()
    }

    /// The dtype and shape of the tensor `name`, without loading it; the
    /// dtype is `None` for the format's float8/6/4 types.
    ///
    /// ```
    /// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
    /// use tensor_core::{DType, Tensor};
    /// let mut out = SafetensorsWriter::new();
    /// out.add("x", &Tensor::<i16>::zeros(&[2, 5]).unwrap()).unwrap();
    /// let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
    /// assert_eq!(file.info("x").unwrap(), (Some(DType::I16), &[2usize, 5][..]));
    /// assert!(file.info("y").is_err());
    /// ```
    pub fn info(&self, name: &str) -> Result<(Option<DType>, &[usize]), WeightsError> {
        let info = self
            .metadata
            .info(name)
            .ok_or_else(|| WeightsError::Missing {
                name: name.to_owned(),
            })?;
        Ok((from_file(info.dtype), &info.shape))
    }

    /// The string the writer stored under `key` in the header's
    /// `__metadata__` (PyTorch's writer stores `format: pt`).
    ///
    /// ```
    /// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
    /// let mut out = SafetensorsWriter::new();
    /// out.add_metadata("format", "pt");
    /// let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
    /// assert_eq!(file.metadata("format"), Some("pt"));
    /// assert_eq!(file.metadata("other"), None);
    /// ```
    pub fn metadata(&self, key: &str) -> Option<&str> {
        self.metadata
            .metadata()
            .as_ref()?
            .get(key)
            .map(String::as_str)
    }

    /// The tensor `name` as `W`: a dynamic `Tensor<T>`, or a typed
    /// `Tensor<T, Shape![..]>`. Errors name the tensor: no tensor of
    /// that name, another dtype than `T`'s, or (typed) another shape.
    ///
    /// ```
    /// use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
    /// use tensor_core::Tensor;
    /// use tensor_view::{dims, Shape};
    /// let mut out = SafetensorsWriter::new();
    /// out.add("wte", &Tensor::<f32>::arange(12).view(&[4, 3]).unwrap()).unwrap();
    /// let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
    ///
    /// dims!(V);
    /// let wte: Tensor<f32, Shape![V, 3]> = file.get("wte").unwrap();
    /// assert_eq!(wte.to_vec(), (0..12).map(|v| v as f32).collect::<Vec<_>>());
    /// let any: Tensor<f32> = file.get("wte").unwrap();
    /// assert_eq!(any.shape(), &[4, 3]);
    ///
    /// let e = file.get::<Tensor<f32, Shape![V, 768]>>("wte").unwrap_err();
    /// assert_eq!(e.to_string(), "wte: expected shape [V, 768], but the file holds [4, 3]");
    /// let e = file.get::<Tensor<f64>>("wte").unwrap_err();
    /// assert_eq!(e.to_string(), "wte: expected dtype torch.float64, but the file holds torch.float32");
    /// let e = file.get::<Tensor<f32>>("wpe").unwrap_err();
    /// assert_eq!(e.to_string(), "wpe: the file holds no tensor of this name");
    /// ```
    pub fn get<W: FromWeights>(&self, name: &str) -> Result<W, WeightsError> {
        let info = self
            .metadata
            .info(name)
            .ok_or_else(|| WeightsError::Missing {
                name: name.to_owned(),
            })?;
        let expected = W::Elem::DTYPE;
        if from_file(info.dtype) != Some(expected) {
            return Err(WeightsError::WrongDtype {
                name: name.to_owned(),
                expected,
                found: describe(info.dtype),
            });
        }
        // the sizes checked as every new tensor's (`Stride calculation
        // overflowed`, as `safetensors.torch.load` raises)
        new_tensor_bytes(&info.shape, expected.size()).map_err(|source| WeightsError::Tensor {
            name: name.to_owned(),
            source,
        })?;
        let (begin, end) = info.data_offsets;
        let tensor = self.tensor::<W::Elem>(name, &info.shape, begin, end)?;
        W::from_weights(name, tensor)
    }

    /// The row-major tensor of `shape` whose bytes are `begin..end` of the
    /// data (offsets the crate checked: they lie inside the file and hold
    /// exactly `shape`'s elements), copied into a storage of its own and put
    /// in native byte order.
    fn tensor<T: Element>(
        &self,
        name: &str,
        shape: &[usize],
        begin: usize,
        end: usize,
    ) -> Result<Tensor<T>, WeightsError> {
        let start = self.data_start + begin;
        let own = Storage::zeroed(end - begin).map_err(|source| WeightsError::Tensor {
            name: name.to_owned(),
            source,
        })?;
        {
            let mut dst = own.write();
            let dst = dst.as_elements_mut::<u8>();
            dst.copy_from_slice(&self.bytes[start..start + (end - begin)]);
            little_endian_to_native(dst, T::DTYPE);
        }
        Ok(Tensor::from_raw(own, Layout::contiguous(shape), false))
    }
}

fn malformed(reason: impl Into<String>) -> WeightsError {
    WeightsError::Malformed {
        format: "safetensors",
        reason: reason.into(),
    }
}
