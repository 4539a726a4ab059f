//! Support for the typed view macros `expand!`, `unflatten!`, `unfold!` and
//! `diagonal!`: the input's dims as a type ([`InputDims`], which their
//! per-call checks judge with the verdicts of `dim_verdicts`), the result's
//! type by input kind ([`FixedResult`]: the typed tensor for a static input,
//! a `Result` when a named dim leaves a check to run time, the dynamic op's
//! `Result` for a dynamic input) and the dynamic ops they retype.
//!
//! ```
//! use tensor_view::{expand, Shape, Strided, Tensor};
//! let x = Tensor::<f32, Shape![3, 1]>::zeros();
//! let y: Tensor<f32, Strided<Shape![2, 3, 4]>> = expand!(x, [2, 3, 4]);
//! assert_eq!(y.stride(), &[0, 1, 0]);
//! ```

use std::marker::PhantomData;

use super::diagnostics::Unchecked;
use super::markers::Static;
use super::outcome::{Fallible, Infallible, Outcome};
use super::symbolic::{Sym, SymStrided, TypedShape};
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// The dims of a typed tensor's shape marker as a type (a tuple of `typenum`
/// numbers and [`SymDim`](super::SymDim)s); [`Unchecked`] for a dynamic tensor.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::InputDims;
/// use typenum::{U2, U3};
/// let _: <Shape![2, 3] as InputDims>::Dims = (U2::default(), U3::default());
/// ```
pub trait InputDims {
    /// The dims.
    type Dims;
}

impl InputDims for Dyn {
    type Dims = Unchecked;
}

impl<const N: usize, Numel, D, C> InputDims for Static<N, Numel, D, C> {
    type Dims = D;
}

impl<const N: usize, NT, D> InputDims for Sym<N, NT, D> {
    type Dims = D;
}

impl<const N: usize, NT, D> InputDims for SymStrided<N, NT, D> {
    type Dims = D;
}

/// The dims of `src`'s shape, as a type (for a macro's checks).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::input_dims;
/// use typenum::{U2, U3};
/// let _: std::marker::PhantomData<(U2, U3)> = input_dims(&Tensor::<u8, Shape![2, 3]>::zeros());
/// ```
pub fn input_dims<T: Element, S: InputDims>(_: &Tensor<T, S>) -> PhantomData<S::Dims> {
    PhantomData
}

/// The result of an op whose result shape `R` the macro wrote out, by the
/// kind of the input: for a static input the typed tensor (every check was
/// made while compiling); for a partly-dynamic one a `Result` of it (a named
/// dim is checked at run time); for a dynamic one the dynamic op's `Result`.
///
/// ```
/// use tensor_view::{expand, dims, Shape, Strided, Tensor};
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 1]> = Tensor::<f32>::zeros(&[1, 1]).unwrap().into_static().unwrap();
/// let y: Result<Tensor<f32, Strided<Shape![2, 3]>>, _> = expand!(x, [2, 3]);
/// assert!(y.is_ok());
/// ```
pub trait FixedResult<R>: Sized {
    /// The result's type.
    type Output<T: Element>;
    /// Gives `result` (computed by the dynamic op) its type.
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T>;
}

impl<R> FixedResult<R> for Dyn {
    type Output<T: Element> = Result<Tensor<T>, ViewError>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        result
    }
}

// Each typed result is checked against `R` as `into_static` checks it
// (its shape, and its strides where `R` states them): the macros wrote `R`
// from the sizes they checked, so their calls always pass; a call written
// by hand with another `R` fails instead of typing a tensor wrongly (a
// panic where the outcome has no `Result`).
impl<R: TypedShape, const N: usize, Numel, D, C> FixedResult<R> for Static<N, Numel, D, C> {
    type Output<T: Element> = Tensor<T, R>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        Infallible::wrap(result.and_then(Tensor::checked_as))
    }
}

impl<R: TypedShape, const N: usize, NT, D> FixedResult<R> for Sym<N, NT, D> {
    type Output<T: Element> = Result<Tensor<T, R>, ViewError>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        Fallible::wrap(result.and_then(Tensor::checked_as))
    }
}

