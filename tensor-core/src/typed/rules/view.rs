//! PyTorch's `view` rule between tuple shapes, decided while compiling.
//!
//! A shape's *skeleton* is its named dims in order, with the product of the
//! static sizes before, between and after them: `(B, T, D<12>, D<64>)` is
//! `1 · B · 1 · T · 768`. A view keeps every element's index along every named
//! dim exactly when the skeletons agree (the rule of the named dims, for
//! tuples, where each named dim is a dim of its own). A target may hold one
//! [`Infer`] (PyTorch's `-1`): its segment's product is then the input's
//! divided by the target's other sizes there, which must divide it; where
//! the input names more dims than the target, the `-1` stands for those
//! names and the static sizes around them, one name alone or their
//! [`Merged`] dim (`(B, T, D<768>)` as `(Infer, D<768>)` is
//! `(Merged<(B, T)>, D<768>)`). A [`Merged`] dim of the input or the target
//! is read as its factors, in order.
//!
//! The products and quotients are `typenum` numbers reached through the size
//! table of `typed::numbers`; they stay inside associated types, and the one
//! verdict, [`Yes`] or [`No`], meets the leaf trait [`ViewFits`], whose
//! parameters are the two shapes as written. So a mistake prints the shapes,
//! never a number type.

use std::marker::PhantomData;
use std::ops::{BitAnd, Div, Mul, Rem};

