//! PyTorch's stride rule for `view` (ATen's `computeStride`), decided while
//! compiling for a [`Permuted`] view of a row-major tensor.
//!
//! PyTorch cuts the input's dims into runs that are contiguous with each
//! other (a dim's stride is the next one's size times its stride; size-1
//! dims are skipped) and lets a view split or merge dims only within a run.
//! For a view dim of `Permuted<Src, Map>`, whose stride is that of a source
//! dim, the test needs no arithmetic on sizes: the view dims from source
//! dims `P` and then `K` are contiguous exactly when `P < K`, every source
//! dim between them is a static 1, and the second holds all of its source
//! dim (named dims hold at least 2, so a named dim between two others
//! separates them).
//!
//! A boundary beside a named dim costs nothing (a typed view keeps every
//! named dim, and [`ViewAs`](super::ViewAs) has checked the static sizes
//! around it), so the rule folds the input into its *chunks* (the products
//! of the static runs between boundaries) and named dims, and walks the
//! target's sizes against them: each chunk must be the product of
//! consecutive target sizes. A static 0 makes the tensor empty, and PyTorch
//! allows every view of an empty tensor. The one verdict meets the leaf
//! [`ViewNeedsNoCopy`], whose message is PyTorch's.

use std::marker::PhantomData;
use std::ops::Mul;

use typenum::{Bit, Cmp, Compare, Equal, Greater, IsEqual, Less, UInt, UTerm, B0, B1, U1};

use super::view::{Cons, Nil};
use crate::static_shape::Symbol;
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::{AnyStrides, DimList};
use crate::typed::merged::Merged;
use crate::typed::numbers::InSizeTable;
use crate::typed::permuted::{Of, Permuted};
use crate::typed::D;

type Num<const N: usize> = <D<N> as InSizeTable>::Num;

/// Whether a `typenum` size is 1, and whether it is 0.
#[doc(hidden)]
pub trait Class {
    /// `B1` for 1.
    type IsOne: Bit;
    /// `B1` for 0.
    type IsZero: Bit;
}
impl Class for UTerm {
    type IsOne = B0;
    type IsZero = B1;
}
impl Class for UInt<UTerm, B1> {
    type IsOne = B1;
    type IsZero = B0;
}
impl<U, B, C> Class for UInt<UInt<U, B>, C> {
    type IsOne = B0;
    type IsZero = B0;
}

/// The same for a dim's kind (a named dim holds at least 2).
#[doc(hidden)]
pub trait SizeClass {
    /// `B1` for a static 1.
    type IsOne: Bit;
    /// `B1` for a static 0.
    type IsZero: Bit;
}
impl SizeClass for Unit {
    type IsOne = B1;
    type IsZero = B0;
}
impl<S> SizeClass for Named<S> {
    type IsOne = B0;
    type IsZero = B0;
}
impl<const N: usize> SizeClass for Fixed<N>
where
    D<N>: InSizeTable,
    Num<N>: Class,
{
    type IsOne = <Num<N> as Class>::IsOne;
    type IsZero = <Num<N> as Class>::IsZero;
}

/// `Self` and `Y`.
#[doc(hidden)]
pub trait Both<Y> {
    /// The conjunction.
    type Out: Bit;
}
impl<Y: Bit> Both<Y> for B1 {
    type Out = Y;
}
impl<Y> Both<Y> for B0 {
    type Out = B0;
}

/// `Self` or `Y`.
#[doc(hidden)]
pub trait Either<Y> {
    /// The disjunction.
    type Out: Bit;
}
impl<Y> Either<Y> for B1 {
    type Out = B1;
}
impl<Y: Bit> Either<Y> for B0 {
    type Out = Y;
}

/// Whether every dim of a tuple is a static 1.
#[doc(hidden)]
pub trait AllOnes {
    /// The verdict.
    type Out: Bit;
}
impl AllOnes for () {
    type Out = B1;
}
macro_rules! all_ones {
    ($first:ident $($rest:ident)*) => {
        impl<$first: Dim, $($rest: Dim),*> AllOnes for ($first, $($rest,)*)
        where
            $first::Kind: SizeClass,
            ($($rest,)*): AllOnes,
            <$first::Kind as SizeClass>::IsOne: Both<<($($rest,)*) as AllOnes>::Out>,
        {
            type Out = <<$first::Kind as SizeClass>::IsOne as Both<<($($rest,)*) as AllOnes>::Out>>::Out;
        }
    };
}
all_ones!(A0);
all_ones!(A0 A1);
all_ones!(A0 A1 A2);
all_ones!(A0 A1 A2 A3);
all_ones!(A0 A1 A2 A3 A4);

/// The source dim `K` of a source shape.
#[doc(hidden)]
pub trait SrcAt<const K: usize> {
    /// The dim.
    type Dim: Dim;
}
/// Whether the view dim from source dim `K` follows the one from source
/// dim `P` as far as the source goes: `P < K`, only static 1s between.
#[doc(hidden)]
pub trait Gap<const P: usize, const K: usize> {
    /// The verdict.
    type Ones: Bit;
}
/// Whether every source dim after `K` is a static 1 (its stride is 1).
#[doc(hidden)]
pub trait Tail<const K: usize> {
    /// The verdict.
    type Ones: Bit;
}

