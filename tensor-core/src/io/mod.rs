//! Weight files in and out: tensors read from and written to the files
//! PyTorch and NumPy users keep their weights in.
//!
//! - `SafetensorsFile` reads a `.safetensors` file, and
//!   `SafetensorsWriter` writes one (feature `safetensors`, on by default in `tensor-view`);
//! - [`read_npy`] / [`write_npy`] read and write a `.npy` file (one array,
//!   as `numpy.save` writes it), and `NpzFile` / `NpzWriter` an
//!   `.npz` archive of them (feature `npz`, on by default in `tensor-view`);
//! - [`FromWeights`] is what a load can produce: a dynamic `Tensor<T>`, or a
//!   typed `Tensor<T, Shape![..]>` whose dtype and shape are checked when it
//!   is loaded;
//! - [`WeightsError`] says what went wrong, naming the tensor.
//!
//! ```
//! # #[cfg(feature = "safetensors")] {
//! use tensor_core::io::{SafetensorsFile, SafetensorsWriter};
//! use tensor_core::Tensor;
//! let mut out = SafetensorsWriter::new();
//! out.add("w", &Tensor::<f32>::arange(6).view(&[2, 3]).unwrap()).unwrap();
//! let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
//! let w: Tensor<f32> = file.get("w").unwrap();
//! assert_eq!(w.shape(), &[2, 3]);
//! # }
//! ```

mod byte_order;
mod error;
mod from_weights;
mod npy;
#[cfg(feature = "npz")]
mod npz;
#[cfg(feature = "safetensors")]
mod safetensors;

#[cfg(feature = "safetensors")]
pub use self::safetensors::{SafetensorsFile, SafetensorsWriter};
pub use error::WeightsError;
pub use from_weights::FromWeights;
pub use npy::{npy_bytes, npy_from_bytes, read_npy, write_npy};
#[cfg(feature = "npz")]
pub use npz::{NpzFile, NpzWriter};
