//! `view_dtype!(x: [4, 6] as u8)`: `view(dtype)` between element types of
//! different sizes, typed. The last dim is scaled by the ratio of the
//! element sizes, and the element count with it, which stable Rust cannot
//! compute as a shape type's const count; so, as for the other ops that
//! change the count, the input's shape is stated and the macro writes the
//! result's shape for every ratio the two element types may have
//! ([`DtypeShapes`], one impl per ratio on a type of the call's own). The
//! element types pick the ratio ([`RatioOf`](super::RatioOf)), and with it
//! the shape.
//!
//! Checked while compiling, in PyTorch's words: a 0-d tensor between sizes
//! (the stated rank), a last dim that does not divide by the ratio when
//! viewing as a larger type (the stated last dim, printed in decimal as
//! PyTorch does), that the tensor's type is the stated shape, and the
//! strides of a `Layout!` input ([`dtype_strides`](super::DtypeStrides)).
//! Left to run time, so the result is a `Result`: the lazy conjugate and
//! negative bits, the storage offset, and the strides of a `Strided` input.
//!
//! A row-major input gives a row-major result (PyTorch scales the strides
//! with the last dim), a `Layout!` input a `Layout!` result with the scaled
//! strides, and a `Strided` input a `Strided` one.
//!
//! ```
//! use tensor_view::{view_dtype, Shape, Tensor};
//! let x = Tensor::<f32, Shape![4, 6]>::ones();
//! let bytes: Tensor<u8, Shape![4, 24]> = view_dtype!(x: [4, 6] as u8)?;
//! let wide: Tensor<f64, Shape![4, 3]> = view_dtype!(x: [4, 6] as f64)?;
//! assert_eq!((bytes.stride(), wide.stride()), (&[24isize, 1][..], &[3isize, 1][..]));
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use super::checked::Marked;
use super::dim_verdicts::DimFits;
use super::dtype_strides::{DtypeStrides, StridesCheck, WithStrides};
use super::dtype_view::{Down, ElementFacts, EqualSizes, RatioOf, SizeRatio, Up};
use super::layouts::Nil;
use super::markers::{ContiguousStrides, RuntimeStrides, Static, StridedForm};
use super::symbolic::{Sym, SymStrided};
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// The result's shape of `view_dtype!` for the element-size ratio `Ratio`
/// ([`Up`], [`Down`] or [`EqualSizes`]), and the verdicts on the stated
/// shape for it ([`DimFits`], or `DimMismatch` for a last dim that does not
/// divide, or a 0-d shape between sizes). Each call implements it on a type
/// of its own, for every ratio.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{DimFits, DtypeShapes, Up};
/// struct Shapes;
/// impl DtypeShapes<Up<2>> for Shapes {
///     type Shape = Shape![4, 3];
///     type LastDim = DimFits;
///     type Rank = DimFits;
/// }
/// ```
pub trait DtypeShapes<Ratio> {
    /// The result's shape (row-major form).
    type Shape;
    /// Whether the stated last dim divides by the ratio.
    type LastDim;
    /// Whether the stated rank allows the ratio (0-d only between elements of one size).
    type Rank;
}

/// The rank check on the stated shape: PyTorch's message for a 0-d tensor
/// viewed between element sizes.
///
/// ```
/// use tensor_view::static_shape::{DimFits, StatedRankAllows};
/// fn accepts<V: StatedRankAllows<f32, i16>>() {}
/// accepts::<DimFits>();
/// ```
#[diagnostic::on_unimplemented(
    message = "self.dim() cannot be 0 to view {From} as {To} (different element sizes)",
    label = "a 0-d tensor"
)]
pub trait StatedRankAllows<From, To> {}

#[diagnostic::do_not_recommend]
impl<From, To> StatedRankAllows<From, To> for DimFits {}

/// The last dim check with the stated size `GOT` known: PyTorch's message
/// in full.
///
/// ```
/// use tensor_view::static_shape::{DimFits, StatedLastDimDivides};
/// fn accepts<V: StatedLastDimDivides<4, 8, u8, f32>>() {}
/// accepts::<DimFits>();
/// ```
#[diagnostic::on_unimplemented(
    message = "self.size(-1) must be divisible by {K} to view {From} as {To} (different element sizes), but got {GOT}",
    label = "the stated last dim does not divide by {K}"
)]
pub trait StatedLastDimDivides<const K: usize, const GOT: usize, From, To> {}

#[diagnostic::do_not_recommend]
impl<const K: usize, const GOT: usize, From, To> StatedLastDimDivides<K, GOT, From, To>
    for DimFits
{
}

