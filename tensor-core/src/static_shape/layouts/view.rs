//! `view!` of a tensor with [`KnownStrides`]: PyTorch's stride rule decided
//! while compiling ([`walk`](super::walk)), the result typed, no `Result`.
//!
//! The view's check (what `view_checked` requires) is a [`StrideCheck`] of
//! the rule's verdict: [`NoCopy`] and [`Miscounted`] pass, a refused view
//! ([`SpansSubspaces`]) is a compile error at the view's dims, in PyTorch's
//! words, and its result has no type.

use typenum::{Eq, IsEqual, UInt, UTerm, B0, B1};

use super::lists::ToList;
use super::marker::KnownStrides;
use super::numbers::Product;
use super::walk::{Incompatible, StartWalk, Viewed};
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{ContiguousStrides, RuntimeStrides, Static};
use crate::static_shape::outcome::{Infallible, Outcome};
use crate::static_shape::view::{PassesCheck, TargetDims, ViewCheck, ViewTo};
use crate::tensor::Tensor;
use crate::Element;

/// Verdict: the view keeps the data in place (or is checked elsewhere).
///
/// ```
/// use tensor_view::static_shape::{NoCopy, ViewAllowed};
/// fn allowed<V: ViewAllowed>(_: V) {}
/// allowed(NoCopy);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoCopy;

/// Verdict: the element count is wrong; the count check reports it, so
/// this one passes (one mistake, one message).
///
/// ```
/// use tensor_view::static_shape::{Miscounted, ViewAllowed};
/// fn allowed<V: ViewAllowed>(_: V) {}
/// allowed(Miscounted);
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

/// The verdicts under which a view compiles; `Pass<X>` is `X` for them,
/// so the result of a refused view has no type (no second error).
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
pub trait ViewAllowed {
    /// `X` (where the view is allowed).
    type Pass<X>;
}

#[diagnostic::do_not_recommend]
impl ViewAllowed for NoCopy {
    type Pass<X> = X;
}

#[diagnostic::do_not_recommend]
impl ViewAllowed for Miscounted {
    type Pass<X> = X;
}

/// The check `view_checked` makes of a view of a tensor whose strides are
/// in the type: PyTorch's stride rule's verdict `V` ([`NoCopy`],
/// [`Miscounted`] or [`SpansSubspaces`]), refused in PyTorch's words when
/// the view needs a copy.
///
/// ```
/// use tensor_view::static_shape::{NoCopy, StrideCheck, ViewCheck};
/// let x: <StrideCheck<NoCopy> as ViewCheck>::Pass<u8> = 3;
/// assert_eq!(x, 3);
/// ```
pub struct StrideCheck<V>(std::marker::PhantomData<V>);

impl<V: ViewAllowed> ViewCheck for StrideCheck<V> {
    type Pass<X> = V::Pass<X>;
}

impl<Target, V> PassesCheck<StrideCheck<V>> for Target {
    type Pass<X> = X;
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
    type Check = StrideCheck<<Numel as KnownView<D, L, Target::Dims>>::Verdict>;
    type Outcome = Infallible;
    type Marker = Static<N, Numel, Target::Dims, <Numel as KnownView<D, L, Target::Dims>>::Marker>;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        // The rule passed while compiling (else `view_checked`'s check failed),
        // so the shared layout code finds the same strides.
        Infallible::wrap(src.layout.view(dims).map(|layout| src.with_layout(layout)))
    }

    #[inline]
    fn view_marked<T: Element, M>(src: &Tensor<T, Self>, dims: &[isize]) -> Tensor<T, M> {
        <Self as ViewTo<Target>>::view(src, dims).keeping_bits()
    }
}
