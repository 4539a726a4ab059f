//! Small total type-level functions the symbolic checks are built from.
//!
//! Each answers with a `typenum` bit (`B1` yes, `B0` no) instead of failing,
//! so that a failed check is reported once, by the per-call trait that
//! carries PyTorch's message, never deep inside `typenum`.

use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1};

use super::exact_div::ExactDiv;
use super::lists::{SCons, SNil};
use super::symbol::Symbol;

/// Whether `Self` (a segment: a `typenum` number) is a multiple of the
/// non-zero `K`: `B1` or `B0`.
///
/// ```
/// use tensor_view::static_shape::DivVerdict;
/// use typenum::{B0, B1, U12, U5, U3};
/// let _: <U12 as DivVerdict<U3>>::Out = B1;
/// let _: <U12 as DivVerdict<U5>>::Out = B0;
/// ```
pub trait DivVerdict<K> {
    /// `B1` when `K` divides `Self`.
    type Out: Bit;
}

impl<K> DivVerdict<K> for UTerm {
    type Out = B1;
}

impl<U, B, K> DivVerdict<K> for UInt<U, B>
where
    K: ExactDiv<UInt<U, B>>,
{
    type Out = <K as ExactDiv<UInt<U, B>>>::Fits;
}

/// Whether a `typenum` number is zero.
///
/// ```
/// use tensor_view::static_shape::IsZero;
/// let _: <typenum::U0 as IsZero>::Out = typenum::B1;
/// ```
pub trait IsZero {
    /// `B1` for zero.
    type Out: Bit;
}

impl IsZero for UTerm {
    type Out = B1;
}

impl<U: Unsigned, B: Bit> IsZero for UInt<U, B> {
    type Out = B0;
}

/// `A` when `Self` is `B1`, `B` when it is `B0`.
///
/// ```
/// use tensor_view::static_shape::Select;
/// let _: <typenum::B1 as Select<u8, u16>>::Out = 3u8;
/// ```
pub trait Select<A, B> {
    /// The choice.
    type Out;
}

impl<A, B> Select<A, B> for B1 {
    type Out = A;
}

impl<A, B> Select<A, B> for B0 {
    type Out = B;
}

/// The first item of a list (a dummy, `1`, for the empty list, so that the
/// function is total).
///
/// ```
/// use tensor_view::static_shape::{First, SCons, SNil};
/// let _: <SCons<u8, SNil> as First>::Out = 1u8;
/// ```
pub trait First {
    /// The item.
    type Out;
}

impl First for SNil {
    type Out = typenum::U1;
}

impl<H, T> First for SCons<H, T> {
    type Out = H;
}

/// Whether the segments at the two edges of a `-1` allow it: the segment
/// where the `-1` starts (`Self`, the `p`-th from the front) must be a
/// multiple of the static part `P` the view puts before the `-1` in it, and
/// the segment where it ends (`Last`, the `q`-th from the back) a multiple of
/// the part `Q` after; when both are the same segment (`Same` is `B1`), it
/// must be a multiple of `PQ = P * Q`.
///
/// ```
/// use tensor_view::static_shape::Boundary;
/// use typenum::{B0, B1, U1, U12, U768};
/// let _: <U768 as Boundary<U768, B1, U12, U1, U12>>::Out = B1;
/// ```
pub trait Boundary<Last, Same, P, Q, PQ> {
    /// `B1` when the `-1` fits.
    type Out: Bit;
}

impl<Start, Last, Same, P, Q, PQ> Boundary<Last, Same, P, Q, PQ> for Start
where
    Start: DivVerdict<P> + DivVerdict<PQ>,
    Last: DivVerdict<Q>,
    <Start as DivVerdict<P>>::Out: std::ops::BitAnd<<Last as DivVerdict<Q>>::Out>,
    Same: Select<
        <Start as DivVerdict<PQ>>::Out,
        typenum::And<<Start as DivVerdict<P>>::Out, <Last as DivVerdict<Q>>::Out>,
    >,
    <Same as Select<
        <Start as DivVerdict<PQ>>::Out,
        typenum::And<<Start as DivVerdict<P>>::Out, <Last as DivVerdict<Q>>::Out>,
    >>::Out: Bit,
{
    type Out = <Same as Select<
        <Start as DivVerdict<PQ>>::Out,
        typenum::And<<Start as DivVerdict<P>>::Out, <Last as DivVerdict<Q>>::Out>,
    >>::Out;
}

