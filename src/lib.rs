//! # tensor-view
//!
//! PyTorch's tensor views in Rust: the same shapes, strides, storage offsets,
//! aliasing and error messages as PyTorch, with shapes checked while compiling
//! wherever they are known.
//!
//! ```
//! use tensor_view::Tensor;
//! let x = Tensor::<f32>::arange(16);
//! let y = x.view(&[-1, 8]).unwrap();
//! assert_eq!(y.shape(), &[2, 8]);
//! assert_eq!(
//!     x.view(&[3, 3]).unwrap_err().to_string(),
//!     "shape '[3, 3]' is invalid for input of size 16"
//! );
//! ```

pub use tensor_core::*;

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// `docs/pytorch-users.md`'s examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/pytorch-users.md")]
struct PytorchUsersDoctests;
