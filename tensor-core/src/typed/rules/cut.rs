//! PyTorch's bounds for the ops that cut along one dim, decided while
//! compiling for a static dim: `narrow`'s start and length, `select`'s
//! index, and `split`'s pieces (each of the split size, the last one
//! smaller when the size does not divide the dim, as in PyTorch). Along a
//! named dim the bounds are PyTorch's run-time checks (`Fallible`), and a
//! split is refused (its number of pieces is known only at run time).
//!
//! The sizes are compared and subtracted as `typenum` numbers reached
//! through the size table of `typed::numbers`; the numbers stay inside
//! associated types, and each verdict is one of [`Below`], [`Same`] or
//! [`Above`], which meets a leaf trait whose parameters are the sizes in
//! decimal, with PyTorch's message.

use std::ops::{Add, Sub};

use typenum::{Cmp, Compare, Equal, Greater, Less, UInt, UTerm};

use super::at::{At, Pos};
use crate::static_shape::{Fallible, Infallible};
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::{DimList, Join};
use crate::typed::numbers::{InSizeTable, Readable};
use crate::typed::D;

/// The size `N` as a `typenum` number.
type Num<const N: usize> = <D<N> as InSizeTable>::Num;

/// A size smaller than the one it is compared with.
#[doc(hidden)]
pub struct Below;
/// A size equal to the one it is compared with.
#[doc(hidden)]
pub struct Same;
/// A size greater than the one it is compared with.
#[doc(hidden)]
pub struct Above;

/// `typenum`'s ordering as a verdict of this module.
#[doc(hidden)]
pub trait Verdict {
    /// [`Below`], [`Same`] or [`Above`].
    type Out;
}
impl Verdict for Less {
    type Out = Below;
}
impl Verdict for Equal {
    type Out = Same;
}
impl Verdict for Greater {
    type Out = Above;
}

/// `Self` (a `D<A>`) against `D<B>`: [`Below`], [`Same`] or [`Above`].
#[doc(hidden)]
pub trait Order<Other> {
    /// The verdict.
    type Out;
}
impl<const A: usize, const B: usize> Order<D<B>> for D<A>
where
    D<A>: InSizeTable,
    D<B>: InSizeTable,
    Num<A>: Cmp<Num<B>>,
    Compare<Num<A>, Num<B>>: Verdict,
{
    type Out = <Compare<Num<A>, Num<B>> as Verdict>::Out;
}

/// `START + LEN` (the pair `(D<START>, D<LEN>)`) against `N`.
#[doc(hidden)]
pub trait EndOrder<const N: usize> {
    /// The verdict.
    type Out;
}
impl<const S: usize, const L: usize, const N: usize> EndOrder<N> for (D<S>, D<L>)
where
    D<S>: InSizeTable,
    D<L>: InSizeTable,
    D<N>: InSizeTable,
    Num<S>: Add<Num<L>>,
    <Num<S> as Add<Num<L>>>::Output: Cmp<Num<N>>,
    Compare<<Num<S> as Add<Num<L>>>::Output, Num<N>>: Verdict,
{
    type Out = <Compare<<Num<S> as Add<Num<L>>>::Output, Num<N>> as Verdict>::Out;
}

/// `narrow`'s first check: the start is within the dim.
#[diagnostic::on_unimplemented(
    message = "start out of range (expected to be in range of [-{N}, {N}], but got {START})",
    label = "narrowed here"
)]
#[doc(hidden)]
pub trait StartInRange<const START: usize, const N: usize> {}
impl<const START: usize, const N: usize> StartInRange<START, N> for Below {}
impl<const START: usize, const N: usize> StartInRange<START, N> for Same {}

/// `narrow`'s second check: the piece ends within the dim.
#[diagnostic::on_unimplemented(
    message = "start ({START}) + length ({LEN}) exceeds dimension size ({N}).",
    label = "narrowed here"
)]
#[doc(hidden)]
pub trait NarrowFits<const START: usize, const LEN: usize, const N: usize> {}
impl<const S: usize, const L: usize, const N: usize> NarrowFits<S, L, N> for Below {}
impl<const S: usize, const L: usize, const N: usize> NarrowFits<S, L, N> for Same {}

