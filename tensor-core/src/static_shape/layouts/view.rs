//! `view!` of a tensor with [`KnownStrides`]: PyTorch's stride rule decided
//! while compiling ([`walk`](super::walk)), the result typed, no `Result`.
//!
//! Every `view!` with literal dims also calls [`require_view_fits`] on the
//! verdict [`ViewFits`] gives for its input: [`NoCopy`] for every marker but
//! [`KnownStrides`], whose verdict is the rule's. A refused view is then a
//! compile error at the view's dims, in PyTorch's words.

use typenum::{Eq, IsEqual, UInt, UTerm, B0, B1};

use super::lists::ToList;
use super::marker::KnownStrides;
use super::numbers::Product;
use super::walk::{Incompatible, StartWalk, Viewed};
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{ContiguousStrides, RuntimeStrides, Static};
use crate::static_shape::outcome::{Infallible, Outcome};
use crate::static_shape::symbolic::{Sym, SymStrided};
use crate::static_shape::view::{NoCheck, TargetDims, ViewTo};
use crate::tensor::{Dyn, Tensor};
use crate::Element;

/// Verdict: the view keeps the data in place (or is checked elsewhere).
///
/// ```
/// use tensor_view::static_shape::{require_view_fits, NoCopy};
/// require_view_fits(NoCopy);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoCopy;

/// Verdict: the element count is wrong; the count check reports it, so
/// this one passes (one mistake, one message).
///
/// ```
/// use tensor_view::static_shape::{require_view_fits, Miscounted};
/// require_view_fits(Miscounted);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Miscounted;

/// Verdict: the view would need a copy (a target dim spans two chunks of
/// the input's memory).
///
/// ```compile_fail
/// use tensor_view::static_shape::{require_view_fits, SpansSubspaces};
/// require_view_fits(SpansSubspaces);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SpansSubspaces;

/// The verdicts under which a view compiles.
#[diagnostic::on_unimplemented(
    message = "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    label = "this view needs a copy",
    note = "the input's strides are known while compiling (after transpose!, permute!, movedim!, ...); `reshape!` copies, or call `.contiguous()` first"
)]
///
/// ```
/// use tensor_view::static_shape::{NoCopy, ViewAllowed};
/// fn allowed<V: ViewAllowed>() {}
/// allowed::<NoCopy>();
/// ```
pub trait ViewAllowed {}

#[diagnostic::do_not_recommend]
impl ViewAllowed for NoCopy {}

#[diagnostic::do_not_recommend]
impl ViewAllowed for Miscounted {}

/// The check every literal `view!` makes: a compile error, in PyTorch's
/// words, when the input's strides are known and the view needs a copy.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{require_view_fits, view_fits, Literal};
/// use typenum::U16;
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// require_view_fits(view_fits::<Literal<(U16,)>, _, _>(&x));
/// ```
#[inline(always)]
pub fn require_view_fits<V: ViewAllowed>(_: V) {}

/// The verdict of PyTorch's stride rule on viewing a `Self` tensor as `Target`.
///
/// ```
/// use tensor_view::{transpose, Shape, Tensor};
/// use tensor_view::static_shape::{view_fits, Literal, SpansSubspaces};
/// use typenum::U6;
/// let t = transpose!(Tensor::<f32, Shape![2, 3]>::zeros(), 0, 1);
/// let _: SpansSubspaces = view_fits::<Literal<(U6,)>, _, _>(&t);
/// ```
pub trait ViewFits<Target> {
    /// [`NoCopy`], [`Miscounted`] or [`SpansSubspaces`].
    type Verdict: Default;
}

/// The verdict for viewing `src` as `Target`, as a value (see [`ViewFits`]).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{view_fits, NoCopy, Literal};
/// use typenum::U16;
/// let _: NoCopy = view_fits::<Literal<(U16,)>, _, _>(&Tensor::<f32, Shape![4, 4]>::zeros());
/// ```
#[inline(always)]
pub fn view_fits<Target, T: Element, S: ViewFits<Target>>(_: &Tensor<T, S>) -> S::Verdict {
    Default::default()
}

impl<Target> ViewFits<Target> for Dyn {
    type Verdict = NoCopy;
}

impl<Target, const N: usize, Numel, D> ViewFits<Target> for Static<N, Numel, D, ContiguousStrides> {
    type Verdict = NoCopy;
}

impl<Target, const N: usize, Numel, D> ViewFits<Target> for Static<N, Numel, D, RuntimeStrides> {
    type Verdict = NoCopy;
}

impl<Target, const N: usize, NT, D> ViewFits<Target> for Sym<N, NT, D> {
    type Verdict = NoCopy;
}

impl<Target, const N: usize, NT, D> ViewFits<Target> for SymStrided<N, NT, D> {
    type Verdict = NoCopy;
}

impl<Target, const N: usize, Numel, D, L> ViewFits<Target> for Static<N, Numel, D, KnownStrides<L>>
where
    Target: TargetDims<Numel>,
    Numel: KnownView<D, L, Target::Dims>,
{
    type Verdict = <Numel as KnownView<D, L, Target::Dims>>::Verdict;
}

