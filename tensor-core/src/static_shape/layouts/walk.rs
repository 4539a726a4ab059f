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
use std::ops::{BitAnd, BitOr, Not};

use typenum::{Bit, UInt, UTerm, B0, B1};

use super::lists::{Cons, Nil, RevOnto};
use super::numbers::{Num, Same, SameNum, Times, ToNum};

/// A view the rule allows: target strides `Out` (a list), `RowMajor` is
/// `B1` when they are exactly the row-major ones.
///
/// ```
/// use tensor_view::static_shape::{Nil, Viewed};
/// let _: Option<Viewed<Nil, typenum::B1>> = None;
/// ```
pub struct Viewed<Out, RowMajor>(PhantomData<fn() -> (Out, RowMajor)>);

/// A view the rule refuses (or whose element count is wrong).
///
/// ```
/// use tensor_view::static_shape::Incompatible;
/// let _ = Incompatible;
/// ```
pub struct Incompatible;

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

/// A [`Num`](super::Num) is 1 when its odd part is 1 and its exponent 0.
impl<O: SizeIsOne, X: Same<UTerm>> SizeIsOne for Num<O, X>
where
    O::Out: BitAnd<<X as Same<UTerm>>::Out>,
    <O::Out as BitAnd<<X as Same<UTerm>>::Out>>::Output: Bit,
{
    type Out = <O::Out as BitAnd<<X as Same<UTerm>>::Out>>::Output;
}

/// Takes target dims (the list `Self`, last dim first) for a chunk whose
/// product times its base stride is `E`; `F` is the same for the dims taken
/// so far, `Out` the `(stride, size * stride)` pairs given so far (first
/// dim first).
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, Num, Take};
/// use typenum::{U0, U1, U2, U3, U5};
/// // A chunk of 6 (base stride 1) takes the target dims 3 and 2 (last first), not 5.
/// type Targets = Cons<U3, Cons<U2, Cons<U5, Nil>>>;
/// type Left = <Targets as Take<Num<U3, U1>, Num<U1, U0>, Nil>>::Rest;
/// let _: Option<Left> = None::<Cons<U5, Nil>>;
/// ```
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
    F: SameNum<E>,
    <F as SameNum<E>>::Out: TakesNext<T>,
    TakesNextOf<F, E, T>: TakeIf<Cons<T, R>, E, F, Out>,
{
    type Rest = <TakesNextOf<F, E, T> as TakeIf<Cons<T, R>, E, F, Out>>::Rest;
    type F = <TakesNextOf<F, E, T> as TakeIf<Cons<T, R>, E, F, Out>>::F;
    type Out = <TakesNextOf<F, E, T> as TakeIf<Cons<T, R>, E, F, Out>>::Out;
}

/// Whether [`Take`] takes a target dim of size `T`, from whether the
/// product so far already equals the chunk's (`Self`): while it differs
/// (`B0`), or the dim is 1. (PyTorch takes while the product is below the
/// chunk's: the same for a view the rule allows, where it reaches the
/// chunk's exactly; for one it refuses it passes it and never equals it
/// again, so the chunk fails all the same.)
///
/// ```
/// use tensor_view::static_shape::TakesNext;
/// let _: <typenum::B0 as TakesNext<typenum::U4>>::Out = typenum::B1;
/// let _: <typenum::B1 as TakesNext<typenum::U4>>::Out = typenum::B0;
/// ```
pub trait TakesNext<T> {
    /// `B1` to take the dim.
    type Out;
}

impl<T> TakesNext<T> for B0 {
    type Out = B1;
}

impl<T: SizeIsOne> TakesNext<T> for B1 {
    type Out = T::Out;
}

type TakesNextOf<F, E, T> = <<F as SameNum<E>>::Out as TakesNext<T>>::Out;

/// `F` after a target dim of size `T`.
type Next<T, F> = <<T as ToNum>::Out as Times<F>>::Out;

/// [`Take`]'s step: `B1` takes the head of `Ts`, `B0` stops.
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, TakeIf};
/// let _: Option<<typenum::B0 as TakeIf<Cons<u8, Nil>, (), (), Nil>>::Rest> = None::<Cons<u8, Nil>>;
/// ```
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
    T: ToNum,
    T::Out: Times<F>,
    R: Take<E, Next<T, F>, Cons<(F, Next<T, F>), Out>>,
{
    type Rest = R::Rest;
    type F = R::F;
    type Out = R::Out;
}

