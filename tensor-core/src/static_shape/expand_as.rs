//! `expand_as()` of a typed tensor to another typed tensor: the result has
//! the other's shape (typed `Strided`), the layout is the dynamic
//! `expand_as`'s.
//!
//! The two shapes are compared dim by dim from the right, as PyTorch
//! aligns them: each dim of the tensor must be 1 or the other's size. Where
//! both dims are static that is decided while compiling (a mismatch is a
//! compile error); a named dim on either side leaves it to run time, and the
//! result is then a `Result`.
//!
//! ```
//! use tensor_view::{dims, Shape, Strided, Tensor};
//! let bias = Tensor::<f32, Shape![1, 4]>::ones();
//! let x = Tensor::<f32, Shape![3, 4]>::zeros();
//! let b: Tensor<f32, Strided<Shape![3, 4]>> = bias.expand_as(&x);
//! assert_eq!(b.stride(), &[0, 1]);
//! dims!(B);
//! let batch: Tensor<f32, Shape![B, 4]> = Tensor::<f32>::zeros(&[5, 4])?.into_static()?;
//! let bb: Tensor<f32, Strided<Shape![B, 4]>> = bias.expand_as(&batch); // a 1 expands to any B
//! assert_eq!(bb.shape(), &[5, 4]);
//! let pair = Tensor::<f32, Shape![2, 4]>::zeros();
//! assert!(pair.expand_as(&batch).is_err()); // 2 against B = 5: checked at run time
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use super::diagnostics::{Checked, Rank};
use super::dim_verdicts::{DimAtRunTime, DimFits, DimMismatch, DimsList, ExpandVerdict};
use super::markers::{Strided, StridedForm};
use super::outcome::{Fallible, Infallible, Outcome};
use super::source::ShapeKind;
use super::symbolic::{Reverse, SCons, SNil, SymDim, TypedShape};
use super::typed_views::InputDims;
use crate::tensor::{Dyn, Tensor};
use crate::Element;

/// The verdict of expanding a dim of the tensor (`Self`) to the other's dim
/// `Target`: [`ExpandVerdict`] for two static dims, [`DimAtRunTime`] when
/// either is named (unless the tensor's dim is 1, which expands to anything).
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimMismatch, ExpandsDim};
/// use typenum::{U1, U3, U4};
/// let _: <U1 as ExpandsDim<U4>>::Verdict = DimFits;
/// let _: <U3 as ExpandsDim<U4>>::Verdict = DimMismatch;
/// ```
pub trait ExpandsDim<Target> {
    /// The verdict.
    type Verdict;
}

impl<A: ExpandVerdict<typenum::UTerm>> ExpandsDim<typenum::UTerm> for A {
    type Verdict = A::Verdict;
}

impl<A: ExpandVerdict<typenum::UInt<U, B>>, U, B> ExpandsDim<typenum::UInt<U, B>> for A {
    type Verdict = A::Verdict;
}

impl<A: ExpandVerdict<typenum::U1>, C, L> ExpandsDim<SymDim<C, L>> for A
where
    A::Verdict: FitsOrRunTime,
{
    type Verdict = <A::Verdict as FitsOrRunTime>::Verdict;
}

/// [`DimFits`] stays (a dim of 1 expands to any size); anything else is
/// [`DimAtRunTime`] (the other dim's size is known only at run time).
///
/// ```
/// use tensor_view::static_shape::{DimAtRunTime, DimMismatch, FitsOrRunTime};
/// let _: <DimMismatch as FitsOrRunTime>::Verdict = DimAtRunTime;
/// ```
pub trait FitsOrRunTime {
    /// The verdict.
    type Verdict;
}

impl FitsOrRunTime for DimFits {
    type Verdict = DimFits;
}

impl FitsOrRunTime for DimMismatch {
    type Verdict = DimAtRunTime;
}

impl FitsOrRunTime for DimAtRunTime {
    type Verdict = DimAtRunTime;
}

/// The worse of two verdicts: a mismatch over a run-time check over a fit.
///
/// ```
/// use tensor_view::static_shape::{DimAtRunTime, DimMismatch, Worse};
/// let _: <DimAtRunTime as Worse<DimMismatch>>::Verdict = DimMismatch;
/// ```
pub trait Worse<Other> {
    /// The verdict.
    type Verdict;
}