macro_rules! tables {
    (at [$($a:ident)*] $k:literal => $dim:ident) => {
        impl<$($a: Dim),*> SrcAt<$k> for ($($a,)*) {
            type Dim = $dim;
        }
    };
    (gap [$($a:ident)*] $p:literal $k:literal => no) => {
        impl<$($a: Dim),*> Gap<$p, $k> for ($($a,)*) {
            type Ones = B0;
        }
    };
    (gap [$($a:ident)*] $p:literal $k:literal => $between:ty) => {
        impl<$($a: Dim),*> Gap<$p, $k> for ($($a,)*)
        where
            $between: AllOnes,
        {
            type Ones = <$between as AllOnes>::Out;
        }
    };
    (tail [$($a:ident)*] $k:literal => $after:ty) => {
        impl<$($a: Dim),*> Tail<$k> for ($($a,)*)
        where
            $after: AllOnes,
        {
            type Ones = <$after as AllOnes>::Out;
        }
    };
}
include!("strides_tables.rs");

/// Whether a view dim of kind `Self` holds all of a source dim of kind
/// `S`: a named one always (it is the source's own), a static one when
/// the sizes are equal.
#[doc(hidden)]
pub trait FullOf<S> {
    /// The verdict.
    type Out: Bit;
}
impl<Sym, S> FullOf<S> for Named<Sym> {
    type Out = B1;
}
impl<S> FullOf<S> for Unit {
    type Out = B1;
}
impl<const N: usize, const M: usize> FullOf<Fixed<M>> for Fixed<N>
where
    D<N>: InSizeTable,
    D<M>: InSizeTable,
    Num<N>: IsEqual<Num<M>>,
    <Num<N> as IsEqual<Num<M>>>::Output: Bit,
{
    type Out = <Num<N> as IsEqual<Num<M>>>::Output;
}
impl<const N: usize, Sym> FullOf<Named<Sym>> for Fixed<N> {
    type Out = B0;
}
impl<const N: usize> FullOf<Unit> for Fixed<N> {
    type Out = B0;
}

/// No non-1 view dim seen yet.
#[doc(hidden)]
pub struct NoPrev;
/// The last non-1 view dim seen came from source dim `K`.
#[doc(hidden)]
pub struct Last<const K: usize>;

/// Whether the view dim of kind `XK` from source dim `K` is contiguous with
/// the last non-1 view dim before it (`Self`).
#[doc(hidden)]
pub trait Joins<Src, const K: usize, XK> {
    /// The verdict.
    type Out: Bit;
}
impl<Src, const K: usize, XK> Joins<Src, K, XK> for NoPrev {
    type Out = B1;
}
impl<Src: Gap<P, K> + SrcAt<K>, const P: usize, const K: usize, XK> Joins<Src, K, XK> for Last<P>
where
    XK: FullOf<<<Src as SrcAt<K>>::Dim as Dim>::Kind>,
    <Src as Gap<P, K>>::Ones: Both<<XK as FullOf<<<Src as SrcAt<K>>::Dim as Dim>::Kind>>::Out>,
{
    type Out = <<Src as Gap<P, K>>::Ones as Both<
        <XK as FullOf<<<Src as SrcAt<K>>::Dim as Dim>::Kind>>::Out,
    >>::Out;
}

/// A chunk of the input: a static run of product `P` between boundaries.
#[doc(hidden)]
pub struct Block<P>(PhantomData<P>);
/// A named dim of the input.
#[doc(hidden)]
pub struct Label<S>(PhantomData<S>);
/// A boundary of the input between two dims that are not contiguous with
/// each other: the target must have a boundary between its dims there.
#[doc(hidden)]
pub struct Cut;

/// A [`Cut`] before `Rest` unless contiguous (`Self` is `B1`).
#[doc(hidden)]
pub trait CutUnless {
    /// The tokens.
    type Then<Rest>;
}
impl CutUnless for B1 {
    type Then<Rest> = Rest;
}
impl CutUnless for B0 {
    type Then<Rest> = Cons<Cut, Rest>;
}

/// The current chunk of product `Self` closed before `Rest`: nothing for
/// an empty chunk (1).
#[doc(hidden)]
pub trait Close {
    /// The tokens.
    type Then<Rest>;
}
impl Close for UInt<UTerm, B1> {
    type Then<Rest> = Rest;
}
impl Close for UTerm {
    type Then<Rest> = Cons<Block<UTerm>, Rest>;
}
impl<U, B, C> Close for UInt<UInt<U, B>, C> {
    type Then<Rest> = Cons<Block<Self>, Rest>;
}

