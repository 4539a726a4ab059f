//! Reading one `.npy` array into a tensor: the header first (capped), the
//! data's length checked against it, then one read into the tensor's storage.

use std::io::Read;
use std::path::Path;

use super::header::{malformed, parse, preamble, Header, MAX_PREAMBLE_BYTES};
use crate::io::byte_order::reverse_each;
use crate::io::{FromWeights, WeightsError};
use crate::layout::Layout;
use crate::storage::Storage;
use crate::tensor::new_tensor_bytes;
use crate::tensor::Tensor;
use crate::Element;

/// The `.npy` file at `path` as `W`: a dynamic `Tensor<T>`, or a typed
/// `Tensor<T, Shape![..]>` whose dtype and shape are checked; errors name
/// the file. Big-endian data is put in native order and column-major
/// (`fortran_order`) data in row-major order, each with one more pass.
///
/// ```
/// use tensor_core::io::{read_npy, write_npy};
/// use tensor_core::Tensor;
/// use tensor_view::Shape;
/// let path = std::env::temp_dir().join("tensor_view_doc_read.npy");
/// write_npy(&path, &Tensor::<i64>::arange(6).view(&[2, 3]).unwrap()).unwrap();
/// let x: Tensor<i64, Shape![2, 3]> = read_npy(&path).unwrap();
/// assert_eq!(x.to_vec(), vec![0, 1, 2, 3, 4, 5]);
/// let e = read_npy::<Tensor<i64, Shape![3, 2]>>(&path).unwrap_err();
/// assert!(e.to_string().ends_with(".npy: expected shape [3, 2], but the file holds [2, 3]"));
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_npy<W: FromWeights>(path: impl AsRef<Path>) -> Result<W, WeightsError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let io = |source| WeightsError::Io {
        path: name.clone(),
        source,
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    read_from(&mut file, len, true, &name)
}

/// A `.npy` file already in memory as `W` (see [`read_npy`]); errors name
/// the array `<npy>`.
///
/// ```
/// use tensor_core::io::{npy_bytes, npy_from_bytes};
/// use tensor_core::Tensor;
/// let bytes = npy_bytes(&Tensor::<f32>::arange(3)).unwrap();
/// let x: Tensor<f32> = npy_from_bytes(&bytes).unwrap();
/// assert_eq!(x.to_vec(), vec![0.0, 1.0, 2.0]);
/// let e = npy_from_bytes::<Tensor<f64>>(&bytes).unwrap_err();
/// assert_eq!(e.to_string(), "<npy>: expected dtype torch.float64, but the file holds torch.float32");
/// ```
pub fn npy_from_bytes<W: FromWeights>(bytes: &[u8]) -> Result<W, WeightsError> {
    read_from(&mut &bytes[..], bytes.len() as u64, true, "<npy>")
}

/// Reads an array of `total_len` bytes from `reader`, naming it `name` in
/// errors. Nothing is allocated for the data before its length is checked
/// against `total_len`. When `length_is_real` (a file's or a slice's
/// length), the data's buffer is allocated at once; otherwise (a length a
/// zip entry claims) it grows as the data arrives, so a false claim cannot
/// make it allocate more than about twice what really comes.
pub(crate) fn read_from<W: FromWeights>(
    reader: &mut impl Read,
    total_len: u64,
    length_is_real: bool,
    name: &str,
) -> Result<W, WeightsError> {
    let short = |_| malformed("the file ends inside its header");
    let mut prefix = [0u8; MAX_PREAMBLE_BYTES];
    reader.read_exact(&mut prefix[..10]).map_err(short)?;
    let known = if matches!(prefix[6], 2 | 3) {
        reader.read_exact(&mut prefix[10..]).map_err(short)?;
        MAX_PREAMBLE_BYTES
    } else {
        10
    };
    let (start, len) = preamble(&prefix[..known])?;
    if ((start + len) as u64) > total_len {
        return Err(malformed(format!(
            "the header claims {len} bytes, but the file holds {total_len} in all"
        )));
    }
    let mut text = vec![0u8; len];
    reader.read_exact(&mut text).map_err(short)?;
    let header = parse(&text)?;

    let expected = W::Elem::DTYPE;
    if header.dtype != expected {
        return Err(WeightsError::WrongDtype {
            name: name.to_owned(),
            expected,
            found: header.dtype.to_string(),
        });
    }
    let data_bytes = header.data_bytes()?;
    // the sizes checked as every new tensor's (`Stride calculation overflowed`)
    new_tensor_bytes(&header.shape, header.dtype.size()).map_err(|source| {
        WeightsError::Tensor {
            name: name.to_owned(),
            source,
        }
    })?;
    let after_header = total_len.saturating_sub((start + len) as u64);
    if after_header != data_bytes as u64 {
        return Err(malformed(format!(
            "the header's shape {:?} of {} needs {data_bytes} bytes of data, but the file holds {after_header}",
            header.shape, header.dtype
        )));
    }
    let io = |source| WeightsError::Io {
        path: name.to_owned(),
        source,
    };
    let storage = if length_is_real {
        let storage = Storage::zeroed(data_bytes).map_err(|source| WeightsError::Tensor {
            name: name.to_owned(),
            source,
        })?;
        reader
            .read_exact(storage.write().as_elements_mut::<u8>())
            .map_err(io)?;
        storage
    } else {
        // A length only claimed (a zip entry's) may lie: the buffer grows
        // with the bytes that really come, and is adopted without a copy.
        let mut data = Vec::new();
        reader
            .take(data_bytes as u64)
            .read_to_end(&mut data)
            .map_err(io)?;
        if data.len() != data_bytes {
            return Err(malformed(format!(
                "the data ends after {} of its {data_bytes} bytes",
                data.len()
            )));
        }
        Storage::from_vec(data).map_err(|source| WeightsError::Tensor {
            name: name.to_owned(),
            source,
        })?
    };
    {
        let mut bytes = storage.write();
        let bytes = bytes.as_elements_mut::<u8>();
        if header.little_endian != cfg!(target_endian = "little") {
            reverse_each(bytes, header.dtype);
        }
    }
    let tensor = row_major::<W::Elem>(storage, &header).map_err(|source| WeightsError::Tensor {
        name: name.to_owned(),
        source,
    })?;
    W::from_weights(name, tensor)
}

/// The data as a row-major tensor: as it is, or copied out of column-major order.
fn row_major<T: Element>(storage: Storage, header: &Header) -> Result<Tensor<T>, crate::ViewError> {
    if !header.fortran_order {
        return Ok(Tensor::from_raw(
            storage,
            Layout::contiguous(&header.shape),
            false,
        ));
    }
    let mut strides = Vec::with_capacity(header.shape.len());
    let mut step = 1isize;
    for &d in &header.shape {
        strides.push(step);
        // The product fits: it is at most the data's length in elements.
        step = step.saturating_mul(d as isize);
    }
    let column_major = Tensor::<T>::from_raw(
        storage,
        Layout::from_parts(&header.shape, &strides, 0),
        false,
    );
    column_major.contiguous()
}
