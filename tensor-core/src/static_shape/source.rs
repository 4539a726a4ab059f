//! [`ShapeKind`]: what the macros learn of a tensor's shape marker, so one
//! expansion serves static and dynamic tensors alike.
//!
//! A static shape hands the compiler its element count and dim range (checked
//! while compiling); [`Dyn`] hands [`Unchecked`] stand-ins that every check
//! accepts, and its ops check at run time.

use super::diagnostics::{Checked, DimRange, DivisibleBy, Emptiness, InputSize, Rank, Unchecked};
use super::dims::StaticDims;
use super::markers::{Contiguity, Static};
use crate::tensor::{Dyn, Tensor};
use crate::Element;

/// The facts about a shape marker that compile-time checks use.
///
/// ```
/// use tensor_view::{Dyn, Shape};
/// use tensor_view::static_shape::{Checked, InputSize, ShapeKind, Unchecked};
/// let _: <Shape![4, 4] as ShapeKind>::InputSize = InputSize::<16, Checked>::new();
/// let _: <Dyn as ShapeKind>::InputSize = InputSize::<0, Unchecked>::new();
/// ```
pub trait ShapeKind: 'static {
    /// `InputSize<NUMEL, Checked>`, or `InputSize<0, Unchecked>` when dynamic.
    type InputSize: Default;
    /// The element count as a `typenum` number, or [`Unchecked`].
    type Numel;
    /// The dims an op may name, `DimRange<-rank, rank - 1, _>`.
    type Range: Default;
    /// The positions `unsqueeze` may name, `DimRange<-rank - 1, rank, _>`.
    type InsertRange: Default;
    /// `Rank<rank, _>`.
    type Rank: Default;
}

impl<const R: usize, K> Default for Rank<R, K> {
    fn default() -> Self {
        Rank::new()
    }
}

impl<const N: usize, K> Default for InputSize<N, K> {
    fn default() -> Self {
        InputSize::new()
    }
}

impl<const LO: isize, const HI: isize, K> Default for DimRange<LO, HI, K> {
    fn default() -> Self {
        DimRange::new()
    }
}

impl ShapeKind for Dyn {
    type InputSize = InputSize<0, Unchecked>;
    type Numel = Unchecked;
    type Range = DimRange<0, 0, Unchecked>;
    type InsertRange = DimRange<0, 0, Unchecked>;
    type Rank = Rank<0, Unchecked>;
}

impl<const N: usize, Numel: 'static, Dims: StaticDims, Strides: Contiguity> ShapeKind
    for Static<N, Numel, Dims, Strides>
{
    type InputSize = InputSize<N, Checked>;
    type Numel = Numel;
    type Range = Dims::Range;
    type InsertRange = Dims::InsertRange;
    type Rank = Dims::Rank;
}

/// What a `view!`-family check needs of a tensor: its size, rank, dim ranges
/// and divisibility verdicts, as values whose types carry the facts.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{input_size, Checked, InputSize};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let _: InputSize<16, Checked> = input_size(&x);
/// ```
pub fn input_size<T: Element, S: ShapeKind>(_: &Tensor<T, S>) -> S::InputSize {
    Default::default()
}

/// The rank of `src` as a type ([`Rank`]).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{rank_of, Checked, Rank};
/// let _: Rank<2, Checked> = rank_of(&Tensor::<f32, Shape![4, 4]>::zeros());
/// ```
pub fn rank_of<T: Element, S: ShapeKind>(_: &Tensor<T, S>) -> S::Rank {
    Default::default()
}

/// The dims an op may name on `src`, as a type ([`DimRange`]).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{dim_range, Checked, DimRange};
/// let _: DimRange<-2, 1, Checked> = dim_range(&Tensor::<f32, Shape![4, 4]>::zeros());
/// ```
pub fn dim_range<T: Element, S: ShapeKind>(_: &Tensor<T, S>) -> S::Range {
    Default::default()
}

/// The positions `unsqueeze` may name on `src`, as a type ([`DimRange`]).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{insert_range, Checked, DimRange};
/// let _: DimRange<-3, 2, Checked> = insert_range(&Tensor::<f32, Shape![4, 4]>::zeros());
/// ```
pub fn insert_range<T: Element, S: ShapeKind>(_: &Tensor<T, S>) -> S::InsertRange {
    Default::default()
}

/// Whether `K` divides the element count of `src` ([`DivisibleBy`]).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{divisibility, DoesNotDivide};
/// let _: DoesNotDivide = divisibility::<typenum::U5, _, _>(&Tensor::<f32, Shape![4, 4]>::zeros());
/// ```
pub fn divisibility<K, T: Element, S: ShapeKind>(
    _: &Tensor<T, S>,
) -> <S::Numel as DivisibleBy<K>>::Verdict
where
    S::Numel: DivisibleBy<K>,
{
    Default::default()
}

/// Whether `src` has no element ([`Emptiness`]).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{emptiness, Empty};
/// let _: Empty = emptiness(&Tensor::<f32, Shape![0, 4]>::zeros());
/// ```
pub fn emptiness<T: Element, S: ShapeKind>(_: &Tensor<T, S>) -> <S::Numel as Emptiness>::Verdict
where
    S::Numel: Emptiness,
{
    Default::default()
}

/// A run-time dim of `view!` (any integer type) as PyTorch's `int64`:
/// values beyond `isize` saturate, and so fail as invalid shapes.
///
/// ```
/// assert_eq!(tensor_view::static_shape::dim_value(3usize), 3);
/// assert_eq!(tensor_view::static_shape::dim_value(-1i32), -1);
/// assert_eq!(tensor_view::static_shape::dim_value(u64::MAX), isize::MAX);
/// ```
pub fn dim_value<D: TryInto<isize> + PartialOrd + Default>(d: D) -> isize {
    let negative = d < D::default();
    d.try_into()
        .unwrap_or(if negative { isize::MIN } else { isize::MAX })
}