/// Both of `narrow`'s checks in PyTorch's order, on the pair of verdicts
/// (start against the size, end against the size): the end is checked only
/// for a start in range, so one mistake gives one error.
#[doc(hidden)]
pub trait NarrowVerdict<const START: usize, const LEN: usize, const N: usize> {}
impl<E: NarrowFits<S, L, N>, const S: usize, const L: usize, const N: usize> NarrowVerdict<S, L, N>
    for (Below, E)
{
}
impl<E: NarrowFits<S, L, N>, const S: usize, const L: usize, const N: usize> NarrowVerdict<S, L, N>
    for (Same, E)
{
}
impl<E, const S: usize, const L: usize, const N: usize> NarrowVerdict<S, L, N> for (Above, E) where
    Above: StartInRange<S, N>
{
}

/// `narrow(dim, START, LEN)` of a dim of this kind: checked here for a
/// static dim, at run time for a named one.
#[doc(hidden)]
pub trait NarrowLane<const START: usize, const LEN: usize> {
    /// [`Infallible`] for a static dim, [`Fallible`] for a named one.
    type Outcome: Join;
    /// The dim of `LEN` elements: `One` for 1, `D<LEN>` else.
    type Piece: Dim;
}
impl<const N: usize, const S: usize, const L: usize> NarrowLane<S, L> for Fixed<N>
where
    D<S>: Order<D<N>>,
    (D<S>, D<L>): EndOrder<N>,
    (
        <D<S> as Order<D<N>>>::Out,
        <(D<S>, D<L>) as EndOrder<N>>::Out,
    ): NarrowVerdict<S, L, N>,
    D<L>: InSizeTable,
    Num<L>: Readable,
{
    type Outcome = Infallible;
    type Piece = <Num<L> as Readable>::Dim;
}
impl<const S: usize, const L: usize> NarrowLane<S, L> for Unit
where
    Fixed<1>: NarrowLane<S, L>,
{
    type Outcome = Infallible;
    type Piece = <Fixed<1> as NarrowLane<S, L>>::Piece;
}
impl<Sym, const S: usize, const L: usize> NarrowLane<S, L> for Named<Sym>
where
    D<L>: InSizeTable,
    Num<L>: Readable,
{
    type Outcome = Fallible;
    type Piece = <Num<L> as Readable>::Dim;
}

/// `select`'s check: the index is within the dim of `L` at position `K`.
#[diagnostic::on_unimplemented(
    message = "select(): index {INDEX} out of range for tensor of size {L} at dimension {K}",
    label = "selected here"
)]
#[doc(hidden)]
pub trait SelectInRange<L, const INDEX: usize, const K: usize> {}
impl<L, const I: usize, const K: usize> SelectInRange<L, I, K> for Below {}

/// `select(dim, INDEX)` of a dim of this kind, at position `P` of `L`:
/// checked here for a static dim, at run time for a named one.
#[doc(hidden)]
pub trait SelectLane<L, const INDEX: usize, P> {
    /// [`Infallible`] for a static dim, [`Fallible`] for a named one.
    type Outcome: Join;
}
impl<L, const N: usize, const I: usize, const K: usize> SelectLane<L, I, Pos<K>> for Fixed<N>
where
    D<I>: Order<D<N>>,
    <D<I> as Order<D<N>>>::Out: SelectInRange<L, I, K>,
{
    type Outcome = Infallible;
}
impl<L, const I: usize, P> SelectLane<L, I, P> for Unit
where
    Fixed<1>: SelectLane<L, I, P>,
{
    type Outcome = Infallible;
}
impl<L, Sym, const I: usize, P> SelectLane<L, I, P> for Named<Sym> {
    type Outcome = Fallible;
}

/// A typenum number's zeroness, as a marker of this module.
#[doc(hidden)]
pub trait Zeroness {
    /// [`Zero`] or [`NonZero`].
    type Out;
}
/// The number 0.
#[doc(hidden)]
pub struct Zero;
/// A number above 0.
#[doc(hidden)]
pub struct NonZero;
impl Zeroness for UTerm {
    type Out = Zero;
}
impl<U, B> Zeroness for UInt<U, B> {
    type Out = NonZero;
}