use typenum::{Bit, IsEqual, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use crate::static_shape::Symbol;
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::merged::Merged;
use crate::typed::numbers::{InSizeTable, Readable};
use crate::typed::D;

/// PyTorch's `-1` in a typed view target: `x.view_to::<(B, T, D<12>, Infer)>()`.
///
/// ```
/// use tensor_view::{dims, typed::Infer, Tensor, D};
/// dims!(B, T);
/// let x: Tensor<f32, (B, T, D<768>)> = Tensor::<f32>::zeros(&[2, 5, 768])?.into_static()?;
/// let heads: Tensor<f32, (B, T, D<12>, D<64>)> = x.view_to::<(B, T, D<12>, Infer)>();
/// assert_eq!(heads.shape(), &[2, 5, 12, 64]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Infer;

/// The kind of [`Infer`] in a target.
#[doc(hidden)]
pub struct Inferred;

/// An element of a view target: a dim or [`Infer`].
#[doc(hidden)]
pub trait TargetDim {
    /// Its kind: a dim's, or [`Inferred`].
    type Kind;
    /// The element once the target's `-1` is known to be the size `Q`.
    type Filled<Q: Readable>: Dim;
}
impl<X: Dim> TargetDim for X {
    type Kind = X::Kind;
    type Filled<Q: Readable> = X;
}
impl TargetDim for Infer {
    type Kind = Inferred;
    type Filled<Q: Readable> = Q::Dim;
}

/// A shape as a list, outermost first.
#[doc(hidden)]
pub struct Cons<H, R>(PhantomData<(H, R)>);
/// The end of a [`Cons`] list.
#[doc(hidden)]
pub struct Nil;

/// A tuple view target: its list, how many `-1`s it holds, and the tuple
/// with the `-1` filled.
#[doc(hidden)]
pub trait Target {
    /// The elements as a [`Cons`] list.
    type List;
    /// The target with its `-1` the size `Q` (itself when it has none).
    type Filled<Q: Readable>: DimList;
}

/// A run of static sizes: their product before the run's `-1` (`Pb`, all
/// of it when there is none), after it (`Pa`), and how many `-1`s it holds
/// (`F`: `U0`, `U1`, ..); then the rest.
#[doc(hidden)]
pub struct Seg<Pb, Pa, F, Rest>(PhantomData<(Pb, Pa, F, Rest)>);
/// A named dim, then the rest.
#[doc(hidden)]
pub struct Name<S, Rest>(PhantomData<(S, Rest)>);
/// The end of a skeleton.
#[doc(hidden)]
pub struct End;
/// A `-1` that stands for the named dim `S`.
#[doc(hidden)]
pub struct IsName<S>(PhantomData<S>);

impl<S: Symbol> Readable for IsName<S> {
    type Dim = S;
}

/// The skeleton of a list, the current run `Acc` = `(Pb, Pa, F)` carried in.
#[doc(hidden)]
pub trait Skeleton<Acc> {
    /// The skeleton.
    type Out;
}
impl<Pb, Pa, F> Skeleton<(Pb, Pa, F)> for Nil {
    type Out = Seg<Pb, Pa, F, End>;
}
impl<Acc, H: TargetDim, R> Skeleton<Acc> for Cons<H, R>
where
    (H::Kind, R): Step<Acc>,
{
    type Out = <(H::Kind, R) as Step<Acc>>::Out;
}

/// One element of a skeleton's fold, by its kind.
#[doc(hidden)]
pub trait Step<Acc> {
    /// The skeleton from here.
    type Out;
}
impl<Acc, const N: usize, R> Step<Acc> for (Fixed<N>, R)
where
    D<N>: InSizeTable,
    Acc: Grow<<D<N> as InSizeTable>::Num>,
    R: Skeleton<<Acc as Grow<<D<N> as InSizeTable>::Num>>::Out>,
{
    type Out = <R as Skeleton<<Acc as Grow<<D<N> as InSizeTable>::Num>>::Out>>::Out;
}
impl<Acc, R: Skeleton<Acc>> Step<Acc> for (Unit, R) {
    type Out = R::Out;
}
impl<Pb, Pa, F: std::ops::Add<B1>, R> Step<(Pb, Pa, F)> for (Inferred, R)
where
    R: Skeleton<(Pb, Pa, typenum::Add1<F>)>,
{
    type Out = <R as Skeleton<(Pb, Pa, typenum::Add1<F>)>>::Out;
}
impl<Pb, Pa, F, S: Symbol, R: Skeleton<(U1, U1, U0)>> Step<(Pb, Pa, F)> for (Named<S>, R) {
    type Out = Seg<Pb, Pa, F, Name<S, R::Out>>;
}

/// A merged dim: its factors, in order.
impl<Acc, L: crate::typed::merged::Factors, R> Step<Acc> for (Named<Merged<L>>, R)
where
    L::Before<R>: Skeleton<Acc>,
{
    type Out = <L::Before<R> as Skeleton<Acc>>::Out;
}

/// A run times a static size `N`: before its `-1` if it has none yet,
/// after it else.
#[doc(hidden)]
pub trait Grow<N> {
    /// The run.
    type Out;
}
impl<Pb: Mul<N>, Pa, N> Grow<N> for (Pb, Pa, U0) {
    type Out = (typenum::Prod<Pb, N>, Pa, U0);
}
impl<Pb, Pa: Mul<N>, U, B, N> Grow<N> for (Pb, Pa, UInt<U, B>) {
    type Out = (Pb, typenum::Prod<Pa, N>, UInt<U, B>);
}

/// The comparison of an input skeleton (`Self`) with a target's, `M` saying
/// whether the target's `-1` stands for one named dim (`B1`) or for static
/// sizes (`B0`): whether the view fits (`Fits`) and what the `-1` is (`Q`:
/// a `typenum` size, an [`IsName`], or `U0` where there is none).
#[doc(hidden)]
pub trait Compare<T, M> {
    /// Whether it fits.
    type Fits: Bit;
    /// The `-1`.
    type Q;
}
impl<M> Compare<End, M> for End {
    type Fits = B1;
    type Q = U0;
}
impl<S, R, M> Compare<Name<S, R>, M> for End {
    type Fits = B0;
    type Q = U0;
}
impl<S, R, M> Compare<End, M> for Name<S, R> {
    type Fits = B0;
    type Q = U0;
}
/// Two named dims: the same symbol, then the rest.
impl<S1: Symbol, R, S2: Symbol, Rest, M> Compare<Name<S2, Rest>, M> for Name<S1, R>
where
    S1::Id: IsEqual<S2::Id>,
    R: Compare<Rest, M>,
    typenum::Eq<S1::Id, S2::Id>: BitAnd<<R as Compare<Rest, M>>::Fits>,
    typenum::And<typenum::Eq<S1::Id, S2::Id>, <R as Compare<Rest, M>>::Fits>: Bit,
{
    type Fits = typenum::And<typenum::Eq<S1::Id, S2::Id>, <R as Compare<Rest, M>>::Fits>;
    type Q = <R as Compare<Rest, M>>::Q;
}
/// Two runs (the input's holds no `-1`): by the target's count of `-1`s
/// and the mode, in [`RunPair`].
impl<P, R, TPb, TPa, TF, S, M> Compare<Seg<TPb, TPa, TF, S>, M> for Seg<P, U1, U0, R>
where
    (TF, M): RunPair<P, R, TPb, TPa, S>,
{
    type Fits = <(TF, M) as RunPair<P, R, TPb, TPa, S>>::Fits;
    type Q = <(TF, M) as RunPair<P, R, TPb, TPa, S>>::Q;
}

/// An input run of product `P` followed by `R`, against a target run
/// `(TPb, TPa)` followed by `S`, for `(F, M)`: the target's count of `-1`s
/// there and the mode.
#[doc(hidden)]
pub trait RunPair<P, R, TPb, TPa, S> {
    /// Whether it fits, with the rest.
    type Fits: Bit;
    /// The `-1`, from here on.
    type Q;
}
/// No `-1` here: equal products, then the rest.
impl<P, R, TPb, TPa, S, M> RunPair<P, R, TPb, TPa, S> for (U0, M)
where
    P: IsEqual<TPb>,
    R: Compare<S, M>,
    typenum::Eq<P, TPb>: BitAnd<<R as Compare<S, M>>::Fits>,
    typenum::And<typenum::Eq<P, TPb>, <R as Compare<S, M>>::Fits>: Bit,
{
    type Fits = typenum::And<typenum::Eq<P, TPb>, <R as Compare<S, M>>::Fits>;
    type Q = <R as Compare<S, M>>::Q;
}
/// A `-1` of static sizes: the target's other sizes divide the input's
/// product, then the rest.
impl<P, R, TPb: Mul<TPa>, TPa, S> RunPair<P, R, TPb, TPa, S> for (U1, U0)
where
    (P, typenum::Prod<TPb, TPa>): Run,
    R: Compare<S, U0>,
    <(P, typenum::Prod<TPb, TPa>) as Run>::Fits: BitAnd<<R as Compare<S, U0>>::Fits>,
    typenum::And<<(P, typenum::Prod<TPb, TPa>) as Run>::Fits, <R as Compare<S, U0>>::Fits>: Bit,
{
    type Fits =
        typenum::And<<(P, typenum::Prod<TPb, TPa>) as Run>::Fits, <R as Compare<S, U0>>::Fits>;
    type Q = <(P, typenum::Prod<TPb, TPa>) as Run>::Q;
}
/// A `-1` that stands for the input's next `K` named dims (`K` at least
/// 1): the target's sizes before it divide the input's run before the first
/// of them, its sizes after it the input's run after the last; the `-1` is
/// the rest of both runs and the names and runs between, in order (one
/// name alone, or a [`Merged`] dim).
impl<P, X, R2, TPb, TPa, S, U, B> RunPair<P, Name<X, R2>, TPb, TPa, S> for (U1, UInt<U, B>)
where
    (P, TPb): Run,
    Name<X, R2>: Cover<UInt<U, B>, TPa, S>,
    <(P, TPb) as Run>::Fits: BitAnd<<Name<X, R2> as Cover<UInt<U, B>, TPa, S>>::Fits>,
    typenum::And<<(P, TPb) as Run>::Fits, <Name<X, R2> as Cover<UInt<U, B>, TPa, S>>::Fits>: Bit,
{
    type Fits =
        typenum::And<<(P, TPb) as Run>::Fits, <Name<X, R2> as Cover<UInt<U, B>, TPa, S>>::Fits>;
    type Q =
        MergeOf<Cons<<(P, TPb) as Run>::Q, <Name<X, R2> as Cover<UInt<U, B>, TPa, S>>::Factors>>;
}
/// A `-1` that should stand for named dims where the input has none left.
impl<P, TPb, TPa, S, U, B> RunPair<P, End, TPb, TPa, S> for (U1, UInt<U, B>) {
    type Fits = B0;
    type Q = U0;
}

/// The input from a named dim on (`Self`), `K` of whose names a target's
/// `-1` covers, the target's sizes after the `-1` being `TPa` and its rest
/// `S`: whether it fits, and the factors covered (names as [`IsName`],
/// static runs as `typenum` numbers).
#[doc(hidden)]
pub trait Cover<K, TPa, S> {
    /// Whether it fits, with the rest.
    type Fits: Bit;
    /// The factors, a [`Cons`] list.
    type Factors;
}
/// The last name covered: the run after it is the `-1`'s rest times `TPa`.
impl<X, Pn, R, TPa, S> Cover<U1, TPa, S> for Name<X, Seg<Pn, U1, U0, R>>
where
    (Pn, TPa): Run,
    R: Compare<S, U0>,
    <(Pn, TPa) as Run>::Fits: BitAnd<<R as Compare<S, U0>>::Fits>,
    typenum::And<<(Pn, TPa) as Run>::Fits, <R as Compare<S, U0>>::Fits>: Bit,
{
    type Fits = typenum::And<<(Pn, TPa) as Run>::Fits, <R as Compare<S, U0>>::Fits>;
    type Factors = Cons<IsName<X>, Cons<<(Pn, TPa) as Run>::Q, Nil>>;
}
/// A name with more after it: the run after it is covered whole.
impl<X, Pn, R, TPa, S, U, B, C> Cover<UInt<UInt<U, B>, C>, TPa, S> for Name<X, Seg<Pn, U1, U0, R>>
where
    UInt<UInt<U, B>, C>: std::ops::Sub<B1>,
    R: Cover<typenum::Sub1<UInt<UInt<U, B>, C>>, TPa, S>,
{
    type Fits = <R as Cover<typenum::Sub1<UInt<UInt<U, B>, C>>, TPa, S>>::Fits;
    type Factors = Cons<
        IsName<X>,
        Cons<Pn, <R as Cover<typenum::Sub1<UInt<UInt<U, B>, C>>, TPa, S>>::Factors>,
    >;
}
/// No name left to cover.
impl<K, TPa, S> Cover<K, TPa, S> for End {
    type Fits = B0;
    type Factors = Nil;
}

/// The dim a `-1` over named dims stands for, from its factors (names as
/// [`IsName`], static runs as `typenum` numbers): 1s dropped, one name
/// alone itself, else a [`Merged`] dim.
#[doc(hidden)]
pub struct MergeOf<L>(PhantomData<L>);
impl<L: Canon> Readable for MergeOf<L>
where
    L::Out: MergeDim,
{
    type Dim = <L::Out as MergeDim>::Dim;
}

/// Factors with their 1s dropped and their sizes as dims.
#[doc(hidden)]
pub trait Canon {
    /// A [`Cons`] list of dims.
    type Out;
}
impl Canon for Nil {
    type Out = Nil;
}
impl<X, R: Canon> Canon for Cons<IsName<X>, R> {
    type Out = Cons<X, R::Out>;
}
impl<R: Canon> Canon for Cons<U1, R> {
    type Out = R::Out;
}
impl<R: Canon> Canon for Cons<UTerm, R> {
    type Out = Cons<D<0>, R::Out>;
}
impl<U, B, C, R: Canon> Canon for Cons<UInt<UInt<U, B>, C>, R>
where
    UInt<UInt<U, B>, C>: Readable,
{
    type Out = Cons<<UInt<UInt<U, B>, C> as Readable>::Dim, R::Out>;
}

/// A list of factors as one dim.
#[doc(hidden)]
pub trait MergeDim {
    /// The dim.
    type Dim: Dim;
}
impl<X: Dim> MergeDim for Cons<X, Nil> {
    type Dim = X;
}
macro_rules! merge_dim {
    ($($f:ident)*) => {
        impl<$($f),*> MergeDim for merge_dim!(@cons $($f)*)
        where
            Merged<($($f,)*)>: Dim,
        {
            type Dim = Merged<($($f,)*)>;
        }
    };
    (@cons) => { Nil };
    (@cons $first:ident $($rest:ident)*) => { Cons<$first, merge_dim!(@cons $($rest)*)> };
}
merge_dim!(A0 A1);
merge_dim!(A0 A1 A2);
merge_dim!(A0 A1 A2 A3);
merge_dim!(A0 A1 A2 A3 A4);
merge_dim!(A0 A1 A2 A3 A4 A5);

/// Two `-1`s in one run: refused by [`OneInferred`].
impl<P, R, TPb, TPa, S, U, B, C, M> RunPair<P, R, TPb, TPa, S> for (UInt<UInt<U, B>, C>, M) {
    type Fits = B0;
    type Q = U0;
}

/// An input run's product `P` against the target's known sizes beside a
/// `-1` of static sizes: not zero, and dividing `P`.
#[doc(hidden)]
pub trait Run {
    /// Whether it fits.
    type Fits: Bit;
    /// The `-1`'s size.
    type Q;
}
impl<P, TU, TB> Run for (P, UInt<TU, TB>)
where
    P: Rem<UInt<TU, TB>> + Div<UInt<TU, TB>>,
    typenum::Mod<P, UInt<TU, TB>>: IsEqual<U0>,
    typenum::Eq<typenum::Mod<P, UInt<TU, TB>>, U0>: Bit,
{
    type Fits = typenum::Eq<typenum::Mod<P, UInt<TU, TB>>, U0>;
    type Q = typenum::Quot<P, UInt<TU, TB>>;
}
/// A `-1` beside a zero size: ambiguous, as PyTorch says.
impl<P> Run for (P, UTerm) {
    type Fits = B0;
    type Q = U0;
}

/// How many named dims a skeleton holds.
#[doc(hidden)]
pub trait CountNames {
    /// The count.
    type Out;
}
impl CountNames for End {
    type Out = U0;
}
impl<S, R: CountNames> CountNames for Name<S, R>
where
    R::Out: std::ops::Add<B1>,
{
    type Out = typenum::Add1<R::Out>;
}
impl<Pb, Pa, F, R: CountNames> CountNames for Seg<Pb, Pa, F, R> {
    type Out = R::Out;
}

/// The verdict, as the leaf trait meets it.
#[doc(hidden)]
pub trait Verdict<Q> {
    /// [`Yes`] with the `-1`'s size, or [`No`].
    type Out;
}
impl<Q> Verdict<Q> for B1 {
    type Out = Yes<Q>;
}
impl<Q> Verdict<Q> for B0 {
    type Out = No;
}

/// The view fits; its `-1` is `Q`.
#[doc(hidden)]
pub struct Yes<Q>(PhantomData<Q>);
/// The view does not fit.
#[doc(hidden)]
pub struct No;

/// The view of `I` as `T` keeps the element count and every named dim.
#[diagnostic::on_unimplemented(
    message = "shape '{T}' is invalid for input of shape {I}",
    label = "the view does not keep the input's size and named dims",
    note = "a typed view keeps every named dim, in order, and the product of the static sizes before, between and after them; `Infer` (PyTorch's -1) takes what its run of sizes leaves",
    note = "a merged dim `Merged<(B, T)>` stands for its factors in order: `[B, T, 768]` views as `(Merged<(B, T)>, D<768>)` or `(Infer, D<768>)`"
)]
#[doc(hidden)]
pub trait ViewFits<I, T> {
    /// The `-1`'s size.
    type Q;
}
#[diagnostic::do_not_recommend]
impl<I, T, Q> ViewFits<I, T> for Yes<Q> {
    type Q = Q;
}

