//! `transpose!`, `permute!`, `movedim!`, `t()`, `mT()` and `mH()` of typed
//! tuples: the existing view macros and methods, whose per-call rules move
//! dims of any type, applied to `(B, T, D<768>)` shapes. The rules move the
//! entries of the input's map (the identity map of a row-major tuple), so the
//! result is a view typed [`Permuted`] (its strides in the type; no
//! `Result`), or the input's own type where nothing moved (`t()` of a
//! vector, `transpose!(x, 1, 1)`). An [`AnyStrides`] input gives
//! `AnyStrides`.
//!
//! A dim out of range is a compile error in PyTorch's words
//! (`Dimension out of range (expected to be in range of [-3, 2], but got 3)`),
//! reported by the macros' own range checks, which read the tuple's rank here.
//!
//! ```
//! use tensor_view::{dims, permute, transpose, typed::{Of, Permuted}, Shape, Tensor, D};
//! dims!(B, T);
//! let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::zeros(&[2, 3, 4])?.into_static()?;
//! let y: Tensor<f32, Permuted<(B, T, D<4>), (Of<0, B>, Of<2, D<4>>, Of<1, T>)>> =
//!     transpose!(x, 1, -1);
//! assert_eq!((y.shape(), y.stride()), (&[2usize, 4, 3][..], &[12isize, 1, 4][..]));
//! let z: Tensor<f32, Permuted<(B, T, D<4>), (Of<2, D<4>>, Of<0, B>, Of<1, T>)>> =
//!     permute!(x, [2, 0, 1]);
//! assert_eq!(z.shape(), &[4, 2, 3]);
//! let back: Tensor<f32, Permuted<(B, T, D<4>), (Of<0, B>, Of<1, T>, Of<2, D<4>>)>> =
//!     permute!(z, [1, 2, 0]); // a permute of a permute
//! assert_eq!(back.stride(), &[12, 4, 1]);
//! let w = Tensor::<f32, (D<2>, D<3>)>::zeros();
//! let wt: Tensor<f32, Permuted<(D<2>, D<3>), (Of<1, D<3>>, Of<0, D<2>>)>> = w.t();
//! let m: Tensor<f32, Permuted<(B, T, D<4>), (Of<0, B>, Of<2, D<4>>, Of<1, T>)>> = x.mT();
//! # let _ = (wt, m);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use crate::static_shape::{
    Checked, DimRange, DimsOp, InputSize, Outcome, Rank, ReorderMarker, RuntimeStrides, ShapeKind,
    StaticOp, Unchecked,
};
use crate::tensor::Tensor;
use std::marker::PhantomData;

use typenum::{Bit, IsEqual, B0, B1};

use crate::typed::dim::Dim;
use crate::typed::list::{AnyStrides, DimList};
use crate::typed::permuted::{Entry, Identity, MapList, Permuted};
use crate::typed::rules::{Cons, Nil};
use crate::{Element, ViewError};

/// The stride marker a typed tuple hands the view rules: row-major strides
/// (`Row`) or strides known only at run time (`Any`). A rule that keeps the
/// marker keeps the input's strides; one that reorders dims gives
/// [`RuntimeStrides`].
#[doc(hidden)]
pub struct TupleStrides<const ROW_MAJOR: bool>;

/// The typed shape of a view rule's result: its dims `Dims` with the
/// strides the rule's marker says.
#[doc(hidden)]
pub trait TupleResult<Dims> {
    /// `Dims` itself (row-major) or `AnyStrides<Dims>`.
    type Shape: 'static;
}
impl<L: DimList> TupleResult<L> for TupleStrides<true> {
    type Shape = L;
}
impl<L: DimList> TupleResult<L> for TupleStrides<false> {
    type Shape = AnyStrides<L>;
}
impl<L: DimList> TupleResult<L> for RuntimeStrides {
    type Shape = AnyStrides<L>;
}

/// Reordered dims: strides known only at run time.
impl<const ROW_MAJOR: bool, Numel, Dims, Program> ReorderMarker<Numel, Dims, Program>
    for TupleStrides<ROW_MAJOR>
{
    type Out = RuntimeStrides;
}

/// The ranges and rank the macros' checks read, by the tuple's rank.
#[doc(hidden)]
pub trait TupleRanks {
    /// `DimRange<-rank, rank - 1, Checked>` (`[-1, 0]` for a 0-d tensor).
    type Range: Default;
    /// `DimRange<-rank - 1, rank, Checked>`.
    type InsertRange: Default;
    /// `Rank<rank, Checked>`.
    type Rank: Default;
}

