//! [`KnownStrides`]: a stride marker that records the strides themselves,
//! and what `transpose!`, `permute!`, `movedim!`, `unsqueeze!` and
//! `squeeze!` make of each stride marker.
//!
//! The strides recorded are exactly PyTorch's for the tensor: a `permute!`
//! of a row-major tensor permutes its row-major strides, `unsqueeze!` gives
//! the new dim PyTorch's stride (the size times the stride of the dim it
//! precedes, or 1 at the end), `squeeze!` drops the dim's stride. The
//! macros say how each result stride is made from the input's with a small
//! program ([`Old`], [`Outer`], [`UnitStride`]); the layout itself is still
//! computed at run time by the dynamic code, and the types only decide what
//! `view!` may do.

use std::marker::PhantomData;

use typenum::{UInt, UTerm, U0, U1};

use super::numbers::Num;

use super::lists::{At, Cons, Nil, RowMajor, ToList};
use crate::static_shape::markers::{ContiguousStrides, RuntimeStrides};
use crate::static_shape::ops::{SqueezeBySize, UnsqueezeStrides};
use crate::static_shape::symbolic::SymbolicCount;

/// Stride marker: the strides are known while compiling and are the list
/// `L` (PyTorch's strides of the tensor, in dim order), each as a pair of
/// [`Num`]s `(stride, size * stride)`: the second is what the
/// stride of a dim before it must be for the two to chain in memory, kept
/// so that `view!` compares strides without multiplying them. What `transpose!`, `permute!` and `movedim!` of a row-major
/// static tensor give, so that `view!` of it applies PyTorch's stride rule
/// while compiling: a view that would need a copy is a compile error, one
/// that needs none is the typed tensor, without a `Result`.
///
/// ```
/// use tensor_view::{permute, Shape, Tensor};
/// let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
/// let p = permute!(x, [2, 0, 1]); // its marker is KnownStrides<[1, 12, 4]>
/// assert_eq!(p.stride(), &[1, 12, 4]);
/// ```
pub struct KnownStrides<L>(PhantomData<fn() -> L>);

/// One stride of an op's result: the input's stride at index `I`.
///
/// ```
/// use tensor_view::static_shape::{Cons, Index0, Nil, Old, StrideEntry};
/// let _: <Old<Index0> as StrideEntry<Cons<u8, Nil>>>::Out = 1u8;
/// ```
pub struct Old<I>(PhantomData<fn() -> I>);

/// One stride of an op's result: the size times the stride of the input's
/// dim `I` (PyTorch's stride for a size-1 dim inserted before it).
///
/// ```
/// use tensor_view::static_shape::{Cons, Index0, Nil, Outer, StrideEntry};
/// use typenum::{Unsigned, U4, U12};
/// type S = <Outer<Index0> as StrideEntry<Cons<(U4, U12), Nil>>>::Out;
/// let _: Option<S> = None::<(U12, U12)>;
/// ```
pub struct Outer<I>(PhantomData<fn() -> I>);

/// One stride of an op's result: 1 (a size-1 dim inserted at the end).
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, StrideEntry, StrideValues, UnitStride};
/// type One = <UnitStride as StrideEntry<Nil>>::Out;
/// assert_eq!(<Cons<One, Nil> as StrideValues>::VALUES, &[1]);
/// ```
pub struct UnitStride;

/// One entry of a stride program, given the input's `(stride, size *
/// stride)` pairs `Strides` (a list).
///
/// ```
/// use tensor_view::static_shape::{Cons, Index0, Nil, Old, StrideEntry};
/// let _: <Old<Index0> as StrideEntry<Cons<u8, Nil>>>::Out = 2u8;
/// ```
pub trait StrideEntry<Strides> {
    /// The result's pair.
    type Out;
}

impl<Strides: At<I>, I> StrideEntry<Strides> for Old<I> {
    type Out = Strides::Out;
}

impl<Strides: At<I, Out = (S, E)>, I, S, E> StrideEntry<Strides> for Outer<I> {
    type Out = (E, E);
}

impl<Strides> StrideEntry<Strides> for UnitStride {
    type Out = (Num<U1, U0>, Num<U1, U0>);
}

/// A stride program (a list of entries) run on the input's dims and strides.
///
/// ```
/// use tensor_view::static_shape::{Cons, Index0, Index1, Nil, Num, Old, RunStrides, StrideValues};
/// use typenum::{U0, U1, U3};
/// type Program = Cons<Old<Index1>, Cons<Old<Index0>, Nil>>;
/// type Strides = Cons<(Num<U3, U0>, Num<U3, U0>), Cons<(Num<U1, U0>, Num<U3, U0>), Nil>>;
/// assert_eq!(<<Program as RunStrides<Strides>>::Out as StrideValues>::VALUES, &[1, 3]);
/// ```
pub trait RunStrides<Strides> {
    /// The strides of the result.
    type Out;
}

impl<Strides> RunStrides<Strides> for Nil {
    type Out = Nil;
}

impl<Strides, E: StrideEntry<Strides>, T: RunStrides<Strides>> RunStrides<Strides> for Cons<E, T> {
    type Out = Cons<E::Out, T::Out>;
}

