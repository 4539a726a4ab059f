//! PyTorch's `computeStride` (the rule deciding whether a view needs a copy)
//! run while compiling, on a tensor whose strides are known ([`KnownStrides`](super::KnownStrides)).
//!
//! The rule, as in ATen: walk the input's dims from the last, grouping dims
//! whose strides chain (`stride[d - 1] == size[d] * stride[d]`, size-1 dims
//! never ending a group) into *chunks*; at each chunk's end, take target
//! dims from the last while their product is below the chunk's (or they
//! are 1), giving each the stride `product so far * chunk base stride`; the
//! products must then be equal, else the view spans two chunks and needs a
//! copy. Products are tracked multiplied by the chunk's base stride (never
//! 0 for a non-empty tensor with known strides). On the input's side that
//! product is the `size * stride` of the chunk's latest dim of size other
//! than 1 (its base stride when there is none), which the strides list
//! carries, so the input costs comparisons only; each target dim costs one
//! multiplication by the dim and one comparison.
//!
//! The result is [`Viewed`] (the target's strides, and whether they are
//! row-major: one chunk, base stride 1) or [`Incompatible`].

use std::marker::PhantomData;
use std::ops::{BitOr, Mul, Not};

use typenum::{Bit, Prod, UInt, UTerm, B0, B1};

use super::lists::{Cons, Nil, RevOnto};

/// A view the rule allows: target strides `Out` (a list), `RowMajor` is
/// `B1` when they are exactly the row-major ones.
///
/// ```
/// use tensor_view::static_shape::{Nil, Viewed};
/// let _: Option<Viewed<Nil, typenum::B1>> = None;
/// ```
pub struct Viewed<Out, RowMajor>(PhantomData<fn() -> (Out, RowMajor)>);

/// A view the rule refuses (or whose element count is wrong; `Ctx` holds
/// what tells the two apart).
///
/// ```
/// use tensor_view::static_shape::Incompatible;
/// let _: Option<Incompatible<()>> = None;
/// ```
pub struct Incompatible<Ctx>(PhantomData<fn() -> Ctx>);

/// `B1` for the number 1.
///
/// ```
/// use tensor_view::static_shape::SizeIsOne;
/// let _: <typenum::U1 as SizeIsOne>::Out = typenum::B1;
/// let _: <typenum::U4 as SizeIsOne>::Out = typenum::B0;
/// ```
pub trait SizeIsOne {
    /// `B1` or `B0`.
    type Out: Bit;
}

impl SizeIsOne for UTerm {
    type Out = B0;
}

impl SizeIsOne for UInt<UTerm, B1> {
    type Out = B1;
}

impl SizeIsOne for UInt<UTerm, B0> {
    type Out = B0;
}

impl<U, B: Bit, C: Bit> SizeIsOne for UInt<UInt<U, B>, C> {
    type Out = B0;
}

/// Takes target dims (the list `Self`, last dim first) for a chunk whose
/// product times its base stride is `E`; `F` is the same for the dims taken
/// so far, `Out` the `(stride, size * stride)` pairs given so far (first
/// dim first).
pub trait Take<E, F, Out> {
    /// The target dims left.
    type Rest;
    /// `F` after the dims taken.
    type F;
    /// `Out` with their strides.
    type Out;
}

impl<E, F, Out> Take<E, F, Out> for Nil {
    type Rest = Nil;
    type F = F;
    type Out = Out;
}

impl<E, F, Out, T, R> Take<E, F, Out> for Cons<T, R>
where
    F: Below<E, B0>,
    T: SizeIsOne,
    <F as Below<E, B0>>::Out: BitOr<<T as SizeIsOne>::Out>,
    TakesNext<F, E, T>: TakeIf<Cons<T, R>, E, F, Out>,
{
    type Rest = <TakesNext<F, E, T> as TakeIf<Cons<T, R>, E, F, Out>>::Rest;
    type F = <TakesNext<F, E, T> as TakeIf<Cons<T, R>, E, F, Out>>::F;
    type Out = <TakesNext<F, E, T> as TakeIf<Cons<T, R>, E, F, Out>>::Out;
}

/// Whether [`Take`] takes a target dim of size `T`: while `F` is below `E`,
/// or the dim is 1.
type TakesNext<F, E, T> = <<F as Below<E, B0>>::Out as BitOr<<T as SizeIsOne>::Out>>::Output;

