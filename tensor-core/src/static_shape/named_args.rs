//! Typed slicing ops whose argument is a named dim: the support that
//! `narrow!(x: [..], dim, start, T = t)` and `narrow!(x: [..], dim, start, T)`
//! expand to.
//!
//! nanoGPT slices its static causal-mask buffer with the run-time sequence
//! length, `bias[:, :, :T, :T]`. Here the length names the result's dim:
//! `T = t` gives the named dim `T` the run-time size `t`, and the result
//! carries it (its [`NamedSizes`](super::NamedSizes)), so that later views and
//! typed ops know `T`; a bare `T` is the size the input carries for `T`.
//!
//! A symbol promises one size along one chain of views. So `T = t` on an
//! input that already carries `T` must give the same size: a different one is
//! a run-time error, never a second size for `T`. Everything PyTorch checks
//! (the dim, the start, a length beyond the dim) is checked by the dynamic
//! op's code with PyTorch's messages; the results are `Result`s.
//!
//! ```
//! use tensor_view::{dims, narrow, Shape, Strided, Tensor};
//! dims!(T);
//! let bias = Tensor::<f32, Shape![4, 4]>::zeros();
//! let rows: Tensor<f32, Strided<Shape![T, 4]>> = narrow!(bias: [4, 4], 0, 0, T = 3usize)?;
//! let square: Tensor<f32, Strided<Shape![T, T]>> = narrow!(rows: [T, 4], 1, 0, T)?;
//! assert_eq!((square.shape(), square.sym_size::<T>()), (&[3usize, 3][..], Some(3)));
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use std::any::TypeId;

use super::slicing::narrow_any;
use super::symbolic::Symbol;
use crate::tensor::Tensor;
use crate::{Element, Int, ViewError};

/// `narrow(dim, start, length)` of any kind of tensor, whose result's dim
/// is the named dim `B` of size `length`: the result carries `B = length`.
/// An input that carries another size for `B` is an error (a symbol has one
/// size along a chain of views).
///
/// ```
/// use tensor_view::{dims, Shape, Tensor};
/// use tensor_view::static_shape::narrow_to_named;
/// dims!(T);
/// let x = Tensor::<f32, Shape![1, 8]>::zeros();
/// let y = narrow_to_named::<T, _, _>(&x, 1, 0, 5usize)?;
/// assert_eq!(y.shape(), &[1, 5]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub fn narrow_to_named<B: Symbol, T: Element, S>(
    src: &Tensor<T, S>,
    dim: impl Int,
    start: impl Int,
    length: impl Int,
) -> Result<Tensor<T>, ViewError> {
    let dim = dim.to_int()?;
    let result = narrow_any(src, dim, start, length)?;
    // The narrow succeeded, so `dim` is in range.
    let dim = crate::layout::wrap_dim(dim, result.dim())?;
    carry_named::<B, T>(result, dim, "narrow(): length")
}

/// `narrow(dim, start, length)` of any kind of tensor with the length the
/// size it carries for the named dim `B`.
///
/// ```
/// use tensor_view::{dims, narrow, Shape, Tensor};
/// use tensor_view::static_shape::narrow_to_carried;
/// dims!(T);
/// let x = narrow!(Tensor::<f32, Shape![6, 6]>::zeros(): [6, 6], 0, 0, T = 2usize)?;
/// assert_eq!(narrow_to_carried::<T, _, _>(&x, 1, 1)?.shape(), &[2, 2]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub fn narrow_to_carried<B: Symbol, T: Element, S>(
    src: &Tensor<T, S>,
    dim: impl Int,
    start: impl Int,
) -> Result<Tensor<T>, ViewError> {
    narrow_any(src, dim, start, carried_size::<B, T, S>(src, "narrow()")?)
}

/// `result`, carrying its dim `dim`'s size as the size of the named dim
/// `B`; when it carries `B` already (from its input), the sizes must agree,
/// else the error says so, starting with `what` (the op and its argument).
///
/// ```
/// use tensor_view::{dims, Tensor};
/// use tensor_view::static_shape::carry_named;
/// dims!(B);
/// let x = carry_named::<B, f32>(Tensor::<f32>::zeros(&[3, 4])?, 0, "expand()")?;
/// assert!(carry_named::<B, f32>(x.clone(), 1, "expand(): the expanded size of the tensor").is_err());
/// assert!(carry_named::<B, f32>(x, 0, "expand()").is_ok());
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub fn carry_named<B: Symbol, T: Element>(
    mut result: Tensor<T>,
    dim: usize,
    what: &str,
) -> Result<Tensor<T>, ViewError> {
    let size = result.shape()[dim];
    let id = TypeId::of::<B>();
    match result.symbols.get(id) {
        Some(carried) if carried != size => Err(ViewError::runtime(format!(
            "{what} ({size}) is not the size of the named dim {} ({carried}) that the tensor carries",
            B::NAME
        ))),
        Some(_) => Ok(result),
        None => {
            result.symbols = result.symbols.with_entry(id, size);
            Ok(result)
        }
    }
}

/// The size `src` carries for the named dim `B`, or an error naming `op`
/// when it carries none.
///
/// ```
/// use tensor_view::{dims, Shape, Tensor};
/// use tensor_view::static_shape::carried_size;
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 2]> = Tensor::<f32>::zeros(&[5, 2])?.into_static()?;
/// assert_eq!(carried_size::<B, _, _>(&x, "expand()")?, 5);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub fn carried_size<B: Symbol, T: Element, S>(
    src: &Tensor<T, S>,
    op: &str,
) -> Result<usize, ViewError> {
    src.symbols.get(TypeId::of::<B>()).ok_or_else(|| {
        ViewError::runtime(format!(
            "{op}: the tensor carries no size for the named dim {}",
            B::NAME
        ))
    })
}