impl<R: TypedShape, const N: usize, NT, D> FixedResult<R> for SymStrided<N, NT, D> {
    type Output<T: Element> = Result<Tensor<T, R>, ViewError>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        Fallible::wrap(result.and_then(Tensor::checked_as))
    }
}

impl<T: Element, S> Tensor<T, S> {
    /// The same handle with another shape marker, the conjugate and negative
    /// bits kept (no check: for the moves between kinds of tensor).
    pub(crate) fn keeping_bits<S2>(self) -> Tensor<T, S2> {
        Tensor {
            storage: self.storage,
            layout: self.layout,
            lazy: self.lazy,
            symbols: self.symbols,
            marker: PhantomData,
        }
    }
}

/// Gives `result` (computed by the dynamic op from `src`) the type `R`, by
/// `src`'s kind ([`FixedResult`]).
///
/// ```
/// use tensor_view::{expand, Shape, Strided, Tensor};
/// let x = Tensor::<u8, Shape![1]>::zeros();
/// let y: Tensor<u8, Strided<Shape![5]>> = expand!(x, [5]);
/// assert_eq!(y.stride(), &[0]);
/// ```
#[inline]
pub fn fixed_result<R, T: Element, S: FixedResult<R>>(
    _src: &Tensor<T, S>,
    result: Result<Tensor<T>, ViewError>,
) -> S::Output<T> {
    S::retype(result)
}

/// `expand(sizes)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[3, 1]).unwrap();
/// let y = tensor_view::static_shape::expand_any(&x, &[2, -1, 4]).unwrap();
/// assert_eq!((y.shape(), y.stride()), (&[2usize, 3, 4][..], &[0isize, 1, 0][..]));
/// ```
#[inline]
pub fn expand_any<T: Element, S>(
    src: &Tensor<T, S>,
    sizes: &[isize],
) -> Result<Tensor<T>, ViewError> {
    src.with_layout::<Dyn>(src.layout.clone()).expand(sizes)
}

/// `unflatten(dim, sizes)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 12]).unwrap();
/// let y = tensor_view::static_shape::unflatten_any(&x, -1, &[3, -1]).unwrap();
/// assert_eq!((y.shape(), y.stride()), (&[2usize, 3, 4][..], &[12isize, 4, 1][..]));
/// ```
#[inline]
pub fn unflatten_any<T: Element, S>(
    src: &Tensor<T, S>,
    dim: isize,
    sizes: &[isize],
) -> Result<Tensor<T>, ViewError> {
    src.with_layout::<Dyn>(src.layout.clone())
        .unflatten(dim, sizes)
}

/// `unfold(dimension, size, step)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[7]).unwrap();
/// let w = tensor_view::static_shape::unfold_any(&x, 0, 3, 2).unwrap();
/// assert_eq!((w.shape(), w.stride()), (&[3usize, 3][..], &[2isize, 1][..]));
/// ```
#[inline]
pub fn unfold_any<T: Element, S>(
    src: &Tensor<T, S>,
    dimension: isize,
    size: isize,
    step: isize,
) -> Result<Tensor<T>, ViewError> {
    src.with_layout::<Dyn>(src.layout.clone())
        .unfold(dimension, size, step)
}

/// `diagonal(offset, dim1, dim2)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[3, 4]).unwrap();
/// let d = tensor_view::static_shape::diagonal_any(&x, 1, 0, 1).unwrap();
/// assert_eq!((d.shape(), d.stride(), d.storage_offset()), (&[3usize][..], &[5isize][..], 1));
/// ```
#[inline]
pub fn diagonal_any<T: Element, S>(
    src: &Tensor<T, S>,
    offset: isize,
    dim1: isize,
    dim2: isize,
) -> Result<Tensor<T>, ViewError> {
    src.with_layout::<Dyn>(src.layout.clone())
        .diagonal(offset, dim1, dim2)
}
