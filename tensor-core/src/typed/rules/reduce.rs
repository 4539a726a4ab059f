//! PyTorch's dim wrapping for the ops along one literal dim (`sum`,
//! `mean`, `max`, `min`, `argmax`, `argmin`, `softmax`, `log_softmax`),
//! decided while compiling: a dim of a rank-`R` shape is in `-R..R`
//! (`-1` the last), and the result drops it, or keeps a [`One`] there with
//! `keepdim`. A rank-0 shape takes `-1` and `0`, as PyTorch's scalars do.
//!
//! One impl of the leaf [`DimInRange`] per (shape rank, dim) pair; a dim
//! out of range matches none, and the leaf's message is PyTorch's, with the
//! range and the dim in decimal.

use crate::typed::dim::Dim;
use crate::typed::list::DimList;
use crate::typed::One;

/// The shape `Self` along the literal dim `DIM`: the dim itself
/// ([`Lane`](Self::Lane)), the shape without it ([`Out`](Self::Out)) and
/// with a [`One`] in its place ([`Kept`](Self::Kept), `keepdim=True`).
///
/// ```
/// use tensor_view::{dims, typed::rules::Along, One, D};
/// dims!(B);
/// fn along<X: Along<-1, Lane = L, Out = O, Kept = K>, L, O, K>() {}
/// along::<(B, D<3>, D<4>), D<4>, (B, D<3>), (B, D<3>, One)>();
/// fn first<X: Along<0, Out = O>, O>() {}
/// first::<(B, D<3>), (D<3>,)>();
/// ```
pub trait Along<const DIM: isize>: DimList {
    /// The dim reduced.
    type Lane: Dim;
    /// The shape without it.
    type Out: DimList;
    /// The shape with a [`One`] in its place.
    type Kept: DimList;
}

/// The dim `DIM` of the shape `L` of rank `-LO` is in `[LO, HI]`: one impl
/// per valid dim, none for a dim out of range.
#[diagnostic::on_unimplemented(
    message = "Dimension out of range (expected to be in range of [{LO}, {HI}], but got {DIM})",
    label = "no such dim"
)]
#[doc(hidden)]
pub trait DimInRange<L, const LO: isize, const HI: isize, const DIM: isize> {
    /// The dim reduced.
    type Lane: Dim;
    /// The shape without it.
    type Out: DimList;
    /// The shape with a [`One`] in its place.
    type Kept: DimList;
}

/// The two spellings of one dim of a shape (`k` and `k - rank`), each an
/// impl of [`DimInRange`].
macro_rules! along {
    ([$($a:ident)*] $lo:literal, $hi:literal: $k:literal | $neg:literal => $lane:ty, $out:ty, $kept:ty) => {
        along!(@one [$($a)*] $lo, $hi, $k => $lane, $out, $kept);
        along!(@one [$($a)*] $lo, $hi, $neg => $lane, $out, $kept);
    };
    (@one [$($a:ident)*] $lo:literal, $hi:literal, $dim:literal => $lane:ty, $out:ty, $kept:ty) => {
        #[diagnostic::do_not_recommend]
        impl<$($a: Dim),*> DimInRange<($($a,)*), $lo, $hi, $dim> for () {
            type Lane = $lane;
            type Out = $out;
            type Kept = $kept;
        }
    };
}

// Every dim of every rank 0 to 6: `k | k - rank => the dim, without it, kept as One`.
along!([] -1, 0: 0 | -1 => One, (), ());
along!([A0] -1, 0: 0 | -1 => A0, (), (One,));
along!([A0 A1] -2, 1: 0 | -2 => A0, (A1,), (One, A1));
along!([A0 A1] -2, 1: 1 | -1 => A1, (A0,), (A0, One));
along!([A0 A1 A2] -3, 2: 0 | -3 => A0, (A1, A2), (One, A1, A2));
along!([A0 A1 A2] -3, 2: 1 | -2 => A1, (A0, A2), (A0, One, A2));
along!([A0 A1 A2] -3, 2: 2 | -1 => A2, (A0, A1), (A0, A1, One));
along!([A0 A1 A2 A3] -4, 3: 0 | -4 => A0, (A1, A2, A3), (One, A1, A2, A3));
along!([A0 A1 A2 A3] -4, 3: 1 | -3 => A1, (A0, A2, A3), (A0, One, A2, A3));
along!([A0 A1 A2 A3] -4, 3: 2 | -2 => A2, (A0, A1, A3), (A0, A1, One, A3));
along!([A0 A1 A2 A3] -4, 3: 3 | -1 => A3, (A0, A1, A2), (A0, A1, A2, One));
along!([A0 A1 A2 A3 A4] -5, 4: 0 | -5 => A0, (A1, A2, A3, A4), (One, A1, A2, A3, A4));
along!([A0 A1 A2 A3 A4] -5, 4: 1 | -4 => A1, (A0, A2, A3, A4), (A0, One, A2, A3, A4));
along!([A0 A1 A2 A3 A4] -5, 4: 2 | -3 => A2, (A0, A1, A3, A4), (A0, A1, One, A3, A4));
along!([A0 A1 A2 A3 A4] -5, 4: 3 | -2 => A3, (A0, A1, A2, A4), (A0, A1, A2, One, A4));
along!([A0 A1 A2 A3 A4] -5, 4: 4 | -1 => A4, (A0, A1, A2, A3), (A0, A1, A2, A3, One));
along!([A0 A1 A2 A3 A4 A5] -6, 5: 0 | -6 => A0, (A1, A2, A3, A4, A5), (One, A1, A2, A3, A4, A5));
along!([A0 A1 A2 A3 A4 A5] -6, 5: 1 | -5 => A1, (A0, A2, A3, A4, A5), (A0, One, A2, A3, A4, A5));
along!([A0 A1 A2 A3 A4 A5] -6, 5: 2 | -4 => A2, (A0, A1, A3, A4, A5), (A0, A1, One, A3, A4, A5));
along!([A0 A1 A2 A3 A4 A5] -6, 5: 3 | -3 => A3, (A0, A1, A2, A4, A5), (A0, A1, A2, One, A4, A5));
along!([A0 A1 A2 A3 A4 A5] -6, 5: 4 | -2 => A4, (A0, A1, A2, A3, A5), (A0, A1, A2, A3, One, A5));
along!([A0 A1 A2 A3 A4 A5] -6, 5: 5 | -1 => A5, (A0, A1, A2, A3, A4), (A0, A1, A2, A3, A4, One));

/// [`Along`] of a rank: its range, the dim's check read through the leaf.
macro_rules! rank {
    ([$($a:ident)*] $lo:literal, $hi:literal) => {
        impl<$($a: Dim,)* const DIM: isize> Along<DIM> for ($($a,)*)
        where
            (): DimInRange<($($a,)*), $lo, $hi, DIM>,
        {
            type Lane = <() as DimInRange<($($a,)*), $lo, $hi, DIM>>::Lane;
            type Out = <() as DimInRange<($($a,)*), $lo, $hi, DIM>>::Out;
            type Kept = <() as DimInRange<($($a,)*), $lo, $hi, DIM>>::Kept;
        }
    };
}

rank!([] - 1, 0);
rank!([A0] - 1, 0);
rank!([A0 A1] -2, 1);
rank!([A0 A1 A2] -3, 2);
rank!([A0 A1 A2 A3] -4, 3);
rank!([A0 A1 A2 A3 A4] -5, 4);
rank!([A0 A1 A2 A3 A4 A5] -6, 5);
