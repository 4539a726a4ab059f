//! `transpose!`, `permute!`, `movedim!`, `t()`, `mT()` and `mH()` of typed
//! tuples: the existing view macros and methods, whose per-call rules move
//! dims of any type, applied to `(B, T, D<768>)` shapes. The result is a view,
//! typed [`AnyStrides`] of the moved dims (no `Result`: nothing is left to
//! check at run time), or the same row-major tuple where nothing moved
//! (`t()` of a vector, `transpose!(x, 1, 1)`).
//!
//! A dim out of range is a compile error in PyTorch's words
//! (`Dimension out of range (expected to be in range of [-3, 2], but got 3)`),
//! reported by the macros' own range checks, which read the tuple's rank here.
//!
//! ```
//! use tensor_view::{dims, permute, transpose, typed::AnyStrides, Shape, Tensor, D};
//! dims!(B, T);
//! let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::zeros(&[2, 3, 4])?.into_static()?;
//! let y: Tensor<f32, AnyStrides<(B, D<4>, T)>> = transpose!(x, 1, -1);
//! assert_eq!((y.shape(), y.stride()), (&[2usize, 4, 3][..], &[12isize, 1, 4][..]));
//! let z: Tensor<f32, AnyStrides<(D<4>, B, T)>> = permute!(x, [2, 0, 1]);
//! assert_eq!(z.shape(), &[4, 2, 3]);
//! let w = Tensor::<f32, (D<2>, D<3>)>::zeros();
//! let wt: Tensor<f32, AnyStrides<(D<3>, D<2>)>> = w.t();
//! let m: Tensor<f32, AnyStrides<(B, D<4>, T)>> = x.mT();
//! # let _ = (wt, m);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use crate::static_shape::{
    Checked, DimRange, DimsOp, InputSize, Outcome, Rank, ReorderMarker, RuntimeStrides, ShapeKind,
    StaticOp, Unchecked,
};
use crate::tensor::Tensor;
use crate::typed::dim::Dim;
use crate::typed::list::{AnyStrides, DimList};
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

/// A view rule `Op` (a macro call's, or `t()`/`mT()`'s) applied to the dims
/// of a row-major tuple.
impl<L: DimList + TupleRanks, Op: DimsOp<L, Unchecked, TupleStrides<true>>> StaticOp<Op> for L
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
