//! Strides as the type-level numbers [`Num`]: an odd part times a power of
//! two, both `typenum` numbers.
//!
//! Strides and the products the stride rule compares are products of dims,
//! and dims are mostly powers of two times small odd numbers (768 is 3 *
//! 2^8), so a stride near 2^40 is a number of a few bits and an exponent.
//! Multiplying two is multiplying the odd parts and adding the exponents,
//! and comparing them compares two small numbers: far fewer trait steps than
//! the same work on 40-bit binary numbers, which is what keeps `view!` after
//! a `permute!` cheap to check.

use std::marker::PhantomData;
use std::ops::{Add, Mul};

use typenum::{Bit, Prod, Sum, UInt, UTerm, Unsigned, B0, B1, U0, U1, U2, U3, U4};

/// The number `Odd * 2^Exp` (`Odd` odd, or 0 for zero).
///
/// ```
/// use tensor_view::static_shape::{Num, NumValue};
/// use typenum::{U3, U8};
/// assert_eq!(<Num<U3, U8> as NumValue>::VALUE, 768);
/// ```
pub struct Num<Odd, Exp>(PhantomData<fn() -> (Odd, Exp)>);

/// The value of a [`Num`], for the run-time checks (`into_static`).
///
/// ```
/// use tensor_view::static_shape::{Num, NumValue};
/// assert_eq!(<Num<typenum::U1, typenum::U4> as NumValue>::VALUE, 16);
/// ```
///
/// Sealed: implemented by [`Num`] only.
pub trait NumValue: crate::static_shape::markers::sealed::Sealed + 'static {
    /// The number.
    const VALUE: isize;
}

impl<O: Unsigned + 'static, X: Unsigned + 'static> crate::static_shape::markers::sealed::Sealed
    for Num<O, X>
{
}

impl<O: Unsigned + 'static, X: Unsigned + 'static> NumValue for Num<O, X> {
    const VALUE: isize = O::ISIZE << X::USIZE;
}

/// A `typenum` number as a [`Num`].
///
/// ```
/// use tensor_view::static_shape::{Num, ToNum};
/// use typenum::{U3, U8, U768};
/// let _: Option<<U768 as ToNum>::Out> = None::<Num<U3, U8>>;
/// ```
pub trait ToNum {
    /// The number.
    type Out;
}

impl ToNum for UTerm {
    type Out = Num<UTerm, U0>;
}

// The trailing zero bits are counted four at a time (dims are mostly
// multiples of large powers of two), so a conversion takes a step per four
// zero bits rather than one per bit.
impl<U> ToNum for UInt<U, B1> {
    type Out = Num<UInt<U, B1>, U0>;
}

impl<U> ToNum for UInt<UInt<U, B1>, B0> {
    type Out = Num<UInt<U, B1>, U1>;
}

impl<U> ToNum for UInt<UInt<UInt<U, B1>, B0>, B0> {
    type Out = Num<UInt<U, B1>, U2>;
}

impl<U> ToNum for UInt<UInt<UInt<UInt<U, B1>, B0>, B0>, B0> {
    type Out = Num<UInt<U, B1>, U3>;
}

impl<U: ToNum> ToNum for UInt<UInt<UInt<UInt<U, B0>, B0>, B0>, B0>
where
    U::Out: TimesSixteen,
{
    type Out = <U::Out as TimesSixteen>::Out;
}

/// A [`Num`] times 16.
///
/// ```
/// use tensor_view::static_shape::{Num, NumValue, TimesSixteen};
/// use typenum::{U2, U3};
/// assert_eq!(<<Num<U3, U2> as TimesSixteen>::Out as NumValue>::VALUE, 192);
/// ```
pub trait TimesSixteen {
    /// The number.
    type Out;
}

impl<O, X: Add<U4>> TimesSixteen for Num<O, X> {
    type Out = Num<O, Sum<X, U4>>;
}

/// The product of two [`Num`]s.
///
/// ```
/// use tensor_view::static_shape::{Num, NumValue, Times};
/// use typenum::{U1, U2, U3, U5};
/// type P = <Num<U3, U1> as Times<Num<U5, U2>>>::Out;
/// assert_eq!(<P as NumValue>::VALUE, 120);
/// ```
pub trait Times<R> {
    /// The product.
    type Out;
}

impl<O1: Mul<O2>, X1: Add<X2>, O2, X2> Times<Num<O2, X2>> for Num<O1, X1> {
    type Out = Num<Prod<O1, O2>, Sum<X1, X2>>;
}

/// `B1` when two [`Num`]s are equal.
///
/// ```
/// use tensor_view::static_shape::{Num, SameNum};
/// use typenum::{U1, U3};
/// let _: <Num<U3, U1> as SameNum<Num<U3, U1>>>::Out = typenum::B1;
/// let _: <Num<U3, U1> as SameNum<Num<U1, U1>>>::Out = typenum::B0;
/// ```
pub trait SameNum<R> {
    /// `B1` or `B0`.
    type Out: Bit;
}