impl<Other> Worse<Other> for DimFits {
    type Verdict = Other;
}

impl<Other> Worse<Other> for DimMismatch {
    type Verdict = DimMismatch;
}

impl Worse<DimFits> for DimAtRunTime {
    type Verdict = DimAtRunTime;
}

impl Worse<DimAtRunTime> for DimAtRunTime {
    type Verdict = DimAtRunTime;
}

impl Worse<DimMismatch> for DimAtRunTime {
    type Verdict = DimMismatch;
}

/// The verdict of expanding the dims (a list, last dim first) `Self` to the
/// dims `Target` (likewise): every pair aligned from the right. Dims of the
/// tensor beyond the other's rank are left to the rank check.
///
/// ```
/// use tensor_view::static_shape::{AlignedExpand, DimFits, SCons, SNil};
/// use typenum::{U1, U4};
/// let _: <SCons<U1, SNil> as AlignedExpand<SCons<U4, SCons<U4, SNil>>>>::Verdict = DimFits;
/// ```
pub trait AlignedExpand<Target> {
    /// The verdict.
    type Verdict;
}

impl<Target> AlignedExpand<Target> for SNil {
    type Verdict = DimFits;
}

impl<H, T> AlignedExpand<SNil> for SCons<H, T> {
    type Verdict = DimFits;
}

impl<A: ExpandsDim<B>, TA: AlignedExpand<TB>, B, TB> AlignedExpand<SCons<B, TB>> for SCons<A, TA>
where
    A::Verdict: Worse<TA::Verdict>,
{
    type Verdict = <A::Verdict as Worse<TA::Verdict>>::Verdict;
}

/// Whether the result can still fail at run time, by the verdict.
///
/// ```
/// use tensor_view::static_shape::{DimAtRunTime, Fallible, VerdictOutcome};
/// let _: <DimAtRunTime as VerdictOutcome>::Outcome = Fallible;
/// ```
pub trait VerdictOutcome {
    /// [`Infallible`] or [`Fallible`].
    type Outcome: Outcome;
}

impl VerdictOutcome for DimFits {
    type Outcome = Infallible;
}

impl VerdictOutcome for DimMismatch {
    type Outcome = Infallible;
}

impl VerdictOutcome for DimAtRunTime {
    type Outcome = Fallible;
}

/// The verdict of expanding a tensor of shape `Self` to the shape `Y`.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{DimMismatch, ExpandsTo};
/// let _: <Shape![2, 3] as ExpandsTo<Shape![4, 2, 4]>>::Verdict = DimMismatch;
/// ```
pub trait ExpandsTo<Y> {
    /// The verdict.
    type Verdict: VerdictOutcome;
}

impl<S: InputDims, Y: InputDims> ExpandsTo<Y> for S
where
    S::Dims: DimsList,
    Y::Dims: DimsList,
    <S::Dims as DimsList>::List: Reverse,
    <Y::Dims as DimsList>::List: Reverse,
    <<S::Dims as DimsList>::List as Reverse>::Out:
        AlignedExpand<<<Y::Dims as DimsList>::List as Reverse>::Out>,
    <<<S::Dims as DimsList>::List as Reverse>::Out as AlignedExpand<
        <<Y::Dims as DimsList>::List as Reverse>::Out,
    >>::Verdict: VerdictOutcome,
{
    type Verdict = <<<S::Dims as DimsList>::List as Reverse>::Out as AlignedExpand<
        <<Y::Dims as DimsList>::List as Reverse>::Out,
    >>::Verdict;
}

/// The rank pairs `expand_as` accepts: the tensor has no more dims than the other.
///
/// ```
/// use tensor_view::static_shape::{Checked, EnoughSizes, Rank};
/// fn accepts<const X: usize, const Y: usize>() where Rank<X, Checked>: EnoughSizes<X, Y> {}
/// accepts::<2, 3>();
/// ```
#[diagnostic::on_unimplemented(
    message = "the number of sizes provided ({Y}) must be greater or equal to the number of dimensions in the tensor ({X})",
    label = "the other tensor has fewer dims",
    note = "PyTorch's message starts `expand(torch.FloatTensor{{[..]}}, size=[..])`, with the tensor's type and sizes, which the compiler cannot print here"
)]
pub trait EnoughSizes<const X: usize, const Y: usize> {}

