//! `view_dtype!` of a tensor whose strides are in its type (`Layout!`):
//! PyTorch's stride conditions decided while compiling, and the result's
//! strides, scaled, in its type.
//!
//! Between element sizes PyTorch requires the last stride to be 1, and,
//! viewing as a `K` times larger type, every other stride to divide by `K`;
//! it then multiplies (or divides) the strides and the last dim by `K`.
//! With the strides in the type ([`KnownStrides`]), both conditions are
//! compile errors in PyTorch's words and the result is typed
//! `Layout![..]`. The messages leave out PyTorch's closing `but got N`: the
//! stride is a type here, and stable Rust cannot print a type's number in a
//! message. The storage offset (not in the type) and the lazy bits are
//! still checked at run time, so the result stays a `Result`.
//!
//! ```
//! use tensor_view::{transpose, view_dtype, Layout, Shape, Tensor};
//! let x = Tensor::<u8, Shape![4, 2, 8]>::zeros();
//! let t: Tensor<u8, Layout![[2, 4, 8], [8, 16, 1]]> = transpose!(x, 0, 1);
//! let wide: Tensor<u32, Layout![[2, 4, 2], [2, 4, 1]]> = view_dtype!(t: [2, 4, 8] as u32)?;
//! assert_eq!(wide.stride(), &[2, 4, 1]);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use std::ops::{Add, Sub};

use typenum::{Diff, IsGreaterOrEqual, Sum, UInt, UTerm, B0, B1, U0, U1, U2, U3, U4};

use super::dim_verdicts::{DimFits, DimFitsIf, DimMismatch};
use super::dtype_view::{Down, EqualSizes, Up};
use super::layouts::{Cons, KnownStrides, Nil, Num, SameNum};
use super::markers::Static;

/// The power of two of an element-size ratio `K` (2, 4, 8 or 16), as the
/// exponent `typenum` adds to or takes from a stride.
///
/// ```
/// use tensor_view::static_shape::{RatioShift, Up};
/// let _: <Up<8> as RatioShift>::Exp = typenum::U3::default();
/// ```
pub trait RatioShift {
    /// `log2(K)`.
    type Exp;
}

macro_rules! ratio_shift {
    ($($k:literal => $exp:ty),*) => {$(
        impl RatioShift for Up<$k> {
            type Exp = $exp;
        }
        impl RatioShift for Down<$k> {
            type Exp = $exp;
        }
    )*};
}

ratio_shift!(2 => U1, 4 => U2, 8 => U3, 16 => U4);

/// A stride (a [`Num`]) times `2^J`; zero stays zero.
///
/// ```
/// use tensor_view::static_shape::{Num, NumValue, ShiftUp};
/// use typenum::{U1, U2, U3};
/// assert_eq!(<<Num<U3, U1> as ShiftUp<U2>>::Out as NumValue>::VALUE, 24);
/// ```
pub trait ShiftUp<J> {
    /// The product.
    type Out;
}

impl<U, B, X: Add<J>, J> ShiftUp<J> for Num<UInt<U, B>, X> {
    type Out = Num<UInt<U, B>, Sum<X, J>>;
}

impl<X, J> ShiftUp<J> for Num<UTerm, X> {
    type Out = Self;
}

/// A stride (a [`Num`]) divided by `2^J`: [`DimFits`] with the quotient
/// when `2^J` divides it, else [`DimMismatch`] (and the stride unchanged,
/// for a type that an error has already rejected).
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimMismatch, Num, NumValue, ShiftDown};
/// use typenum::{U1, U2, U3};
/// let _: <Num<U3, U2> as ShiftDown<U2>>::Verdict = DimFits;
/// assert_eq!(<<Num<U3, U2> as ShiftDown<U2>>::Out as NumValue>::VALUE, 3);
/// let _: <Num<U3, U1> as ShiftDown<U2>>::Verdict = DimMismatch;
/// ```
pub trait ShiftDown<J> {
    /// [`DimFits`] or [`DimMismatch`].
    type Verdict;
    /// The quotient.
    type Out;
}

impl<U, B, X: IsGreaterOrEqual<J>, J> ShiftDown<J> for Num<UInt<U, B>, X>
where
    <X as IsGreaterOrEqual<J>>::Output: ShiftDownIf<UInt<U, B>, X, J>,
{
    type Verdict = <<X as IsGreaterOrEqual<J>>::Output as ShiftDownIf<UInt<U, B>, X, J>>::Verdict;
    type Out = <<X as IsGreaterOrEqual<J>>::Output as ShiftDownIf<UInt<U, B>, X, J>>::Out;
}