/// The fold of a map (a [`Cons`] list of [`Of`]) over a source shape `Src`:
/// the last non-1 view dim `Prev` and the current chunk's product `Acc`
/// carried in.
#[doc(hidden)]
pub trait Walk<Src, Prev, Acc> {
    /// Chunks and named dims, in order.
    type Tokens;
    /// A static 0 was seen.
    type Zero: Bit;
    /// Every non-1 view dim is contiguous with the one before.
    type Joined: Bit;
    /// The last non-1 view dim ([`NoPrev`] or [`Last`]).
    type Last;
}
impl<Src, Prev, Acc: Close> Walk<Src, Prev, Acc> for Nil {
    type Tokens = <Acc as Close>::Then<Nil>;
    type Zero = B0;
    type Joined = B1;
    type Last = Prev;
}
impl<Src, Prev, Acc, const K: usize, X: Dim, R> Walk<Src, Prev, Acc> for Cons<Of<K, X>, R>
where
    X::Kind: Visit<Src, Prev, Acc, K, R>,
{
    type Tokens = <X::Kind as Visit<Src, Prev, Acc, K, R>>::Tokens;
    type Zero = <X::Kind as Visit<Src, Prev, Acc, K, R>>::Zero;
    type Joined = <X::Kind as Visit<Src, Prev, Acc, K, R>>::Joined;
    type Last = <X::Kind as Visit<Src, Prev, Acc, K, R>>::Last;
}

/// One view dim of this kind from source dim `K`, then the rest `R`.
#[doc(hidden)]
pub trait Visit<Src, Prev, Acc, const K: usize, R> {
    /// As [`Walk`].
    type Tokens;
    /// As [`Walk`].
    type Zero: Bit;
    /// As [`Walk`].
    type Joined: Bit;
    /// As [`Walk`].
    type Last;
}
/// A `One`: skipped, as PyTorch skips size-1 dims.
impl<Src, Prev, Acc, const K: usize, R: Walk<Src, Prev, Acc>> Visit<Src, Prev, Acc, K, R> for Unit {
    type Tokens = R::Tokens;
    type Zero = R::Zero;
    type Joined = R::Joined;
    type Last = R::Last;
}
/// A named dim: it closes the chunk before it (with a [`Cut`] when it is
/// not contiguous with the dim before) and starts none.
impl<Src, Prev, Acc: Close, const K: usize, R, S: Symbol> Visit<Src, Prev, Acc, K, R> for Named<S>
where
    Prev: Joins<Src, K, Named<S>>,
    R: Walk<Src, Last<K>, U1>,
    <Prev as Joins<Src, K, Named<S>>>::Out: Both<R::Joined> + CutUnless,
{
    type Tokens = <Acc as Close>::Then<
        <<Prev as Joins<Src, K, Named<S>>>::Out as CutUnless>::Then<Cons<Label<S>, R::Tokens>>,
    >;
    type Zero = R::Zero;
    type Joined = <<Prev as Joins<Src, K, Named<S>>>::Out as Both<R::Joined>>::Out;
    type Last = R::Last;
}
/// A merged dim: its factors, in order, glued to each other (one dim of
/// the input is contiguous in itself); the first is contiguous with the
/// dim before exactly when the merged dim is.
impl<Src, Prev, Acc, const K: usize, R, L: Factored> Visit<Src, Prev, Acc, K, R>
    for Named<Merged<L>>
where
    Prev: Joins<Src, K, Named<Merged<L>>>,
    <Prev as Joins<Src, K, Named<Merged<L>>>>::Out: Enter<Src, Acc, K, L::Glued<R>>,
{
    type Tokens =
        <<Prev as Joins<Src, K, Named<Merged<L>>>>::Out as Enter<Src, Acc, K, L::Glued<R>>>::Tokens;
    type Zero =
        <<Prev as Joins<Src, K, Named<Merged<L>>>>::Out as Enter<Src, Acc, K, L::Glued<R>>>::Zero;
    type Joined =
        <<Prev as Joins<Src, K, Named<Merged<L>>>>::Out as Enter<Src, Acc, K, L::Glued<R>>>::Joined;
    type Last =
        <<Prev as Joins<Src, K, Named<Merged<L>>>>::Out as Enter<Src, Acc, K, L::Glued<R>>>::Last;
}

/// A merged dim's factors `R` (a list of [`Glued`]) after a dim they are
/// contiguous with (`B1`) or not.
#[doc(hidden)]
pub trait Enter<Src, Acc, const K: usize, R> {
    /// As [`Walk`].
    type Tokens;
    /// As [`Walk`].
    type Zero: Bit;
    /// As [`Walk`].
    type Joined: Bit;
    /// As [`Walk`].
    type Last;
}
impl<Src, Acc, const K: usize, R: Walk<Src, Last<K>, Acc>> Enter<Src, Acc, K, R> for B1 {
    type Tokens = R::Tokens;
    type Zero = R::Zero;
    type Joined = R::Joined;
    type Last = R::Last;
}
impl<Src, Acc: Close, const K: usize, R: Walk<Src, Last<K>, U1>> Enter<Src, Acc, K, R> for B0 {
    type Tokens = <Acc as Close>::Then<Cons<Cut, R::Tokens>>;
    type Zero = R::Zero;
    type Joined = B0;
    type Last = R::Last;
}

