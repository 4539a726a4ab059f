//! Division of a `typenum` element count by a constant, cheap enough for
//! hundreds of `view!` calls: long division one bit at a time, with the
//! remainder a state `Remainder<R>` and the steps a table the macro writes
//! for its divisor (`2 * d` impls of [`DivStep`]).
//!
//! `typenum`'s own `Div`/`Rem` compare and subtract whole numbers at every
//! bit; on 40-bit counts that cost a quarter of a second per `view!`. Here
//! each bit is one table lookup. The macro splits a divisor into small
//! factors (so tables stay small) and divides by each in turn; a prime factor
//! too large for a table uses `typenum` through [`Large`].

use std::marker::PhantomData;
use std::ops::{Div, Rem};

use typenum::{Bit, UInt, UTerm, Unsigned};

use super::diagnostics::Unchecked;
use super::symbolic::IsZero;

/// The remainder `R` of a division in progress (and, at the end, its result:
/// `Remainder<0>` when the divisor divides the count).
///
/// ```
/// use tensor_view::static_shape::Remainder;
/// let _done: Remainder<0> = Remainder;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Remainder<const R: usize>;

/// The remainder of a division whose value the types do not print (by a
/// prime too large for a step table, or by a named constant): not 0, so
/// the divisor does not divide the count. A division that leaves nothing
/// ends in `Remainder<0>` whatever its divisor.
///
/// ```
/// use tensor_view::static_shape::{DivideBy, Large, NonZeroRemainder, Remainder};
/// use typenum::{U100, U67, U201};
/// let _: <U100 as DivideBy<Large<U67>>>::Rem = NonZeroRemainder;
/// let _: <U201 as DivideBy<Large<U67>>>::Rem = Remainder::<0>;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NonZeroRemainder;

/// The remainder a division reports from a verdict bit (`B1`: it divides):
/// `Remainder<0>` or [`NonZeroRemainder`], never a `typenum` type.
///
/// ```
/// use tensor_view::static_shape::{NonZeroRemainder, Remainder, RemainderIf};
/// let _: <typenum::B1 as RemainderIf>::Rem = Remainder::<0>;
/// let _: <typenum::B0 as RemainderIf>::Rem = NonZeroRemainder;
/// ```
pub trait RemainderIf {
    /// The remainder.
    type Rem: Default;
}

impl RemainderIf for typenum::B1 {
    type Rem = Remainder<0>;
}

impl RemainderIf for typenum::B0 {
    type Rem = NonZeroRemainder;
}

/// One step of long division by this divisor (a type the macro defines, so
/// each call's table stands apart from the others): from remainder `From`,
/// after bringing down `NextBit`, the next remainder and the quotient's next bit.
///
/// ```
/// use tensor_view::static_shape::{DivStep, Remainder, DivideBy};
/// use typenum::{B0, B1, U7, U2};
/// struct ByThree;
/// // 2 * r + bit = v; next remainder v % 3, quotient bit v / 3.
/// impl tensor_view::static_shape::SmallDivisor for ByThree {}
/// impl DivStep<Remainder<0>, B0> for ByThree { type Next = Remainder<0>; type QuotBit = B0; }
/// impl DivStep<Remainder<0>, B1> for ByThree { type Next = Remainder<1>; type QuotBit = B0; }
/// impl DivStep<Remainder<1>, B0> for ByThree { type Next = Remainder<2>; type QuotBit = B0; }
/// impl DivStep<Remainder<1>, B1> for ByThree { type Next = Remainder<0>; type QuotBit = B1; }
/// impl DivStep<Remainder<2>, B0> for ByThree { type Next = Remainder<1>; type QuotBit = B1; }
/// impl DivStep<Remainder<2>, B1> for ByThree { type Next = Remainder<2>; type QuotBit = B1; }
/// let _: <U7 as DivideBy<ByThree>>::Quot = U2::default();
/// let _: <U7 as DivideBy<ByThree>>::Rem = Remainder::<1>;
/// ```
pub trait DivStep<From, NextBit> {
    /// The remainder after this step.
    type Next: Default;
    /// The quotient's bit for this step.
    type QuotBit;
}

/// Appends a bit below a `typenum` number (`2 * n + bit`), keeping the
/// number canonical (no leading zero).
///
/// ```
/// use tensor_view::static_shape::PushBit;
/// use typenum::{B0, B1, U0, U1, U3};
/// let _: <U0 as PushBit<B0>>::Out = U0::default();
/// let _: <U1 as PushBit<B1>>::Out = U3::default();
/// ```
pub trait PushBit<B> {
    /// The number with the bit appended.
    type Out;
}