/// A target holds at most one `-1`: the verdict, read through it, is
/// `Then<V>`.
#[diagnostic::on_unimplemented(
    message = "only one dimension can be inferred",
    label = "more than one `Infer` in {T}"
)]
#[doc(hidden)]
pub trait OneInferred<T> {
    /// `V`, once the target holds at most one `-1`.
    type Then<V>;
}
#[diagnostic::do_not_recommend]
impl<T> OneInferred<T> for AtMostOne {
    type Then<V> = V;
}

/// A target's count of `-1`s, told apart: [`AtMostOne`] or [`Several`].
#[doc(hidden)]
pub trait CountVerdict {
    /// The verdict.
    type Out;
}
impl CountVerdict for U0 {
    type Out = AtMostOne;
}
impl CountVerdict for U1 {
    type Out = AtMostOne;
}
impl<U, B, C> CountVerdict for UInt<UInt<U, B>, C> {
    type Out = Several;
}
/// At most one `-1`.
#[doc(hidden)]
pub struct AtMostOne;
/// More than one `-1`.
#[doc(hidden)]
pub struct Several;

/// The skeleton of the target `T`.
type TargetSkeleton<T> = <<T as Target>::List as Skeleton<(U1, U1, U0)>>::Out;
/// How many `-1`s the target `T` holds.
#[doc(hidden)]
pub type InferCount<T> = <TargetSkeleton<T> as CountInfers>::Out;
/// The skeleton of the input `I`.
type InputSkeleton<I> = <<I as Target>::List as Skeleton<(U1, U1, U0)>>::Out;
/// How many of the input's named dims the target's `-1` stands for: as
/// many as the input names more than the target (`U0`: static sizes only).
#[doc(hidden)]
pub type Mode<I, T> = <<InputSkeleton<I> as CountNames>::Out as NamesOver<
    <TargetSkeleton<T> as CountNames>::Out,