/// A factor of a merged dim of the input, after the factor before it.
#[doc(hidden)]
pub struct Glued<F>(PhantomData<F>);
impl<Src, Prev, Acc, F: Dim, R> Walk<Src, Prev, Acc> for Cons<Glued<F>, R>
where
    F::Kind: Inside<Src, Prev, Acc, R>,
{
    type Tokens = <F::Kind as Inside<Src, Prev, Acc, R>>::Tokens;
    type Zero = <F::Kind as Inside<Src, Prev, Acc, R>>::Zero;
    type Joined = <F::Kind as Inside<Src, Prev, Acc, R>>::Joined;
    type Last = <F::Kind as Inside<Src, Prev, Acc, R>>::Last;
}
/// A factor of this kind inside a merged dim, then the rest `R`.
#[doc(hidden)]
pub trait Inside<Src, Prev, Acc, R> {
    /// As [`Walk`].
    type Tokens;
    /// As [`Walk`].
    type Zero: Bit;
    /// As [`Walk`].
    type Joined: Bit;
    /// As [`Walk`].
    type Last;
}
/// A named factor closes the chunk before it, with no [`Cut`].
impl<Src, Prev, Acc: Close, R: Walk<Src, Prev, U1>, S> Inside<Src, Prev, Acc, R> for Named<S> {
    type Tokens = <Acc as Close>::Then<Cons<Label<S>, R::Tokens>>;
    type Zero = R::Zero;
    type Joined = R::Joined;
    type Last = R::Last;
}
/// A static factor grows the chunk.
impl<Src, Prev, Acc, R, const N: usize> Inside<Src, Prev, Acc, R> for Fixed<N>
where
    D<N>: InSizeTable,
    Acc: Mul<Num<N>>,
    R: Walk<Src, Prev, typenum::Prod<Acc, Num<N>>>,
{
    type Tokens = R::Tokens;
    type Zero = R::Zero;
    type Joined = R::Joined;
    type Last = R::Last;
}

/// The factors of a merged dim as lists: for the input's walk, each
/// [`Glued`]; for the target, the first as itself (a boundary of the
/// target is before it) and the others as [`Part`]s (no boundary).
#[doc(hidden)]
pub trait Factored {
    /// The input's factors before `R`.
    type Glued<R>;
    /// The target's factors before `R`.
    type Parts<R>;
}
macro_rules! factored {
    ($first:ident $($f:ident)*) => {
        impl<$first, $($f),*> Factored for ($first, $($f,)*) {
            type Glued<R> = Cons<Glued<$first>, factored!(@glued R; $($f)*)>;
            type Parts<R> = Cons<$first, factored!(@parts R; $($f)*)>;
        }
    };
    (@glued $r:ident;) => { $r };
    (@glued $r:ident; $first:ident $($rest:ident)*) => {
        Cons<Glued<$first>, factored!(@glued $r; $($rest)*)>
    };
    (@parts $r:ident;) => { $r };
    (@parts $r:ident; $first:ident $($rest:ident)*) => {
        Cons<Part<$first>, factored!(@parts $r; $($rest)*)>
    };
}
factored!(A0 A1);
factored!(A0 A1 A2);
factored!(A0 A1 A2 A3);
factored!(A0 A1 A2 A3 A4);
factored!(A0 A1 A2 A3 A4 A5);

/// A static dim, by its class: `(is one, is zero)`.
impl<Src, Prev, Acc, const K: usize, R, const N: usize> Visit<Src, Prev, Acc, K, R> for Fixed<N>
where
    Fixed<N>: SizeClass,
    (
        <Fixed<N> as SizeClass>::IsOne,
        <Fixed<N> as SizeClass>::IsZero,
    ): VisitStatic<Src, Prev, Acc, K, R, N>,
{
    type Tokens = <(
        <Fixed<N> as SizeClass>::IsOne,
        <Fixed<N> as SizeClass>::IsZero,
    ) as VisitStatic<Src, Prev, Acc, K, R, N>>::Tokens;
    type Zero = <(
        <Fixed<N> as SizeClass>::IsOne,
        <Fixed<N> as SizeClass>::IsZero,
    ) as VisitStatic<Src, Prev, Acc, K, R, N>>::Zero;
    type Joined = <(
        <Fixed<N> as SizeClass>::IsOne,
        <Fixed<N> as SizeClass>::IsZero,
    ) as VisitStatic<Src, Prev, Acc, K, R, N>>::Joined;
    type Last = <(
        <Fixed<N> as SizeClass>::IsOne,
        <Fixed<N> as SizeClass>::IsZero,
    ) as VisitStatic<Src, Prev, Acc, K, R, N>>::Last;
}

