//! Rules on a shape's last dim, decided while compiling: [`ReplaceLast`]
//! (a linear layer's `[.., I]` to `[.., O]`), [`EndsWith`] (a norm's
//! `[.., C]`) and [`AppendDim`] (an embedding lookup's `[..]` to `[.., C]`).
//!
//! [`ReplaceLast`] and [`EndsWith`] check the last dim's kind with one
//! [`LastDim`] or [`LastNormalized`] impl per kind; a mistake is reported by
//! the leaf trait that failed, in PyTorch's words (`mm: mat1 and mat2 shapes
//! cannot be multiplied`, `Given normalized_shape=[768], ...`), with the
//! input's shape quoted where PyTorch prints sizes the types cannot compute.

use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::D;

/// `Self` with its last dim, which must be `D<I>`, replaced by `D<O>`:
/// what a `[O, I]` linear layer makes of its input ([`Out`](Self::Out)).
///
/// ```
/// use tensor_view::{dims, typed::rules::ReplaceLast, D};
/// dims!(B, T);
/// fn out<X: ReplaceLast<768, 3072, Out = Z>, Z>() {}
/// out::<(B, T, D<768>), (B, T, D<3072>)>();
/// out::<(D<768>,), (D<3072>,)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "both arguments to linear need to be at least 1D, but they are 0D and 2D",
    label = "a 0-d input"
)]
pub trait ReplaceLast<const I: usize, const O: usize>: DimList {
    /// The shape with `D<O>` last.
    type Out: DimList;
}

/// `Self` with the dim `New` appended ([`Out`](Self::Out)): the shape of an
/// embedding lookup of ids of shape `Self`.
///
/// ```
/// use tensor_view::{dims, typed::rules::AppendDim, D};
/// dims!(B, T);
/// fn out<X: AppendDim<D<768>, Out = Z>, Z>() {}
/// out::<(B, T), (B, T, D<768>)>();
/// out::<(), (D<768>,)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "a typed shape has at most 6 dims: `{Self}` has no room for one more",
    label = "ids of rank 6"
)]
pub trait AppendDim<New: Dim>: DimList {
    /// The shape with `New` last.
    type Out: DimList;
}

/// The check of the last dim's kind of `Input` against a `[O, I]` weight.
#[doc(hidden)]
pub trait LastDim<Input, const I: usize, const O: usize> {
    /// `D<O>`.
    type Out: Dim;
}

/// A static last dim `N` against the weight's in-features `I`: equal (the
/// only impl).
#[diagnostic::on_unimplemented(
    message = "mm: mat1 and mat2 shapes cannot be multiplied ({Input} and {I}x{O})",
    label = "the input's last dim is {N}, the layer's in_features {I}"
)]
#[doc(hidden)]
pub trait InFeaturesMatch<Input, const N: usize, const I: usize, const O: usize> {
    /// `D<O>`.
    type Out: Dim;
}
#[diagnostic::do_not_recommend]
impl<Input, const I: usize, const O: usize> InFeaturesMatch<Input, I, I, O> for () {
    type Out = D<O>;
}

/// A named last dim: never (no impl); its size is known only at run time.
#[diagnostic::on_unimplemented(
    message = "mm: mat1 and mat2 shapes cannot be multiplied ({Input} and {I}x{O})",
    label = "the input's last dim `{S}` is known only at run time, the layer's in_features is {I}",
    note = "check the size first: `x.into_dyn().into_static::<(.., D<{I}>)>()?`"
)]
#[doc(hidden)]
pub trait NamedInFeatures<Input, S, const I: usize, const O: usize> {
    /// `D<O>`.
    type Out: Dim;
}