/// [`Take`]'s step: `B1` takes the head of `Ts`, `B0` stops.
pub trait TakeIf<Ts, E, F, Out> {
    /// The target dims left.
    type Rest;
    /// `F` after the dims taken.
    type F;
    /// `Out` with their strides.
    type Out;
}

impl<Ts, E, F, Out> TakeIf<Ts, E, F, Out> for B0 {
    type Rest = Ts;
    type F = F;
    type Out = Out;
}

impl<T, R, E, F, Out> TakeIf<Cons<T, R>, E, F, Out> for B1
where
    T: Mul<F>,
    R: Take<E, Prod<T, F>, Cons<(F, Prod<T, F>), Out>>,
{
    type Rest = R::Rest;
    type F = R::F;
    type Out = R::Out;
}

/// `A` for `B1`, `B` for `B0`.
pub trait ChooseBy<A, B> {
    /// The choice.
    type Out;
}

impl<A, B> ChooseBy<A, B> for B1 {
    type Out = A;
}

impl<A, B> ChooseBy<A, B> for B0 {
    type Out = B;
}

/// The chunk's product times its base stride after a dim of size `D`
/// whose `size * stride` is `Ed`: unchanged by a size-1 dim, else `Ed`.
type After<D, E, Ed> = <<D as SizeIsOne>::Out as ChooseBy<E, Ed>>::Out;

/// The walk over the input's dims (the list `Self`, last dim first) and
/// `(stride, size * stride)` pairs `Ss` (same order), target dims `Ts` (last
/// first); `E`, `F` as in [`Take`]; `RowMajor` stays `B1` while one chunk
/// has been seen and its base stride is 1; `Ctx` is carried to [`Incompatible`].
pub trait Walk<Ss, Ts, E, F, Out, RowMajor, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

/// A rank-0 input: every target dim is 1, with stride 1 (row-major).
impl<Ss, Ts, E, F, Out, RowMajor, Ctx> Walk<Ss, Ts, E, F, Out, RowMajor, Ctx> for Nil {
    type Result = Viewed<Nil, B1>;
}

/// The first dim: the last chunk ends here.
impl<D, S, Ed, Ts, E, F, Out, RowMajor, Ctx> Walk<Cons<(S, Ed), Nil>, Ts, E, F, Out, RowMajor, Ctx>
    for Cons<D, Nil>
where
    D: SizeIsOne,
    <D as SizeIsOne>::Out: ChooseBy<E, Ed>,
    Ts: Take<After<D, E, Ed>, F, Out>,
    Ts::F: Same<After<D, E, Ed>>,
    <Ts::F as Same<After<D, E, Ed>>>::Out: Finish<Ts::Rest, Ts::Out, RowMajor, Ctx>,
{
    type Result =
        <<Ts::F as Same<After<D, E, Ed>>>::Out as Finish<Ts::Rest, Ts::Out, RowMajor, Ctx>>::Result;
}

/// The end of the walk: products equal (`B1`) and no target dim left.
pub trait Finish<Rest, Out, RowMajor, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Out, RowMajor, Ctx> Finish<Nil, Out, RowMajor, Ctx> for B1 {
    type Result = Viewed<Out, RowMajor>;
}

impl<T, R, Out, RowMajor, Ctx> Finish<Cons<T, R>, Out, RowMajor, Ctx> for B1 {
    type Result = Incompatible<Ctx>;
}

impl<Rest, Out, RowMajor, Ctx> Finish<Rest, Out, RowMajor, Ctx> for B0 {
    type Result = Incompatible<Ctx>;
}

/// Whether a chunk whose product times base stride is `E` ends before a
/// dim of size `D2` and stride `S2`: `B1` unless `D2` is 1 or `S2` chains.
type Ends<D2, S2, E> =
    <<<D2 as SizeIsOne>::Out as BitOr<<S2 as Same<E>>::Out>>::Output as Not>::Output;

/// A dim with another before it: its chunk ends unless the dim before has
/// size 1 or the stride that chains.
impl<D, D2, DR, S, Ed, S2, E2, SR, Ts, E, F, Out, RowMajor, Ctx>
    Walk<Cons<(S, Ed), Cons<(S2, E2), SR>>, Ts, E, F, Out, RowMajor, Ctx> for Cons<D, Cons<D2, DR>>
