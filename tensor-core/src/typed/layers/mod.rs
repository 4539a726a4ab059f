//! Generic typed layers, each a few lines over the dynamic core: sizes are
//! const generic parameters, and `forward` checks its input's last dim
//! against them at each call site while compiling.
//!
//! - `linear`: [`Linear<T, I, O>`](Linear), `[.., I]` to `[.., O]`
//!   (PyTorch's `[O, I]` weights, or GPT-2's Conv1D `[I, O]`);
//! - `layer_norm`: [`LayerNorm<T, C>`](LayerNorm) over `[.., C]`;
//! - `embedding`: [`Embedding<T, V, C>`](Embedding), ids `[..]` to `[.., C]`.
//!
//! ```
//! use tensor_view::{dims, typed::layers::{LayerNorm, Linear}, Shape, Tensor, D};
//! dims!(B, T);
//! let fc = Linear::<f32, 4, 8>::new(Tensor::<f32, (D<8>, D<4>)>::full(0.5), None);
//! let ln = LayerNorm::<f32, 8>::new(Shape::full(1.0), Some(Shape::full(0.0)), 1e-5);
//! let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::ones(&[2, 3, 4])?.into_static()?;
//! let y: Tensor<f32, (B, T, D<8>)> = ln.forward(&fc.forward(&x));
//! assert_eq!(y.shape(), &[2, 3, 8]);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

mod embedding;
mod layer_norm;
mod linear;

pub use embedding::Embedding;
pub use layer_norm::LayerNorm;
pub use linear::Linear;

use crate::static_shape::{Infallible, Outcome, TypedShape};
use crate::tensor::Tensor;
use crate::typed::{AnyStrides, D};
use crate::{Element, ViewError};

/// A typed tensor re-typed where its type proves the check passes (a
/// transposed static weight, say).
fn proven<T: Element, S: TypedShape>(t: Tensor<T>) -> Tensor<T, S> {
    Infallible::wrap(t.into_static::<S>())
}

/// A dynamic tensor checked into the typed shape `S` (layers' loading).
fn checked<T: Element, S: TypedShape>(t: Tensor<T>) -> Result<Tensor<T, S>, ViewError> {
    t.into_static::<S>()
}

/// A dynamic vector of `N` elements (a bias, a norm's weight), checked, made
/// row-major if it is not (a strided slice of a bigger tensor).
fn vector<T: Element, const N: usize>(t: Tensor<T>) -> Result<Tensor<T, (D<N>,)>, ViewError> {
    let t = checked::<T, AnyStrides<(D<N>,)>>(t)?.into_dyn();
    // one dim of N elements: its row-major copy (or itself) fits
    Ok(proven(t.contiguous()?))
}

#[cfg(test)]
mod tests;
