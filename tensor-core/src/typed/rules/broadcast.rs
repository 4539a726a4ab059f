//! PyTorch's broadcasting rule, decided while compiling: two shapes align
//! at their last dims; at each position the dims must be equal or one of
//! them `One` (or absent, in the shorter shape). A named dim broadcasts only
//! with itself or `One` (strict broadcasting: two names, or a name and a
//! static size, are a compile error, since a named dim may hold any size).
//!
//! Each position is one [`DimPair`] check on the two dims' kinds; a mistake
//! is reported by the leaf trait that failed, whose parameters are the two
//! sizes (decimal) or names and the position, in PyTorch's words.

use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::{One, D};

/// The broadcast of the shape `Self` with `Other`: [`Out`](Self::Out).
///
/// ```
/// use tensor_view::{dims, typed::rules::Broadcast, One, D};
/// dims!(B);
/// fn out<X: Broadcast<Y, Out = Z>, Y, Z>() {}
/// out::<(B, One, D<4>), (D<3>, One), (B, D<3>, D<4>)>();
/// ```
pub trait Broadcast<Other>: DimList {
    /// The broadcast shape.
    type Out: DimList;
}

/// Where the shorter shape has no dim.
#[doc(hidden)]
pub struct Absent;

/// The broadcast of two dims' kinds at position `I` of the result.
#[doc(hidden)]
pub trait DimPair<const I: usize> {
    /// The result's dim there.
    type Out: Dim;
}

/// Two static sizes, equal (the only impl).
#[diagnostic::on_unimplemented(
    message = "The size of tensor a ({A}) must match the size of tensor b ({B}) at non-singleton dimension {I}",
    label = "the shapes do not broadcast"
)]
#[doc(hidden)]
pub trait StaticSizesMatch<const A: usize, const B: usize, const I: usize> {
    /// The dim.
    type Out: Dim;
}
#[diagnostic::do_not_recommend]
impl<const N: usize, const I: usize> StaticSizesMatch<N, N, I> for () {
    type Out = D<N>;
}

/// Two named dims, the same name (the only impl).
#[diagnostic::on_unimplemented(
    message = "The size of tensor a ({A}) must match the size of tensor b ({B}) at non-singleton dimension {I}",
    label = "the shapes do not broadcast",
    note = "two named dims broadcast only when they are the same name"
)]
#[doc(hidden)]
pub trait NamesMatch<A, B, const I: usize> {
    /// The dim.
    type Out: Dim;
}
#[diagnostic::do_not_recommend]
impl<S: Dim, const I: usize> NamesMatch<S, S, I> for () {
    type Out = S;
}

/// A named dim against a static size other than 1: never (no impl).
#[diagnostic::on_unimplemented(
    message = "The size of tensor a ({A}) must match the size of tensor b ({B}) at non-singleton dimension {I}",
    label = "the shapes do not broadcast",
    note = "a named dim broadcasts only with itself or `One`; to broadcast against a size-1 value of it, check it first: `x.into_dyn().into_static::<(..)>()?`"
)]
#[doc(hidden)]
pub trait NamedMeetsStatic<A, const B: usize, const I: usize> {
    /// The dim.
    type Out: Dim;
}

/// A static size other than 1 against a named dim: never (no impl).
#[diagnostic::on_unimplemented(
    message = "The size of tensor a ({A}) must match the size of tensor b ({B}) at non-singleton dimension {I}",
    label = "the shapes do not broadcast",
    note = "a named dim broadcasts only with itself or `One`; to broadcast against a size-1 value of it, check it first: `x.into_dyn().into_static::<(..)>()?`"
)]
#[doc(hidden)]
pub trait StaticMeetsNamed<const A: usize, B, const I: usize> {
    /// The dim.
    type Out: Dim;
}

macro_rules! takes_other {
    ([$($generics:tt)*] $kind:ty => $out:ty) => {
        impl<const I: usize, $($generics)*> DimPair<I> for (Absent, $kind) {
            type Out = $out;
        }
        impl<const I: usize, $($generics)*> DimPair<I> for ($kind, Absent) {
            type Out = $out;
        }
        impl<const I: usize, $($generics)*> DimPair<I> for (Unit, $kind) {
            type Out = $out;
        }
        impl<const I: usize, $($generics)*> DimPair<I> for ($kind, Unit) {
            type Out = $out;
        }
    };
}
// A static size or a name meets nothing or `One`: it stays.
takes_other!([const N: usize] Fixed<N> => D<N>);
takes_other!([S: Dim] Named<S> => S);

