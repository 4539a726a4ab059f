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
//! 0 for a non-empty tensor with known strides), so each step is one
//! multiplication by a dim and one comparison.
//!
//! The result is [`Viewed`] (the target's strides, and whether they are
//! row-major: one chunk, base stride 1) or [`Incompatible`].

use std::marker::PhantomData;
use std::ops::{BitOr, Mul, Not};

use typenum::{Bit, Eq, IsEqual, IsLess, Le, Prod, UInt, UTerm, B0, B1};

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
/// so far, `Out` the strides given so far (first dim first).
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
    F: IsLess<E>,
    T: SizeIsOne,
    Le<F, E>: BitOr<<T as SizeIsOne>::Out>,
    <Le<F, E> as BitOr<<T as SizeIsOne>::Out>>::Output: TakeIf<Cons<T, R>, E, F, Out>,
{
    type Rest =
        <<Le<F, E> as BitOr<<T as SizeIsOne>::Out>>::Output as TakeIf<Cons<T, R>, E, F, Out>>::Rest;
    type F =
        <<Le<F, E> as BitOr<<T as SizeIsOne>::Out>>::Output as TakeIf<Cons<T, R>, E, F, Out>>::F;
    type Out =
        <<Le<F, E> as BitOr<<T as SizeIsOne>::Out>>::Output as TakeIf<Cons<T, R>, E, F, Out>>::Out;
}

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
    R: Take<E, Prod<T, F>, Cons<F, Out>>,
{
    type Rest = R::Rest;
    type F = R::F;
    type Out = R::Out;
}

/// The walk over the input's dims (the list `Self`, last dim first) and
/// strides `Ss` (same order), target dims `Ts` (last first); `E`, `F` as in
/// [`Take`]; `RowMajor` stays `B1` while one chunk has been seen and its
/// base stride is 1; `Ctx` is carried to [`Incompatible`].
pub trait Walk<Ss, Ts, E, F, Out, RowMajor, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

/// A rank-0 input: every target dim is 1, with stride 1 (row-major).
impl<Ss, Ts, E, F, Out, RowMajor, Ctx> Walk<Ss, Ts, E, F, Out, RowMajor, Ctx> for Nil {
    type Result = Viewed<Nil, B1>;
}

/// The first dim: the last chunk ends here.
impl<D, S, Ts, E, F, Out, RowMajor, Ctx> Walk<Cons<S, Nil>, Ts, E, F, Out, RowMajor, Ctx>
    for Cons<D, Nil>