impl PushBit<typenum::B0> for UTerm {
    type Out = UTerm;
}

impl PushBit<typenum::B1> for UTerm {
    type Out = UInt<UTerm, typenum::B1>;
}

impl<U, X, B> PushBit<B> for UInt<U, X> {
    type Out = UInt<UInt<U, X>, B>;
}

/// Quotient and remainder of a `typenum` count by `Divisor` (see [`DivStep`]);
/// [`Unchecked`] for a count known only at run time.
///
/// ```
/// use tensor_view::static_shape::{DivideBy, Large, NonZeroRemainder, Unchecked};
/// use typenum::{U100, U7, U14};
/// let _: <U100 as DivideBy<Large<U7>>>::Quot = U14::default();
/// let _: <U100 as DivideBy<Large<U7>>>::Rem = NonZeroRemainder;
/// let _: <Unchecked as DivideBy<Large<U7>>>::Rem = Unchecked;
/// ```
pub trait DivideBy<Divisor> {
    /// The quotient (floor).
    type Quot;
    /// The remainder.
    type Rem: Default;
}

impl<D> DivideBy<D> for UTerm
where
    D: SmallDivisor,
{
    type Quot = UTerm;
    type Rem = Remainder<0>;
}

impl<U, B, D> DivideBy<D> for UInt<U, B>
where
    D: SmallDivisor,
    U: DivideBy<D>,
    D: DivStep<U::Rem, B>,
    U::Quot: PushBit<<D as DivStep<U::Rem, B>>::QuotBit>,
{
    type Quot = <U::Quot as PushBit<<D as DivStep<U::Rem, B>>::QuotBit>>::Out;
    type Rem = <D as DivStep<U::Rem, B>>::Next;
}

impl<D> DivideBy<D> for Unchecked {
    type Quot = Unchecked;
    type Rem = Unchecked;
}

/// Marks a divisor type whose [`DivStep`] table the macro wrote.
///
/// ```
/// use tensor_view::static_shape::SmallDivisor;
/// struct ByFive;
/// impl SmallDivisor for ByFive {}
/// ```
pub trait SmallDivisor {}

/// A divisor too large for a step table: `typenum`'s own division by `K`.
/// The remainder is `Remainder<0>` or [`NonZeroRemainder`], so a failed
/// check prints no `typenum` number.
///
/// ```
/// use tensor_view::static_shape::{DivideBy, Large, Remainder};
/// use typenum::{U10, U5, U2};
/// let _: <U10 as DivideBy<Large<U5>>>::Quot = U2::default();
/// let _: <U10 as DivideBy<Large<U5>>>::Rem = Remainder::<0>;
/// ```
pub struct Large<K>(PhantomData<K>);

impl<K> DivideBy<Large<K>> for UTerm {
    type Quot = UTerm;
    type Rem = Remainder<0>;
}

impl<U: Unsigned, B: Bit, K> DivideBy<Large<K>> for UInt<U, B>
where
    UInt<U, B>: Div<K> + Rem<K>,
    <UInt<U, B> as Rem<K>>::Output: IsZero,
    <<UInt<U, B> as Rem<K>>::Output as IsZero>::Out: RemainderIf,
{
    type Quot = <UInt<U, B> as Div<K>>::Output;
    type Rem = <<<UInt<U, B> as Rem<K>>::Output as IsZero>::Out as RemainderIf>::Rem;
}

/// What a `view!` with literal dims concludes about the input's count: the
/// remainders of its divisions, as a tuple type the generated check accepts
/// only when all are zero. Implemented by the macro's generated types.
///
/// ```
/// use tensor_view::{view, Shape, Tensor};
/// let x = Tensor::<f32, Shape![3, 4]>::zeros();
/// assert_eq!(view!(x, [6, -1]).shape(), &[6, 2]);
/// ```
pub trait CountCheck<Numel> {
    /// The remainders.
    type Verdict: Default;
}

/// The verdict of `Check` on `src`'s element count (see [`CountCheck`]).
///
/// ```
/// use tensor_view::{view, Shape, Tensor};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// assert_eq!(view!(x, [-1, 2, 2]).stride(), &[4, 2, 1]);
/// ```
pub fn count_verdict<Check, T: crate::Element, S: super::ShapeKind>(
    _: &crate::Tensor<T, S>,
) -> <Check as CountCheck<S::Numel>>::Verdict
where
    Check: CountCheck<S::Numel>,
{
    Default::default()
}