/// `split`'s check of a split size of 0, on the zeroness of the dim's
/// size `N`: PyTorch allows it only for an empty dim.
#[diagnostic::on_unimplemented(
    message = "split_size can only be 0 if dimension size is 0, but got dimension size of {N}",
    label = "split here"
)]
#[doc(hidden)]
pub trait SplitSizeNonZero<const N: usize> {}
impl<const N: usize> SplitSizeNonZero<N> for Zero {}

/// A typed split's count, on the verdict of `N` against `16 * SIZE`.
#[diagnostic::on_unimplemented(
    message = "a typed split gives at most 16 pieces: {N} split by {SIZE} gives more",
    label = "split here",
    note = "split by a greater size, or split the dynamic tensor: `x.clone().into_dyn().split(size, dim)?` (a `Vec` of pieces)"
)]
#[doc(hidden)]
pub trait AtMostSixteenPieces<const N: usize, const SIZE: usize> {}
impl<const N: usize, const SIZE: usize> AtMostSixteenPieces<N, SIZE> for Below {}
impl<const N: usize, const SIZE: usize> AtMostSixteenPieces<N, SIZE> for Same {}

/// `split` along a named dim: refused, the number of pieces (a type's)
/// being known only at run time.
#[diagnostic::on_unimplemented(
    message = "split along the named dim `{Self}`: its size, and so the number of pieces, is known only at run time",
    label = "split here",
    note = "split along a static dim, or split the dynamic tensor: `x.clone().into_dyn().split(size, dim)?` (a `Vec` of pieces)"
)]
#[doc(hidden)]
pub trait SplitAlongStatic {}

/// The pieces' dims of a split of a dim of this kind by `SIZE`: a tuple.
#[doc(hidden)]
pub trait SplitLane<const SIZE: usize> {
    /// `(D<SIZE>, .., D<rest>)`.
    type Pieces;
}
impl<const N: usize, const SIZE: usize> SplitLane<SIZE> for Fixed<N>
where
    D<N>: InSizeTable,
    D<SIZE>: InSizeTable,
    Num<SIZE>: Zeroness + std::ops::Mul<typenum::U16>,
    Num<N>: Cmp<<Num<SIZE> as std::ops::Mul<typenum::U16>>::Output>,
    Compare<Num<N>, <Num<SIZE> as std::ops::Mul<typenum::U16>>::Output>: Verdict,
    (
        <Num<SIZE> as Zeroness>::Out,
        <Compare<Num<N>, <Num<SIZE> as std::ops::Mul<typenum::U16>>::Output> as Verdict>::Out,
        Fixed<N>,
    ): SplitGate<SIZE>,
{
    type Pieces = <(
        <Num<SIZE> as Zeroness>::Out,
        <Compare<Num<N>, <Num<SIZE> as std::ops::Mul<typenum::U16>>::Output> as Verdict>::Out,
        Fixed<N>,
    ) as SplitGate<SIZE>>::Pieces;
}
impl<const SIZE: usize> SplitLane<SIZE> for Unit
where
    Fixed<1>: SplitLane<SIZE>,
{
    type Pieces = <Fixed<1> as SplitLane<SIZE>>::Pieces;
}
impl<Sym: SplitAlongStatic, const SIZE: usize> SplitLane<SIZE> for Named<Sym> {
    type Pieces = ();
}