/// The last-dim check of a ratio on the stated last dim `GOT`, whose
/// verdict is `V`: only `Up<K>` asks.
///
/// ```
/// use tensor_view::static_shape::{DimFits, StatedRatioCheck, Up};
/// fn accepts<R: StatedRatioCheck<u8, f32, DimFits, 8>>() {}
/// accepts::<Up<4>>();
/// ```
pub trait StatedRatioCheck<From, To, V, const GOT: usize> {}

impl<const K: usize, const GOT: usize, From, To, V: StatedLastDimDivides<K, GOT, From, To>>
    StatedRatioCheck<From, To, V, GOT> for Up<K>
{
}

impl<const K: usize, const GOT: usize, From, To, V> StatedRatioCheck<From, To, V, GOT> for Down<K> {}

impl<const GOT: usize, From, To, V> StatedRatioCheck<From, To, V, GOT> for EqualSizes {}

/// The marker of `view_dtype!`'s result of shape `R` (a row-major shape
/// type) under the element-size ratio `Ratio`, by the input's marker: `R`
/// for a row-major input, whose strides PyTorch scales into row-major ones,
/// `R` with the scaled strides for a `Layout!` input, else `R`'s `Strided`
/// form. A dynamic input (a compile error already: it has no stated shape)
/// gets the `Strided` form, so no second error follows. With it, the
/// verdicts of PyTorch's stride checks where the strides are in the type
/// ([`DimFits`] and no verdicts elsewhere).
///
/// ```
/// use tensor_view::{Shape, Strided};
/// use tensor_view::static_shape::{Down, DtypeViewed};
/// type Bytes = Down<4>;
/// let _: Option<<Shape![2, 3] as DtypeViewed<Shape![2, 12], Bytes>>::Output> =
///     None::<Shape![2, 12]>;
/// let _: Option<<Strided<Shape![2, 3]> as DtypeViewed<Shape![2, 12], Bytes>>::Output> =
///     None::<Strided<Shape![2, 12]>>;
/// ```
pub trait DtypeViewed<R, Ratio> {
    /// The result's marker.
    type Output;
    /// [`DimFits`], or `DimMismatch` for a last stride in the type that is
    /// not 1 (between element sizes).
    type StrideIsOne;
    /// The verdicts on the other strides in the type (a list; empty where
    /// the strides are not in the type).
    type Divisible;
}

impl<R, Ratio, const N: usize, NT, D> DtypeViewed<R, Ratio>
    for Static<N, NT, D, ContiguousStrides>
{
    type Output = R;
    type StrideIsOne = DimFits;
    type Divisible = Nil;
}

impl<R: StridedForm, Ratio, const N: usize, NT, D> DtypeViewed<R, Ratio>
    for Static<N, NT, D, RuntimeStrides>
{
    type Output = R::Strided;
    type StrideIsOne = DimFits;
    type Divisible = Nil;
}

impl<R, Ratio, const N: usize, NT, D, L> DtypeViewed<R, Ratio>
    for Static<N, NT, D, super::KnownStrides<L>>
where
    L: DtypeStrides<Ratio>,
    R: WithStrides<L::Out>,
{
    type Output = <R as WithStrides<L::Out>>::Out;
    type StrideIsOne = L::StrideIsOne;
    type Divisible = L::Divisible;
}

impl<R, Ratio, const N: usize, NT, D> DtypeViewed<R, Ratio> for Sym<N, NT, D> {
    type Output = R;
    type StrideIsOne = DimFits;
    type Divisible = Nil;
}

impl<R: StridedForm, Ratio, const N: usize, NT, D> DtypeViewed<R, Ratio> for SymStrided<N, NT, D> {
    type Output = R::Strided;
    type StrideIsOne = DimFits;
    type Divisible = Nil;
}

impl<R: StridedForm, Ratio> DtypeViewed<R, Ratio> for Dyn {
    type Output = R::Strided;
    type StrideIsOne = DimFits;
    type Divisible = Nil;
}

/// The result's shape of `view_dtype!` from `T` to `U` as the call's
/// `Shapes` give it.
type StatedResult<Shapes, T, U> = <Shapes as DtypeShapes<RatioOf<T, U>>>::Shape;

/// The result's shape of `view_dtype!` from `T` to `U` as the call's
/// `Shapes` give it, with the marker [`DtypeViewed`] gives for the input `S`.
pub type DtypeViewOf<S, Shapes, T, U> =
    <S as DtypeViewed<StatedResult<Shapes, T, U>, RatioOf<T, U>>>::Output;

/// [`DtypeViewed::StrideIsOne`] of that view.
type StrideIsOneOf<S, Shapes, T, U> =
    <S as DtypeViewed<StatedResult<Shapes, T, U>, RatioOf<T, U>>>::StrideIsOne;

