//! Dims of a static shape: tuples of `typenum` numbers, ranks 0 to [`MAX_STATIC_RANK`].
//!
//! [`StaticDims`] turns a tuple such as `(U2, U8)` into the dims and row-major
//! strides as `'static` slices (constants, so a static view builds its layout
//! from constants) and names the range of dims PyTorch accepts for the rank,
//! which the diagnostics print.

use typenum::Unsigned;

use super::diagnostics::{Checked, DimRange, Rank};

/// Highest rank a static shape can have (the dims live inline up to this rank).
///
/// ```
/// assert_eq!(tensor_view::static_shape::MAX_STATIC_RANK, 8);
/// ```
pub const MAX_STATIC_RANK: usize = 8;

/// Row-major strides of `dims` as PyTorch gives them (size-0 dims count as 1).
const fn row_major<const R: usize>(dims: [usize; R]) -> [isize; R] {
    let mut out = [0isize; R];
    let mut running: isize = 1;
    let mut i = R;
    while i > 0 {
        i -= 1;
        out[i] = running;
        let size = if dims[i] == 0 { 1 } else { dims[i] };
        running = running.wrapping_mul(size as isize);
    }
    out
}

/// A tuple of `typenum` numbers used as the dims of a static shape.
///
/// ```
/// use tensor_view::static_shape::StaticDims;
/// use typenum::{U2, U8};
/// assert_eq!(<(U2, U8) as StaticDims>::DIMS, &[2, 8]);
/// assert_eq!(<(U2, U8) as StaticDims>::STRIDES, &[8, 1]);
/// assert_eq!(<() as StaticDims>::RANK, 0);
/// ```
///
/// Sealed: implemented by the tuples of `typenum` numbers only, so that a
/// type's dims and strides are always the numbers it names.
pub trait StaticDims: sealed::Sealed + 'static {
    /// Number of dims.
    const RANK: usize;
    /// The dims.
    const DIMS: &'static [usize];
    /// Row-major strides of the dims.
    const STRIDES: &'static [isize];
    /// The dims PyTorch accepts for this rank (`[-rank, rank - 1]`; `[-1, 0]` at rank 0).
    type Range: Default;
    /// The positions `unsqueeze` accepts (`[-rank - 1, rank]`).
    type InsertRange: Default;
    /// `Rank<RANK, Checked>`.
    type Rank: Default;
}

macro_rules! static_dims {
    ($rank:literal, [$lo:literal, $hi:literal], [$ilo:literal, $ihi:literal] $(, $d:ident)*) => {
        impl<$($d: Unsigned + 'static),*> sealed::Sealed for ($($d,)*) {}

        impl<$($d: Unsigned + 'static),*> StaticDims for ($($d,)*) {
            const RANK: usize = $rank;
            const DIMS: &'static [usize] = &[$($d::USIZE),*];
            const STRIDES: &'static [isize] = &row_major([$($d::USIZE),*]);
            type Range = DimRange<$lo, $hi, Checked>;
            type InsertRange = DimRange<$ilo, $ihi, Checked>;
            type Rank = Rank<$rank, Checked>;
        }
    };
}

static_dims!(0, [-1, 0], [-1, 0]);
static_dims!(1, [-1, 0], [-2, 1], A);
static_dims!(2, [-2, 1], [-3, 2], A, B);
static_dims!(3, [-3, 2], [-4, 3], A, B, C);
static_dims!(4, [-4, 3], [-5, 4], A, B, C, D);
static_dims!(5, [-5, 4], [-6, 5], A, B, C, D, E);
static_dims!(6, [-6, 5], [-7, 6], A, B, C, D, E, F);
static_dims!(7, [-7, 6], [-8, 7], A, B, C, D, E, F, G);
static_dims!(8, [-8, 7], [-9, 8], A, B, C, D, E, F, G, H);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::contiguous_strides;
    use typenum::{U0, U1, U3, U4, U5};

    #[test]
    fn constant_strides_match_the_runtime_rule() {
        fn same<D: StaticDims>() {
            assert_eq!(D::STRIDES, contiguous_strides(D::DIMS).as_slice());
        }
        same::<(U3, U0, U4)>();
        same::<(U1, U5, U1, U1)>();
        same::<()>();
        assert_eq!(<(U3, U0, U4) as StaticDims>::STRIDES, &[4, 4, 1]);
    }
}

/// The private supertrait of [`StaticDims`]: only tuples of `typenum`
/// numbers are static dims.
mod sealed {
    pub trait Sealed {}
}