/// The marker after an op that reorders the dims (`transpose!`, `permute!`,
/// `movedim!`) with stride program `Program`, for an input of dims `Dims` (a
/// tuple) and element count `Numel`: a row-major input gets its strides
/// recorded ([`KnownStrides`]), unless it is empty or partly dynamic (then
/// [`RuntimeStrides`], checked at run time as before).
///
/// ```
/// use tensor_view::{Layout, Shape};
/// use tensor_view::static_shape::{Cons, ContiguousStrides, Index0, Index1, Nil, Old, ReorderMarker};
/// use tensor_view::static_shape::{Static, StaticShape};
/// use typenum::{U2, U3, U6};
/// type Swap = Cons<Old<Index1>, Cons<Old<Index0>, Nil>>;
/// type Marker = <ContiguousStrides as ReorderMarker<U6, (U2, U3), Swap>>::Out;
/// assert_eq!(<Static<6, U6, (U3, U2), Marker> as StaticShape>::known_strides(), Some(&[1isize, 3][..]));
/// ```
pub trait ReorderMarker<Numel, Dims, Program> {
    /// The result's marker.
    type Out;
}

impl<Dims, Program> ReorderMarker<SymbolicCount, Dims, Program> for ContiguousStrides {
    type Out = RuntimeStrides;
}

impl<Dims, Program> ReorderMarker<UTerm, Dims, Program> for ContiguousStrides {
    type Out = RuntimeStrides;
}

impl<U, B, Dims: ToList, Program> ReorderMarker<UInt<U, B>, Dims, Program> for ContiguousStrides
where
    Dims::List: RowMajor,
    Program: RunStrides<<Dims::List as RowMajor>::Strides>,
{
    type Out = KnownStrides<Program::Out>;
}

impl<Numel, Dims, Program> ReorderMarker<Numel, Dims, Program> for RuntimeStrides {
    type Out = RuntimeStrides;
}

impl<Numel, Dims, Program: RunStrides<L>, L> ReorderMarker<Numel, Dims, Program>
    for KnownStrides<L>
{
    type Out = KnownStrides<Program::Out>;
}

/// The marker after `unsqueeze!` with stride program `Program`: row-major
/// stays row-major (unless empty, see [`UnsqueezeStrides`]), recorded
/// strides get the new dim's stride.
///
/// ```
/// use tensor_view::static_shape::{Cons, ContiguousStrides, Index0, Nil, Num, Old};
/// use tensor_view::static_shape::{Static, StaticShape, UnitStride, UnsqueezeMarker};
/// use typenum::{U0, U1, U3};
/// type AtEnd = Cons<Old<Index0>, Cons<UnitStride, Nil>>;
/// type Three = tensor_view::static_shape::KnownStrides<Cons<(Num<U1, U0>, Num<U3, U0>), Nil>>;
/// type Marker = <Three as UnsqueezeMarker<U3, (U3,), AtEnd>>::Out;
/// assert_eq!(<Static<3, U3, (U3, U1), Marker> as StaticShape>::known_strides(), Some(&[1isize, 1][..]));
/// let _: <ContiguousStrides as UnsqueezeMarker<U3, (U3,), AtEnd>>::Out = ContiguousStrides;
/// ```
pub trait UnsqueezeMarker<Numel, Dims, Program> {
    /// The result's marker.
    type Out;
}

impl<Numel: UnsqueezeStrides<ContiguousStrides>, Dims, Program>
    UnsqueezeMarker<Numel, Dims, Program> for ContiguousStrides
{
    type Out = Numel::Strides;
}

impl<Numel, Dims, Program> UnsqueezeMarker<Numel, Dims, Program> for RuntimeStrides {
    type Out = RuntimeStrides;
}

impl<Numel, Dims, Program: RunStrides<L>, L> UnsqueezeMarker<Numel, Dims, Program>
    for KnownStrides<L>
{
    type Out = KnownStrides<Program::Out>;
}

/// The marker after `squeeze!` of a dim of size `Size` (the dim goes only
/// when it is 1), with stride program `Program` (the strides kept then).
///
/// ```
/// use tensor_view::static_shape::{Cons, Index1, KnownStrides, Nil, Old, SqueezeMarker};
/// use typenum::{U1, U3, U4};
/// type Strides = KnownStrides<Cons<(U4, U4), Cons<(U1, U3), Nil>>>;
/// type Keep1 = Cons<Old<Index1>, Nil>;
/// let _: Option<<Strides as SqueezeMarker<U1, Keep1>>::Out> = None::<KnownStrides<Cons<(U1, U3), Nil>>>;
/// let _: Option<<Strides as SqueezeMarker<U3, Keep1>>::Out> = None::<Strides>;
/// ```
pub trait SqueezeMarker<Size, Program> {
    /// The result's marker.
    type Out;
}

impl<Size, Program> SqueezeMarker<Size, Program> for ContiguousStrides {
    type Out = ContiguousStrides;
}

impl<Size, Program> SqueezeMarker<Size, Program> for RuntimeStrides {
    type Out = RuntimeStrides;
}

impl<Size: SqueezeBySize, Program: RunStrides<L>, L> SqueezeMarker<Size, Program>
    for KnownStrides<L>
{
    type Out = Size::Pick<KnownStrides<Program::Out>, KnownStrides<L>>;
}
