//! Writing one tensor as a `.npy` file, as `numpy.save` writes it.

use std::path::Path;

use super::dtype::descr;
use super::header::Header;
use crate::io::byte_order::little_endian_to_native;
use crate::io::WeightsError;
use crate::tensor::Tensor;
use crate::Element;

/// The bytes of a `.npy` file holding `tensor` in its logical (row-major)
/// order, little-endian, as `numpy.save` writes them. `bfloat16` and
/// `complex32` have no numpy type: an error naming the dtype.
///
/// ```
/// use tensor_core::io::npy_bytes;
/// use tensor_core::{bf16, Tensor};
/// let bytes = npy_bytes(&Tensor::<u8>::arange(3)).unwrap();
/// assert_eq!(bytes.len(), 128 + 3); // the header padded to a multiple of 64 bytes
/// assert!(bytes.starts_with(b"\x93NUMPY\x01\x00v\x00{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }"));
/// let e = npy_bytes(&Tensor::<bf16>::zeros(&[1]).unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "<npy>: npy files cannot hold dtype torch.bfloat16");
/// ```
pub fn npy_bytes<T: Element, S>(tensor: &Tensor<T, S>) -> Result<Vec<u8>, WeightsError> {
    encode(tensor, "<npy>")
}

/// Writes `tensor` to `path` as a `.npy` file (see [`npy_bytes`]).
///
/// ```
/// use tensor_core::io::{read_npy, write_npy};
/// use tensor_core::Tensor;
/// let path = std::env::temp_dir().join("tensor_view_doc_write.npy");
/// let x = Tensor::<f64>::arange(6).view(&[2, 3]).unwrap();
/// write_npy(&path, &x.t().unwrap()).unwrap(); // written in logical order
/// let back: Tensor<f64> = read_npy(&path).unwrap();
/// assert_eq!(back.to_vec(), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_npy<T: Element, S>(
    path: impl AsRef<Path>,
    tensor: &Tensor<T, S>,
) -> Result<(), WeightsError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = encode(tensor, &name)?;
    std::fs::write(path, bytes).map_err(|source| WeightsError::Io { path: name, source })
}

/// The file's bytes, naming the tensor `name` in errors.
pub(crate) fn encode<T: Element, S>(
    tensor: &Tensor<T, S>,
    name: &str,
) -> Result<Vec<u8>, WeightsError> {
    if descr(T::DTYPE, true).is_none() {
        return Err(WeightsError::UnsupportedDtype {
            name: name.to_owned(),
            dtype: T::DTYPE,
            format: "npy",
        });
    }
    let header = Header {
        dtype: T::DTYPE,
        little_endian: true,
        fortran_order: false,
        shape: tensor.shape().to_vec(),
    };
    let mut out = header.encode();
    let mut data = tensor.to_bytes();
    // Native to little-endian: the same swap as the other way.
    little_endian_to_native(&mut data, T::DTYPE);
    out.extend_from_slice(&data);
    Ok(out)
}