macro_rules! ranks {
    ($lo:literal, $hi:literal, $ilo:literal, $ihi:literal, $rank:literal; $($d:ident)*) => {
        impl<$($d: Dim),*> TupleRanks for ($($d,)*) {
            type Range = DimRange<$lo, $hi, Checked>;
            type InsertRange = DimRange<$ilo, $ihi, Checked>;
            type Rank = Rank<$rank, Checked>;
        }
    };
}
// PyTorch wraps a 0-d tensor's dims as if it had one.
ranks!(-1, 0, -1, 0, 0;);
ranks!(-1, 0, -2, 1, 1; A0);
ranks!(-2, 1, -3, 2, 2; A0 A1);
ranks!(-3, 2, -4, 3, 3; A0 A1 A2);
ranks!(-4, 3, -5, 4, 4; A0 A1 A2 A3);
ranks!(-5, 4, -6, 5, 5; A0 A1 A2 A3 A4);
ranks!(-6, 5, -7, 6, 6; A0 A1 A2 A3 A4 A5);

/// A typed tuple as the view macros see it: its ranges and rank; the element
/// count is not in the type (a product), so the count checks of `view!`
/// and friends do not apply to it.
impl<L: DimList + TupleRanks> ShapeKind for L {
    type InputSize = InputSize<0, Unchecked>;
    type Numel = Unchecked;
    type Range = L::Range;
    type InsertRange = L::InsertRange;
    type Rank = L::Rank;
}

impl<L: DimList + TupleRanks> ShapeKind for AnyStrides<L> {
    type InputSize = InputSize<0, Unchecked>;
    type Numel = Unchecked;
    type Range = L::Range;
    type InsertRange = L::InsertRange;
    type Rank = L::Rank;
}

/// A map entry tagged with its position `P` (a `typenum` number) before
/// an op: the view rules move tags as they move dims, so the result tells
/// which dims moved where.
#[doc(hidden)]
pub struct Tag<P, E>(PhantomData<fn() -> (P, E)>);

/// A map's entries, tagged with their positions.
#[doc(hidden)]
pub trait Tagged: MapList {
    /// `(Tag<U0, E0>, Tag<U1, E1>, ..)`.
    type Tags;
}

/// An op's result dims, tags untagged: the new map and whether any entry
/// moved.
#[doc(hidden)]
pub trait Untag {
    /// The entries in their new order.
    type Map: MapList;
    /// `B1` when some entry is not where it was.
    type Moved: Bit;
}

/// Whether every bit of a [`Cons`] list of bits is `B1` (no entry moved):
/// `Moved` is `B0` then.
#[doc(hidden)]
pub trait Stayed {
    /// `B0` when every entry stayed.
    type Moved: Bit;
}
impl Stayed for Nil {
    type Moved = B0;
}
impl<R: Stayed> Stayed for Cons<B1, R> {
    type Moved = R::Moved;
}
impl<R> Stayed for Cons<B0, R> {
    type Moved = B1;
}

macro_rules! tags {
    ($($e:ident $p:ident $u:ident)*) => {
        impl<$($e: Entry),*> Tagged for ($($e,)*) {
            type Tags = ($(Tag<typenum::$u, $e>,)*);
        }
        impl<$($p: IsEqual<typenum::$u>, $e: Entry),*> Untag for ($(Tag<$p, $e>,)*)
        where
            tags!(@bits $($p $u)*): Stayed,
        {
            type Map = ($($e,)*);
            type Moved = <tags!(@bits $($p $u)*) as Stayed>::Moved;
        }
    };
    (@bits) => { Nil };
    (@bits $p:ident $u:ident $($rest:ident)*) => {
        Cons<typenum::Eq<$p, typenum::$u>, tags!(@bits $($rest)*)>
    };
}
tags!();
tags!(E0 P0 U0);
tags!(E0 P0 U0 E1 P1 U1);
tags!(E0 P0 U0 E1 P1 U1 E2 P2 U2);
tags!(E0 P0 U0 E1 P1 U1 E2 P2 U2 E3 P3 U3);
tags!(E0 P0 U0 E1 P1 U1 E2 P2 U2 E3 P3 U3 E4 P4 U4);
tags!(E0 P0 U0 E1 P1 U1 E2 P2 U2 E3 P3 U3 E4 P4 U4 E5 P5 U5);

/// The stride marker a row-major or [`Permuted`] tuple hands the view
/// rules: the strides follow the entries of its map wherever the rule
/// moves them.
#[doc(hidden)]
pub struct MapStrides;