>>::Out;

/// `Self` less `T` where it is more, else `U0`.
#[doc(hidden)]
pub trait NamesOver<T> {
    /// The difference.
    type Out;
}
impl<A: typenum::Cmp<T> + typenum::IsGreater<T>, T> NamesOver<T> for A
where
    (typenum::Gr<A, T>, A, T): Excess,
{
    type Out = <(typenum::Gr<A, T>, A, T) as Excess>::Out;
}
/// The excess of the names, by whether there is one.
#[doc(hidden)]
pub trait Excess {
    /// The difference.
    type Out;
}
impl<A, T> Excess for (B0, A, T) {
    type Out = U0;
}
impl<A: std::ops::Sub<T>, T> Excess for (B1, A, T) {
    type Out = typenum::Diff<A, T>;
}
/// The verdict on the view of `I` as `T`.
#[doc(hidden)]
pub type ViewVerdict<I, T> =
    <<InputSkeleton<I> as Compare<TargetSkeleton<T>, Mode<I, T>>>::Fits as Verdict<
        <InputSkeleton<I> as Compare<TargetSkeleton<T>, Mode<I, T>>>::Q,
    >>::Out;

/// How many `-1`s a skeleton holds.
#[doc(hidden)]
pub trait CountInfers {
    /// The count.
    type Out;
}
impl CountInfers for End {
    type Out = U0;
}
impl<I, R: CountInfers> CountInfers for Name<I, R> {
    type Out = R::Out;
}
impl<Pb, Pa, F: std::ops::Add<<R as CountInfers>::Out>, R: CountInfers> CountInfers
    for Seg<Pb, Pa, F, R>
{
    type Out = typenum::Sum<F, R::Out>;
}

