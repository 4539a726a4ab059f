//! `real()` and `imag()` of typed tensors: the shape is the input's, the
//! element type its `Real`, the strides doubled (so the result is typed
//! `Strided`) and, for `imag` of a conjugated view, PyTorch's lazy negative
//! bit set. The layout and the bits come from the dynamic ops.
//!
//! `real()` of a real tensor is the tensor itself, as in PyTorch; `imag()`
//! of one is a compile error in PyTorch's words (the element type is in the
//! type, so PyTorch's run-time `TypeError` is known while compiling).
//!
//! ```
//! use tensor_view::{Complex, Shape, Strided, Tensor};
//! let z = Tensor::<Complex<f32>, Shape![2, 3]>::full(Complex::new(1.0, 2.0));
//! let re: Tensor<f32, Strided<Shape![2, 3]>> = z.real();
//! let im: Tensor<f32, Strided<Shape![2, 3]>> = z.imag();
//! assert_eq!((re.stride(), im.storage_offset()), (&[6isize, 2][..], 1));
//! assert_eq!(im.to_vec(), vec![2.0; 6]);
//! ```

use std::marker::PhantomData;

use super::checked::Marked;
use super::markers::{RuntimeStrides, Static};
use super::matrix::TypedOp;
use super::ops::{DimsOp, StaticOp};
use super::outcome::Infallible;
use super::symbolic::TypedShape;
use super::symbolic::{Sym, SymStrided};
use crate::tensor::{Dyn, Tensor};
use crate::{bf16, f16, Complex, Element, ViewError};

/// What taking a part does to the stride marker `C` of a tensor of this
/// element type: a complex tensor's parts have doubled strides (run-time
/// strides); a real tensor's `real()` is the tensor itself (`C` kept).
///
/// ```
/// use tensor_view::static_shape::{ContiguousStrides, PartStrides, RuntimeStrides};
/// let _: <f32 as PartStrides>::Of<ContiguousStrides> = ContiguousStrides;
/// let _: <tensor_view::Complex<f32> as PartStrides>::Of<ContiguousStrides> = RuntimeStrides;
/// ```
pub trait PartStrides {
    /// The stride marker of a part.
    type Of<C>;
}

macro_rules! real_parts {
    ($($t:ty),*) => {$(
        impl PartStrides for $t {
            type Of<C> = C;
        }
    )*};
}

real_parts!(bool, u8, i8, i16, u16, i32, u32, i64, u64, f16, bf16, f32, f64);

impl<R> PartStrides for Complex<R> {
    type Of<C> = RuntimeStrides;
}

/// The complex element types, the only ones with an imaginary part.
///
/// ```
/// use tensor_view::static_shape::ComplexElement;
/// fn complex<T: ComplexElement>() {}
/// complex::<tensor_view::Complex<f64>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "imag is not implemented for tensors with non-complex dtypes.",
    label = "a tensor of `{Self}` has no imaginary part"
)]
pub trait ComplexElement {}

impl<R> ComplexElement for Complex<R> {}

/// The complex element types, the only ones `view_as_real` takes.
///
/// ```
/// use tensor_view::static_shape::HasRealView;
/// fn complex<T: HasRealView>() {}
/// complex::<tensor_view::Complex<f32>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "view_as_real is only supported for complex tensors",
    label = "a tensor of `{Self}`"
)]
pub trait HasRealView {}

impl<R> HasRealView for Complex<R> {}

/// The result of `view_as_real!` with the input's shape stated, by input
/// kind: the typed tensor `R` of the real element type in a `Result` (a
/// conjugated view is refused at run time, as PyTorch does), or the dynamic
/// op's `Result` for a dynamic input.
///
/// ```
/// use tensor_view::{view_as_real, Complex, Shape, Tensor};
/// let z = Tensor::<Complex<f64>, Shape![3]>::zeros();
/// let r: Tensor<f64, Shape![3, 2]> = view_as_real!(z: [3])?; // row-major stays row-major
/// assert_eq!(r.stride(), &[2, 1]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub trait RealViewResult<R> {
    /// The tensor in the `Result`.
    type Output<U: Element>;
    /// Gives the dynamic op's result its type, checked against it (`R` is
    /// the macro's, or a caller's by hand).
    fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError>;
}

