//! Static `transpose!`, `permute!`, `unsqueeze!`, `squeeze!` and `flatten!`:
//! the layout is computed by the same code as the dynamic ops, then the
//! result is given the static type the macro computed.
//!
//! Each macro call defines a small type of its own that implements [`DimsOp`]
//! for the ranks where the call is valid: the dims and stride marker of the
//! result. [`StaticOp`] then gives the result its type: for a static input,
//! `Tensor<T, Static<..>>` (directly, or in a `Result` when something still runs
//! at run time); for a dynamic input, the dynamic op's `Result`.

use typenum::{Bit, UInt, UTerm, Unsigned};

use super::checked::Marked;
use super::markers::{Contiguity, RuntimeStrides, Static};
use super::outcome::Outcome;
use super::source::ShapeKind;
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// What a static op makes of dims `Dims` (element count `Numel`, stride marker
/// `Strides`). Implemented by the macros' generated types. An impl written
/// by hand cannot retype a tensor: the result is checked at run time
/// against the type it names (an error, or a panic where the op returns no
/// `Result`).
///
/// ```
/// use tensor_view::{transpose, Layout, Shape, Tensor};
/// let x = Tensor::<u8, Shape![2, 5]>::zeros();
/// let t: Tensor<u8, Layout![[5, 2], [1, 5]]> = transpose!(x, 1, 0);
/// assert_eq!(t.shape(), &[5, 2]);
/// ```
pub trait DimsOp<Dims, Numel, Strides> {
    /// Dims of the result.
    type Dims;
    /// Stride marker of the result.
    type Strides;
    /// Whether the result can still fail at run time.
    type Outcome: Outcome;
}

/// A shape marker the static op `Op` applies to.
///
/// ```
/// use tensor_view::{unsqueeze, Shape, Tensor};
/// let x = Tensor::<u8, Shape![3]>::zeros();
/// let u: Tensor<u8, Shape![1, 3]> = unsqueeze!(x, 0);
/// assert_eq!(u.stride(), &[3, 1]);
/// ```
pub trait StaticOp<Op>: ShapeKind + Sized {
    /// The result's type.
    type Output<T: Element>;
    /// Gives `result` (computed by the dynamic layout code) its type.
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T>;
}

impl<Op> StaticOp<Op> for Dyn {
    type Output<T: Element> = Result<Tensor<T>, ViewError>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        result
    }
}

impl<const N: usize, Numel: 'static, D: 'static, C: Contiguity, Op: DimsOp<D, Numel, C>>
    StaticOp<Op> for Static<N, Numel, D, C>
where
    Static<N, Numel, D, C>: ShapeKind,
    Static<N, Numel, Op::Dims, Op::Strides>: Marked,
{
    type Output<T: Element> =
        <Op::Outcome as Outcome>::Wrap<Tensor<T, Static<N, Numel, Op::Dims, Op::Strides>>>;

    /// The result, checked against the type `Op` gave it: `Op` is written
    /// by a macro in the user's crate, or by hand (see `checked`).
    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        <Op::Outcome as Outcome>::wrap(result.and_then(Tensor::marked))
    }
}

/// Picks the result of `squeeze` by the size of the squeezed dim: `IfOne`
/// when it is 1 (the dim goes), `Otherwise` else (PyTorch leaves the tensor as is).
///
/// ```
/// use tensor_view::static_shape::SqueezeBySize;
/// use typenum::{U1, U3};
/// let _: <U1 as SqueezeBySize>::Pick<(U3,), (U1, U3)> = (U3::default(),);
/// let _: <U3 as SqueezeBySize>::Pick<(U3,), (U3, U3)> = (U3::default(), U3::default());
/// ```
pub trait SqueezeBySize {
    /// `IfOne` or `Otherwise`.
    type Pick<IfOne, Otherwise>;
}

impl SqueezeBySize for UTerm {
    type Pick<IfOne, Otherwise> = Otherwise;
}

impl SqueezeBySize for UInt<UTerm, typenum::B1> {
    type Pick<IfOne, Otherwise> = IfOne;
}

impl<U: Unsigned, B: Bit, B2: Bit> SqueezeBySize for UInt<UInt<U, B>, B2> {
    type Pick<IfOne, Otherwise> = Otherwise;
}