/// The result of the view of `I` as `T`, read through its checks.
///
/// ```
/// use tensor_view::{dims, typed::{rules::ViewAs, Infer}, One, D};
/// dims!(B, T);
/// fn out<I: ViewAs<X, Out = Y>, X, Y>() {}
/// out::<(B, T, D<768>), (B, T, D<12>, Infer), (B, T, D<12>, D<64>)>();
/// out::<(B, D<2>, D<3>), (B, Infer), (B, D<6>)>();
/// out::<(D<4>, D<4>), (Infer, D<2>, One), (D<8>, D<2>, One)>();
/// out::<(D<2>, B, D<3>), (D<2>, Infer, D<3>), (D<2>, B, D<3>)>();
/// out::<(B, D<3>), (Infer, D<3>), (B, D<3>)>();
/// use tensor_view::typed::Merged;
/// out::<(B, T, D<768>), (Infer, D<768>), (Merged<(B, T)>, D<768>)>();
/// out::<(Merged<(B, T)>, D<768>), (B, T, D<768>), (B, T, D<768>)>();
/// ```
pub trait ViewAs<T>: DimList {
    /// The viewed shape.
    type Out: DimList;
}
impl<I: DimList + Target, T: Target> ViewAs<T> for I
where
    I::List: Skeleton<(U1, U1, U0)>,
    T::List: Skeleton<(U1, U1, U0)>,
    TargetSkeleton<T>: CountInfers + CountNames,
    InputSkeleton<I>: CountNames,
    <InputSkeleton<I> as CountNames>::Out: NamesOver<<TargetSkeleton<T> as CountNames>::Out>,
    InputSkeleton<I>: Compare<TargetSkeleton<T>, Mode<I, T>>,
    <InputSkeleton<I> as Compare<TargetSkeleton<T>, Mode<I, T>>>::Fits:
        Verdict<<InputSkeleton<I> as Compare<TargetSkeleton<T>, Mode<I, T>>>::Q>,
    InferCount<T>: CountVerdict,
    <InferCount<T> as CountVerdict>::Out: OneInferred<T>,
    Checked<I, T>: ViewFits<I, T>,
    <Checked<I, T> as ViewFits<I, T>>::Q: Readable,
{
    type Out = <T as Target>::Filled<<Checked<I, T> as ViewFits<I, T>>::Q>;
}