/// A static dim of `N`, by `(is one, is zero)`.
#[doc(hidden)]
pub trait VisitStatic<Src, Prev, Acc, const K: usize, R, const N: usize> {
    /// As [`Walk`].
    type Tokens;
    /// As [`Walk`].
    type Zero: Bit;
    /// As [`Walk`].
    type Joined: Bit;
    /// As [`Walk`].
    type Last;
}
/// A static 1: skipped.
impl<Src, Prev, Acc, const K: usize, R: Walk<Src, Prev, Acc>, const N: usize>
    VisitStatic<Src, Prev, Acc, K, R, N> for (B1, B0)
{
    type Tokens = R::Tokens;
    type Zero = R::Zero;
    type Joined = R::Joined;
    type Last = R::Last;
}
/// A static 0: the tensor is empty; PyTorch allows any view of it.
impl<Src, Prev, Acc, const K: usize, R: Walk<Src, Last<K>, U1>, const N: usize>
    VisitStatic<Src, Prev, Acc, K, R, N> for (B0, B1)
{
    type Tokens = R::Tokens;
    type Zero = B1;
    type Joined = R::Joined;
    type Last = R::Last;
}
/// A static dim of 2 or more: it grows the chunk when contiguous with the
/// dim before, else closes it and starts another.
impl<Src, Prev, Acc, const K: usize, R, const N: usize> VisitStatic<Src, Prev, Acc, K, R, N>
    for (B0, B0)
where
    D<N>: InSizeTable,
    Prev: Joins<Src, K, Fixed<N>>,
    <Prev as Joins<Src, K, Fixed<N>>>::Out: Extend<Src, Acc, K, R, Num<N>>,
{
    type Tokens =
        <<Prev as Joins<Src, K, Fixed<N>>>::Out as Extend<Src, Acc, K, R, Num<N>>>::Tokens;
    type Zero = <<Prev as Joins<Src, K, Fixed<N>>>::Out as Extend<Src, Acc, K, R, Num<N>>>::Zero;
    type Joined =
        <<Prev as Joins<Src, K, Fixed<N>>>::Out as Extend<Src, Acc, K, R, Num<N>>>::Joined;
    type Last = <<Prev as Joins<Src, K, Fixed<N>>>::Out as Extend<Src, Acc, K, R, Num<N>>>::Last;
}

/// A static size `N` after a dim it is contiguous with (`B1`) or not.
#[doc(hidden)]
pub trait Extend<Src, Acc, const K: usize, R, N> {
    /// As [`Walk`].
    type Tokens;
    /// As [`Walk`].
    type Zero: Bit;
    /// As [`Walk`].
    type Joined: Bit;
    /// As [`Walk`].
    type Last;
}
impl<Src, Acc: Mul<N>, const K: usize, R, N> Extend<Src, Acc, K, R, N> for B1
where
    R: Walk<Src, Last<K>, typenum::Prod<Acc, N>>,
{
    type Tokens = R::Tokens;
    type Zero = R::Zero;
    type Joined = R::Joined;
    type Last = R::Last;
}
impl<Src, Acc: Close, const K: usize, R, N> Extend<Src, Acc, K, R, N> for B0
where
    R: Walk<Src, Last<K>, N>,
{
    type Tokens = <Acc as Close>::Then<Cons<Cut, R::Tokens>>;
    type Zero = R::Zero;
    type Joined = B0;
    type Last = R::Last;
}

/// Whether the last non-1 view dim (`Self`) has stride 1.
#[doc(hidden)]
pub trait EndsAtOne<Src> {
    /// The verdict.
    type Out: Bit;
}
impl<Src> EndsAtOne<Src> for NoPrev {
    type Out = B1;
}
impl<Src: Tail<K>, const K: usize> EndsAtOne<Src> for Last<K> {
    type Out = <Src as Tail<K>>::Ones;
}

/// The input's tokens (`Self`) against the target's dims (a [`Cons`] list;
/// a merged dim is read as its factors, each after the first a [`Part`]),
/// the product `Acc` of the target sizes given to the current chunk so far:
/// whether every static run of the input is the product of consecutive
/// target sizes, and every [`Cut`] of the input falls between two dims of
/// the target (not inside a merged dim).
#[doc(hidden)]
pub trait Align<Target, Acc> {
    /// The verdict.
    type Out: Bit;
}
impl<Target, Acc> Align<Target, Acc> for Nil {
    type Out = B1;
}
impl<H, R, Acc> Align<Nil, Acc> for Cons<H, R> {
    type Out = B0;
}
impl<H, R, TH: Atom, TR, Acc> Align<Cons<TH, TR>, Acc> for Cons<H, R>
where
    (H, TH::Kind): Pair<R, TH, TR, Acc>,
{
    type Out = <(H, TH::Kind) as Pair<R, TH, TR, Acc>>::Out;
}

/// A factor after the first of a merged dim of the target: no boundary of
/// the target before it.
#[doc(hidden)]
pub struct Part<F>(PhantomData<F>);
/// The kind of a [`Part`] of kind `K`.
#[doc(hidden)]
pub struct Inner<K>(PhantomData<K>);

/// An element of the target's list: a dim, or a [`Part`].
#[doc(hidden)]
pub trait Atom {
    /// Its kind.
    type Kind;
}
impl<X: Dim> Atom for X {
    type Kind = X::Kind;
}
impl<F: Dim> Atom for Part<F> {
    type Kind = Inner<F::Kind>;
}