where
    D: Mul<E>,
    Ts: Take<Prod<D, E>, F, Out>,
    Ts::F: IsEqual<Prod<D, E>>,
    Eq<Ts::F, Prod<D, E>>: Finish<Ts::Rest, Ts::Out, RowMajor, Ctx>,
{
    type Result = <Eq<Ts::F, Prod<D, E>> as Finish<Ts::Rest, Ts::Out, RowMajor, Ctx>>::Result;
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

/// Whether the chunk of a dim of size `D` (product so far `E`) ends before
/// a dim of size `D2` and stride `S2`: `B1` unless `D2` is 1 or `S2` chains.
type Ends<D, D2, S2, E> =
    <<<D2 as SizeIsOne>::Out as BitOr<Eq<S2, Prod<D, E>>>>::Output as Not>::Output;

/// A dim with another before it: its chunk ends unless the dim before has
/// size 1 or the stride that chains.
impl<D, D2, DR, S, S2, SR, Ts, E, F, Out, RowMajor, Ctx>
    Walk<Cons<S, Cons<S2, SR>>, Ts, E, F, Out, RowMajor, Ctx> for Cons<D, Cons<D2, DR>>
where
    D: Mul<E>,
    D2: SizeIsOne,
    S2: IsEqual<Prod<D, E>>,
    <D2 as SizeIsOne>::Out: BitOr<Eq<S2, Prod<D, E>>>,
    <<D2 as SizeIsOne>::Out as BitOr<Eq<S2, Prod<D, E>>>>::Output: Not,
    Ends<D, D2, S2, E>: ChunkEnd<Cons<D2, DR>, Cons<S2, SR>, Ts, Prod<D, E>, F, Out, RowMajor, Ctx>,
{
    type Result = <Ends<D, D2, S2, E> as ChunkEnd<
        Cons<D2, DR>,
        Cons<S2, SR>,
        Ts,
        Prod<D, E>,
        F,
        Out,
        RowMajor,
        Ctx,
    >>::Result;
}

/// One step of [`Walk`] after a dim: `B0` goes on in the same chunk, `B1`
/// ends the chunk (the target dims are taken for it) and starts the next at
/// the stride `S2` of the dim before.
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

impl<Ds, S2, SR, Ts, E, F, Out, RowMajor, Ctx>
    ChunkEnd<Ds, Cons<S2, SR>, Ts, E, F, Out, RowMajor, Ctx> for B1
where
    Ts: Take<E, F, Out>,
    Ts::F: IsEqual<E>,
    Eq<Ts::F, E>: NextChunk<Ds, Cons<S2, SR>, Ts::Rest, Ts::Out, Ctx>,
{
    type Result = <Eq<Ts::F, E> as NextChunk<Ds, Cons<S2, SR>, Ts::Rest, Ts::Out, Ctx>>::Result;
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

impl<Ds, S2, SR, Ts, Out, Ctx> NextChunk<Ds, Cons<S2, SR>, Ts, Out, Ctx> for B1
where
    Ds: Walk<Cons<S2, SR>, Ts, S2, S2, Out, B0, Ctx>,
{
    type Result = Ds::Result;
}

/// The walk from its start: dims and strides (first dim first) reversed,
/// the base stride that of the last dim; `RowMajor` starts as whether
/// that stride is 1.
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, StartWalk, StrideValues, Viewed};
/// use typenum::{B0, U1, U2, U3, U6};
/// // [2, 3] transposed: sizes [3, 2], strides [1, 3]; viewed as [6]: refused.
/// type Dims = Cons<U3, Cons<U2, Nil>>;
/// type Strides = Cons<U1, Cons<U3, Nil>>;
/// type Result = <Dims as StartWalk<Strides, Cons<U6, Nil>, ()>>::Result;
/// let _: Option<Result> = None::<tensor_view::static_shape::Incompatible<()>>;
/// // viewed as [3, 2, 1]: allowed, strides [1, 3, 3].
/// type Split = <Dims as StartWalk<Strides, Cons<U3, Cons<U2, Cons<U1, Nil>>>, ()>>::Result;
/// type Expected = Viewed<Cons<U1, Cons<U3, Cons<typenum::U3, Nil>>>, B0>;
/// let _: Option<Split> = None::<Expected>;
/// ```
pub trait StartWalk<Strides, Target, Ctx> {
    /// [`Viewed`] or [`Incompatible`].
    type Result;
}

impl<Strides, Target, Ctx> StartWalk<Strides, Target, Ctx> for Nil {
    type Result = Viewed<Nil, B1>;
}

impl<D, DR, Strides, Target, Ctx> StartWalk<Strides, Target, Ctx> for Cons<D, DR>
where
    Cons<D, DR>: RevOnto<Nil>,
    Strides: RevOnto<Nil>,
    Target: RevOnto<Nil>,
    <Strides as RevOnto<Nil>>::Out: Last,
    <<Strides as RevOnto<Nil>>::Out as Last>::Base: SizeIsOne,
    <Cons<D, DR> as RevOnto<Nil>>::Out: Walk<
        <Strides as RevOnto<Nil>>::Out,
        <Target as RevOnto<Nil>>::Out,
        <<Strides as RevOnto<Nil>>::Out as Last>::Base,
        <<Strides as RevOnto<Nil>>::Out as Last>::Base,
        Nil,
        <<<Strides as RevOnto<Nil>>::Out as Last>::Base as SizeIsOne>::Out,
        Ctx,
    >,
{
    type Result = <<Cons<D, DR> as RevOnto<Nil>>::Out as Walk<
        <Strides as RevOnto<Nil>>::Out,
        <Target as RevOnto<Nil>>::Out,
        <<Strides as RevOnto<Nil>>::Out as Last>::Base,
        <<Strides as RevOnto<Nil>>::Out as Last>::Base,
        Nil,
        <<<Strides as RevOnto<Nil>>::Out as Last>::Base as SizeIsOne>::Out,
        Ctx,
    >>::Result;
}

/// The head of a reversed stride list: the last dim's stride, the first
/// chunk's base.
pub trait Last {
    /// The stride.
    type Base;
}

impl<S, R> Last for Cons<S, R> {
    type Base = S;
}