/// Whether a `typenum` number is not zero.
///
/// ```
/// use tensor_view::static_shape::NonZero;
/// let _: <typenum::U3 as NonZero>::Out = typenum::B1;
/// ```
pub trait NonZero {
    /// `B1` unless zero.
    type Out: Bit;
}

impl NonZero for UTerm {
    type Out = B0;
}

impl<U: Unsigned, B: Bit> NonZero for UInt<U, B> {
    type Out = B1;
}

/// Whether the symbols `Self` and `P` are the same (by their ids).
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::SameSymbol;
/// dims!(B, T);
/// let _: <B as SameSymbol<B>>::Out = typenum::B1;
/// let _: <B as SameSymbol<T>>::Out = typenum::B0;
/// ```
pub trait SameSymbol<P> {
    /// `B1` when they are the same.
    type Out: Bit;
}

impl<H: Symbol, P: Symbol> SameSymbol<P> for H
where
    H::Id: typenum::IsEqual<P::Id>,
    typenum::Eq<H::Id, P::Id>: Bit,
{
    type Out = typenum::Eq<H::Id, P::Id>;
}

/// Whether the list of symbols `Self` starts with the list `P`.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, StartsWithSymbols};
/// dims!(B, T);
/// let _: <SCons<B, SCons<T, SNil>> as StartsWithSymbols<SCons<B, SNil>>>::Out = typenum::B1;
/// let _: <SCons<B, SCons<T, SNil>> as StartsWithSymbols<SCons<T, SNil>>>::Out = typenum::B0;
/// ```
pub trait StartsWithSymbols<P> {
    /// `B1` when it does.
    type Out: Bit;
}

impl<L> StartsWithSymbols<SNil> for L {
    type Out = B1;
}

impl<P, PT> StartsWithSymbols<SCons<P, PT>> for SNil {
    type Out = B0;
}

impl<H, T, P, PT> StartsWithSymbols<SCons<P, PT>> for SCons<H, T>
where
    H: SameSymbol<P>,
    T: StartsWithSymbols<PT>,
    <H as SameSymbol<P>>::Out: std::ops::BitAnd<<T as StartsWithSymbols<PT>>::Out>,
    typenum::And<<H as SameSymbol<P>>::Out, <T as StartsWithSymbols<PT>>::Out>: Bit,
{
    type Out = typenum::And<<H as SameSymbol<P>>::Out, <T as StartsWithSymbols<PT>>::Out>;
}

/// Whether a segment is the number `K`.
///
/// ```
/// use tensor_view::static_shape::SameNumber;
/// let _: <typenum::U4 as SameNumber<typenum::U4>>::Out = typenum::B1;
/// ```
pub trait SameNumber<K> {
    /// `B1` when it is.
    type Out: Bit;
}

impl<K> SameNumber<K> for UTerm
where
    UTerm: typenum::IsEqual<K>,
    typenum::Eq<UTerm, K>: Bit,
{
    type Out = typenum::Eq<UTerm, K>;
}

impl<U, B, K> SameNumber<K> for UInt<U, B>
where
    UInt<U, B>: typenum::IsEqual<K>,
    typenum::Eq<UInt<U, B>, K>: Bit,
{
    type Out = typenum::Eq<UInt<U, B>, K>;
}

/// Whether a segment is `1`.
///
/// ```
/// use tensor_view::static_shape::IsOne;
/// let _: <typenum::U1 as IsOne>::Out = typenum::B1;
/// ```
pub trait IsOne {
    /// `B1` for `1`.
    type Out: Bit;
}

impl IsOne for UTerm {
    type Out = B0;
}

impl<U: IsZero, B> IsOne for UInt<U, B>
where
    U::Out: std::ops::BitAnd<B>,
    typenum::And<U::Out, B>: Bit,
{
    type Out = typenum::And<U::Out, B>;
}

/// Whether the list of segments `Self` starts with the view's segments `P`.
///
/// ```
/// use tensor_view::static_shape::{SCons, SNil, StartsWithSegments};
/// use typenum::{U1, U8};
/// let _: <SCons<U1, SCons<U8, SNil>> as StartsWithSegments<SCons<U1, SNil>>>::Out = typenum::B1;
/// ```
pub trait StartsWithSegments<P> {
    /// `B1` when it does.
    type Out: Bit;
}