/// One input token against one target element `TH` of the kind in
/// `Self`, then the rests `R` and `TR`.
#[doc(hidden)]
pub trait Pair<R, TH, TR, Acc> {
    /// The verdict.
    type Out: Bit;
}
/// Two named dims (the view rule has matched their names).
impl<S, S2: Symbol, R: Align<TR, U1>, TH, TR, Acc> Pair<R, TH, TR, Acc> for (Label<S>, Named<S2>) {
    type Out = R::Out;
}
impl<S, S2, R: Align<TR, U1>, TH, TR, Acc> Pair<R, TH, TR, Acc> for (Label<S>, Inner<Named<S2>>) {
    type Out = R::Out;
}
/// A merged dim of the target: its factors.
impl<H, L: Factored, R, TH, TR, Acc> Pair<R, TH, TR, Acc> for (H, Named<Merged<L>>)
where
    H: Token,
    Cons<H, R>: Align<L::Parts<TR>, Acc>,
{
    type Out = <Cons<H, R> as Align<L::Parts<TR>, Acc>>::Out;
}
/// A static 1 of the target beside a named dim: skipped.
impl<S, R, TH, TR, Acc> Pair<R, TH, TR, Acc> for (Label<S>, Unit)
where
    Cons<Label<S>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Label<S>, R> as Align<TR, Acc>>::Out;
}
impl<S, R, TH, TR, Acc, const N: usize> Pair<R, TH, TR, Acc> for (Label<S>, Fixed<N>)
where
    Cons<Label<S>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Label<S>, R> as Align<TR, Acc>>::Out;
}
impl<S, R, TH, TR, Acc, const N: usize> Pair<R, TH, TR, Acc> for (Label<S>, Inner<Fixed<N>>)
where
    Cons<Label<S>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Label<S>, R> as Align<TR, Acc>>::Out;
}
impl<P, R, TH, TR, Acc> Pair<R, TH, TR, Acc> for (Block<P>, Unit)
where
    Cons<Block<P>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Block<P>, R> as Align<TR, Acc>>::Out;
}
impl<P, R, TH, TR, Acc, S: Symbol> Pair<R, TH, TR, Acc> for (Block<P>, Named<S>) {
    type Out = B0;
}
impl<P, R, TH, TR, Acc, S> Pair<R, TH, TR, Acc> for (Block<P>, Inner<Named<S>>) {
    type Out = B0;
}
impl<P, R, TH, TR, Acc, const N: usize> Pair<R, TH, TR, Acc> for (Block<P>, Fixed<N>)
where
    D<N>: InSizeTable,
    Acc: Mul<Num<N>>,
    typenum::Prod<Acc, Num<N>>: Cmp<P>,
    Compare<typenum::Prod<Acc, Num<N>>, P>: Fill<P, R, TR, typenum::Prod<Acc, Num<N>>>,
{
    type Out =
        <Compare<typenum::Prod<Acc, Num<N>>, P> as Fill<P, R, TR, typenum::Prod<Acc, Num<N>>>>::Out;
}
impl<P, R, TH, TR, Acc, const N: usize> Pair<R, TH, TR, Acc> for (Block<P>, Inner<Fixed<N>>)
where
    (Block<P>, Fixed<N>): Pair<R, TH, TR, Acc>,
{
    type Out = <(Block<P>, Fixed<N>) as Pair<R, TH, TR, Acc>>::Out;
}
/// A [`Cut`] of the input between two dims of the target: the target goes
/// on from the same dim.
impl<R, TH, TR, Acc> Pair<R, TH, TR, Acc> for (Cut, Unit)
where
    R: Align<Cons<TH, TR>, Acc>,
{
    type Out = R::Out;
}
impl<R, TH, TR, Acc, const N: usize> Pair<R, TH, TR, Acc> for (Cut, Fixed<N>)
where
    R: Align<Cons<TH, TR>, Acc>,
{
    type Out = R::Out;
}
impl<R, TH, TR, Acc, S: Symbol> Pair<R, TH, TR, Acc> for (Cut, Named<S>)
where
    R: Align<Cons<TH, TR>, Acc>,
{
    type Out = R::Out;
}
/// A [`Cut`] of the input inside a merged dim of the target: a copy.
impl<R, TH, TR, Acc, K> Pair<R, TH, TR, Acc> for (Cut, Inner<K>) {
    type Out = B0;
}

/// A token of the input: [`Block`], [`Label`] or [`Cut`].
#[doc(hidden)]
pub trait Token {}
impl<P> Token for Block<P> {}
impl<S> Token for Label<S> {}
impl Token for Cut {}

/// The target's product `Acc` so far against the chunk `P`: below (go on),
/// equal (the chunk is done), above (the chunk is split: a copy).
#[doc(hidden)]
pub trait Fill<P, R, TR, Acc> {
    /// The verdict.
    type Out: Bit;
}
impl<P, R, TR, Acc> Fill<P, R, TR, Acc> for Less
where
    Cons<Block<P>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Block<P>, R> as Align<TR, Acc>>::Out;
}
impl<P, R: Align<TR, U1>, TR, Acc> Fill<P, R, TR, Acc> for Equal {
    type Out = R::Out;
}
impl<P, R, TR, Acc> Fill<P, R, TR, Acc> for Greater {
    type Out = B0;
}

