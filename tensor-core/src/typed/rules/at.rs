//! One literal dim of a tuple shape, for the ops that cut along it
//! (`narrow_to`, `select_at`, `split_by`, `chunk_into`): the dim itself, its
//! wrapped position, the shape with another dim in its place or without it,
//! and whether it is the leading dim (cutting there keeps a row-major tensor
//! row-major, with an offset). Dims wrap as PyTorch wraps them: a dim of a
//! rank-`R` shape is in `-R..R`, `-1` the last.
//!
//! One impl of the leaf [`DimAt`] per (rank, dim) pair, written below as
//! `k | k - rank => the dim, leading or not, with X there, without it`; a dim
//! out of range matches none, and the leaf's message is PyTorch's.

use crate::typed::dim::Dim;
use crate::typed::list::{AnyStrides, DimList, TypedDims};

/// The shape `Self` at the literal dim `DIM`.
///
/// ```
/// use tensor_view::{dims, typed::rules::At, D};
/// dims!(B);
/// fn at<X: At<-1, Lane = L, Without = W>, L, W>() {}
/// at::<(B, D<3>, D<4>), D<4>, (B, D<3>)>();
/// fn with<X: At<0, With<D<9>> = Y>, Y>() {}
/// with::<(B, D<3>), (D<9>, D<3>)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "the op needs a dim of the tensor of shape `{Self}`, which has none",
    label = "a tensor of at least one dimension is needed here"
)]
pub trait At<const DIM: isize>: DimList {
    /// The dim at `DIM`.
    type Lane: Dim;
    /// Its position from 0, as [`Pos`].
    #[doc(hidden)]
    type Pos;
    /// [`Leading`] for the first dim, [`Inner`] for the others.
    #[doc(hidden)]
    type Lead: LeadKind;
    /// The shape with `X` in place of the dim.
    type With<X: Dim>: DimList;
    /// The shape without the dim.
    type Without: DimList;
}

/// A wrapped dim's position, from 0.
#[doc(hidden)]
pub struct Pos<const K: usize>;
/// The leading dim: a cut there keeps row-major strides.
#[doc(hidden)]
pub struct Leading;
/// A dim after the first: a cut there gives strides known only at run time.
#[doc(hidden)]
pub struct Inner;

/// What a cut at a dim makes of a row-major shape's strides: row-major
/// (with an offset) at the leading dim, known only at run time elsewhere.
#[doc(hidden)]
pub trait LeadKind {
    /// `R` itself, or `AnyStrides<R>`.
    type Keep<R: DimList>: TypedDims;
}
impl LeadKind for Leading {
    type Keep<R: DimList> = R;
}
impl LeadKind for Inner {
    type Keep<R: DimList> = AnyStrides<R>;
}

/// The dim `DIM` of the shape `L` of rank `-LO` is in `[LO, HI]`: one impl
/// per valid dim, none for a dim out of range.
#[diagnostic::on_unimplemented(
    message = "Dimension out of range (expected to be in range of [{LO}, {HI}], but got {DIM})",
    label = "no such dim"
)]
#[doc(hidden)]
pub trait DimAt<L, const LO: isize, const HI: isize, const DIM: isize> {
    /// The dim.
    type Lane: Dim;
    /// Its position.
    type Pos;
    /// [`Leading`] or [`Inner`].
    type Lead: LeadKind;
    /// The shape with `X` in its place.
    type With<X: Dim>: DimList;
    /// The shape without it.
    type Without: DimList;
}

macro_rules! at {
    ([$($a:ident)*] $lo:literal, $hi:literal: $k:literal | $neg:literal => $lane:ty, $lead:ty, $with:ty, $without:ty) => {
        at!(@one [$($a)*] $lo, $hi, $k, $k => $lane, $lead, $with, $without);
        at!(@one [$($a)*] $lo, $hi, $neg, $k => $lane, $lead, $with, $without);
    };
    (@one [$($a:ident)*] $lo:literal, $hi:literal, $dim:literal, $k:literal => $lane:ty, $lead:ty, $with:ty, $without:ty) => {
        #[diagnostic::do_not_recommend]
        impl<$($a: Dim),*> DimAt<($($a,)*), $lo, $hi, $dim> for () {
            type Lane = $lane;
            type Pos = Pos<$k>;
            type Lead = $lead;
            type With<X: Dim> = $with;
            type Without = $without;
        }
    };
}