/// `A` for `B1`, `B` for `B0`.
///
/// ```
/// use tensor_view::static_shape::ChooseBy;
/// let _: <typenum::B1 as ChooseBy<u8, u16>>::Out = 1u8;
/// ```
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
/// has been seen and its base stride is 1.
///
/// ```
/// use tensor_view::static_shape::{Nil, Viewed, Walk};
/// let _: Option<<Nil as Walk<Nil, Nil, (), (), Nil, typenum::B1>>::Result> =
///     None::<Viewed<Nil, typenum::B1>>;
/// ```
pub trait Walk<Ss, Ts, E, F, Out, RowMajor> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

/// A rank-0 input: every target dim is 1, with stride 1 (row-major).
impl<Ss, Ts, E, F, Out, RowMajor> Walk<Ss, Ts, E, F, Out, RowMajor> for Nil {
    type Result = Viewed<Nil, B1>;
}

/// The first dim: the last chunk ends here.
impl<D, S, Ed, Ts, E, F, Out, RowMajor> Walk<Cons<(S, Ed), Nil>, Ts, E, F, Out, RowMajor>
    for Cons<D, Nil>
where
    D: SizeIsOne,
    <D as SizeIsOne>::Out: ChooseBy<E, Ed>,
    Ts: Take<After<D, E, Ed>, F, Out>,
    Ts::F: SameNum<After<D, E, Ed>>,
    <Ts::F as SameNum<After<D, E, Ed>>>::Out: Finish<Ts::Rest, Ts::Out, RowMajor>,
{
    type Result =
        <<Ts::F as SameNum<After<D, E, Ed>>>::Out as Finish<Ts::Rest, Ts::Out, RowMajor>>::Result;
}

/// The end of the walk: products equal (`B1`) and no target dim left.
///
/// ```
/// use tensor_view::static_shape::{Finish, Incompatible, Nil};
/// let _: <typenum::B0 as Finish<Nil, Nil, typenum::B1>>::Result = Incompatible;
/// ```
pub trait Finish<Rest, Out, RowMajor> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Out, RowMajor> Finish<Nil, Out, RowMajor> for B1 {
    type Result = Viewed<Out, RowMajor>;
}

impl<T, R, Out, RowMajor> Finish<Cons<T, R>, Out, RowMajor> for B1 {
    type Result = Incompatible;
}

impl<Rest, Out, RowMajor> Finish<Rest, Out, RowMajor> for B0 {
    type Result = Incompatible;
}

/// Whether a chunk whose product times base stride is `E` ends before a
/// dim of size `D2` and stride `S2`: `B1` unless `D2` is 1 or `S2` chains.
type Ends<D2, S2, E> =
    <<<D2 as SizeIsOne>::Out as BitOr<<S2 as SameNum<E>>::Out>>::Output as Not>::Output;

/// A dim with another before it: its chunk ends unless the dim before has
/// size 1 or the stride that chains.
impl<D, D2, DR, S, Ed, S2, E2, SR, Ts, E, F, Out, RowMajor>
    Walk<Cons<(S, Ed), Cons<(S2, E2), SR>>, Ts, E, F, Out, RowMajor> for Cons<D, Cons<D2, DR>>
where
    D: SizeIsOne,
    <D as SizeIsOne>::Out: ChooseBy<E, Ed>,
    D2: SizeIsOne,
    S2: SameNum<After<D, E, Ed>>,
    <D2 as SizeIsOne>::Out: BitOr<<S2 as SameNum<After<D, E, Ed>>>::Out>,
    <<D2 as SizeIsOne>::Out as BitOr<<S2 as SameNum<After<D, E, Ed>>>::Out>>::Output: Not,
    Ends<D2, S2, After<D, E, Ed>>:
        ChunkEnd<Cons<D2, DR>, Cons<(S2, E2), SR>, Ts, After<D, E, Ed>, F, Out, RowMajor>,
{
    type Result = <Ends<D2, S2, After<D, E, Ed>> as ChunkEnd<
        Cons<D2, DR>,
        Cons<(S2, E2), SR>,
        Ts,
        After<D, E, Ed>,
        F,
        Out,
        RowMajor,
    >>::Result;
}

/// One step of [`Walk`] after a dim: `B0` goes on in the same chunk, `B1`
/// ends the chunk (the target dims are taken for it) and starts the next at
/// the stride of the dim before.
///
/// ```
/// use tensor_view::static_shape::{ChunkEnd, Nil, Viewed};
/// type R = <typenum::B0 as ChunkEnd<Nil, Nil, Nil, (), (), Nil, typenum::B1>>::Result;
/// let _: Option<R> = None::<Viewed<Nil, typenum::B1>>;
/// ```
pub trait ChunkEnd<Ds, Ss, Ts, E, F, Out, RowMajor> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Ds, Ss, Ts, E, F, Out, RowMajor> ChunkEnd<Ds, Ss, Ts, E, F, Out, RowMajor> for B0
where
    Ds: Walk<Ss, Ts, E, F, Out, RowMajor>,
{
    type Result = Ds::Result;
}