impl<Input, const N: usize, const I: usize, const O: usize> LastDim<Input, I, O> for Fixed<N>
where
    (): InFeaturesMatch<Input, N, I, O>,
{
    type Out = <() as InFeaturesMatch<Input, N, I, O>>::Out;
}
impl<Input, const I: usize, const O: usize> LastDim<Input, I, O> for Unit
where
    (): InFeaturesMatch<Input, 1, I, O>,
{
    type Out = <() as InFeaturesMatch<Input, 1, I, O>>::Out;
}
impl<Input, S: Dim, const I: usize, const O: usize> LastDim<Input, I, O> for Named<S>
where
    (): NamedInFeatures<Input, S, I, O>,
{
    type Out = <() as NamedInFeatures<Input, S, I, O>>::Out;
}

/// A shape whose last dim is `D<C>`: what `layer_norm` and `rms_norm` over
/// `C` features take.
///
/// ```
/// use tensor_view::{dims, typed::rules::EndsWith, D};
/// dims!(B);
/// fn takes<X: EndsWith<768>>() {}
/// takes::<(B, D<768>)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "Given normalized_shape=[{C}], expected input with shape [*, {C}], but got input of size[]",
    label = "a 0-d input"
)]
pub trait EndsWith<const C: usize>: DimList {}

/// The check of the last dim's kind of `Input` against `C` features.
#[doc(hidden)]
pub trait LastNormalized<Input, const C: usize> {}

/// A static last dim `N` against `C` features: equal (the only impl).
#[diagnostic::on_unimplemented(
    message = "Given normalized_shape=[{C}], expected input with shape [*, {C}], but got input of size{Input}",
    label = "the input's last dim is {N}, the norm's {C}"
)]
#[doc(hidden)]
pub trait NormalizedMatch<Input, const N: usize, const C: usize> {}
#[diagnostic::do_not_recommend]
impl<Input, const C: usize> NormalizedMatch<Input, C, C> for () {}

/// A named last dim against `C` features: never (no impl).
#[diagnostic::on_unimplemented(
    message = "Given normalized_shape=[{C}], expected input with shape [*, {C}], but got input of size{Input}",
    label = "the input's last dim `{S}` is known only at run time, the norm's is {C}",
    note = "check the size first: `x.into_dyn().into_static::<(.., D<{C}>)>()?`"
)]
#[doc(hidden)]
pub trait NamedNormalized<Input, S, const C: usize> {}

impl<Input, const N: usize, const C: usize> LastNormalized<Input, C> for Fixed<N> where
    (): NormalizedMatch<Input, N, C>
{
}
impl<Input, const C: usize> LastNormalized<Input, C> for Unit where (): NormalizedMatch<Input, 1, C> {}
impl<Input, S: Dim, const C: usize> LastNormalized<Input, C> for Named<S> where
    (): NamedNormalized<Input, S, C>
{
}

/// One impl of [`ReplaceLast`], [`EndsWith`] and [`AppendDim`] for a rank: the leading
/// dims, then the last.
macro_rules! last_dim {
    ([$($lead:ident)*] $last:ident) => {
        impl<$($lead: Dim,)* $last: Dim, const I: usize, const O: usize> ReplaceLast<I, O>
            for ($($lead,)* $last,)
        where
            <$last as Dim>::Kind: LastDim<Self, I, O>,
        {
            type Out = ($($lead,)* <<$last as Dim>::Kind as LastDim<Self, I, O>>::Out,);
        }
        impl<$($lead: Dim,)* $last: Dim, const C: usize> EndsWith<C> for ($($lead,)* $last,)
        where
            <$last as Dim>::Kind: LastNormalized<Self, C>,
        {
        }
        impl<$($lead: Dim,)* New: Dim> AppendDim<New> for ($($lead,)*) {
            type Out = ($($lead,)* New,);
        }
    };
}

last_dim!([] A0);
last_dim!([A0] A1);
last_dim!([A0 A1] A2);
last_dim!([A0 A1 A2] A3);
last_dim!([A0 A1 A2 A3] A4);
last_dim!([A0 A1 A2 A3 A4] A5);
