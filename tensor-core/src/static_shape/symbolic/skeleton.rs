//! The skeleton of a shape: its symbols in order, and what lies between them.
//!
//! A view moves no data, so it may split or merge neighbouring dims but never
//! move a named dim across another factor. The skeleton is what a view must
//! keep: the shape's factors read from outermost to innermost, dim after dim
//! and, inside a merged dim, factor after factor, with the static ones
//! between two symbols multiplied into one *segment*. For `[B, T, 768]` the
//! symbols are `[B, T]` and the segments `[1, 1, 768]` (the static product
//! before `B`, between `B` and `T`, after `T`); `[B*8, 64]` has `[B]` and
//! `[1, 512]`, `[8*B, 64]` has `[B]` and `[8, 64]`. Two shapes whose
//! skeletons are equal number every element alike for every size of the
//! symbols, which is what a view of one as the other needs.

use std::ops::Mul;

use typenum::{Prod, UInt, UTerm, U1};

use super::lists::{Len, Reverse, SCons, SNil};
use super::shape::{SymDim, SymDims};
use super::symbol::Symbol;

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
    L: PushSymbols<Cur, Syms, Segs>,
    Rest: Fold<L::Cur, L::Syms, L::Segs>,
{
    type Syms = Rest::Syms;
    type Segs = Rest::Segs;
}

/// Walks the factors of one merged dim from the current segment `Cur`: a
/// static factor multiplies it, a symbol closes it and starts a new one.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{PushSymbols, SCons, SNil};
/// use typenum::{U1, U8};
/// dims!(B);
/// // B*8: the segment before B is 1, and 8 starts the next one.
/// type L = SCons<B, SCons<U8, SNil>>;
/// let _: <L as PushSymbols<U1, SNil, SNil>>::Segs = SCons::<U1, SNil>::new();
/// let _: <L as PushSymbols<U1, SNil, SNil>>::Cur = U8::default();
/// ```
pub trait PushSymbols<Cur, Syms, Segs> {
    /// The segment open after the dim.
    type Cur;
    /// The symbols so far, newest first.
    type Syms;
    /// The closed segments so far, newest first.
    type Segs;
}

impl<Cur, Syms, Segs> PushSymbols<Cur, Syms, Segs> for SNil {
    type Cur = Cur;
    type Syms = Syms;
    type Segs = Segs;
}

impl<Cur, H: Symbol, T, Syms, Segs> PushSymbols<Cur, Syms, Segs> for SCons<H, T>
where
    T: PushSymbols<U1, SCons<H, Syms>, SCons<Cur, Segs>>,
{
    type Cur = T::Cur;
    type Syms = T::Syms;
    type Segs = T::Segs;
}

impl<Cur, U, B, T, Syms, Segs> PushSymbols<Cur, Syms, Segs> for SCons<UInt<U, B>, T>
where
    Cur: Mul<UInt<U, B>>,
    T: PushSymbols<Prod<Cur, UInt<U, B>>, Syms, Segs>,
{
    type Cur = T::Cur;
    type Syms = T::Syms;
    type Segs = T::Segs;
}
