//! [`NpzFile`]: an `.npz` archive, its arrays loaded by name.

use std::fs::File;
use std::io::{BufReader, Cursor, Read, Seek};
use std::path::Path;

use zip::result::ZipError;
use zip::ZipArchive;

use crate::io::npy::read_from;
use crate::io::{FromWeights, WeightsError};

/// An `.npz` archive: its arrays, loaded by the names `numpy.savez` gave
/// them (`np.savez(f, w=w)` names one `w`; positional ones are `arr_0`, ...).
///
/// ```
/// use tensor_core::io::{NpzFile, NpzWriter};
/// use tensor_core::Tensor;
/// use tensor_view::Shape;
/// let mut out = NpzWriter::new();
/// out.add("w", &Tensor::<f32>::arange(6).view(&[2, 3]).unwrap()).unwrap();
/// let mut npz = NpzFile::from_bytes(out.to_bytes().unwrap()).unwrap();
/// assert_eq!(npz.names(), ["w"]);
/// let w: Tensor<f32, Shape![2, 3]> = npz.get("w").unwrap();
/// let e = npz.get::<Tensor<f32, Shape![6]>>("w").unwrap_err();
/// assert_eq!(e.to_string(), "w: expected shape [6], but the file holds [2, 3]");
/// ```
#[derive(Debug)]
pub struct NpzFile<R = BufReader<File>> {
    archive: ZipArchive<R>,
}

impl NpzFile {
    /// Opens the archive at `path` (its directory is read now; each array
    /// when it is loaded).
    ///
    /// ```
    /// let e = tensor_core::io::NpzFile::open("no/such.npz").unwrap_err();
    /// assert!(e.to_string().starts_with("no/such.npz: "));
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<NpzFile, WeightsError> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|source| WeightsError::Io {
            path: path.display().to_string(),
            source,
        })?;
        NpzFile::from_reader(BufReader::new(file))
    }
}

impl NpzFile<Cursor<Vec<u8>>> {
    /// An archive already in memory.
    ///
    /// ```
    /// let e = tensor_core::io::NpzFile::from_bytes(b"PK".to_vec()).unwrap_err();
    /// assert!(e.to_string().starts_with("not a valid npz file: "));
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<NpzFile<Cursor<Vec<u8>>>, WeightsError> {
        NpzFile::from_reader(Cursor::new(bytes))
    }
}

impl<R: Read + Seek> NpzFile<R> {
    /// An archive read from `reader`.
    ///
    /// ```
    /// use tensor_core::io::{NpzFile, NpzWriter};
    /// let bytes = NpzWriter::new().to_bytes().unwrap();
    /// let npz = NpzFile::from_reader(std::io::Cursor::new(bytes)).unwrap();
    /// assert!(npz.names().is_empty());
    /// ```
    pub fn from_reader(reader: R) -> Result<NpzFile<R>, WeightsError> {
        let archive = ZipArchive::new(reader).map_err(malformed)?;
        Ok(NpzFile { archive })
    }

    /// The names of the arrays (the archive's `.npy` entries, without `.npy`).
    ///
    /// ```
    /// use tensor_core::io::{NpzFile, NpzWriter};
    /// use tensor_core::Tensor;
    /// let mut out = NpzWriter::new();
    /// out.add("b", &Tensor::<u8>::arange(1)).unwrap();
    /// out.add("a", &Tensor::<u8>::arange(1)).unwrap();
    /// let npz = NpzFile::from_bytes(out.to_bytes().unwrap()).unwrap();
    /// assert_eq!(npz.names(), ["b", "a"]); // in the archive's order
    /// ```
    pub fn names(&self) -> Vec<String> {
        self.archive
            .file_names()
            .filter_map(Result::ok)
            .filter_map(|n| n.strip_suffix(".npy").map(str::to_owned))
            .collect()
    }

    /// The array `name` as `W`: a dynamic `Tensor<T>`, or a typed
    /// `Tensor<T, Shape![..]>` whose dtype and shape are checked; errors
    /// name the array.
    ///
    /// ```
    /// use tensor_core::io::{NpzFile, NpzWriter};
    /// use tensor_core::Tensor;
    /// let mut out = NpzWriter::new();
    /// out.add("x", &Tensor::<i32>::arange(3)).unwrap();
    /// let mut npz = NpzFile::from_bytes(out.to_bytes().unwrap()).unwrap();
    /// let x: Tensor<i32> = npz.get("x").unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 1, 2]);
    /// assert_eq!(npz.get::<Tensor<i32>>("y").unwrap_err().to_string(), "y: the file holds no tensor of this name");
    /// assert_eq!(
    ///     npz.get::<Tensor<u32>>("x").unwrap_err().to_string(),
    ///     "x: expected dtype torch.uint32, but the file holds torch.int32"
    /// );
    /// ```
    pub fn get<W: FromWeights>(&mut self, name: &str) -> Result<W, WeightsError> {
        let mut entry = match self.archive.by_name(&format!("{name}.npy")) {
            Ok(entry) => entry,
            Err(ZipError::FileNotFound) => {
                return Err(WeightsError::Missing {
                    name: name.to_owned(),
                })
            }
            Err(e) => return Err(malformed(e)),
        };
        let size = entry.size();
        let tensor = read_from(&mut entry, size, false, name)?;
        // Reading on to the end makes the zip reader check the entry's CRC.
        let mut rest = [0u8; 1];
        match entry.read(&mut rest) {
            Ok(0) => Ok(tensor),
            Ok(_) => Err(malformed(format!(
                "{name}.npy holds more bytes than it declares"
            ))),
            Err(e) => Err(malformed(format!("{name}.npy: {e}"))),
        }
    }
}

fn malformed(reason: impl std::fmt::Display) -> WeightsError {
    WeightsError::Malformed {
        format: "npz",
        reason: reason.to_string(),
    }
}