/// The view needs no copy; its result is row-major when `R` is `B1`.
#[doc(hidden)]
pub struct Copyless<R>(PhantomData<R>);
/// The view needs a copy.
#[doc(hidden)]
pub struct NeedsCopy;

/// The verdict from the alignment (`Self`) and the row-major bit `R`.
#[doc(hidden)]
pub trait Decide<R> {
    /// [`Copyless`] or [`NeedsCopy`].
    type Out;
}
impl<R> Decide<R> for B1 {
    type Out = Copyless<R>;
}
impl<R> Decide<R> for B0 {
    type Out = NeedsCopy;
}

/// The view of `I` as `T` needs no copy: its result is `T` (row-major) or
/// `AnyStrides<T>`.
#[diagnostic::on_unimplemented(
    message = "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    label = "this view of {I} as {T} needs a copy",
    note = "the view merges or splits dims that are not contiguous with each other in memory (after a transpose, a permute or a cut); call `.contiguous()` first, or `.reshape_to::<(..)>()`, which copies"
)]
#[doc(hidden)]
pub trait ViewNeedsNoCopy<I, T> {
    /// The result's shape type.
    type Shape;
}
#[diagnostic::do_not_recommend]
impl<I, T: DimList> ViewNeedsNoCopy<I, T> for Copyless<B1> {
    type Shape = T;
}
#[diagnostic::do_not_recommend]
impl<I, T: DimList> ViewNeedsNoCopy<I, T> for Copyless<B0> {
    type Shape = AnyStrides<T>;
}

type Walked<Src, Map> = <<Map as super::view::Target>::List as Walk<Src, NoPrev, U1>>::Tokens;
type WalkOf<Map> = <Map as super::view::Target>::List;
/// Whether the view needs no copy (before the empty-tensor case).
type Aligned<Src, Map, T> = <Walked<Src, Map> as Align<<T as super::view::Target>::List, U1>>::Out;
/// Whether the input is row-major.
type RowMajor<Src, Map> = <<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Zero as Either<
    <<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Joined as Both<
        <<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Last as EndsAtOne<Src>>::Out,
    >>::Out,
>>::Out;
/// Empty, or aligned.
type Allowed<Src, Map, T> =
    <<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Zero as Either<Aligned<Src, Map, T>>>::Out;

/// Whether the view of `Permuted<Src, Map>` as `T` (a tuple of dims the
/// view's count rule has filled) needs a copy: [`Copyless`] (with whether
/// the input is row-major) or [`NeedsCopy`].
#[doc(hidden)]
pub trait CopyVerdict<T> {
    /// The verdict.
    type Verdict;
}
impl<Src, Map, T> CopyVerdict<T> for Permuted<Src, Map>
where
    Map: super::view::Target,
    T: super::view::Target,
    WalkOf<Map>: Walk<Src, NoPrev, U1>,
    Walked<Src, Map>: Align<<T as super::view::Target>::List, U1>,
    <WalkOf<Map> as Walk<Src, NoPrev, U1>>::Last: EndsAtOne<Src>,
    <WalkOf<Map> as Walk<Src, NoPrev, U1>>::Joined:
        Both<<<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Last as EndsAtOne<Src>>::Out>,
    <WalkOf<Map> as Walk<Src, NoPrev, U1>>::Zero: Either<
            <<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Joined as Both<
                <<WalkOf<Map> as Walk<Src, NoPrev, U1>>::Last as EndsAtOne<Src>>::Out,
            >>::Out,
        > + Either<Aligned<Src, Map, T>>,
    Allowed<Src, Map, T>: Decide<RowMajor<Src, Map>>,
{
    type Verdict = <Allowed<Src, Map, T> as Decide<RowMajor<Src, Map>>>::Out;
}

/// The view of `Self` as `T` (a tuple of dims the view's count rule has
/// filled) needs no copy; its result's shape type.
///
/// ```
/// use tensor_view::{dims, typed::{rules::StrideVerdict, AnyStrides, Of, Permuted}, D};
/// dims!(B);
/// fn fits<I: StrideVerdict<T, Shape = S>, T, S>() {}
/// // a split part (B, D<4>) of (B, D<8>) viewed as (B, D<2>, D<2>): no copy
/// fits::<Permuted<(B, D<8>), (Of<0, B>, Of<1, D<4>>)>, (B, D<2>, D<2>), AnyStrides<(B, D<2>, D<2>)>>();
/// // a transpose transposed back: row-major
/// fits::<Permuted<(B, D<8>), (Of<0, B>, Of<1, D<8>>)>, (B, D<2>, D<4>), (B, D<2>, D<4>)>();
/// ```
pub trait StrideVerdict<T> {
    /// The shape type of the view.
    type Shape;
}
impl<Src, Map, T> StrideVerdict<T> for Permuted<Src, Map>
where
    Permuted<Src, Map>: CopyVerdict<T>,
    <Permuted<Src, Map> as CopyVerdict<T>>::Verdict: ViewNeedsNoCopy<Permuted<Src, Map>, T>,
{
    type Shape = <<Permuted<Src, Map> as CopyVerdict<T>>::Verdict as ViewNeedsNoCopy<
        Permuted<Src, Map>,
        T,
    >>::Shape;
}

