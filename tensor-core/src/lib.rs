//! The runtime strided core of `tensor-view`: PyTorch's tensor views, exactly.
//!
//! - [`layout`]: pure layout maths (shape, strides, offset) and PyTorch's rules;
//! - [`Tensor`]: a cheap handle pairing shared storage with a layout;
//! - [`Element`] / [`DType`]: the 16 element types and their PyTorch names;
//! - [`ViewError`]: failures, displayed in PyTorch's words;
//! - [`SparseTensor`]: PyTorch's sparse COO layout, with `indices()`/`values()` views;
//! - [`static_shape`]: compile-time shapes (the types behind `Shape!` and `view!`);
//! - [`typed`]: typed shapes as readable tuples of dims, `(B, T, D<768>)`.
//!
//! ```
//! use tensor_core::Tensor;
//! let x = Tensor::<f32>::arange(16);
//! let y = x.view(&[4, 4]).unwrap();
//! assert_eq!(y.stride(), &[4, 1]);
//! assert!(y.shares_storage(&x));
//! ```

mod copy;
mod display;
mod element;
mod error;
mod int;
pub mod interop;
pub mod io;
mod kernels;
pub mod layout;
pub mod numeric;
mod s_macro;
mod sparse;
pub mod static_shape;
mod storage;
mod tensor;
pub mod typed;

pub use element::{DType, Element};
pub use error::{ErrorKind, ViewError};
pub use int::{Int, IntoSections, IntoSplitSize, IntoStorageOffset, Ints};
pub use layout::{IndexItem, Sections, SplitSize};
pub use sparse::SparseTensor;
pub use static_shape::{Shape, Static, Strided};
pub use storage::{recycled_bytes, release_recycled_buffer, set_recycle_budget};
pub use tensor::{Dyn, Tensor};
pub use typed::{One, D};

/// `typenum`, for the types `Shape!` and `view!` expand to (not part of the API).
#[doc(hidden)]
pub use typenum;

/// Re-exported so users name `f16`, `bf16` and complex types without extra dependencies.
pub use half::{bf16, f16};
/// Re-exported complex number type (`Complex<f32>` is PyTorch's `complex64`).
pub use num_complex::Complex;