impl<const I: usize> DimPair<I> for (Absent, Unit) {
    type Out = One;
}
impl<const I: usize> DimPair<I> for (Unit, Absent) {
    type Out = One;
}
impl<const I: usize> DimPair<I> for (Unit, Unit) {
    type Out = One;
}
impl<const I: usize, const A: usize, const B: usize> DimPair<I> for (Fixed<A>, Fixed<B>)
where
    (): StaticSizesMatch<A, B, I>,
{
    type Out = <() as StaticSizesMatch<A, B, I>>::Out;
}
impl<const I: usize, A: Dim, B: Dim> DimPair<I> for (Named<A>, Named<B>)
where
    (): NamesMatch<A, B, I>,
{
    type Out = <() as NamesMatch<A, B, I>>::Out;
}
impl<const I: usize, A: Dim, const B: usize> DimPair<I> for (Named<A>, Fixed<B>)
where
    (): NamedMeetsStatic<A, B, I>,
{
    type Out = <() as NamedMeetsStatic<A, B, I>>::Out;
}
impl<const I: usize, const A: usize, B: Dim> DimPair<I> for (Fixed<A>, Named<B>)
where
    (): StaticMeetsNamed<A, B, I>,
{
    type Out = <() as StaticMeetsNamed<A, B, I>>::Out;
}

/// A dim's kind, or [`Absent`].
macro_rules! kind {
    (Absent) => {
        Absent
    };
    ($dim:ident) => {
        <$dim as Dim>::Kind
    };
}

/// One impl of [`Broadcast`] for a pair of ranks: each result position with
/// the dims (or `Absent`) that meet there.
macro_rules! broadcast {
    ([$($a:ident)*] [$($b:ident)*] => $(($x:ident, $y:ident) $p:literal),*) => {
        impl<$($a: Dim,)* $($b: Dim,)*> Broadcast<($($b,)*)> for ($($a,)*)
        where
            $((kind!($x), kind!($y)): DimPair<$p>,)*
        {
            type Out = ($(<(kind!($x), kind!($y)) as DimPair<$p>>::Out,)*);
        }
    };
}