/// Stride marker after `unsqueeze`: row-major strides stay row-major unless
/// the tensor is empty (PyTorch then gives the new dim stride 0, not the
/// row-major value).
///
/// ```
/// use tensor_view::static_shape::{ContiguousStrides, RuntimeStrides, UnsqueezeStrides};
/// let _: <typenum::U6 as UnsqueezeStrides<ContiguousStrides>>::Strides = ContiguousStrides;
/// let _: <typenum::U0 as UnsqueezeStrides<ContiguousStrides>>::Strides = RuntimeStrides;
/// ```
pub trait UnsqueezeStrides<C> {
    /// The marker of the result.
    type Strides;
}

impl<C> UnsqueezeStrides<C> for UTerm {
    type Strides = RuntimeStrides;
}

impl<U, B, C> UnsqueezeStrides<C> for UInt<U, B> {
    type Strides = C;
}

/// `transpose(dim0, dim1)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 3]).unwrap();
/// let t = tensor_view::static_shape::transpose_any(&x, 0, 1).unwrap();
/// assert_eq!(t.stride(), &[1, 3]);
/// ```
#[inline]
pub fn transpose_any<T: Element, S>(
    src: &Tensor<T, S>,
    dim0: isize,
    dim1: isize,
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.transpose(dim0, dim1)?))
}

/// `permute(dims)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
/// let p = tensor_view::static_shape::permute_any(&x, &[2, 0, 1]).unwrap();
/// assert_eq!(p.shape(), &[4, 2, 3]);
/// ```
#[inline]
pub fn permute_any<T: Element, S>(
    src: &Tensor<T, S>,
    dims: &[isize],
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.permute(dims)?))
}

/// `movedim(source, destination)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
/// let m = tensor_view::static_shape::movedim_any(&x, &[0], &[-1]).unwrap();
/// assert_eq!(m.shape(), &[3, 4, 2]);
/// ```
#[inline]
pub fn movedim_any<T: Element, S>(
    src: &Tensor<T, S>,
    source: &[isize],
    destination: &[isize],
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.movedim(source, destination)?))
}

/// `unsqueeze(dim)` of any kind of tensor, as a dynamic tensor (PyTorch's
/// rule: the new dim has size 1 and stride `size * stride` of the dim it
/// precedes, or 1 at the end).
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 3]).unwrap();
/// let u = tensor_view::static_shape::unsqueeze_any(&x, 1).unwrap();
/// assert_eq!((u.shape(), u.stride()), (&[2usize, 1, 3][..], &[3isize, 3, 1][..]));
/// ```
#[inline]
pub fn unsqueeze_any<T: Element, S>(
    src: &Tensor<T, S>,
    dim: isize,
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.unsqueeze(dim)?))
}

/// `squeeze(dim)` of any kind of tensor, as a dynamic tensor: the dim goes
/// when its size is 1, else the layout stays.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 1]).unwrap();
/// assert_eq!(tensor_view::static_shape::squeeze_any(&x, -1).unwrap().shape(), &[2]);
/// assert_eq!(tensor_view::static_shape::squeeze_any(&x, 0).unwrap().shape(), &[2, 1]);
/// ```
#[inline]
pub fn squeeze_any<T: Element, S>(src: &Tensor<T, S>, dim: isize) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.squeeze_dim(dim)?))
}

/// `flatten(start_dim, end_dim)` of any kind of tensor, as a dynamic tensor
/// (a view when possible, else a copy, as PyTorch).
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
/// assert_eq!(tensor_view::static_shape::flatten_any(&x, 1, 2).unwrap().shape(), &[2, 12]);
/// ```
#[inline]
pub fn flatten_any<T: Element, S>(
    src: &Tensor<T, S>,
    start_dim: isize,
    end_dim: isize,
) -> Result<Tensor<T>, ViewError> {
    src.with_layout::<Dyn>(src.layout.clone())
        .flatten(start_dim, end_dim)
}

/// Gives the result of a dynamic layout op the type `Op` computes for `src`'s shape.
///
/// ```
/// use tensor_view::{squeeze, Shape, Tensor};
/// let x = Tensor::<u8, Shape![2, 1]>::zeros();
/// let s: Tensor<u8, Shape![2]> = squeeze!(x, 1);
/// assert_eq!(s.shape(), &[2]);
/// ```
#[inline]
pub fn retype<Op, T: Element, S: StaticOp<Op>>(
    _src: &Tensor<T, S>,
    result: Result<Tensor<T>, ViewError>,
) -> S::Output<T> {
    S::retype(result)
}