/// Zero divides by anything.
impl<X, J> ShiftDown<J> for Num<UTerm, X> {
    type Verdict = DimFits;
    type Out = Self;
}

/// [`ShiftDown`]'s step on whether the exponent `X` is at least `J`.
///
/// ```
/// use tensor_view::static_shape::{DimFits, ShiftDownIf};
/// use typenum::{U1, U3};
/// let _: <typenum::B1 as ShiftDownIf<U3, U3, U1>>::Verdict = DimFits;
/// ```
pub trait ShiftDownIf<O, X, J> {
    /// [`DimFits`] or [`DimMismatch`].
    type Verdict;
    /// The quotient.
    type Out;
}

impl<O, X: Sub<J>, J> ShiftDownIf<O, X, J> for B1 {
    type Verdict = DimFits;
    type Out = Num<O, Diff<X, J>>;
}

impl<O, X, J> ShiftDownIf<O, X, J> for B0 {
    type Verdict = DimMismatch;
    type Out = Num<O, X>;
}

/// A `(stride, size * stride)` entry of a dim other than the last, under
/// the ratio `Self`: its scaled entry, and whether its stride divides (for
/// a larger element type).
///
/// ```
/// use tensor_view::static_shape::{DimFits, Down, Num, ScaleEntry};
/// use typenum::{U0, U3};
/// let _: <Down<4> as ScaleEntry<Num<U3, U0>, Num<U3, U0>>>::Divides = DimFits;
/// ```
pub trait ScaleEntry<S, E> {
    /// The scaled `(stride, size * stride)`.
    type Out;
    /// [`DimFits`], or [`DimMismatch`] for a stride that does not divide.
    type Divides;
}

impl<S, E> ScaleEntry<S, E> for EqualSizes {
    type Out = (S, E);
    type Divides = DimFits;
}

impl<const K: usize, S, E> ScaleEntry<S, E> for Down<K>
where
    Self: RatioShift,
    S: ShiftUp<<Self as RatioShift>::Exp>,
    E: ShiftUp<<Self as RatioShift>::Exp>,
{
    type Out = (
        <S as ShiftUp<<Self as RatioShift>::Exp>>::Out,
        <E as ShiftUp<<Self as RatioShift>::Exp>>::Out,
    );
    type Divides = DimFits;
}

impl<const K: usize, S, E> ScaleEntry<S, E> for Up<K>
where
    Self: RatioShift,
    S: ShiftDown<<Self as RatioShift>::Exp>,
    E: ShiftDown<<Self as RatioShift>::Exp>,
{
    type Out = (
        <S as ShiftDown<<Self as RatioShift>::Exp>>::Out,
        <E as ShiftDown<<Self as RatioShift>::Exp>>::Out,
    );
    type Divides = <S as ShiftDown<<Self as RatioShift>::Exp>>::Verdict;
}

/// The last dim's `(stride, size * stride)` under the ratio `Self`: its
/// scaled entry (stride 1, the size scaled), and whether its stride is 1
/// (required between element sizes).
///
/// ```
/// use tensor_view::static_shape::{DimMismatch, Down, Num, ScaleLast};
/// use typenum::{U0, U3};
/// let _: <Down<2> as ScaleLast<Num<U3, U0>, Num<U3, U0>>>::StrideIsOne = DimMismatch;
/// ```
pub trait ScaleLast<S, E> {
    /// The scaled `(stride, size * stride)`.
    type Out;
    /// [`DimFits`] when the stride is 1 (or the sizes are equal), else
    /// [`DimMismatch`].
    type StrideIsOne;
}

/// The number 1 as a [`Num`].
type One = Num<UInt<UTerm, B1>, U0>;

impl<S, E> ScaleLast<S, E> for EqualSizes {
    type Out = (S, E);
    type StrideIsOne = DimFits;
}

impl<const K: usize, S: SameNum<One>, E> ScaleLast<S, E> for Down<K>
where
    Self: RatioShift,
    E: ShiftUp<<Self as RatioShift>::Exp>,
    <S as SameNum<One>>::Out: DimFitsIf,
{
    type Out = (One, <E as ShiftUp<<Self as RatioShift>::Exp>>::Out);
    type StrideIsOne = <<S as SameNum<One>>::Out as DimFitsIf>::Verdict;
}