where
    D: SizeIsOne,
    <D as SizeIsOne>::Out: ChooseBy<E, Ed>,
    D2: SizeIsOne,
    S2: Same<After<D, E, Ed>>,
    <D2 as SizeIsOne>::Out: BitOr<<S2 as Same<After<D, E, Ed>>>::Out>,
    <<D2 as SizeIsOne>::Out as BitOr<<S2 as Same<After<D, E, Ed>>>::Out>>::Output: Not,
    Ends<D2, S2, After<D, E, Ed>>:
        ChunkEnd<Cons<D2, DR>, Cons<(S2, E2), SR>, Ts, After<D, E, Ed>, F, Out, RowMajor, Ctx>,
{
    type Result = <Ends<D2, S2, After<D, E, Ed>> as ChunkEnd<
        Cons<D2, DR>,
        Cons<(S2, E2), SR>,
        Ts,
        After<D, E, Ed>,
        F,
        Out,
        RowMajor,
        Ctx,
    >>::Result;
}

/// One step of [`Walk`] after a dim: `B0` goes on in the same chunk, `B1`
/// ends the chunk (the target dims are taken for it) and starts the next at
/// the stride of the dim before.
pub trait ChunkEnd<Ds, Ss, Ts, E, F, Out, RowMajor, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Ds, Ss, Ts, E, F, Out, RowMajor, Ctx> ChunkEnd<Ds, Ss, Ts, E, F, Out, RowMajor, Ctx> for B0
where
    Ds: Walk<Ss, Ts, E, F, Out, RowMajor, Ctx>,
{
    type Result = Ds::Result;
}

impl<Ds, S2, E2, SR, Ts, E, F, Out, RowMajor, Ctx>
    ChunkEnd<Ds, Cons<(S2, E2), SR>, Ts, E, F, Out, RowMajor, Ctx> for B1
where
    Ts: Take<E, F, Out>,
    Ts::F: Same<E>,
    <Ts::F as Same<E>>::Out: NextChunk<Ds, Cons<(S2, E2), SR>, Ts::Rest, Ts::Out, Ctx>,
{
    type Result = <<Ts::F as Same<E>>::Out as NextChunk<
        Ds,
        Cons<(S2, E2), SR>,
        Ts::Rest,
        Ts::Out,
        Ctx,
    >>::Result;
}

/// After a chunk: `B1` (its products matched) walks on from the next dim,
/// whose stride is the new base; `B0` is [`Incompatible`].
pub trait NextChunk<Ds, Ss, Ts, Out, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Ds, Ss, Ts, Out, Ctx> NextChunk<Ds, Ss, Ts, Out, Ctx> for B0 {
    type Result = Incompatible<Ctx>;
}

impl<Ds, S2, E2, SR, Ts, Out, Ctx> NextChunk<Ds, Cons<(S2, E2), SR>, Ts, Out, Ctx> for B1
where
    Ds: Walk<Cons<(S2, E2), SR>, Ts, S2, S2, Out, B0, Ctx>,
{
    type Result = Ds::Result;
}

/// The walk from its start: dims and stride pairs (first dim first)
/// reversed, the base stride that of the last dim; `RowMajor` starts as
/// whether that stride is 1.
///
/// ```
/// use tensor_view::static_shape::{Cons, Incompatible, Nil, StartWalk, Viewed};
/// use typenum::{B0, U1, U2, U3, U6};
/// // [2, 3] transposed: sizes [3, 2], strides [1, 3]; viewed as [6]: refused.
/// type Dims = Cons<U3, Cons<U2, Nil>>;
/// type Strides = Cons<(U1, U3), Cons<(U3, U6), Nil>>;
/// type Result = <Dims as StartWalk<Strides, Cons<U6, Nil>, ()>>::Result;
/// let _: Option<Result> = None::<Incompatible<()>>;
/// // viewed as [3, 2, 1]: allowed, strides [1, 3, 3].
/// type Split = <Dims as StartWalk<Strides, Cons<U3, Cons<U2, Cons<U1, Nil>>>, ()>>::Result;
/// type Expected = Cons<(U1, U3), Cons<(U3, U6), Cons<(U3, U3), Nil>>>;
/// let _: Option<Split> = None::<Viewed<Expected, B0>>;
/// ```
pub trait StartWalk<Strides, Target, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Strides, Target, Ctx> StartWalk<Strides, Target, Ctx> for Nil {
    type Result = Viewed<Nil, B1>;
}

