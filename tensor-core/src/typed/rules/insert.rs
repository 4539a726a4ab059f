//! A new dim at one literal position of a tuple shape, for `stack` (and
//! PyTorch's `unsqueeze`): a position of a rank-`R` shape is in
//! `-(R + 1)..=R`, `-1` after the last dim, wrapped as PyTorch wraps it.
//!
//! One impl of the leaf [`InsertAt`] per (rank, position) pair, written
//! below as `k | k - (rank + 1) => the shape with X there`; a position out
//! of range matches none, and the leaf's message is PyTorch's.

use crate::typed::dim::Dim;
use crate::typed::list::DimList;

/// The shape `Self` with a new dim at the literal position `DIM`.
///
/// ```
/// use tensor_view::{dims, typed::rules::Insert, D};
/// dims!(B);
/// fn insert<X: Insert<-1, With<D<3>> = Y>, Y>() {}
/// insert::<(B, D<4>), (B, D<4>, D<3>)>();
/// fn first<X: Insert<0, With<D<3>> = Y>, Y>() {}
/// first::<(B,), (D<3>, B)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "a typed shape has at most 6 dims: `{Self}` has no room for another",
    label = "a dim is inserted here"
)]
pub trait Insert<const DIM: isize>: DimList {
    /// The shape with `X` at `DIM`.
    type With<X: Dim>: DimList;
}

/// The position `DIM` of the shape `L` is in `[LO, HI]`: one impl per
/// valid position, none for a position out of range.
#[diagnostic::on_unimplemented(
    message = "Dimension out of range (expected to be in range of [{LO}, {HI}], but got {DIM})",
    label = "no such position"
)]
#[doc(hidden)]
pub trait InsertAt<L, const LO: isize, const HI: isize, const DIM: isize> {
    /// The shape with `X` there.
    type With<X: Dim>: DimList;
}

macro_rules! insert {
    ([$($a:ident)*] $lo:literal, $hi:literal: $k:literal | $neg:literal => $with:ty) => {
        insert!(@one [$($a)*] $lo, $hi, $k => $with);
        insert!(@one [$($a)*] $lo, $hi, $neg => $with);
    };
    (@one [$($a:ident)*] $lo:literal, $hi:literal, $dim:literal => $with:ty) => {
        #[diagnostic::do_not_recommend]
        impl<$($a: Dim),*> InsertAt<($($a,)*), $lo, $hi, $dim> for () {
            type With<X: Dim> = $with;
        }
    };
}

// Every position of every rank 0 to 5: `k | k - (rank + 1) => with X there`.
insert!([] -1, 0: 0 | -1 => (X,));
insert!([A0] -2, 1: 0 | -2 => (X, A0));
insert!([A0] -2, 1: 1 | -1 => (A0, X));
insert!([A0 A1] -3, 2: 0 | -3 => (X, A0, A1));
insert!([A0 A1] -3, 2: 1 | -2 => (A0, X, A1));
insert!([A0 A1] -3, 2: 2 | -1 => (A0, A1, X));
insert!([A0 A1 A2] -4, 3: 0 | -4 => (X, A0, A1, A2));
insert!([A0 A1 A2] -4, 3: 1 | -3 => (A0, X, A1, A2));
insert!([A0 A1 A2] -4, 3: 2 | -2 => (A0, A1, X, A2));
insert!([A0 A1 A2] -4, 3: 3 | -1 => (A0, A1, A2, X));
insert!([A0 A1 A2 A3] -5, 4: 0 | -5 => (X, A0, A1, A2, A3));
insert!([A0 A1 A2 A3] -5, 4: 1 | -4 => (A0, X, A1, A2, A3));
insert!([A0 A1 A2 A3] -5, 4: 2 | -3 => (A0, A1, X, A2, A3));
insert!([A0 A1 A2 A3] -5, 4: 3 | -2 => (A0, A1, A2, X, A3));
insert!([A0 A1 A2 A3] -5, 4: 4 | -1 => (A0, A1, A2, A3, X));
insert!([A0 A1 A2 A3 A4] -6, 5: 0 | -6 => (X, A0, A1, A2, A3, A4));
insert!([A0 A1 A2 A3 A4] -6, 5: 1 | -5 => (A0, X, A1, A2, A3, A4));
insert!([A0 A1 A2 A3 A4] -6, 5: 2 | -4 => (A0, A1, X, A2, A3, A4));
insert!([A0 A1 A2 A3 A4] -6, 5: 3 | -3 => (A0, A1, A2, X, A3, A4));
insert!([A0 A1 A2 A3 A4] -6, 5: 4 | -2 => (A0, A1, A2, A3, X, A4));
insert!([A0 A1 A2 A3 A4] -6, 5: 5 | -1 => (A0, A1, A2, A3, A4, X));

/// [`Insert`] of a rank: its range, the position read through the leaf.
macro_rules! rank {
    ([$($a:ident)*] $lo:literal, $hi:literal) => {
        impl<$($a: Dim,)* const DIM: isize> Insert<DIM> for ($($a,)*)
        where
            (): InsertAt<($($a,)*), $lo, $hi, DIM>,
        {
            type With<X: Dim> = <() as InsertAt<($($a,)*), $lo, $hi, DIM>>::With<X>;
        }
    };
}

rank!([] - 1, 0);
rank!([A0] - 2, 1);
rank!([A0 A1] -3, 2);
rank!([A0 A1 A2] -4, 3);
rank!([A0 A1 A2 A3] -5, 4);
rank!([A0 A1 A2 A3 A4] -6, 5);
