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

use super::view::{Cons, Nil, TargetDim};
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::{AnyStrides, DimList};
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
/// A named dim: it closes the chunk before it and starts none.
impl<Src, Prev, Acc: Close, const K: usize, R, S> Visit<Src, Prev, Acc, K, R> for Named<S>
where
    Prev: Joins<Src, K, Named<S>>,
    R: Walk<Src, Last<K>, U1>,
    <Prev as Joins<Src, K, Named<S>>>::Out: Both<R::Joined>,
{
    type Tokens = <Acc as Close>::Then<Cons<Label<S>, R::Tokens>>;
    type Zero = R::Zero;
    type Joined = <<Prev as Joins<Src, K, Named<S>>>::Out as Both<R::Joined>>::Out;
    type Last = R::Last;
}
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
    type Tokens = <Acc as Close>::Then<R::Tokens>;
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

/// The input's tokens (`Self`) against the target's dims (a [`Cons`] list),
/// the product `Acc` of the target sizes given to the current chunk so far:
/// whether every chunk is the product of consecutive target sizes.
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
impl<H, R, TH: TargetDim, TR, Acc> Align<Cons<TH, TR>, Acc> for Cons<H, R>
where
    (H, TH::Kind): Pair<R, TR, Acc>,
{
    type Out = <(H, TH::Kind) as Pair<R, TR, Acc>>::Out;
}

/// One input token against one target dim's kind, then the rests.
#[doc(hidden)]
pub trait Pair<R, TR, Acc> {
    /// The verdict.
    type Out: Bit;
}
impl<S, S2, R: Align<TR, U1>, TR, Acc> Pair<R, TR, Acc> for (Label<S>, Named<S2>) {
    type Out = R::Out;
}
impl<S, R, TR, Acc> Pair<R, TR, Acc> for (Label<S>, Unit)
where
    Cons<Label<S>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Label<S>, R> as Align<TR, Acc>>::Out;
}
impl<S, R, TR, Acc, const N: usize> Pair<R, TR, Acc> for (Label<S>, Fixed<N>)
where
    Cons<Label<S>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Label<S>, R> as Align<TR, Acc>>::Out;
}
impl<P, R, TR, Acc> Pair<R, TR, Acc> for (Block<P>, Unit)
where
    Cons<Block<P>, R>: Align<TR, Acc>,
{
    type Out = <Cons<Block<P>, R> as Align<TR, Acc>>::Out;
}
impl<P, R, TR, Acc, S> Pair<R, TR, Acc> for (Block<P>, Named<S>) {
    type Out = B0;
}
impl<P, R, TR, Acc, const N: usize> Pair<R, TR, Acc> for (Block<P>, Fixed<N>)
where
    D<N>: InSizeTable,
    Acc: Mul<Num<N>>,
    typenum::Prod<Acc, Num<N>>: Cmp<P>,
    Compare<typenum::Prod<Acc, Num<N>>, P>: Fill<P, R, TR, typenum::Prod<Acc, Num<N>>>,
{
    type Out =
        <Compare<typenum::Prod<Acc, Num<N>>, P> as Fill<P, R, TR, typenum::Prod<Acc, Num<N>>>>::Out;
}

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