/// The reversed stride pairs' head: the last dim's stride.
type BaseOf<Strides> = <<Strides as RevOnto<Nil>>::Out as Last>::Base;

impl<D, DR, Strides, Target, Ctx> StartWalk<Strides, Target, Ctx> for Cons<D, DR>
where
    Cons<D, DR>: RevOnto<Nil>,
    Strides: RevOnto<Nil>,
    Target: RevOnto<Nil>,
    <Strides as RevOnto<Nil>>::Out: Last,
    BaseOf<Strides>: SizeIsOne,
    <Cons<D, DR> as RevOnto<Nil>>::Out: Walk<
        <Strides as RevOnto<Nil>>::Out,
        <Target as RevOnto<Nil>>::Out,
        BaseOf<Strides>,
        BaseOf<Strides>,
        Nil,
        <BaseOf<Strides> as SizeIsOne>::Out,
        Ctx,
    >,
{
    type Result = <<Cons<D, DR> as RevOnto<Nil>>::Out as Walk<
        <Strides as RevOnto<Nil>>::Out,
        <Target as RevOnto<Nil>>::Out,
        BaseOf<Strides>,
        BaseOf<Strides>,
        Nil,
        <BaseOf<Strides> as SizeIsOne>::Out,
        Ctx,
    >>::Result;
}

/// The head of a reversed stride list: the last dim's stride, the first
/// chunk's base.
pub trait Last {
    /// The stride.
    type Base;
}

impl<S, E, R> Last for Cons<(S, E), R> {
    type Base = S;
}

/// `B1` when `Self` equals `R` (two `typenum` numbers): compared from the
/// lowest bit, stopping at the first that differs (cheaper than `typenum`'s
/// `IsEqual`, which compares every bit).
///
/// ```
/// use tensor_view::static_shape::Same;
/// let _: <typenum::U12 as Same<typenum::U12>>::Out = typenum::B1;
/// let _: <typenum::U12 as Same<typenum::U13>>::Out = typenum::B0;
/// ```
pub trait Same<R> {
    /// `B1` or `B0`.
    type Out: Bit;
}

impl Same<UTerm> for UTerm {
    type Out = B1;
}

impl<U, B> Same<UInt<U, B>> for UTerm {
    type Out = B0;
}

impl<U, B> Same<UTerm> for UInt<U, B> {
    type Out = B0;
}

impl<L: Same<R>, R> Same<UInt<R, B0>> for UInt<L, B0> {
    type Out = L::Out;
}

impl<L: Same<R>, R> Same<UInt<R, B1>> for UInt<L, B1> {
    type Out = L::Out;
}

impl<L, R> Same<UInt<R, B1>> for UInt<L, B0> {
    type Out = B0;
}

impl<L, R> Same<UInt<R, B0>> for UInt<L, B1> {
    type Out = B0;
}

/// `B1` when `Self` is below `R` (two `typenum` numbers, which have no
/// leading zeros), `SoFar` being the verdict of the lower bits: stops as
/// soon as one number runs out of bits.
///
/// ```
/// use tensor_view::static_shape::Below;
/// use typenum::{B0, B1, U3, U12};
/// let _: <U3 as Below<U12, B0>>::Out = B1;
/// let _: <U12 as Below<U12, B0>>::Out = B0;
/// ```
pub trait Below<R, SoFar> {
    /// `B1` or `B0`.
    type Out: Bit;
}

impl<S: Bit> Below<UTerm, S> for UTerm {
    type Out = S;
}

impl<U, B, S> Below<UInt<U, B>, S> for UTerm {
    type Out = B1;
}

impl<U, B, S> Below<UTerm, S> for UInt<U, B> {
    type Out = B0;
}

impl<L: Below<R, S>, R, S> Below<UInt<R, B0>, S> for UInt<L, B0> {
    type Out = L::Out;
}

impl<L: Below<R, S>, R, S> Below<UInt<R, B1>, S> for UInt<L, B1> {
    type Out = L::Out;
}

impl<L: Below<R, B1>, R, S> Below<UInt<R, B1>, S> for UInt<L, B0> {
    type Out = L::Out;
}

impl<L: Below<R, B0>, R, S> Below<UInt<R, B0>, S> for UInt<L, B1> {
    type Out = L::Out;
}