// Every dim of every rank 1 to 6: `k | k - rank => the dim, lead, with X, without`.
at!([A0] -1, 0: 0 | -1 => A0, Leading, (X,), ());
at!([A0 A1] -2, 1: 0 | -2 => A0, Leading, (X, A1), (A1,));
at!([A0 A1] -2, 1: 1 | -1 => A1, Inner, (A0, X), (A0,));
at!([A0 A1 A2] -3, 2: 0 | -3 => A0, Leading, (X, A1, A2), (A1, A2));
at!([A0 A1 A2] -3, 2: 1 | -2 => A1, Inner, (A0, X, A2), (A0, A2));
at!([A0 A1 A2] -3, 2: 2 | -1 => A2, Inner, (A0, A1, X), (A0, A1));
at!([A0 A1 A2 A3] -4, 3: 0 | -4 => A0, Leading, (X, A1, A2, A3), (A1, A2, A3));
at!([A0 A1 A2 A3] -4, 3: 1 | -3 => A1, Inner, (A0, X, A2, A3), (A0, A2, A3));
at!([A0 A1 A2 A3] -4, 3: 2 | -2 => A2, Inner, (A0, A1, X, A3), (A0, A1, A3));
at!([A0 A1 A2 A3] -4, 3: 3 | -1 => A3, Inner, (A0, A1, A2, X), (A0, A1, A2));
at!([A0 A1 A2 A3 A4] -5, 4: 0 | -5 => A0, Leading, (X, A1, A2, A3, A4), (A1, A2, A3, A4));
at!([A0 A1 A2 A3 A4] -5, 4: 1 | -4 => A1, Inner, (A0, X, A2, A3, A4), (A0, A2, A3, A4));
at!([A0 A1 A2 A3 A4] -5, 4: 2 | -3 => A2, Inner, (A0, A1, X, A3, A4), (A0, A1, A3, A4));
at!([A0 A1 A2 A3 A4] -5, 4: 3 | -2 => A3, Inner, (A0, A1, A2, X, A4), (A0, A1, A2, A4));
at!([A0 A1 A2 A3 A4] -5, 4: 4 | -1 => A4, Inner, (A0, A1, A2, A3, X), (A0, A1, A2, A3));
at!([A0 A1 A2 A3 A4 A5] -6, 5: 0 | -6 => A0, Leading, (X, A1, A2, A3, A4, A5), (A1, A2, A3, A4, A5));
at!([A0 A1 A2 A3 A4 A5] -6, 5: 1 | -5 => A1, Inner, (A0, X, A2, A3, A4, A5), (A0, A2, A3, A4, A5));
at!([A0 A1 A2 A3 A4 A5] -6, 5: 2 | -4 => A2, Inner, (A0, A1, X, A3, A4, A5), (A0, A1, A3, A4, A5));
at!([A0 A1 A2 A3 A4 A5] -6, 5: 3 | -3 => A3, Inner, (A0, A1, A2, X, A4, A5), (A0, A1, A2, A4, A5));
at!([A0 A1 A2 A3 A4 A5] -6, 5: 4 | -2 => A4, Inner, (A0, A1, A2, A3, X, A5), (A0, A1, A2, A3, A5));
at!([A0 A1 A2 A3 A4 A5] -6, 5: 5 | -1 => A5, Inner, (A0, A1, A2, A3, A4, X), (A0, A1, A2, A3, A4));

/// [`At`] of a rank: its range, the dim read through the leaf.
macro_rules! rank {
    ([$($a:ident)*] $lo:literal, $hi:literal) => {
        impl<$($a: Dim,)* const DIM: isize> At<DIM> for ($($a,)*)
        where
            (): DimAt<($($a,)*), $lo, $hi, DIM>,
        {
            type Lane = <() as DimAt<($($a,)*), $lo, $hi, DIM>>::Lane;
            type Pos = <() as DimAt<($($a,)*), $lo, $hi, DIM>>::Pos;
            type Lead = <() as DimAt<($($a,)*), $lo, $hi, DIM>>::Lead;
            type With<X: Dim> = <() as DimAt<($($a,)*), $lo, $hi, DIM>>::With<X>;
            type Without = <() as DimAt<($($a,)*), $lo, $hi, DIM>>::Without;
        }
    };
}

rank!([A0] - 1, 0);
rank!([A0 A1] -2, 1);
rank!([A0 A1 A2] -3, 2);
rank!([A0 A1 A2 A3] -4, 3);
rank!([A0 A1 A2 A3 A4] -5, 4);
rank!([A0 A1 A2 A3 A4 A5] -6, 5);