macro_rules! enough_sizes {
    ($x:literal: $($y:literal),*) => {
        $(
            #[diagnostic::do_not_recommend]
            impl EnoughSizes<$x, $y> for Rank<$x, Checked> {}
        )*
    };
}

enough_sizes!(0: 0, 1, 2, 3, 4, 5, 6, 7, 8);
enough_sizes!(1: 1, 2, 3, 4, 5, 6, 7, 8);
enough_sizes!(2: 2, 3, 4, 5, 6, 7, 8);
enough_sizes!(3: 3, 4, 5, 6, 7, 8);
enough_sizes!(4: 4, 5, 6, 7, 8);
enough_sizes!(5: 5, 6, 7, 8);
enough_sizes!(6: 6, 7, 8);
enough_sizes!(7: 7, 8);
enough_sizes!(8: 8);

/// The verdicts `expand_as` accepts while compiling: a fit, or a named dim
/// checked at run time.
///
/// ```
/// use tensor_view::static_shape::{DimFits, ExpandedSizesMatch};
/// fn accepts<V: ExpandedSizesMatch>() {}
/// accepts::<DimFits>();
/// ```
#[diagnostic::on_unimplemented(
    message = "The expanded size of the tensor must match the existing size at each non-singleton dimension",
    label = "a dim of this tensor is neither 1 nor the other tensor's size there",
    note = "PyTorch's message names the dim and both sizes, which the compiler cannot print here"
)]
pub trait ExpandedSizesMatch {}

#[diagnostic::do_not_recommend]
impl ExpandedSizesMatch for DimFits {}

#[diagnostic::do_not_recommend]
impl ExpandedSizesMatch for DimAtRunTime {}

/// The result of `x.expand_as(&y)` for a tensor of shape `S` and an element
/// type `T`: `y`'s shape, strided, in a `Result` when a named dim is
/// checked at run time.
pub type ExpandedAs<T, S, Y> =
    <<<S as ExpandsTo<Y>>::Verdict as VerdictOutcome>::Outcome as Outcome>::Wrap<
        Tensor<T, Strided<Y>>,
    >;

impl<T: Element, S: TypedShape> Tensor<T, S> {
    /// `tensor.expand_as(other)` of a typed tensor to a typed `other`: the
    /// result has `other`'s shape (typed `Strided`); a `Result` only when a
    /// named dim leaves a size to check at run time. Too many dims and sizes
    /// that cannot expand are compile errors.
    ///
    /// ```
    /// use tensor_view::{Shape, Strided, Tensor};
    /// let col = Tensor::<i32, Shape![3, 1]>::ones();
    /// let grid = Tensor::<u8, Shape![2, 3, 5]>::zeros();
    /// let e: Tensor<i32, Strided<Shape![2, 3, 5]>> = col.expand_as(&grid);
    /// assert_eq!(e.stride(), &[0, 1, 0]);
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<i32, Shape![2, 3]>::ones();
    /// let y = Tensor::<i32, Shape![4, 3, 3]>::zeros();
    /// let e = x.expand_as(&y); // The expanded size of the tensor must match ...
    /// ```
    #[inline]
    pub fn expand_as<U: Element, Y, const X: usize, const R: usize>(
        &self,
        other: &Tensor<U, Y>,
    ) -> ExpandedAs<T, S, Y>
    where
        Y: TypedShape + StridedForm + ShapeKind<Rank = Rank<R, Checked>>,
        S: ExpandsTo<Y> + ShapeKind<Rank = Rank<X, Checked>>,
        Rank<X, Checked>: EnoughSizes<X, R>,
        <S as ExpandsTo<Y>>::Verdict: ExpandedSizesMatch,
    {
        let result = self
            .with_layout::<Dyn>(self.layout.clone())
            .expand_as(other)
            .map(|t| t.with_sizes_first_of(other));
        <<S::Verdict as VerdictOutcome>::Outcome as Outcome>::wrap(result.map(|t| t.keeping_bits()))
    }
}