impl<Numel, Dims, Program> ReorderMarker<Numel, Dims, Program> for MapStrides {
    type Out = MapStrides;
}

/// The layout after a view rule, from its stride marker and whether it
/// moved dims: the input's own (`In`) where nothing moved, a [`Permuted`]
/// view of `Src` where dims moved, [`AnyStrides`] where the rule changed
/// the strides without moving dims (the parts of a complex tensor).
#[doc(hidden)]
pub trait Relayout<In, Src, Map: MapList> {
    /// The result's shape type.
    type Shape: 'static;
}
impl<In: 'static, Src, Map: MapList> Relayout<In, Src, Map> for (MapStrides, B0) {
    type Shape = In;
}
impl<In, Src: DimList, Map: MapList> Relayout<In, Src, Map> for (MapStrides, B1) {
    type Shape = Permuted<Src, Map>;
}
impl<In, Src, Map: MapList> Relayout<In, Src, Map> for (RuntimeStrides, B0) {
    type Shape = AnyStrides<Map::Sizes>;
}
impl<In, Src: DimList, Map: MapList> Relayout<In, Src, Map> for (RuntimeStrides, B1) {
    type Shape = Permuted<Src, Map>;
}

/// The type of a view rule's result on a tensor typed `In`, of source `Src`
/// and map `Map`.
type Relaid<In, Src, Map, Op> = <(
    <Op as DimsOp<<Map as Tagged>::Tags, Unchecked, MapStrides>>::Strides,
    <<Op as DimsOp<<Map as Tagged>::Tags, Unchecked, MapStrides>>::Dims as Untag>::Moved,
) as Relayout<
    In,
    Src,
    <<Op as DimsOp<<Map as Tagged>::Tags, Unchecked, MapStrides>>::Dims as Untag>::Map,
>>::Shape;

/// A view rule `Op` (a macro call's, or `t()`/`mT()`'s) applied to the
/// entries of a row-major tuple's identity map: a [`Permuted`] view where
/// it moves dims.
impl<L: DimList + TupleRanks + Identity, Op> StaticOp<Op> for L
where
    L::Map: Tagged,
    Op: DimsOp<<L::Map as Tagged>::Tags, Unchecked, MapStrides>,
    Op::Dims: Untag,
    (Op::Strides, <Op::Dims as Untag>::Moved): Relayout<L, L, <Op::Dims as Untag>::Map>,
{
    type Output<T: Element> = <Op::Outcome as Outcome>::Wrap<Tensor<T, Relaid<L, L, L::Map, Op>>>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        <Op::Outcome as Outcome>::wrap(result.map(Tensor::keeping_bits))
    }
}

/// The same for a [`Permuted`] view: its map's entries move.
impl<Src: DimList, Map: Tagged, Op> StaticOp<Op> for Permuted<Src, Map>
where
    Map::Sizes: TupleRanks,
    Op: DimsOp<Map::Tags, Unchecked, MapStrides>,
    Op::Dims: Untag,
    (Op::Strides, <Op::Dims as Untag>::Moved):
        Relayout<Permuted<Src, Map>, Src, <Op::Dims as Untag>::Map>,
{
    type Output<T: Element> =
        <Op::Outcome as Outcome>::Wrap<Tensor<T, Relaid<Permuted<Src, Map>, Src, Map, Op>>>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        <Op::Outcome as Outcome>::wrap(result.map(Tensor::keeping_bits))
    }
}

/// A [`Permuted`] view as the view macros see it: its dims' ranges and rank.
impl<Src: DimList, Map: MapList> ShapeKind for Permuted<Src, Map>
where
    Map::Sizes: TupleRanks,
{
    type InputSize = InputSize<0, Unchecked>;
    type Numel = Unchecked;
    type Range = <Map::Sizes as TupleRanks>::Range;
    type InsertRange = <Map::Sizes as TupleRanks>::InsertRange;
    type Rank = <Map::Sizes as TupleRanks>::Rank;
}

/// The same for a tuple with any strides.
impl<L: DimList + TupleRanks, Op: DimsOp<L, Unchecked, TupleStrides<false>>> StaticOp<Op>
    for AnyStrides<L>
where
    Op::Strides: TupleResult<Op::Dims>,
{
    type Output<T: Element> =
        <Op::Outcome as Outcome>::Wrap<Tensor<T, <Op::Strides as TupleResult<Op::Dims>>::Shape>>;

    #[inline]
    fn retype<T: Element>(result: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        <Op::Outcome as Outcome>::wrap(result.map(Tensor::keeping_bits))
    }
}