impl<R> RealViewResult<R> for Dyn {
    type Output<U: Element> = Tensor<U>;

    fn retype<U: Element>(result: Tensor<U>) -> Result<Tensor<U>, ViewError> {
        Ok(result)
    }
}

/// A shape the macro computed: `N` elements (`NT` as a `typenum` number),
/// dims `D`; the stride marker comes from the input.
///
/// ```
/// let _: Option<tensor_view::static_shape::StatedShape<6, typenum::U6, (typenum::U3, typenum::U2)>> = None;
/// ```
pub struct StatedShape<const N: usize, NT, D>(PhantomData<fn() -> (NT, D)>);

impl<const M: usize, MT, E, const N: usize, Numel, D, C> RealViewResult<StatedShape<M, MT, E>>
    for Static<N, Numel, D, C>
where
    Static<M, MT, E, C>: Marked,
{
    // `view_as_real` of row-major strides is row-major: the marker is kept.
    type Output<U: Element> = Tensor<U, Static<M, MT, E, C>>;

    fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError> {
        result.marked()
    }
}

macro_rules! named_dims_input {
    ($($marker:ident),*) => {$(
        // A partly-dynamic input never has a stated (all-static) shape: its
        // check fails while compiling, so the result type only has to exist.
        impl<const M: usize, MT, E, const N: usize, NT, D> RealViewResult<StatedShape<M, MT, E>>
            for $marker<N, NT, D>
        where
            Static<M, MT, E, RuntimeStrides>: Marked,
        {
            type Output<U: Element> = Tensor<U, Static<M, MT, E, RuntimeStrides>>;

            fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError> {
                result.marked()
            }
        }
    )*};
}

named_dims_input!(Sym, SymStrided);

/// `view_as_real` of `src`, typed as `R` says (the shape the macro computed), by
/// `src`'s kind ([`RealViewResult`]).
///
/// ```
/// use tensor_view::{view_as_real, Complex, Shape, Strided, Tensor};
/// let z = Tensor::<Complex<f32>, Shape![2, 2]>::zeros();
/// let r: Tensor<f32, Strided<Shape![2, 2, 2]>> = view_as_real!(z.mT(): [2, 2])?;
/// assert_eq!(r.stride(), &[2, 4, 1]);
/// let dynamic: Tensor<f32> = view_as_real!(z)?; // no stated shape: a dynamic result
/// assert_eq!(dynamic.shape(), &[2, 2, 2]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[allow(clippy::type_complexity)] // the result names the real element type and the kind
#[inline]
pub fn view_as_real_to<R, T: Element + HasRealView, S: RealViewResult<R>>(
    src: &Tensor<T, S>,
) -> Result<S::Output<T::Real>, ViewError> {
    let result = src.with_layout::<Dyn>(src.layout.clone()).view_as_real()?;
    S::retype(result)
}

/// `view_as_real` of any kind of tensor of complex elements, as a dynamic tensor.
///
/// ```
/// use tensor_view::{Complex, Tensor};
/// let z = Tensor::<Complex<f32>>::zeros(&[3]).unwrap();
/// assert_eq!(tensor_view::static_shape::view_as_real_any(&z).unwrap().shape(), &[3, 2]);
/// ```
#[inline]
pub fn view_as_real_any<T: Element + HasRealView, S>(
    src: &Tensor<T, S>,
) -> Result<Tensor<T::Real>, ViewError> {
    src.with_layout::<Dyn>(src.layout.clone()).view_as_real()
}