impl<Ds, S2, E2, SR, Ts, E, F, Out, RowMajor>
    ChunkEnd<Ds, Cons<(S2, E2), SR>, Ts, E, F, Out, RowMajor> for B1
where
    Ts: Take<E, F, Out>,
    Ts::F: SameNum<E>,
    <Ts::F as SameNum<E>>::Out: NextChunk<Ds, Cons<(S2, E2), SR>, Ts::Rest, Ts::Out>,
{
    type Result = <<Ts::F as SameNum<E>>::Out as NextChunk<
        Ds,
        Cons<(S2, E2), SR>,
        Ts::Rest,
        Ts::Out,
    >>::Result;
}

/// After a chunk: `B1` (its products matched) walks on from the next dim,
/// whose stride is the new base; `B0` is [`Incompatible`].
///
/// ```
/// use tensor_view::static_shape::{Incompatible, NextChunk, Nil};
/// let _: <typenum::B0 as NextChunk<Nil, Nil, Nil, Nil>>::Result = Incompatible;
/// ```
pub trait NextChunk<Ds, Ss, Ts, Out> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Ds, Ss, Ts, Out> NextChunk<Ds, Ss, Ts, Out> for B0 {
    type Result = Incompatible;
}

impl<Ds, S2, E2, SR, Ts, Out> NextChunk<Ds, Cons<(S2, E2), SR>, Ts, Out> for B1
where
    Ds: Walk<Cons<(S2, E2), SR>, Ts, S2, S2, Out, B0>,
{
    type Result = Ds::Result;
}

/// The walk from its start: dims and stride pairs (first dim first)
/// reversed, the base stride that of the last dim; `RowMajor` starts as
/// whether that stride is 1.
///
/// ```
/// use tensor_view::static_shape::{Cons, Incompatible, Nil, Num, StartWalk, Viewed};
/// use typenum::{B0, U0, U1, U2, U3, U6};
/// type One = Num<U1, U0>;
/// type Three = Num<U3, U0>;
/// type Six = Num<U3, U1>;
/// // [2, 3] transposed: sizes [3, 2], strides [1, 3]; viewed as [6]: refused.
/// type Dims = Cons<U3, Cons<U2, Nil>>;
/// type Strides = Cons<(One, Three), Cons<(Three, Six), Nil>>;
/// type Result = <Dims as StartWalk<Strides, Cons<U6, Nil>>>::Result;
/// let _: Option<Result> = None::<Incompatible>;
/// // viewed as [3, 2, 1]: allowed, strides [1, 3, 3].
/// type Split = <Dims as StartWalk<Strides, Cons<U3, Cons<U2, Cons<U1, Nil>>>>>::Result;
/// type Expected = Cons<(One, Three), Cons<(Three, Six), Cons<(Three, Three), Nil>>>;
/// let _: Option<Split> = None::<Viewed<Expected, B0>>;
/// ```
pub trait StartWalk<Strides, Target> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Strides, Target> StartWalk<Strides, Target> for Nil {
    type Result = Viewed<Nil, B1>;
}

/// The reversed stride pairs' head: the last dim's stride.
type BaseOf<Strides> = <<Strides as RevOnto<Nil>>::Out as Last>::Base;

impl<D, DR, Strides, Target> StartWalk<Strides, Target> for Cons<D, DR>
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
    >,
{
    type Result = <<Cons<D, DR> as RevOnto<Nil>>::Out as Walk<
        <Strides as RevOnto<Nil>>::Out,
        <Target as RevOnto<Nil>>::Out,
        BaseOf<Strides>,
        BaseOf<Strides>,
        Nil,
        <BaseOf<Strides> as SizeIsOne>::Out,
    >>::Result;
}

/// The head of a reversed stride list: the last dim's stride, the first
/// chunk's base.
///
/// ```
/// use tensor_view::static_shape::{Cons, Last, Nil};
/// let _: <Cons<(u8, u16), Nil> as Last>::Base = 1u8;
/// ```
pub trait Last {
    /// The stride.
    type Base;
}

impl<S, E, R> Last for Cons<(S, E), R> {
    type Base = S;
}
