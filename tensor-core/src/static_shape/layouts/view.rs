//! `view!` of a tensor with [`KnownStrides`]: PyTorch's stride rule decided
//! while compiling ([`walk`](super::walk)), the result typed, no `Result`.
//!
//! The view's check (what `view_checked` requires) is a [`StrideCheck`] of
//! the rule's outcome: an allowed view ([`Allowed`], which carries the
//! result's shape marker) passes, a refused one ([`SpansSubspaces`]) is a
//! compile error at the view's dims, in PyTorch's words, and its result has
//! no type. The outcome is read by the check alone: every further place a
//! call reads the walk's result costs `cargo check` about as much as the
//! walk again (docs/compile-time.md), so the result's marker comes out of
//! the check too.

use typenum::{Eq, IsEqual, UInt, UTerm, B0, B1};

use super::lists::ToList;
use super::marker::KnownStrides;
use super::numbers::Product;
use super::walk::{Incompatible, StartWalk, Viewed};
use crate::static_shape::checked::Marked;
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{ContiguousStrides, RuntimeStrides, Static};
use crate::static_shape::outcome::{Infallible, Outcome};
use crate::static_shape::view::{PassesCheck, TargetDims, ViewCheck, ViewTo};
use crate::tensor::Tensor;
use crate::Element;

/// Verdict: the view keeps the data in place (or is checked elsewhere).
///
/// ```
/// use tensor_view::static_shape::{NoCopy, Settled};
/// let _: <NoCopy as Settled>::Verdict = NoCopy;
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoCopy;

/// Verdict: the element count is wrong; the count check reports it, so
/// this one passes (one mistake, one message).
///
/// ```
/// use tensor_view::static_shape::{Miscounted, Settled, ViewAllowed};
/// fn allowed<V: ViewAllowed>() {}
/// allowed::<<Miscounted as Settled>::Checked<4, typenum::U4, (typenum::U4,)>>();
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Miscounted;

/// Verdict: the view would need a copy (a target dim spans two chunks of
/// the input's memory).
///
/// ```compile_fail
/// use tensor_view::static_shape::{SpansSubspaces, ViewAllowed};
/// fn allowed<V: ViewAllowed>(_: V) {}
/// allowed(SpansSubspaces);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SpansSubspaces;

/// The outcomes under which a view compiles ([`Allowed`]); `Pass<X>` is
/// the result's shape marker, so the result of a refused view has no type
/// (no second error).
#[diagnostic::on_unimplemented(
    message = "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    label = "this view needs a copy",
    note = "the input's strides are known while compiling (after transpose!, permute!, movedim!, ...); `reshape!` copies, or call `.contiguous()` first"
)]
///
/// ```
/// use tensor_view::static_shape::{Allowed, ViewAllowed};
/// fn allowed<V: ViewAllowed>() {}
/// allowed::<Allowed<tensor_view::Dyn>>();
/// ```
pub trait ViewAllowed {
    /// The result's shape marker (where the view is allowed), in place of
    /// the placeholder `X`.
    type Pass<X: Marked>: Marked;
}

/// A view the rule allows, whose result's shape marker is `M`.
///
/// ```
/// use tensor_view::static_shape::{Allowed, ViewAllowed};
/// use tensor_view::{Dyn, Shape};
/// let x: Option<<Allowed<Shape![2]> as ViewAllowed>::Pass<Dyn>> = None;
/// let _: Option<Shape![2]> = x;
/// ```
pub struct Allowed<M>(std::marker::PhantomData<fn() -> M>);

/// The check passes and gives the result's marker (the placeholder `X`
/// that `view_checked` passes through it is not used).
#[diagnostic::do_not_recommend]
impl<M: Marked> ViewAllowed for Allowed<M> {
    type Pass<X: Marked> = M;
}

/// The check `view_checked` makes of a view of a tensor whose strides are
/// in the type: PyTorch's stride rule's outcome `V` ([`Allowed`] or
/// [`SpansSubspaces`], see [`Settled::Checked`]), refused in PyTorch's words
/// when the view needs a copy.
///
/// ```
/// use tensor_view::static_shape::{Allowed, StrideCheck, ViewCheck};
/// use tensor_view::Dyn;
/// let x: <StrideCheck<Allowed<Dyn>> as ViewCheck>::Pass<Dyn> = Dyn;
/// assert_eq!(x, Dyn);
/// ```
pub struct StrideCheck<V>(std::marker::PhantomData<V>);