// Every pair of ranks 0 to 6, the shorter shape padded with `Absent` on the left.
broadcast!([] [] => );
broadcast!([] [B0] => (Absent, B0) 0);
broadcast!([] [B0 B1] => (Absent, B0) 0, (Absent, B1) 1);
broadcast!([] [B0 B1 B2] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2);
broadcast!([] [B0 B1 B2 B3] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (Absent, B3) 3);
broadcast!([] [B0 B1 B2 B3 B4] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (Absent, B3) 3, (Absent, B4) 4);
broadcast!([] [B0 B1 B2 B3 B4 B5] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (Absent, B3) 3, (Absent, B4) 4, (Absent, B5) 5);
broadcast!([A0] [] => (A0, Absent) 0);
broadcast!([A0] [B0] => (A0, B0) 0);
broadcast!([A0] [B0 B1] => (Absent, B0) 0, (A0, B1) 1);
broadcast!([A0] [B0 B1 B2] => (Absent, B0) 0, (Absent, B1) 1, (A0, B2) 2);
broadcast!([A0] [B0 B1 B2 B3] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (A0, B3) 3);
broadcast!([A0] [B0 B1 B2 B3 B4] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (Absent, B3) 3, (A0, B4) 4);
broadcast!([A0] [B0 B1 B2 B3 B4 B5] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (Absent, B3) 3, (Absent, B4) 4, (A0, B5) 5);
broadcast!([A0 A1] [] => (A0, Absent) 0, (A1, Absent) 1);
broadcast!([A0 A1] [B0] => (A0, Absent) 0, (A1, B0) 1);
broadcast!([A0 A1] [B0 B1] => (A0, B0) 0, (A1, B1) 1);
broadcast!([A0 A1] [B0 B1 B2] => (Absent, B0) 0, (A0, B1) 1, (A1, B2) 2);
broadcast!([A0 A1] [B0 B1 B2 B3] => (Absent, B0) 0, (Absent, B1) 1, (A0, B2) 2, (A1, B3) 3);
broadcast!([A0 A1] [B0 B1 B2 B3 B4] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (A0, B3) 3, (A1, B4) 4);
broadcast!([A0 A1] [B0 B1 B2 B3 B4 B5] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (Absent, B3) 3, (A0, B4) 4, (A1, B5) 5);
broadcast!([A0 A1 A2] [] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2);
broadcast!([A0 A1 A2] [B0] => (A0, Absent) 0, (A1, Absent) 1, (A2, B0) 2);
broadcast!([A0 A1 A2] [B0 B1] => (A0, Absent) 0, (A1, B0) 1, (A2, B1) 2);
broadcast!([A0 A1 A2] [B0 B1 B2] => (A0, B0) 0, (A1, B1) 1, (A2, B2) 2);
broadcast!([A0 A1 A2] [B0 B1 B2 B3] => (Absent, B0) 0, (A0, B1) 1, (A1, B2) 2, (A2, B3) 3);
broadcast!([A0 A1 A2] [B0 B1 B2 B3 B4] => (Absent, B0) 0, (Absent, B1) 1, (A0, B2) 2, (A1, B3) 3, (A2, B4) 4);
broadcast!([A0 A1 A2] [B0 B1 B2 B3 B4 B5] => (Absent, B0) 0, (Absent, B1) 1, (Absent, B2) 2, (A0, B3) 3, (A1, B4) 4, (A2, B5) 5);
broadcast!([A0 A1 A2 A3] [] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, Absent) 3);
broadcast!([A0 A1 A2 A3] [B0] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, B0) 3);
broadcast!([A0 A1 A2 A3] [B0 B1] => (A0, Absent) 0, (A1, Absent) 1, (A2, B0) 2, (A3, B1) 3);
broadcast!([A0 A1 A2 A3] [B0 B1 B2] => (A0, Absent) 0, (A1, B0) 1, (A2, B1) 2, (A3, B2) 3);
broadcast!([A0 A1 A2 A3] [B0 B1 B2 B3] => (A0, B0) 0, (A1, B1) 1, (A2, B2) 2, (A3, B3) 3);
broadcast!([A0 A1 A2 A3] [B0 B1 B2 B3 B4] => (Absent, B0) 0, (A0, B1) 1, (A1, B2) 2, (A2, B3) 3, (A3, B4) 4);
broadcast!([A0 A1 A2 A3] [B0 B1 B2 B3 B4 B5] => (Absent, B0) 0, (Absent, B1) 1, (A0, B2) 2, (A1, B3) 3, (A2, B4) 4, (A3, B5) 5);
broadcast!([A0 A1 A2 A3 A4] [] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, Absent) 3, (A4, Absent) 4);
broadcast!([A0 A1 A2 A3 A4] [B0] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, Absent) 3, (A4, B0) 4);
broadcast!([A0 A1 A2 A3 A4] [B0 B1] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, B0) 3, (A4, B1) 4);
broadcast!([A0 A1 A2 A3 A4] [B0 B1 B2] => (A0, Absent) 0, (A1, Absent) 1, (A2, B0) 2, (A3, B1) 3, (A4, B2) 4);
broadcast!([A0 A1 A2 A3 A4] [B0 B1 B2 B3] => (A0, Absent) 0, (A1, B0) 1, (A2, B1) 2, (A3, B2) 3, (A4, B3) 4);
broadcast!([A0 A1 A2 A3 A4] [B0 B1 B2 B3 B4] => (A0, B0) 0, (A1, B1) 1, (A2, B2) 2, (A3, B3) 3, (A4, B4) 4);
broadcast!([A0 A1 A2 A3 A4] [B0 B1 B2 B3 B4 B5] => (Absent, B0) 0, (A0, B1) 1, (A1, B2) 2, (A2, B3) 3, (A3, B4) 4, (A4, B5) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, Absent) 3, (A4, Absent) 4, (A5, Absent) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [B0] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, Absent) 3, (A4, Absent) 4, (A5, B0) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [B0 B1] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, Absent) 3, (A4, B0) 4, (A5, B1) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [B0 B1 B2] => (A0, Absent) 0, (A1, Absent) 1, (A2, Absent) 2, (A3, B0) 3, (A4, B1) 4, (A5, B2) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [B0 B1 B2 B3] => (A0, Absent) 0, (A1, Absent) 1, (A2, B0) 2, (A3, B1) 3, (A4, B2) 4, (A5, B3) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [B0 B1 B2 B3 B4] => (A0, Absent) 0, (A1, B0) 1, (A2, B1) 2, (A3, B2) 3, (A4, B3) 4, (A5, B4) 5);
broadcast!([A0 A1 A2 A3 A4 A5] [B0 B1 B2 B3 B4 B5] => (A0, B0) 0, (A1, B1) 1, (A2, B2) 2, (A3, B3) 3, (A4, B4) 4, (A5, B5) 5);
