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
//!
//! Compile-time shapes (`Shape!`, `view!` and the static ops):
//!
//! ```
//! use tensor_view::{view, Shape, Tensor};
//! let x = Tensor::<f32, Shape![4, 4]>::zeros();
//! let y: Tensor<f32, Shape![2, 8]> = view!(x, [-1, 8]); // -1 inferred while compiling
//! let z: Tensor<f32, Shape![16]> = view!(y, [16]); // no Result: cannot fail
//! assert_eq!(z.stride(), &[1]);
//! ```

pub use tensor_core::*;
pub use tensor_macros::{
    add, div, log_softmax, masked_fill, matmul, mean, mul, softmax, sub, sum, where_,
};
pub use tensor_macros::{
    chunk, dims, flatten, index, movedim, narrow, permute, reshape, select, split,
    split_with_sizes, squeeze, tensor_split, transpose, unbind, unsqueeze, view, Layout, Shape,
};
pub use tensor_macros::{diagonal, expand, unflatten, unfold, view_as_real, view_dtype};
pub use tensor_macros::{dsplit, hsplit, vsplit};

/// What the macros' expansions name (not part of the API; may change at any time).
#[doc(hidden)]
pub mod __private {
    pub use tensor_core::static_shape::*;
    pub use tensor_core::typed::{tuples_only, ByOther, ByTuples, MatmulProbe};
    pub use tensor_core::typenum;
    pub use tensor_core::typenum::{UInt, UTerm, B0, B1};
    pub use tensor_core::Tensor;
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// `docs/compile-time.md`'s examples, compiled and run as doc tests (its
/// `compile_fail` blocks must fail).
#[cfg(doctest)]
#[doc = include_str!("../docs/compile-time.md")]
struct CompileTimeDoctests;

/// `docs/pytorch-users.md`'s examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/readable-shapes.md")]
struct ReadableShapesDoctests;

#[cfg(doctest)]
#[doc = include_str!("../docs/pytorch-users.md")]
struct PytorchUsersDoctests;