#[cfg(test)]
mod tests {
    use super::{CopyVerdict, Copyless, NeedsCopy};
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::{Merged, Of, One, Permuted, D};
    use typenum::{B0, B1};

    test_symbol!(B, crate::typenum::U101);
    test_symbol!(T, crate::typenum::U102);
    test_symbol!(H, crate::typenum::U103);

    fn verdict<I: CopyVerdict<X, Verdict = V>, X, V>() {}

    /// A split part `[B, T, 768]` of `[B, T, 2304]`.
    type Part = Permuted<(B, T, D<2304>), (Of<0, B>, Of<1, T>, Of<2, D<768>>)>;

    #[test]
    fn a_merged_target_covers_contiguous_dims() {
        verdict::<Part, (Merged<(B, T)>, D<768>), Copyless<B0>>();
        verdict::<Part, (Merged<(B, T)>, D<12>, D<64>), Copyless<B0>>();
        verdict::<Part, (One, Merged<(B, T)>, D<768>), Copyless<B0>>();
        // T and the part are not contiguous
        verdict::<Part, (B, Merged<(T, D<768>)>), NeedsCopy>();
        verdict::<Part, (Merged<(B, T, D<768>)>,), NeedsCopy>();
        // a narrow along the leading dim: row-major
        type Rows = Permuted<(D<8>, T, D<64>), (Of<0, D<4>>, Of<1, T>, Of<2, D<64>>)>;
        verdict::<Rows, (Merged<(D<4>, T)>, D<64>), Copyless<B1>>();
        verdict::<Rows, (Merged<(D<4>, T, D<64>)>,), Copyless<B1>>();
        verdict::<Rows, (D<2>, Merged<(D<2>, T)>, D<8>, D<8>), Copyless<B1>>();
    }

    #[test]
    fn a_merged_target_across_a_transpose_is_refused() {
        // `[B, T, 4]` transposed to `[T, B, 4]`
        type Tr = Permuted<(B, T, D<4>), (Of<1, T>, Of<0, B>, Of<2, D<4>>)>;
        verdict::<Tr, (T, B, D<2>, D<2>), Copyless<B0>>();
        verdict::<Tr, (T, Merged<(B, D<4>)>), NeedsCopy>();
        verdict::<Tr, (T, Merged<(B, D<2>)>, D<2>), NeedsCopy>();
        verdict::<Tr, (Merged<(T, B)>, D<4>), NeedsCopy>();
        verdict::<Tr, (Merged<(T, B, D<4>)>,), NeedsCopy>();
        // `[B, 4, T]` as `[B, T, 4]`: B and T are not contiguous
        type Tr2 = Permuted<(B, D<4>, T), (Of<0, B>, Of<2, T>, Of<1, D<4>>)>;
        verdict::<Tr2, (Merged<(B, T)>, D<4>), NeedsCopy>();
        verdict::<Tr2, (B, Merged<(T, D<4>)>), NeedsCopy>();
        // a static factor across a cut
        type Tr3 = Permuted<(B, D<3>, D<4>), (Of<0, B>, Of<2, D<4>>, Of<1, D<3>>)>;
        verdict::<Tr3, (B, D<2>, D<2>, D<3>), Copyless<B0>>();
        verdict::<Tr3, (Merged<(B, D<4>)>, D<3>), NeedsCopy>();
        verdict::<Tr3, (Merged<(B, D<2>)>, D<6>), NeedsCopy>();
        verdict::<Tr3, (Merged<(B, D<12>)>,), NeedsCopy>();
    }

    #[test]
    fn a_merged_input_dim_is_read_as_its_factors() {
        // `[H, B*T]` transposed: `[B*T, H]`, strides `[1, B*T]`
        type M = Permuted<(H, Merged<(B, T)>), (Of<1, Merged<(B, T)>>, Of<0, H>)>;
        verdict::<M, (B, T, H), Copyless<B0>>();
        verdict::<M, (Merged<(B, T)>, H), Copyless<B0>>();
        verdict::<M, (B, Merged<(T, H)>), NeedsCopy>();
        // `[B*4, 3]` transposed back and forth: row-major
        type N = Permuted<(Merged<(B, D<4>)>, D<3>), (Of<0, Merged<(B, D<4>)>>, Of<1, D<3>>)>;
        verdict::<N, (B, D<12>), Copyless<B1>>();
        verdict::<N, (B, D<2>, D<6>), Copyless<B1>>();
        // `[3, B*4]` from `[B*4, 3]` transposed
        type P = Permuted<(Merged<(B, D<4>)>, D<3>), (Of<1, D<3>>, Of<0, Merged<(B, D<4>)>>)>;
        verdict::<P, (D<3>, B, D<4>), Copyless<B0>>();
        verdict::<P, (D<3>, B, D<2>, D<2>), Copyless<B0>>();
    }
}
