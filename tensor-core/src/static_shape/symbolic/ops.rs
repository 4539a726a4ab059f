//! `transpose!`, `permute!`, `unsqueeze!`, `squeeze!` and `flatten!` of a
//! partly-dynamic tensor: the result keeps its named dims.
//!
//! The macros' per-call [`DimsOp`] impls are generic over the dims, so they
//! move [`SymDim`]s as they move numbers: `[B, T, 12, 64]` transposed 1, 2 is
//! `[B, 12, T, 64]`. The stride marker the op computes picks the result's
//! shape type: row-major strides kept give a [`Sym`], run-time strides a
//! [`SymStrided`]. The layout itself comes from the dynamic ops, so it is
//! PyTorch's.
//!
//! One case stays dynamic: `squeeze!` of a named dim, whose size may or may
//! not be 1 (PyTorch removes the dim only when it is), returns the dynamic
//! op's `Result<Tensor<T>, ViewError>`.
//!
//! ```
//! use tensor_view::{dims, flatten, squeeze, transpose, unsqueeze, view, Shape, Strided, Tensor};
//! dims!(B, T);
//! let q: Tensor<f32, Shape![B, T, 12, 64]> =
//!     Tensor::<f32>::zeros(&[2, 5, 12, 64]).unwrap().into_static().unwrap();
//! let k: Tensor<f32, Strided<Shape![B, 12, T, 64]>> = transpose!(q, 1, 2);
//! assert_eq!(k.stride(), &[3840, 64, 768, 1]);
//! let u: Tensor<f32, Shape![B, 1, T, 12, 64]> = unsqueeze!(q, 1);
//! let f: Tensor<f32, Shape![B * T, 768]> = flatten!(view!(q, [B, T, 768]), 0, 1);
//! let s: Tensor<f32, Shape![B, T, 12, 64]> = squeeze!(u, 1);
//! assert_eq!((f.shape(), s.shape()), (&[10usize, 768][..], &[2usize, 5, 12, 64][..]));
//! let d: Tensor<f32> = squeeze!(q, 0).unwrap(); // B may be 1: dynamic
//! assert_eq!(d.shape(), &[2, 5, 12, 64]);
//! ```

use super::shape::{Sym, SymDim, SymDims};
use super::strided::SymStrided;
use crate::static_shape::markers::{ContiguousStrides, RuntimeStrides};
use crate::static_shape::ops::{DimsOp, SqueezeBySize, StaticOp, UnsqueezeStrides};
use crate::static_shape::outcome::Outcome;
use crate::static_shape::source::ShapeKind;
use crate::tensor::Tensor;
use crate::{Element, ViewError};

/// The element count a partly-dynamic tensor hands to [`DimsOp`]: unknown,
/// but `unsqueeze` keeps the tensor contiguous as PyTorch defines it
/// whatever it is (an empty tensor is contiguous), so the marker stays.
///
/// ```
/// use tensor_view::static_shape::{ContiguousStrides, SymbolicCount, UnsqueezeStrides};
/// let _: <SymbolicCount as UnsqueezeStrides<ContiguousStrides>>::Strides = ContiguousStrides;
/// ```
pub struct SymbolicCount;

impl<C> UnsqueezeStrides<C> for SymbolicCount {
    type Strides = C;
}

/// The dims of an op's result that the types cannot know: `squeeze` of a
/// named dim, which goes only when its size is 1.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{RuntimeDims, SCons, SNil, SqueezeBySize, SymDim};
/// dims!(B);
/// let _: <SymDim<typenum::U1, SCons<B, SNil>> as SqueezeBySize>::Pick<(), ()> = RuntimeDims;
/// ```
pub struct RuntimeDims;

impl<C, L> SqueezeBySize for SymDim<C, L> {
    type Pick<IfOne, Otherwise> = RuntimeDims;
}

/// The shape type of an op's result from its dims `Self`, the static part `N`
/// of the input and the stride marker the op computed.
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::{ContiguousStrides, SymResult, TypedShape};
/// dims!(B);
/// type D = <Shape![B, 4] as TypedShape>::Dims;
/// let _: fn() -> <D as SymResult<4, typenum::U4, ContiguousStrides>>::Output<f32, tensor_view::static_shape::Infallible>;
/// ```
pub trait SymResult<const N: usize, NT, Strides> {
    /// The result as returned by the macro.
    type Output<T: Element, O: Outcome>;
    /// Gives `result` (computed by the dynamic layout code) its type.
    fn retype<T: Element, O: Outcome>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T, O>;
}

// The dims come from a `DimsOp` the user's crate wrote: the result is
// checked against them (see `checked`).
impl<const N: usize, NT: 'static, D: SymDims> SymResult<N, NT, ContiguousStrides> for D {
    type Output<T: Element, O: Outcome> = O::Wrap<Tensor<T, Sym<N, NT, D>>>;

    #[inline]
    fn retype<T: Element, O: Outcome>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T, O> {
        O::wrap(result.and_then(Tensor::marked))
    }
}

impl<const N: usize, NT: 'static, D: SymDims> SymResult<N, NT, RuntimeStrides> for D {
    type Output<T: Element, O: Outcome> = O::Wrap<Tensor<T, SymStrided<N, NT, D>>>;

    #[inline]
    fn retype<T: Element, O: Outcome>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T, O> {
        O::wrap(result.and_then(Tensor::marked))
    }
}

impl<const N: usize, NT, S> SymResult<N, NT, S> for RuntimeDims {
    type Output<T: Element, O: Outcome> = Result<Tensor<T>, ViewError>;

    #[inline]
    fn retype<T: Element, O: Outcome>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T, O> {
        result
    }
}

impl<const N: usize, NT: 'static, D: SymDims, Op> StaticOp<Op> for Sym<N, NT, D>
where
    Sym<N, NT, D>: ShapeKind,
    Op: DimsOp<D, SymbolicCount, ContiguousStrides>,
    Op::Dims: SymResult<N, NT, Op::Strides>,
{
    type Output<T: Element> = <Op::Dims as SymResult<N, NT, Op::Strides>>::Output<T, Op::Outcome>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        <Op::Dims as SymResult<N, NT, Op::Strides>>::retype::<T, Op::Outcome>(result)
    }
}

impl<const N: usize, NT: 'static, D: SymDims, Op> StaticOp<Op> for SymStrided<N, NT, D>
where
    SymStrided<N, NT, D>: ShapeKind,
    Op: DimsOp<D, SymbolicCount, RuntimeStrides>,
    Op::Dims: SymResult<N, NT, Op::Strides>,
{
    type Output<T: Element> = <Op::Dims as SymResult<N, NT, Op::Strides>>::Output<T, Op::Outcome>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        <Op::Dims as SymResult<N, NT, Op::Strides>>::retype::<T, Op::Outcome>(result)
    }
}