/// The op of `real()` and `imag()` on a tensor of `T`: the dims kept, the
/// stride marker as [`PartStrides`] says.
///
/// ```
/// use tensor_view::{Complex, Shape, Strided, Tensor};
/// let z = Tensor::<Complex<f64>, Shape![4]>::zeros();
/// let re: Tensor<f64, Strided<Shape![4]>> = z.real();
/// assert_eq!(re.stride(), &[2]);
/// ```
pub struct PartOf<T>(PhantomData<fn() -> T>);

impl<D, Numel, C, T: PartStrides> DimsOp<D, Numel, C> for PartOf<T> {
    type Dims = D;
    type Strides = T::Of<C>;
    type Outcome = Infallible;
}

impl<T: Element, S: TypedShape> Tensor<T, S> {
    /// `tensor.real` of a typed tensor: the real parts of a complex tensor
    /// (a view with doubled strides, typed `Strided`), or a real tensor itself.
    ///
    /// ```
    /// use tensor_view::{Complex, Shape, Strided, Tensor};
    /// let z = Tensor::<Complex<f32>, Shape![2]>::full(Complex::new(3.0, 4.0));
    /// let re: Tensor<f32, Strided<Shape![2]>> = z.real();
    /// assert_eq!(re.to_vec(), vec![3.0, 3.0]);
    /// let x = Tensor::<f32, Shape![2]>::ones();
    /// let same: Tensor<f32, Shape![2]> = x.real();
    /// assert!(same.shares_storage(&x));
    /// ```
    #[inline]
    pub fn real(&self) -> <S as StaticOp<PartOf<T>>>::Output<T::Real>
    where
        T: PartStrides,
        S: TypedOp<PartOf<T>>,
    {
        S::retype(self.with_layout::<Dyn>(self.layout.clone()).real())
    }

    /// `tensor.imag` of a typed complex tensor: the imaginary parts (a view
    /// with doubled strides, typed `Strided`; negated lazily, as in PyTorch,
    /// when the tensor is a conjugated view). On a real tensor it is a
    /// compile error in PyTorch's words (`imag is not implemented for tensors
    /// with non-complex dtypes.`).
    ///
    /// ```
    /// use tensor_view::{Complex, Shape, Strided, Tensor};
    /// let z = Tensor::<Complex<f32>, Shape![2, 2]>::full(Complex::new(3.0, 4.0));
    /// let im: Tensor<f32, Strided<Shape![2, 2]>> = z.mH().imag();
    /// assert!(im.is_neg());
    /// assert_eq!(im.to_vec(), vec![-4.0; 4]);
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<f32, Shape![2]>::ones();
    /// let im = x.imag(); // imag is not implemented for tensors with non-complex dtypes.
    /// ```
    #[inline]
    pub fn imag(&self) -> <S as StaticOp<PartOf<T>>>::Output<T::Real>
    where
        T: PartStrides + ComplexElement,
        S: TypedOp<PartOf<T>>,
    {
        S::retype(self.with_layout::<Dyn>(self.layout.clone()).imag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::Static;
    use typenum::{U2, U3, U6};

    #[test]
    fn parts_match_the_dynamic_ops_with_their_bits() {
        let z = Tensor::<Complex<f64>>::from_fn(6, |i| Complex::new(i as f64, -(i as f64)))
            .view(&[2, 3])
            .unwrap();
        let typed: Tensor<Complex<f64>, Static<6, U6, (U2, U3)>> = z.clone().into_static().unwrap();
        let conj: Tensor<Complex<f64>, Static<6, U6, (U2, U3)>> = z.conj().into_static().unwrap();
        for (t, d) in [
            (typed.real().into_dyn(), z.real().unwrap()),
            (typed.imag().into_dyn(), z.imag().unwrap()),
            (conj.imag().into_dyn(), z.conj().imag().unwrap()),
        ] {
            assert_eq!((t.shape(), t.stride()), (d.shape(), d.stride()));
            assert_eq!(t.storage_offset(), d.storage_offset());
            assert_eq!((t.is_neg(), t.is_conj()), (d.is_neg(), d.is_conj()));
            assert_eq!(t.to_vec(), d.to_vec());
        }
        assert!(conj.imag().is_neg());
    }
}
