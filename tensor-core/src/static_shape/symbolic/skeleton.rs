//! The skeleton of a shape: its symbols in order, and what lies between them.
//!
//! A view moves no data, so it may split or merge neighbouring dims but never
//! move a named dim across another one. The skeleton is what a view must
//! keep: for `[B, T, 768]` the symbols `[B, T]` and the segments
//! `[1, 1, 768]` (the static product before `B`, between `B` and `T`, after
//! `T`). Between two symbols of one dim (`B*T`) the segment is [`Joined`]:
//! nothing static lies between them, so a view may merge `B` and `T` into
//! one dim and split them back (a typed tensor carries their sizes apart).

use std::ops::Mul;

use typenum::{Prod, UInt, UTerm, U1};

use super::lists::{Len, Reverse, SCons, SNil};
use super::shape::{SymDim, SymDims};

/// The segment between two symbols of the same dim (`B*T`).
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{Joined, SCons, SNil, Skeleton, SymDim};
/// dims!(B, T);
/// type D = (SymDim<typenum::U1, SCons<B, SCons<T, SNil>>>,);
/// let _: <D as Skeleton>::FwdSegs = SCons::<typenum::U1, SCons<Joined, SCons<typenum::U1, SNil>>>::new();
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Joined;

/// The skeleton of a tuple of dims (see the module docs).
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, Skeleton, SymDim};
/// use typenum::{U1, U400};
/// dims!(B);
/// type D = (SymDim<U1, SCons<B, SNil>>, typenum::U16, typenum::U5, typenum::U5);
/// let _: <D as Skeleton>::FwdSyms = SCons::<B, SNil>::new();
/// let _: <D as Skeleton>::FwdSegs = SCons::<U1, SCons<U400, SNil>>::new();
/// ```
pub trait Skeleton {
    /// The symbols, first to last.
    type FwdSyms;
    /// The segments, first to last (one more than the symbols).
    type FwdSegs;
    /// The symbols, last to first.
    type RevSyms;
    /// The segments, last to first.
    type RevSegs;
    /// The number of symbols, as a `typenum` number.
    type Count;
}

impl<D: SymDims> Skeleton for D
where
    D::List: Fold<U1, SNil, SNil>,
    <D::List as Fold<U1, SNil, SNil>>::Syms: Reverse + Len,
    <D::List as Fold<U1, SNil, SNil>>::Segs: Reverse,
{
    type FwdSyms = <<D::List as Fold<U1, SNil, SNil>>::Syms as Reverse>::Out;
    type FwdSegs = <<D::List as Fold<U1, SNil, SNil>>::Segs as Reverse>::Out;
    type RevSyms = <D::List as Fold<U1, SNil, SNil>>::Syms;
    type RevSegs = <D::List as Fold<U1, SNil, SNil>>::Segs;
    type Count = <<D::List as Fold<U1, SNil, SNil>>::Syms as Len>::Out;
}

/// Walks a list of dims with the current segment `Cur` and the symbols and
/// segments so far (newest first).
pub trait Fold<Cur, Syms, Segs> {
    /// All symbols, newest first.
    type Syms;
    /// All segments, newest first.
    type Segs;
}

impl<Cur, Syms, Segs> Fold<Cur, Syms, Segs> for SNil {
    type Syms = Syms;
    type Segs = SCons<Cur, Segs>;
}

impl<Cur, Syms, Segs, Rest> Fold<Cur, Syms, Segs> for SCons<UTerm, Rest>
where
    Rest: Fold<UTerm, Syms, Segs>,
{
    type Syms = Rest::Syms;
    type Segs = Rest::Segs;
}

impl<Cur, U, B, Syms, Segs, Rest> Fold<Cur, Syms, Segs> for SCons<UInt<U, B>, Rest>
where
    Cur: Mul<UInt<U, B>>,
    Rest: Fold<Prod<Cur, UInt<U, B>>, Syms, Segs>,
{
    type Syms = Rest::Syms;
    type Segs = Rest::Segs;
}

impl<Cur, C, L, Syms, Segs, Rest> Fold<Cur, Syms, Segs> for SCons<SymDim<C, L>, Rest>
where
    Cur: Mul<C>,
    L: PushSymbols<Prod<Cur, C>, Syms, Segs>,
    Rest: Fold<U1, L::Syms, L::Segs>,
{
    type Syms = Rest::Syms;
    type Segs = Rest::Segs;
}

/// Pushes the symbols of one dim: the first after the segment `Seg`, the
/// others after [`Joined`].
pub trait PushSymbols<Seg, Syms, Segs> {
    /// The symbols so far, newest first.
    type Syms;
    /// The segments so far, newest first.
    type Segs;
}

impl<Seg, Syms, Segs> PushSymbols<Seg, Syms, Segs> for SNil {
    type Syms = Syms;
    type Segs = Segs;
}

impl<Seg, H, T, Syms, Segs> PushSymbols<Seg, Syms, Segs> for SCons<H, T>
where
    T: PushSymbols<Joined, SCons<H, Syms>, SCons<Seg, Segs>>,
{
    type Syms = T::Syms;
    type Segs = T::Segs;
}