/// [`DtypeViewed::Divisible`] of that view.
type DivisibleOf<S, Shapes, T, U> =
    <S as DtypeViewed<StatedResult<Shapes, T, U>, RatioOf<T, U>>>::Divisible;

/// `view(dtype)` of `src`, typed as the call's `Shapes` say for the ratio
/// of `T` to `U`, once the checks on the stated shape pass (PyTorch's: the
/// 0-d check, and the divisibility of the last dim, `LAST`).
///
/// ```
/// use tensor_view::{view_dtype, Shape, Tensor};
/// let x = Tensor::<u8, Shape![2, 8]>::zeros();
/// let w: Tensor<u32, Shape![2, 2]> = view_dtype!(x: [2, 8] as u32)?; // calls view_dtype_to
/// assert_eq!(w.to_vec(), vec![0; 4]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[allow(clippy::type_complexity)] // the result names the ratio and the call's shapes
#[inline]
pub fn view_dtype_to<Shapes, const LAST: usize, U, T, S>(
    src: &Tensor<T, S>,
) -> Result<Tensor<U, DtypeViewOf<S, Shapes, T, U>>, ViewError>
where
    T: Element + ElementFacts,
    U: Element + ElementFacts,
    T::Bytes: SizeRatio<U::Bytes>,
    Shapes: DtypeShapes<RatioOf<T, U>>,
    <Shapes as DtypeShapes<RatioOf<T, U>>>::Rank: StatedRankAllows<T, U>,
    RatioOf<T, U>: StatedRatioCheck<T, U, <Shapes as DtypeShapes<RatioOf<T, U>>>::LastDim, LAST>,
    S: DtypeViewed<StatedResult<Shapes, T, U>, RatioOf<T, U>>,
    RatioOf<T, U>: StridesCheck<
        T,
        U,
        <Shapes as DtypeShapes<RatioOf<T, U>>>::LastDim,
        StrideIsOneOf<S, Shapes, T, U>,
        DivisibleOf<S, Shapes, T, U>,
    >,
    DtypeViewOf<S, Shapes, T, U>: Marked,
{
    // `Shapes` is written by the macro in the user's crate (or by hand):
    // the result is checked against the type it names.
    src.with_layout::<Dyn>(src.layout.clone())
        .view_dtype::<U>()?
        .marked()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::DimMismatch;
    use typenum::{U12, U2, U3, U6};

    type Two3 = Static<6, U6, (U2, U3)>;
    type Two12 = Static<24, typenum::U24, (U2, U12)>;

    struct Shapes;
    impl DtypeShapes<Down<4>> for Shapes {
        type Shape = Two12;
        type LastDim = DimFits;
        type Rank = DimFits;
    }
    impl DtypeShapes<Up<2>> for Shapes {
        type Shape = Two3;
        type LastDim = DimMismatch;
        type Rank = DimFits;
    }
    impl DtypeShapes<EqualSizes> for Shapes {
        type Shape = Two3;
        type LastDim = DimFits;
        type Rank = DimFits;
    }

    #[test]
    fn the_result_matches_the_dynamic_op_with_the_ratios_shape() {
        let d = Tensor::<f32>::from_fn(6, |i| i as f32)
            .view(&[2, 3])
            .unwrap();
        let x: Tensor<f32, Two3> = d.clone().into_static().unwrap();
        let bytes: Tensor<u8, Two12> = view_dtype_to::<Shapes, 3, u8, _, _>(&x).unwrap();
        let dynamic = d.view_dtype::<u8>().unwrap();
        assert_eq!(
            (bytes.shape(), bytes.stride()),
            (dynamic.shape(), dynamic.stride())
        );
        assert_eq!(bytes.to_vec(), dynamic.to_vec());
        let same: Tensor<i32, Two3> = view_dtype_to::<Shapes, 3, i32, _, _>(&x).unwrap();
        assert_eq!(same.to_vec(), d.view_dtype::<i32>().unwrap().to_vec());
    }

    #[test]
    fn strided_inputs_give_strided_results_and_run_time_errors() {
        let d = Tensor::<f32>::zeros(&[3, 2]).unwrap().t().unwrap();
        let x: Tensor<f32, <Two3 as StridedForm>::Strided> = d.into_static().unwrap();
        let e = view_dtype_to::<Shapes, 3, u8, _, _>(&x).unwrap_err();
        assert_eq!(
            e.to_string(),
            "self.stride(-1) must be 1 to view Float as Byte (different element sizes), but got 2"
        );
    }
}