/// [`ViewAs`] seen from the target: `X: ViewOf<I>` when the view of `I` as
/// `X` fits, its result [`Out`](Self::Out).
///
/// `view_to::<X>()` bounds and reads its result through this trait rather
/// than through `I: ViewAs<X>`. Both say the same, but an inherent method's
/// return type is normalized while rustc looks the method up, before the
/// turbofish is applied: read through `ViewAs<X>`, rustc then folds the
/// input's sizes against an unknown target, a cost that grows about 2.3
/// times with each bit of the sizes (one view of `D<4096>` took 12 s, of
/// `D<196608>` over 10 minutes); read through `X`, the unknown target stops
/// it at once (docs/readable-shapes.md, "Compile cost").
#[doc(hidden)]
pub trait ViewOf<I> {
    /// The viewed shape.
    type Out: DimList;
}
impl<I: ViewAs<X>, X> ViewOf<I> for X {
    type Out = <I as ViewAs<X>>::Out;
}

/// Every static size of a shape is in the size table: `view_to` reads its
/// input through [`Checked`](Self::Checked) (the shape itself), which rustc
/// normalizes while it looks the method up, so that an input size outside
/// the table makes the method uncallable with the missing bound named
/// (`D<50001>: InSizeTable`), not an error deep in the rule's fold.
#[doc(hidden)]
pub trait InTable {
    /// `Self`.
    type Checked;
}
/// A dim whose size, if static, is in the size table.
#[doc(hidden)]
pub trait SizeInTable {}
impl<const N: usize> SizeInTable for D<N> where D<N>: InSizeTable {}
impl SizeInTable for crate::typed::One {}
impl<S: Symbol> SizeInTable for S {}
impl<L: crate::typed::merged::Factors> SizeInTable for Merged<L> {}