/// The checks before a split's pieces are counted, on (the split size's
/// zeroness, the dim against 16 pieces, the dim): a size of 0 only for an
/// empty dim (one empty piece), at most 16 pieces.
#[doc(hidden)]
pub trait SplitGate<const SIZE: usize> {
    /// The pieces' dims.
    type Pieces;
}
impl<V, const N: usize, const SIZE: usize> SplitGate<SIZE> for (Zero, V, Fixed<N>)
where
    D<N>: InSizeTable,
    Num<N>: Zeroness,
    <Num<N> as Zeroness>::Out: SplitSizeNonZero<N>,
{
    type Pieces = (D<0>,);
}
impl<const N: usize, const SIZE: usize> SplitGate<SIZE> for (NonZero, Above, Fixed<N>)
where
    Above: AtMostSixteenPieces<N, SIZE>,
{
    type Pieces = ();
}
impl<const N: usize, const SIZE: usize> SplitGate<SIZE> for (NonZero, Below, Fixed<N>)
where
    D<N>: InSizeTable,
    D<SIZE>: InSizeTable,
    Num<N>: SplitStart<Num<SIZE>>,
{
    type Pieces = <Num<N> as SplitStart<Num<SIZE>>>::Pieces;
}
impl<const N: usize, const SIZE: usize> SplitGate<SIZE> for (NonZero, Same, Fixed<N>)
where
    D<N>: InSizeTable,
    D<SIZE>: InSizeTable,
    Num<N>: SplitStart<Num<SIZE>>,
{
    type Pieces = <Num<N> as SplitStart<Num<SIZE>>>::Pieces;
}

/// The pieces of a dim of `Self` elements split by `Size` (above 0): one
/// empty piece for an empty dim (as PyTorch), else pieces of `Size`.
#[doc(hidden)]
pub trait SplitStart<Size> {
    /// The pieces' dims.
    type Pieces;
}
impl<Size> SplitStart<Size> for UTerm {
    type Pieces = (D<0>,);
}
impl<U, B, Size> SplitStart<Size> for UInt<U, B>
where
    UInt<U, B>: SplitRest<Size>,
{
    type Pieces = <UInt<U, B> as SplitRest<Size>>::Pieces;
}

/// The pieces of the `Self` elements left, by `Size`: one of `Size` while
/// at least `Size` are left, then the rest if any.
#[doc(hidden)]
pub trait SplitRest<Size> {
    /// The pieces' dims.
    type Pieces;
}
impl<U: Cmp<Size>, Size> SplitRest<Size> for U
where
    (Compare<U, Size>, U): SplitStep<Size>,
{
    type Pieces = <(Compare<U, Size>, U) as SplitStep<Size>>::Pieces;
}

/// One step of [`SplitRest`], on (the rest against the size, the rest).
#[doc(hidden)]
pub trait SplitStep<Size> {
    /// The pieces' dims.
    type Pieces;
}
impl<Size> SplitStep<Size> for (Less, UTerm) {
    type Pieces = ();
}
impl<U, B, Size> SplitStep<Size> for (Less, UInt<U, B>)
where
    UInt<U, B>: Readable,
{
    type Pieces = (<UInt<U, B> as Readable>::Dim,);
}
impl<R: Sub<Size>, Size: Readable> SplitStep<Size> for (Equal, R)
where
    R::Output: SplitRest<Size>,
    <R::Output as SplitRest<Size>>::Pieces: Prepend<Size::Dim>,
{
    type Pieces = <<R::Output as SplitRest<Size>>::Pieces as Prepend<Size::Dim>>::Out;
}
impl<R: Sub<Size>, Size: Readable> SplitStep<Size> for (Greater, R)
where
    R::Output: SplitRest<Size>,
    <R::Output as SplitRest<Size>>::Pieces: Prepend<Size::Dim>,
{
    type Pieces = <<R::Output as SplitRest<Size>>::Pieces as Prepend<Size::Dim>>::Out;
}

/// The greatest number of pieces a typed split or chunk gives.
pub const MAX_TYPED_PIECES: usize = 16;

/// A tuple with `H` put first; up to [`MAX_TYPED_PIECES`] elements.
#[diagnostic::on_unimplemented(
    message = "a typed split gives at most 16 pieces",
    label = "this split gives more",
    note = "split by a greater size, or split the dynamic tensor: `x.clone().into_dyn().split(size, dim)?` (a `Vec` of pieces)"
)]
#[doc(hidden)]
pub trait Prepend<H> {
    /// `(H, ..Self)`.
    type Out;
}
macro_rules! prepend {
    ($($a:ident)*) => {
        impl<H, $($a),*> Prepend<H> for ($($a,)*) {
            type Out = (H, $($a,)*);
        }
    };
}
prepend!();
prepend!(A1);
prepend!(A1 A2);
prepend!(A1 A2 A3);
prepend!(A1 A2 A3 A4);
prepend!(A1 A2 A3 A4 A5);
prepend!(A1 A2 A3 A4 A5 A6);
prepend!(A1 A2 A3 A4 A5 A6 A7);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9 A10);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14);
prepend!(A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15);