impl<V: ViewAllowed> ViewCheck for StrideCheck<V> {
    type Pass<X: Marked> = V::Pass<X>;
}

impl<Target, V> PassesCheck<StrideCheck<V>> for Target {
    type Pass<X: Marked> = X;
}

/// The rule's outcome for an input of element count `Self`, dims `D` (a
/// tuple), strides `L` (a list) and target dims `TD` (a tuple), settled:
/// [`Viewed`] for an allowed view, else [`SpansSubspaces`] or
/// [`Miscounted`] ([`NoCopy`] for an empty input), read with [`Settled`].
///
/// ```
/// use tensor_view::static_shape::{Cons, ContiguousStrides, NoCopy, KnownView, Nil, Settled};
/// use tensor_view::static_shape::Num;
/// use typenum::{U0, U1, U2, U3, U4, U12};
/// // [3, 4] with strides [4, 1] (row-major, recorded): any view is row-major.
/// type Strides = Cons<(Num<U1, U2>, Num<U3, U2>), Cons<(Num<U1, U0>, Num<U1, U2>), Nil>>;
/// type Outcome = <U12 as KnownView<(U3, U4), Strides, (U12,)>>::Outcome;
/// let _: <Outcome as Settled>::Marker = ContiguousStrides;
/// let _: <Outcome as Settled>::Verdict = NoCopy;
/// ```
pub trait KnownView<D, L, TD> {
    /// [`Viewed`], [`SpansSubspaces`], [`Miscounted`] or [`NoCopy`].
    type Outcome: Settled;
}

/// An empty tensor: PyTorch views it as any shape of 0 elements.
impl<D, L, TD> KnownView<D, L, TD> for UTerm {
    type Outcome = NoCopy;
}

impl<U, B, D: ToList, L, TD: ToList> KnownView<D, L, TD> for UInt<U, B>
where
    D::List: StartWalk<L, TD::List>,
    <D::List as StartWalk<L, TD::List>>::Result: SettleView<UInt<U, B>, TD::List>,
{
    type Outcome =
        <<D::List as StartWalk<L, TD::List>>::Result as SettleView<UInt<U, B>, TD::List>>::Out;
}

/// A settled outcome of the rule: the verdict ([`NoCopy`], [`Miscounted`]
/// or [`SpansSubspaces`]) and the result's stride marker.
///
/// ```
/// use tensor_view::static_shape::{KnownStrides, Nil, NoCopy, Settled, Viewed};
/// let _: <Viewed<Nil, typenum::B0> as Settled>::Verdict = NoCopy;
/// let _: Option<<Viewed<Nil, typenum::B0> as Settled>::Marker> = None::<KnownStrides<Nil>>;
/// ```
pub trait Settled {
    /// [`NoCopy`], [`Miscounted`] or [`SpansSubspaces`].
    type Verdict: Default;
    /// The result's stride marker.
    type Marker;
    /// The stride check's argument for a result of `N` (`Numel`) elements
    /// and dims `TD`: [`Allowed`] with its shape marker when the view
    /// compiles, else the verdict (which fails the check in PyTorch's
    /// words, naming no shape type).
    type Checked<const N: usize, Numel, TD>;
}

/// An allowed view whose strides are the row-major ones.
impl<Out> Settled for Viewed<Out, B1> {
    type Verdict = NoCopy;
    type Marker = ContiguousStrides;
    type Checked<const N: usize, Numel, TD> = Allowed<Static<N, Numel, TD, ContiguousStrides>>;
}

/// An allowed view with other strides: they go in the type.
impl<Out> Settled for Viewed<Out, B0> {
    type Verdict = NoCopy;
    type Marker = KnownStrides<Out>;
    type Checked<const N: usize, Numel, TD> = Allowed<Static<N, Numel, TD, KnownStrides<Out>>>;
}

/// The view of an empty input.
impl Settled for NoCopy {
    type Verdict = NoCopy;
    type Marker = RuntimeStrides;
    type Checked<const N: usize, Numel, TD> = Allowed<Static<N, Numel, TD, RuntimeStrides>>;
}

impl Settled for Miscounted {
    type Verdict = Miscounted;
    type Marker = RuntimeStrides;
    type Checked<const N: usize, Numel, TD> = Allowed<Static<N, Numel, TD, RuntimeStrides>>;
}