impl<const K: usize, S: SameNum<One>, E> ScaleLast<S, E> for Up<K>
where
    Self: RatioShift,
    E: ShiftDown<<Self as RatioShift>::Exp>,
    <S as SameNum<One>>::Out: DimFitsIf,
{
    type Out = (One, <E as ShiftDown<<Self as RatioShift>::Exp>>::Out);
    type StrideIsOne = <<S as SameNum<One>>::Out as DimFitsIf>::Verdict;
}

/// A stride list (first dim first) under the ratio `R`: the scaled list,
/// the last stride's verdict and the other strides' divisibility verdicts
/// (a list, first dim first).
///
/// ```
/// use tensor_view::static_shape::{Cons, DimFits, DimMismatch, DtypeStrides, Nil, Num, Up};
/// use typenum::{U0, U1, U3};
/// // Strides [2, 1] of a [4, 3] tensor viewed as a type 2 times larger.
/// type L = Cons<(Num<U1, U1>, Num<U1, U3>), Cons<(Num<U1, U0>, Num<U3, U0>), Nil>>;
/// let _: <L as DtypeStrides<Up<2>>>::StrideIsOne = DimFits;
/// let _: Option<<L as DtypeStrides<Up<2>>>::Divisible> = None::<Cons<DimFits, Nil>>;
/// ```
pub trait DtypeStrides<R> {
    /// The scaled list.
    type Out;
    /// The last stride's verdict.
    type StrideIsOne;
    /// The other strides' verdicts.
    type Divisible;
}

/// `Cons<A, Cons<B, .. Nil>>` of the types given.
macro_rules! cons_list {
    () => { Nil };
    ($head:ty $(, $rest:ty)*) => { Cons<$head, cons_list!($($rest),*)> };
}

macro_rules! dtype_strides {
    ($(($s:ident, $e:ident)),* ; ($sl:ident, $el:ident)) => {
        impl<R, $($s, $e,)* $sl, $el> DtypeStrides<R> for cons_list!($(($s, $e),)* ($sl, $el))
        where
            $(R: ScaleEntry<$s, $e>,)*
            R: ScaleLast<$sl, $el>,
        {
            type Out = cons_list!(
                $(<R as ScaleEntry<$s, $e>>::Out,)*
                <R as ScaleLast<$sl, $el>>::Out
            );
            type StrideIsOne = <R as ScaleLast<$sl, $el>>::StrideIsOne;
            type Divisible = cons_list!($(<R as ScaleEntry<$s, $e>>::Divides),*);
        }
    };
}

/// A 0-d input: nothing to scale (between sizes the stated rank's check
/// refuses it first).
impl<R> DtypeStrides<R> for Nil {
    type Out = Nil;
    type StrideIsOne = DimFits;
    type Divisible = Nil;
}

dtype_strides!(; (S7, E7));
dtype_strides!((S0, E0); (S7, E7));
dtype_strides!((S0, E0), (S1, E1); (S7, E7));
dtype_strides!((S0, E0), (S1, E1), (S2, E2); (S7, E7));
dtype_strides!((S0, E0), (S1, E1), (S2, E2), (S3, E3); (S7, E7));
dtype_strides!((S0, E0), (S1, E1), (S2, E2), (S3, E3), (S4, E4); (S7, E7));
dtype_strides!((S0, E0), (S1, E1), (S2, E2), (S3, E3), (S4, E4), (S5, E5); (S7, E7));
dtype_strides!((S0, E0), (S1, E1), (S2, E2), (S3, E3), (S4, E4), (S5, E5), (S6, E6); (S7, E7));

/// PyTorch's last-stride check between element sizes, on the verdict
/// `Self`.
///
/// ```
/// use tensor_view::static_shape::{DimFits, LastStrideIsOne};
/// fn accepts<V: LastStrideIsOne<f32, u8>>() {}
/// accepts::<DimFits>();
/// ```
#[diagnostic::on_unimplemented(
    message = "self.stride(-1) must be 1 to view {From} as {To} (different element sizes)",
    label = "the input's last stride (in its type) is not 1",
    note = "call `.contiguous()` first, or view the elements before the transpose"
)]
pub trait LastStrideIsOne<From, To> {}

#[diagnostic::do_not_recommend]
impl<From, To> LastStrideIsOne<From, To> for DimFits {}