impl<L> StartsWithSegments<SNil> for L {
    type Out = B1;
}

impl<P, PT> StartsWithSegments<SCons<P, PT>> for SNil {
    type Out = B0;
}

impl<H, T, P, PT> StartsWithSegments<SCons<P, PT>> for SCons<H, T>
where
    H: SameNumber<P>,
    T: StartsWithSegments<PT>,
    <H as SameNumber<P>>::Out: std::ops::BitAnd<<T as StartsWithSegments<PT>>::Out>,
    typenum::And<<H as SameNumber<P>>::Out, <T as StartsWithSegments<PT>>::Out>: Bit,
{
    type Out = typenum::And<<H as SameNumber<P>>::Out, <T as StartsWithSegments<PT>>::Out>;
}

/// Whether the list of symbols `Self` holds every symbol of `P`, as often as
/// `P` names it (in any order), and what is left of it without them.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{ContainsAll, SCons, SNil};
/// dims!(B, T);
/// type BT = SCons<B, SCons<T, SNil>>;
/// let _: <BT as ContainsAll<SCons<T, SNil>>>::Out = typenum::B1;
/// let _: <BT as ContainsAll<SCons<T, SNil>>>::Rest = SCons::<B, SNil>::new();
/// let _: <BT as ContainsAll<SCons<T, SCons<T, SNil>>>>::Out = typenum::B0;
/// ```
pub trait ContainsAll<P> {
    /// `B1` when it does.
    type Out: Bit;
    /// The symbols of `Self` that `P` does not take.
    type Rest;
}

impl<L> ContainsAll<SNil> for L {
    type Out = B1;
    type Rest = L;
}

impl<L, P, PT> ContainsAll<SCons<P, PT>> for L
where
    L: RemoveOne<P>,
    L::Rest: ContainsAll<PT>,
    L::Found: std::ops::BitAnd<<L::Rest as ContainsAll<PT>>::Out>,
    typenum::And<L::Found, <L::Rest as ContainsAll<PT>>::Out>: Bit,
{
    type Out = typenum::And<L::Found, <L::Rest as ContainsAll<PT>>::Out>;
    type Rest = <L::Rest as ContainsAll<PT>>::Rest;
}

/// The list of symbols `Self` without the first `S` in it, and whether there
/// was one.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{RemoveOne, SCons, SNil};
/// dims!(B, T);
/// let _: <SCons<B, SCons<T, SNil>> as RemoveOne<T>>::Rest = SCons::<B, SNil>::new();
/// let _: <SCons<B, SNil> as RemoveOne<T>>::Found = typenum::B0;
/// ```
pub trait RemoveOne<S> {
    /// `B1` when `S` was in the list.
    type Found: Bit;
    /// The list without it.
    type Rest;
}

impl<S> RemoveOne<S> for SNil {
    type Found = B0;
    type Rest = SNil;
}

impl<S, H: SameSymbol<S>, T> RemoveOne<S> for SCons<H, T>
where
    H::Out: RemoveStep<S, H, T>,
{
    type Found = <H::Out as RemoveStep<S, H, T>>::Found;
    type Rest = <H::Out as RemoveStep<S, H, T>>::Rest;
}

/// One step of [`RemoveOne`]: `Self` says whether the head `H` is `S`.
pub trait RemoveStep<S, H, T> {
    /// `B1` when `S` was in the list.
    type Found: Bit;
    /// The list without it.
    type Rest;
}

impl<S, H, T> RemoveStep<S, H, T> for B1 {
    type Found = B1;
    type Rest = T;
}

impl<S, H, T: RemoveOne<S>> RemoveStep<S, H, T> for B0 {
    type Found = T::Found;
    type Rest = SCons<H, T::Rest>;
}

/// Whether a list is empty.
///
/// ```
/// use tensor_view::static_shape::{IsEmpty, SCons, SNil};
/// let _: <SNil as IsEmpty>::Out = typenum::B1;
/// let _: <SCons<u8, SNil> as IsEmpty>::Out = typenum::B0;
/// ```
pub trait IsEmpty {
    /// `B1` for the empty list.
    type Out: Bit;
}

impl IsEmpty for SNil {
    type Out = B1;
}

impl<H, T> IsEmpty for SCons<H, T> {
    type Out = B0;
}