impl Settled for SpansSubspaces {
    type Verdict = SpansSubspaces;
    type Marker = RuntimeStrides;
    type Checked<const N: usize, Numel, TD> = SpansSubspaces;
}

/// A walk's result settled, for an input of `Numel` elements viewed as the
/// dims `TL` (a list): an allowed view stays as it is; a refused one is a
/// stride error when the counts agree, else the count check's (the count
/// is computed only for refused views).
///
/// ```
/// use tensor_view::static_shape::{Nil, SettleView, Viewed};
/// type V = Viewed<Nil, typenum::B1>;
/// let _: Option<<V as SettleView<typenum::U1, Nil>>::Out> = None::<V>;
/// ```
pub trait SettleView<Numel, TL> {
    /// The settled outcome.
    type Out: Settled;
}

impl<Numel, TL, Out> SettleView<Numel, TL> for Viewed<Out, B1> {
    type Out = Self;
}

impl<Numel, TL, Out> SettleView<Numel, TL> for Viewed<Out, B0> {
    type Out = Self;
}

impl<Numel, TL: Product> SettleView<Numel, TL> for Incompatible
where
    Numel: IsEqual<TL::Out>,
    Eq<Numel, TL::Out>: SpansIfCounted,
{
    type Out = <Eq<Numel, TL::Out> as SpansIfCounted>::Verdict;
}

/// [`SpansSubspaces`] for `B1` (the counts agree), [`Miscounted`] for `B0`.
///
/// ```
/// use tensor_view::static_shape::{Miscounted, SpansIfCounted};
/// let _: <typenum::B0 as SpansIfCounted>::Verdict = Miscounted;
/// ```
pub trait SpansIfCounted {
    /// The verdict.
    type Verdict: Settled;
}

impl SpansIfCounted for B1 {
    type Verdict = SpansSubspaces;
}

impl SpansIfCounted for B0 {
    type Verdict = Miscounted;
}

/// The stride check's argument for a view of an input of `N` (`Numel`)
/// elements, dims `D` and strides `L`, as the dims `TD`.
type Gated<const N: usize, Numel, D, L, TD> =
    <OutcomeOf<Numel, D, L, TD> as Settled>::Checked<N, Numel, TD>;

/// The settled outcome of viewing an input of `Numel` elements, dims `D`
/// and strides `L` as the dims `TD`.
type OutcomeOf<Numel, D, L, TD> = <Numel as KnownView<D, L, TD>>::Outcome;

/// The verdict of that view.
pub(crate) type VerdictOf<Numel, D, L, TD> = <OutcomeOf<Numel, D, L, TD> as Settled>::Verdict;

/// The result's stride marker of that view.
pub(crate) type MarkerOf<Numel, D, L, TD> = <OutcomeOf<Numel, D, L, TD> as Settled>::Marker;

impl<const N: usize, Numel: typenum::Unsigned, D: StaticDims, L, Target> ViewTo<Target>
    for Static<N, Numel, D, KnownStrides<L>>
where
    Self: crate::static_shape::ShapeKind,
    Target: TargetDims<Numel>,
    Target::Dims: StaticDims,
    Numel: KnownView<D, L, Target::Dims>,
{
    type Output<T: Element> =
        Tensor<T, Static<N, Numel, Target::Dims, MarkerOf<Numel, D, L, Target::Dims>>>;
    // The walk's outcome is read once, by the check, which also gives the
    // result's marker; `Marker` is a placeholder the check replaces.
    type Check = StrideCheck<Gated<N, Numel, D, L, Target::Dims>>;
    type Outcome = Infallible;
    type Marker = Static<N, Numel, Target::Dims, RuntimeStrides>;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        // The rule passed while compiling (else `view_checked`'s check failed),
        // so the shared layout code finds the same strides. `dims` are the
        // target's for `view!`'s calls; other dims (a call written by hand)
        // are refused, not typed as the target.
        Infallible::wrap(
            src.layout
                .view(dims)
                .and_then(|layout| super::copy::of_dims(layout, Target::Dims::DIMS))
                .map(|layout| src.with_layout(layout)),
        )
    }

    #[inline]
    fn view_marked<T: Element, M: Marked>(src: &Tensor<T, Self>, dims: &[isize]) -> Tensor<T, M> {
        Infallible::wrap(<Self as ViewTo<Target>>::view(src, dims).remarked())
    }
}