/// PyTorch's check that stride `I` divides by `K` when viewing as a `K`
/// times larger type, on the verdict `Self`.
///
/// ```
/// use tensor_view::static_shape::{DimFits, StrideDivides};
/// fn accepts<V: StrideDivides<0, 4, u8, f32>>() {}
/// accepts::<DimFits>();
/// ```
#[diagnostic::on_unimplemented(
    message = "self.stride({I}) must be divisible by {K} to view {From} as {To} (different element sizes)",
    label = "the input's stride {I} (in its type) does not divide by {K}"
)]
pub trait StrideDivides<const I: usize, const K: usize, From, To> {}

#[diagnostic::do_not_recommend]
impl<const I: usize, const K: usize, From, To> StrideDivides<I, K, From, To> for DimFits {}

/// Every stride of the verdict list `Self` divides by `K` (each verdict
/// checked with its dim's index, for the message).
///
/// ```
/// use tensor_view::static_shape::{Cons, DimFits, Nil, StridesDivideAt};
/// fn accepts<V: StridesDivideAt<2, u8, u16>>() {}
/// accepts::<Cons<DimFits, Cons<DimFits, Nil>>>();
/// ```
pub trait StridesDivideAt<const K: usize, From, To> {}

macro_rules! strides_divide_at {
    ($(($v:ident, $i:literal)),*) => {
        impl<const K: usize, From, To, $($v: StrideDivides<$i, K, From, To>),*>
            StridesDivideAt<K, From, To> for cons_list!($($v),*)
        {
        }
    };
}

strides_divide_at!();
strides_divide_at!((V0, 0));
strides_divide_at!((V0, 0), (V1, 1));
strides_divide_at!((V0, 0), (V1, 1), (V2, 2));
strides_divide_at!((V0, 0), (V1, 1), (V2, 2), (V3, 3));
strides_divide_at!((V0, 0), (V1, 1), (V2, 2), (V3, 3), (V4, 4));
strides_divide_at!((V0, 0), (V1, 1), (V2, 2), (V3, 3), (V4, 4), (V5, 5));
strides_divide_at!(
    (V0, 0),
    (V1, 1),
    (V2, 2),
    (V3, 3),
    (V4, 4),
    (V5, 5),
    (V6, 6)
);

/// The stride checks of a ratio, in PyTorch's order: between element
/// sizes the last stride must be 1 (verdict `One`), and for a larger
/// element type (`Up<K>`) the other strides must divide by `K` (verdicts
/// `Divisible`). PyTorch checks the last dim's size first when viewing as a
/// larger type, so with a last dim that does not divide (`LastDim` is
/// `DimMismatch`, reported by its own check) the strides are not checked:
/// one mistake, one message.
///
/// ```
/// use tensor_view::static_shape::{Cons, DimFits, Nil, StridesCheck, Up};
/// fn accepts<R: StridesCheck<u8, f32, DimFits, DimFits, Cons<DimFits, Nil>>>() {}
/// accepts::<Up<4>>();
/// ```
pub trait StridesCheck<From, To, LastDim, One, Divisible> {}

impl<const K: usize, From, To, One, Divisible> StridesCheck<From, To, DimFits, One, Divisible>
    for Up<K>
where
    One: LastStrideIsOne<From, To>,
    Divisible: StridesDivideAt<K, From, To>,
{
}

impl<const K: usize, From, To, One, Divisible> StridesCheck<From, To, DimMismatch, One, Divisible>
    for Up<K>
{
}

impl<const K: usize, From, To, LastDim, One: LastStrideIsOne<From, To>, Divisible>
    StridesCheck<From, To, LastDim, One, Divisible> for Down<K>
{
}

impl<From, To, LastDim, One, Divisible> StridesCheck<From, To, LastDim, One, Divisible>
    for EqualSizes
{
}

/// The typed result of a `Layout!` input: the row-major shape `Self`
/// (what the call's shapes give) with the scaled strides `L` in its type.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{KnownStrides, Nil, WithStrides};
/// type R = <Shape![2, 3] as WithStrides<Nil>>::Out;
/// let _: Option<R> = None::<tensor_view::static_shape::Static<6, typenum::U6, (typenum::U2, typenum::U3), KnownStrides<Nil>>>;
/// ```
pub trait WithStrides<L> {
    /// The shape with the strides `L`.
    type Out;
}

impl<const N: usize, NT, D, M, L> WithStrides<L> for Static<N, NT, D, M> {
    type Out = Static<N, NT, D, KnownStrides<L>>;
}