/// The verdict on the view of `I` as `T`, once its target's `-1`s are
/// counted (so two `-1`s make one error).
#[doc(hidden)]
pub type Checked<I, T> =
    <<InferCount<T> as CountVerdict>::Out as OneInferred<T>>::Then<ViewVerdict<I, T>>;

/// [`Target`] for each rank.
macro_rules! target {
    ($($d:ident)*) => {
        impl<$($d: TargetDim),*> Target for ($($d,)*) {
            type List = target!(@list $($d)*);
            type Filled<Q: Readable> = ($(<$d as TargetDim>::Filled<Q>,)*);
        }
    };
    (@list) => { Nil };
    (@list $first:ident $($rest:ident)*) => { Cons<$first, target!(@list $($rest)*)> };
}
/// [`InTable`] for each rank.
macro_rules! in_table {
    ($($d:ident)*) => {
        impl<$($d: SizeInTable),*> InTable for ($($d,)*) {
            type Checked = Self;
        }
    };
}
in_table!();
in_table!(A0);
in_table!(A0 A1);
in_table!(A0 A1 A2);
in_table!(A0 A1 A2 A3);
in_table!(A0 A1 A2 A3 A4);
in_table!(A0 A1 A2 A3 A4 A5);

target!();
target!(A0);
target!(A0 A1);
target!(A0 A1 A2);
target!(A0 A1 A2 A3);
target!(A0 A1 A2 A3 A4);
target!(A0 A1 A2 A3 A4 A5);

// `Unsigned` bounds the table's numbers; named here for the docs' links.
const _: Option<fn() -> usize> = Some(<U1 as Unsigned>::to_usize);