/// `narrow(DIM, START, LEN)` of the shape `Self`: the result's dims, where
/// its strides stay row-major ([`At::Lead`]) and whether the bounds are
/// checked at run time.
///
/// ```
/// use tensor_view::{dims, typed::rules::Narrow, One, D};
/// dims!(B);
/// fn narrow<X: Narrow<-1, 1, 3, Out = O>, O>() {}
/// narrow::<(B, D<5>), (B, D<3>)>();
/// narrow::<(D<5>, B), (D<5>, D<3>)>();
/// fn one<X: Narrow<0, 2, 1, Out = O>, O>() {}
/// one::<(D<5>,), (One,)>();
/// ```
pub trait Narrow<const DIM: isize, const START: usize, const LEN: usize>: At<DIM> {
    /// The narrowed shape.
    type Out: DimList;
    /// [`Infallible`] for a static dim, [`Fallible`] for a named one.
    #[doc(hidden)]
    type Outcome: Join;
}
impl<L: At<DIM>, const DIM: isize, const START: usize, const LEN: usize> Narrow<DIM, START, LEN>
    for L
where
    <L::Lane as Dim>::Kind: NarrowLane<START, LEN>,
{
    type Out = L::With<<<L::Lane as Dim>::Kind as NarrowLane<START, LEN>>::Piece>;
    type Outcome = <<L::Lane as Dim>::Kind as NarrowLane<START, LEN>>::Outcome;
}

/// `select(DIM, INDEX)` of the shape `Self`: the shape without the dim.
///
/// ```
/// use tensor_view::{dims, typed::rules::Select, D};
/// dims!(B);
/// fn select<X: Select<1, 4, Out = O>, O>() {}
/// select::<(B, D<5>, D<2>), (B, D<2>)>();
/// ```
pub trait Select<const DIM: isize, const INDEX: usize>: At<DIM> {
    /// The shape without the dim.
    type Out: DimList;
    /// [`Infallible`] for a static dim, [`Fallible`] for a named one.
    #[doc(hidden)]
    type Outcome: Join;
}
impl<L: At<DIM>, const DIM: isize, const INDEX: usize> Select<DIM, INDEX> for L
where
    <L::Lane as Dim>::Kind: SelectLane<L, INDEX, L::Pos>,
{
    type Out = L::Without;
    type Outcome = <<L::Lane as Dim>::Kind as SelectLane<L, INDEX, L::Pos>>::Outcome;
}

/// `split(SIZE, DIM)` of the shape `Self`: the pieces' dims along `DIM`,
/// a tuple (`(D<768>, D<768>, D<768>)` for 2304 by 768; a smaller last
/// piece when `SIZE` does not divide the dim).
///
/// ```
/// use tensor_view::{dims, typed::rules::Split, D};
/// dims!(B);
/// fn split<X: Split<768, -1, Pieces = P>, P>() {}
/// split::<(B, D<2304>), (D<768>, D<768>, D<768>)>();
/// split::<(B, D<2304>), (D<768>, D<768>, D<768>)>();
/// fn uneven<X: Split<700, 0, Pieces = P>, P>() {}
/// uneven::<(D<2304>,), (D<700>, D<700>, D<700>, D<204>)>();
/// ```
pub trait Split<const SIZE: usize, const DIM: isize>: At<DIM> {
    /// The pieces' sizes along `DIM`, a tuple of dims.
    type Pieces;
}
impl<L: At<DIM>, const SIZE: usize, const DIM: isize> Split<SIZE, DIM> for L
where
    <L::Lane as Dim>::Kind: SplitLane<SIZE>,
{
    type Pieces = <<L::Lane as Dim>::Kind as SplitLane<SIZE>>::Pieces;
}