/// The exponents are compared first: they differ more often, and then
/// the odd parts are not compared at all.
impl<O1, X1: Same<X2>, O2, X2> SameNum<Num<O2, X2>> for Num<O1, X1>
where
    X1::Out: SameIf<O1, O2>,
{
    type Out = <X1::Out as SameIf<O1, O2>>::Out;
}

/// Given whether two exponents are equal (`Self`), whether the numbers
/// with odd parts `O1` and `O2` are equal.
///
/// ```
/// use tensor_view::static_shape::SameIf;
/// use typenum::{U3, U5};
/// let _: <typenum::B0 as SameIf<U3, U3>>::Out = typenum::B0;
/// let _: <typenum::B1 as SameIf<U3, U5>>::Out = typenum::B0;
/// let _: <typenum::B1 as SameIf<U3, U3>>::Out = typenum::B1;
/// ```
pub trait SameIf<O1, O2> {
    /// `B1` or `B0`.
    type Out: Bit;
}

impl<O1, O2> SameIf<O1, O2> for B0 {
    type Out = B0;
}

impl<O1: Same<O2>, O2> SameIf<O1, O2> for B1 {
    type Out = O1::Out;
}

/// `B1` when `Self` equals `R` (two `typenum` numbers): compared from the
/// lowest bit, stopping at the first that differs.
///
/// ```
/// use tensor_view::static_shape::Same;
/// let _: <typenum::U12 as Same<typenum::U12>>::Out = typenum::B1;
/// let _: <typenum::U12 as Same<typenum::U13>>::Out = typenum::B0;
/// ```
pub trait Same<R> {
    /// `B1` or `B0`.
    type Out: Bit;
}

impl Same<UTerm> for UTerm {
    type Out = B1;
}

impl<U, B> Same<UInt<U, B>> for UTerm {
    type Out = B0;
}

impl<U, B> Same<UTerm> for UInt<U, B> {
    type Out = B0;
}

impl<L: Same<R>, R> Same<UInt<R, B0>> for UInt<L, B0> {
    type Out = L::Out;
}

impl<L: Same<R>, R> Same<UInt<R, B1>> for UInt<L, B1> {
    type Out = L::Out;
}

impl<L, R> Same<UInt<R, B1>> for UInt<L, B0> {
    type Out = B0;
}

impl<L, R> Same<UInt<R, B0>> for UInt<L, B1> {
    type Out = B0;
}

/// The product of a list of dims, as a `typenum` number (for messages: it
/// runs only for a view the rule refuses).
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, Product};
/// use typenum::{Unsigned, U2, U3};
/// assert_eq!(<<Cons<U2, Cons<U3, Nil>> as Product>::Out as Unsigned>::USIZE, 6);
/// ```
pub trait Product {
    /// The product.
    type Out;
}

impl Product for super::lists::Nil {
    type Out = typenum::U1;
}

impl<D: Mul<T::Out>, T: Product> Product for super::lists::Cons<D, T> {
    type Out = Prod<D, T::Out>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::consts::*;

    /// The value of `N` converted to a [`Num`].
    fn converted<N: ToNum>() -> isize
    where
        N::Out: NumValue,
    {
        <N::Out as NumValue>::VALUE
    }

    macro_rules! same_values {
        ($($n:ty => $v:literal),*) => {$(
            assert_eq!(converted::<$n>(), $v, stringify!($n));
        )*};
    }

    #[test]
    fn to_num_keeps_every_value_across_its_four_bit_steps() {
        // Each count of trailing zero bits from 0 to 15, and odd parts of
        // one and of several bits.
        same_values!(
            U0 => 0, U1 => 1, U2 => 2, U3 => 3, U4 => 4, U6 => 6, U8 => 8, U12 => 12,
            U16 => 16, U17 => 17, U24 => 24, U32 => 32, U48 => 48, U64 => 64, U96 => 96,
            U128 => 128, U256 => 256, U384 => 384, U512 => 512, U768 => 768, U1000 => 1000,
            U1024 => 1024, U2048 => 2048, Prod<U3, U1024> => 3072, U4096 => 4096,
            U8192 => 8192, U16384 => 16384, U32768 => 32768, Prod<U48, U1024> => 49152,
            Prod<U1000, U1000> => 1000000, Prod<U17, U4096> => 69632
        );
    }

    #[test]
    fn same_num_compares_exponents_then_odd_parts() {
        type Six = Num<U3, U1>;
        // Checked by the compiler: each verdict must be the bit written.
        let _: <Six as SameNum<Num<U3, U1>>>::Out = B1;
        let _: <Six as SameNum<Num<U3, U2>>>::Out = B0;
        let _: <Six as SameNum<Num<U5, U1>>>::Out = B0;
        let _: <Num<UTerm, U0> as SameNum<Num<UTerm, U0>>>::Out = B1;
    }
}