/// The rule's outcome for an input of element count `Self`, dims `D` (a
/// tuple), strides `L` (a list) and target dims `TD` (a tuple): the verdict
/// and the result's stride marker.
///
/// ```
/// use tensor_view::static_shape::{Cons, ContiguousStrides, NoCopy, KnownView, Nil};
/// use tensor_view::static_shape::Num;
/// use typenum::{U0, U1, U2, U3, U4, U12};
/// // [3, 4] with strides [4, 1] (row-major, recorded): any view is row-major.
/// type Strides = Cons<(Num<U1, U2>, Num<U3, U2>), Cons<(Num<U1, U0>, Num<U1, U2>), Nil>>;
/// let _: <U12 as KnownView<(U3, U4), Strides, (U12,)>>::Marker = ContiguousStrides;
/// let _: <U12 as KnownView<(U3, U4), Strides, (U12,)>>::Verdict = NoCopy;
/// ```
pub trait KnownView<D, L, TD> {
    /// [`NoCopy`], [`Miscounted`] or [`SpansSubspaces`].
    type Verdict: Default;
    /// The result's stride marker.
    type Marker;
}

/// An empty tensor: PyTorch views it as any shape of 0 elements.
impl<D, L, TD> KnownView<D, L, TD> for UTerm {
    type Verdict = NoCopy;
    type Marker = RuntimeStrides;
}

impl<U, B, D: ToList, L, TD: ToList> KnownView<D, L, TD> for UInt<U, B>
where
    D::List: StartWalk<L, TD::List>,
    <D::List as StartWalk<L, TD::List>>::Result: Verdict<UInt<U, B>, TD::List>,
{
    type Verdict =
        <<D::List as StartWalk<L, TD::List>>::Result as Verdict<UInt<U, B>, TD::List>>::Verdict;
    type Marker =
        <<D::List as StartWalk<L, TD::List>>::Result as Verdict<UInt<U, B>, TD::List>>::Marker;
}

/// A walk's result as a verdict and a marker, for an input of `Numel`
/// elements viewed as the dims `TL` (a list).
///
/// ```
/// use tensor_view::static_shape::{ContiguousStrides, Nil, NoCopy, Verdict, Viewed};
/// type V = Viewed<Nil, typenum::B1>;
/// let _: <V as Verdict<typenum::U1, Nil>>::Verdict = NoCopy;
/// let _: <V as Verdict<typenum::U1, Nil>>::Marker = ContiguousStrides;
/// ```
pub trait Verdict<Numel, TL> {
    /// [`NoCopy`], [`Miscounted`] or [`SpansSubspaces`].
    type Verdict: Default;
    /// The result's stride marker.
    type Marker;
}

impl<Numel, TL, Out> Verdict<Numel, TL> for Viewed<Out, B1> {
    type Verdict = NoCopy;
    type Marker = ContiguousStrides;
}

impl<Numel, TL, Out> Verdict<Numel, TL> for Viewed<Out, B0> {
    type Verdict = NoCopy;
    type Marker = KnownStrides<Out>;
}

/// A refused view: a stride error when the counts agree, else the count
/// check's (computed only for refused views).
impl<Numel, TL: Product> Verdict<Numel, TL> for Incompatible
where
    Numel: IsEqual<TL::Out>,
    Eq<Numel, TL::Out>: SpansIfCounted,
{
    type Verdict = <Eq<Numel, TL::Out> as SpansIfCounted>::Verdict;
    type Marker = RuntimeStrides;
}

/// [`SpansSubspaces`] for `B1` (the counts agree), [`Miscounted`] for `B0`.
///
/// ```
/// use tensor_view::static_shape::{Miscounted, SpansIfCounted};
/// let _: <typenum::B0 as SpansIfCounted>::Verdict = Miscounted;
/// ```
pub trait SpansIfCounted {
    /// The verdict.
    type Verdict: Default;
}

impl SpansIfCounted for B1 {
    type Verdict = SpansSubspaces;
}

impl SpansIfCounted for B0 {
    type Verdict = Miscounted;
}

impl<const N: usize, Numel: 'static, D: StaticDims, L, Target> ViewTo<Target>
    for Static<N, Numel, D, KnownStrides<L>>
where
    Self: crate::static_shape::ShapeKind,
    Target: TargetDims<Numel>,
    Target::Dims: StaticDims,
    Numel: KnownView<D, L, Target::Dims>,
{
    type Output<T: Element> =
        Tensor<T, Static<N, Numel, Target::Dims, <Numel as KnownView<D, L, Target::Dims>>::Marker>>;
    type Check = NoCheck;
    type Outcome = Infallible;
    type Marker = Static<N, Numel, Target::Dims, <Numel as KnownView<D, L, Target::Dims>>::Marker>;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        // The rule passed while compiling (else `require_view_fits` failed),
        // so the shared layout code finds the same strides.
        Infallible::wrap(src.layout.view(dims).map(|layout| src.with_layout(layout)))
    }

    #[inline]
    fn view_marked<T: Element, M>(src: &Tensor<T, Self>, dims: &[isize]) -> Tensor<T, M> {
        <Self as ViewTo<Target>>::view(src, dims).keeping_bits()
    }
}