/// `stack`'s list is not empty.
#[diagnostic::on_unimplemented(
    message = "stack expects a non-empty TensorList",
    label = "stacked here"
)]
#[doc(hidden)]
pub trait NonEmptyList {}
impl NonEmptyList for NonZero {}

/// The dim a stack of `K` tensors inserts: `One` for 1, `D<K>` else;
/// no stack of 0 tensors.
///
/// ```
/// use tensor_view::{typed::rules::StackCount, D};
/// fn count<X: StackCount<3, Dim = Y>, Y>() {}
/// count::<(), D<3>>();
/// ```
pub trait StackCount<const K: usize> {
    /// The new dim.
    type Dim: Dim;
}
impl<const K: usize> StackCount<K> for ()
where
    D<K>: InSizeTable,
    Num<K>: Zeroness + Readable,
    <Num<K> as Zeroness>::Out: NonEmptyList,
{
    type Dim = <Num<K> as Readable>::Dim;
}

/// `chunk`'s count is above 0, on its zeroness.
#[diagnostic::on_unimplemented(
    message = "chunk expects `chunks` to be greater than 0, got: {C}",
    label = "chunked here"
)]
#[doc(hidden)]
pub trait ChunksPositive<const C: usize> {}
impl<const C: usize> ChunksPositive<C> for NonZero {}

/// A typed chunk's count, on the verdict of `C` against 16.
#[diagnostic::on_unimplemented(
    message = "a typed chunk gives at most 16 pieces: chunks = {C}",
    label = "chunked here",
    note = "chunk into fewer pieces, or chunk the dynamic tensor: `x.clone().into_dyn().chunk(chunks, dim)?` (a `Vec` of pieces)"
)]
#[doc(hidden)]
pub trait AtMostSixteenChunks<const C: usize> {}
impl<const C: usize> AtMostSixteenChunks<C> for Below {}
impl<const C: usize> AtMostSixteenChunks<C> for Same {}

/// `chunk` along a named dim: refused, the pieces' sizes being known only
/// at run time.
#[diagnostic::on_unimplemented(
    message = "chunk along the named dim `{Self}`: its size, and so the pieces' sizes, is known only at run time",
    label = "chunked here",
    note = "chunk along a static dim, or chunk the dynamic tensor: `x.clone().into_dyn().chunk(chunks, dim)?` (a `Vec` of pieces)"
)]
#[doc(hidden)]
pub trait ChunkAlongStatic {}

/// The pieces' dims of a chunk of a dim of this kind into `C`: a tuple.
#[doc(hidden)]
pub trait ChunkLane<const C: usize> {
    /// The pieces' dims.
    type Pieces;
}
impl<const N: usize, const C: usize> ChunkLane<C> for Fixed<N>
where
    D<C>: InSizeTable + Order<D<16>>,
    Num<C>: Zeroness,
    (
        <Num<C> as Zeroness>::Out,
        <D<C> as Order<D<16>>>::Out,
        Fixed<N>,
    ): ChunkGate<C>,
{
    type Pieces = <(
        <Num<C> as Zeroness>::Out,
        <D<C> as Order<D<16>>>::Out,
        Fixed<N>,
    ) as ChunkGate<C>>::Pieces;
}
impl<const C: usize> ChunkLane<C> for Unit
where
    Fixed<1>: ChunkLane<C>,
{
    type Pieces = <Fixed<1> as ChunkLane<C>>::Pieces;
}
impl<Sym: ChunkAlongStatic, const C: usize> ChunkLane<C> for Named<Sym> {
    type Pieces = ();
}

