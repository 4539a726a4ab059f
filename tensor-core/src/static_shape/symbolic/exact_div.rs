//! Division of a `typenum` number by a `typenum` divisor, shaped for views:
//! whether it divides (a bit) and the quotient, cheap where views need it.
//!
//! `typenum`'s `Div` and `Rem` run a long division over every bit of the
//! dividend, comparing whole numbers at each step; on a 22-bit static size
//! one `-1` cost about 60 ms of `cargo check`, even when dividing by 1. Here
//! the divisor decides: by 1 the answer is immediate; by an even number, the
//! low bits of both are stripped together (a bit each); only the odd part
//! left (often 1, or a small number such as 3) goes to `typenum`, on a
//! dividend made that much shorter.

use std::ops::{Div, Rem};

use typenum::{Bit, UInt, UTerm, B0, B1};

use super::verdicts::IsZero;

/// A number's lowest bit and the number without it.
///
/// ```
/// use tensor_view::static_shape::Halve;
/// use typenum::{B1, U3, U7};
/// let _: <U7 as Halve>::Half = U3::default();
/// let _: <U7 as Halve>::Low = B1;
/// ```
pub trait Halve {
    /// `Self / 2`.
    type Half;
    /// `Self % 2`, as a bit.
    type Low: Bit;
}

impl Halve for UTerm {
    type Half = UTerm;
    type Low = B0;
}

impl<U, B: Bit> Halve for UInt<U, B> {
    type Half = U;
    type Low = B;
}

/// `N` divided by the divisor `Self`: `Fits` is `B1` when it divides
/// exactly, and `Quot` is the quotient then (some number otherwise). Total,
/// so that a failed view is reported once, by its own message: a divisor of
/// 0 never fits.
///
/// ```
/// use tensor_view::static_shape::ExactDiv;
/// use typenum::{Prod, B0, B1, U3, U4, U12, U1000};
/// let _: <U4 as ExactDiv<U12>>::Fits = B1;
/// let _: <U4 as ExactDiv<U12>>::Quot = U3::default();
/// let _: <U12 as ExactDiv<Prod<U12, U1000>>>::Quot = U1000::default();
/// let _: <U4 as ExactDiv<typenum::U6>>::Fits = B0;
/// ```
pub trait ExactDiv<N> {
    /// The quotient (meaningful when `Fits` is `B1`).
    type Quot;
    /// `B1` when `Self` divides `N`.
    type Fits: Bit;
}

/// By 0: never fits (a view's static part of 0 is checked elsewhere).
impl<N> ExactDiv<N> for UTerm {
    type Quot = UTerm;
    type Fits = B0;
}

/// By 1: `N` itself.
impl<N> ExactDiv<N> for UInt<UTerm, B1> {
    type Quot = N;
    type Fits = B1;
}

/// By an even number `2k`: `N` must be even, and `N / 2` divisible by `k`
/// (see [`HalfStep`]; each where-clause names one projection, which keeps
/// the compiler's work linear in the number of bits).
impl<N, U, B> ExactDiv<N> for UInt<UInt<U, B>, B0>
where
    N: Halve,
    UInt<U, B>: HalfStep<N::Low, N::Half>,
{
    type Quot = <UInt<U, B> as HalfStep<N::Low, N::Half>>::Quot;
    type Fits = <UInt<U, B> as HalfStep<N::Low, N::Half>>::Fits;
}

/// One step of [`ExactDiv`] by an even number: the divisor's half `Self`
/// divides the dividend's half `Half` when the dividend's low bit `Low` is 0.
///
/// ```
/// use tensor_view::static_shape::HalfStep;
/// use typenum::{B0, B1, U2, U3, U6};
/// let _: <U3 as HalfStep<B0, U6>>::Quot = U2::default();
/// let _: <U3 as HalfStep<B1, U6>>::Fits = B0;
/// ```
pub trait HalfStep<Low, Half> {
    /// The quotient.
    type Quot;
    /// `B1` when it divides.
    type Fits: Bit;
}

impl<K, Half> HalfStep<B1, Half> for K {
    type Quot = UTerm;
    type Fits = B0;
}

impl<K: ExactDiv<Half>, Half> HalfStep<B0, Half> for K {
    type Quot = K::Quot;
    type Fits = K::Fits;
}

/// By an odd number above 1: `typenum`'s division.
impl<N, U, B> ExactDiv<N> for UInt<UInt<U, B>, B1>
where
    N: Div<UInt<UInt<U, B>, B1>> + Rem<UInt<UInt<U, B>, B1>>,
    <N as Rem<UInt<UInt<U, B>, B1>>>::Output: IsZero,
{
    type Quot = <N as Div<UInt<UInt<U, B>, B1>>>::Output;
    type Fits = <<N as Rem<UInt<UInt<U, B>, B1>>>::Output as IsZero>::Out;
}
