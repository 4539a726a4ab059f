//! [`NpzWriter`]: tensors gathered under names, written as one `.npz`.

use std::io::{Cursor, Write};
use std::path::Path;

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::io::npy::encode;
use crate::io::WeightsError;
use crate::tensor::Tensor;
use crate::Element;

/// Named tensors to be written as one `.npz` archive, which
/// `numpy.load` reads back as the same arrays. Each is stored as a `.npy`
/// file (in logical order, little-endian; see [`crate::io::npy_bytes`]),
/// uncompressed, as `numpy.savez` stores them.
///
/// ```
/// use tensor_core::io::{NpzFile, NpzWriter};
/// use tensor_core::Tensor;
/// let mut out = NpzWriter::new();
/// out.add("t", &Tensor::<f64>::arange(6).view(&[2, 3]).unwrap().t().unwrap()).unwrap();
/// let e = out.add("t", &Tensor::<f64>::arange(1)).unwrap_err();
/// assert_eq!(e.to_string(), "t: a tensor of this name was added already");
/// let mut npz = NpzFile::from_bytes(out.to_bytes().unwrap()).unwrap();
/// let t: Tensor<f64> = npz.get("t").unwrap();
/// assert_eq!(t.to_vec(), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
/// ```
#[derive(Debug, Default)]
pub struct NpzWriter {
    /// Each array's name and `.npy` bytes, in the order added.
    arrays: Vec<(String, Vec<u8>)>,
}

impl NpzWriter {
    /// No arrays yet.
    ///
    /// ```
    /// let out = tensor_core::io::NpzWriter::new();
    /// assert_eq!(out.to_bytes().unwrap().len(), 22); // an empty zip archive
    /// ```
    pub fn new() -> NpzWriter {
        NpzWriter::default()
    }

    /// Adds `tensor` under `name` (a copy as `.npy` bytes). Errors: a name
    /// added already; `bfloat16` and `complex32`, which numpy has no type for.
    ///
    /// ```
    /// use tensor_core::io::NpzWriter;
    /// use tensor_core::{bf16, Tensor};
    /// let mut out = NpzWriter::new();
    /// let e = out.add("b", &Tensor::<bf16>::zeros(&[1]).unwrap()).unwrap_err();
    /// assert_eq!(e.to_string(), "b: npy files cannot hold dtype torch.bfloat16");
    /// ```
    pub fn add<T: Element, S>(
        &mut self,
        name: &str,
        tensor: &Tensor<T, S>,
    ) -> Result<&mut NpzWriter, WeightsError> {
        if self.arrays.iter().any(|(n, _)| n == name) {
            return Err(WeightsError::DuplicateName {
                name: name.to_owned(),
            });
        }
        let bytes = encode(tensor, name)?;
        self.arrays.push((name.to_owned(), bytes));
        Ok(self)
    }

    /// The archive's bytes.
    ///
    /// ```
    /// let mut out = tensor_core::io::NpzWriter::new();
    /// out.add("x", &tensor_core::Tensor::<u8>::arange(2)).unwrap();
    /// assert!(out.to_bytes().unwrap().starts_with(b"PK\x03\x04"));
    /// ```
    pub fn to_bytes(&self) -> Result<Vec<u8>, WeightsError> {
        let failed = |e: zip::result::ZipError| WeightsError::Malformed {
            format: "npz",
            reason: e.to_string(),
        };
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in &self.arrays {
            let options = SimpleFileOptions::default()
                .compression_method(CompressionMethod::Stored)
                .large_file(bytes.len() as u64 >= u64::from(u32::MAX));
            zip.start_file(format!("{name}.npy"), options)
                .map_err(failed)?;
            zip.write_all(bytes).map_err(|e| failed(e.into()))?;
        }
        Ok(zip.finish().map_err(failed)?.into_inner())
    }

    /// Writes the archive to `path`.
    ///
    /// ```
    /// use tensor_core::io::{NpzFile, NpzWriter};
    /// use tensor_core::Tensor;
    /// let path = std::env::temp_dir().join("tensor_view_doc_write.npz");
    /// let mut out = NpzWriter::new();
    /// out.add("x", &Tensor::<i16>::arange(4)).unwrap();
    /// out.write(&path).unwrap();
    /// let x: Tensor<i16> = NpzFile::open(&path).unwrap().get("x").unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 1, 2, 3]);
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
}