/// The checks before a chunk's pieces are counted, on (the count's
/// zeroness, the count against 16, the dim).
#[doc(hidden)]
pub trait ChunkGate<const C: usize> {
    /// The pieces' dims.
    type Pieces;
}
impl<V, const N: usize, const C: usize> ChunkGate<C> for (Zero, V, Fixed<N>)
where
    Zero: ChunksPositive<C>,
{
    type Pieces = ();
}
impl<const N: usize, const C: usize> ChunkGate<C> for (NonZero, Above, Fixed<N>)
where
    Above: AtMostSixteenChunks<C>,
{
    type Pieces = ();
}
impl<const N: usize, const C: usize> ChunkGate<C> for (NonZero, Below, Fixed<N>)
where
    D<N>: InSizeTable,
    D<C>: InSizeTable,
    Num<N>: ChunkStart<Num<C>>,
{
    type Pieces = <Num<N> as ChunkStart<Num<C>>>::Pieces;
}
impl<const N: usize, const C: usize> ChunkGate<C> for (NonZero, Same, Fixed<N>)
where
    D<N>: InSizeTable,
    D<C>: InSizeTable,
    Num<N>: ChunkStart<Num<C>>,
{
    type Pieces = <Num<N> as ChunkStart<Num<C>>>::Pieces;
}

/// The pieces of a dim of `Self` elements chunked into `Count` (1 to 16):
/// `Count` empty pieces for an empty dim (as PyTorch), else a split by
/// `ceil(Self / Count)`.
#[doc(hidden)]
pub trait ChunkStart<Count> {
    /// The pieces' dims.
    type Pieces;
}
impl<Count: Repeat<D<0>>> ChunkStart<Count> for UTerm {
    type Pieces = Count::Out;
}
/// `ceil(A / C)` of `typenum` numbers: `(A + C - 1) / C`.
type CeilDiv<A, C> =
    <<<A as Add<C>>::Output as Sub<typenum::U1>>::Output as std::ops::Div<C>>::Output;
impl<U, B, Count> ChunkStart<Count> for UInt<U, B>
where
    UInt<U, B>: Add<Count>,
    <UInt<U, B> as Add<Count>>::Output: Sub<typenum::U1>,
    <<UInt<U, B> as Add<Count>>::Output as Sub<typenum::U1>>::Output: std::ops::Div<Count>,
    UInt<U, B>: SplitRest<CeilDiv<UInt<U, B>, Count>>,
{
    type Pieces = <UInt<U, B> as SplitRest<CeilDiv<UInt<U, B>, Count>>>::Pieces;
}

/// A tuple of `Self` (a `typenum` count, 1 to 16) copies of `X`.
#[doc(hidden)]
pub trait Repeat<X> {
    /// `(X, X, ..)`.
    type Out;
}
macro_rules! repeat {
    ($n:ident: $($x:ident)+) => {
        impl<X> Repeat<X> for typenum::$n {
            type Out = ($($x,)+);
        }
    };
}
repeat!(U1: X);
repeat!(U2: X X);
repeat!(U3: X X X);
repeat!(U4: X X X X);
repeat!(U5: X X X X X);
repeat!(U6: X X X X X X);
repeat!(U7: X X X X X X X);
repeat!(U8: X X X X X X X X);
repeat!(U9: X X X X X X X X X);
repeat!(U10: X X X X X X X X X X);
repeat!(U11: X X X X X X X X X X X);
repeat!(U12: X X X X X X X X X X X X);
repeat!(U13: X X X X X X X X X X X X X);
repeat!(U14: X X X X X X X X X X X X X X);
repeat!(U15: X X X X X X X X X X X X X X X);
repeat!(U16: X X X X X X X X X X X X X X X X);

/// `chunk(CHUNKS, DIM)` of the shape `Self`: the pieces' dims along `DIM`,
/// a tuple (PyTorch's: pieces of `ceil(size / CHUNKS)`, the last smaller,
/// possibly fewer than `CHUNKS`).
///
/// ```
/// use tensor_view::{typed::rules::Chunk, D};
/// fn chunk<X: Chunk<4, 0, Pieces = P>, P>() {}
/// chunk::<(D<5>,), (D<2>, D<2>, tensor_view::One)>();
/// ```
pub trait Chunk<const CHUNKS: usize, const DIM: isize>: At<DIM> {
    /// The pieces' sizes along `DIM`, a tuple of dims.
    type Pieces;
}
impl<L: At<DIM>, const CHUNKS: usize, const DIM: isize> Chunk<CHUNKS, DIM> for L
where
    <L::Lane as Dim>::Kind: ChunkLane<CHUNKS>,
{
    type Pieces = <<L::Lane as Dim>::Kind as ChunkLane<CHUNKS>>::Pieces;
}
