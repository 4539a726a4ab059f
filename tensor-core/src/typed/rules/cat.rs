//! PyTorch's `cat` rule for two tuple shapes along a literal dim, decided
//! while compiling: the same rank, the same dims except at `DIM` (static
//! sizes equal, a named dim only against itself), and at `DIM` two static
//! sizes, which add (a `typenum` sum through the size table). Along a named
//! dim the sum of two run-time sizes is not a name, so it is refused.
//!
//! One impl of the leaf [`CatAt`] per (rank, dim) pair and one of
//! [`CatRanks`] per pair of different ranks, generated below; each other
//! pair of dims is one [`CatSame`] check on their kinds.

use std::ops::Add;

use super::at::Pos;
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::numbers::{InSizeTable, Readable};
use crate::typed::D;

/// `torch.cat((a, b), DIM)` of the shapes `Self` and `Other`: the result's dims.
///
/// ```
/// use tensor_view::{dims, typed::rules::CatWith, D};
/// dims!(B);
/// fn cat<X: CatWith<Y, -1, Out = O>, Y, O>() {}
/// cat::<(B, D<3>), (B, D<4>), (B, D<7>)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "zero-dimensional tensor (at position 0) cannot be concatenated",
    label = "concatenated here"
)]
pub trait CatWith<Other, const DIM: isize>: DimList {
    /// The concatenated shape.
    type Out: DimList;
}

/// Two shapes of different ranks.
#[diagnostic::on_unimplemented(
    message = "Tensors must have same number of dimensions: got {RA} and {RB}",
    label = "concatenated here"
)]
#[doc(hidden)]
pub trait CatRanks<L, R, const RA: usize, const RB: usize> {}

/// The dim `DIM` of the rank of `L` is in `[LO, HI]`: one impl per valid
/// dim, none for a dim out of range.
#[diagnostic::on_unimplemented(
    message = "Dimension out of range (expected to be in range of [{LO}, {HI}], but got {DIM})",
    label = "no such dim"
)]
#[doc(hidden)]
pub trait CatAt<L, R, const LO: isize, const HI: isize, const DIM: isize> {
    /// The dim's position, [`Pos`].
    type Pos;
}

/// The dims of two shapes of one rank (the pair `Self`) matched off the
/// position `P` (a [`Pos`]), and their cat.
#[doc(hidden)]
pub trait CatDims<P> {
    /// The concatenated shape.
    type Out: DimList;
}

/// Two static sizes off the cat dim `K`: equal, or PyTorch's message.
#[diagnostic::on_unimplemented(
    message = "Sizes of tensors must match except in dimension {K}. Expected size {N} but got size {M} for tensor number 1 in the list.",
    label = "concatenated here"
)]
#[doc(hidden)]
pub trait CatSizesMatch<const N: usize, const M: usize, const K: usize> {}
impl<const N: usize, const K: usize> CatSizesMatch<N, N, K> for () {}

/// Two dims off the cat dim when one is named: the same name, or PyTorch's
/// message with the names.
#[diagnostic::on_unimplemented(
    message = "Sizes of tensors must match except in dimension {K}. Expected size {N} but got size {M} for tensor number 1 in the list.",
    label = "concatenated here",
    note = "a named dim matches only itself"
)]
#[doc(hidden)]
pub trait CatNamesMatch<N, M, const K: usize> {}
impl<N, const K: usize> CatNamesMatch<N, N, K> for () {}

/// A static size written as a type, for [`CatNamesMatch`]'s message.
#[doc(hidden)]
pub struct Sized_<const N: usize>;

/// One pair of dims off the cat dim `K`, on their kinds.
#[doc(hidden)]
pub trait CatSame<const K: usize> {}
impl<const N: usize, const M: usize, const K: usize> CatSame<K> for (Fixed<N>, Fixed<M>) where
    (): CatSizesMatch<N, M, K>
{
}
impl<const K: usize> CatSame<K> for (Unit, Unit) {}
impl<const M: usize, const K: usize> CatSame<K> for (Unit, Fixed<M>) where (): CatSizesMatch<1, M, K>
{}
impl<const N: usize, const K: usize> CatSame<K> for (Fixed<N>, Unit) where (): CatSizesMatch<N, 1, K>
{}
impl<S, S2, const K: usize> CatSame<K> for (Named<S>, Named<S2>) where (): CatNamesMatch<S, S2, K> {}
impl<S, const M: usize, const K: usize> CatSame<K> for (Named<S>, Fixed<M>) where
    (): CatNamesMatch<S, Sized_<M>, K>
{
}
impl<S, const K: usize> CatSame<K> for (Named<S>, Unit) where (): CatNamesMatch<S, Sized_<1>, K> {}
impl<const N: usize, S, const K: usize> CatSame<K> for (Fixed<N>, Named<S>) where
    (): CatNamesMatch<Sized_<N>, S, K>
{
}
impl<S, const K: usize> CatSame<K> for (Unit, Named<S>) where (): CatNamesMatch<Sized_<1>, S, K> {}

/// A cat along a named dim: no impl.
#[diagnostic::on_unimplemented(
    message = "cat along the named dim `{Self}`: the sum of two run-time sizes is not a named dim",
    label = "concatenated here",
    note = "cat along a static dim, or cat the dynamic tensors: `Tensor::cat(&[a.into_dyn(), b.into_dyn()], dim)?`"
)]
#[doc(hidden)]
pub trait CatAlongStatic {}

/// The sizes of the cat dim, on the kinds of the two dims: their sum.
#[doc(hidden)]
pub trait CatSum {
    /// `D<N + M>` (through the size table).
    type Dim: Dim;
}
impl<const N: usize, const M: usize> CatSum for (Fixed<N>, Fixed<M>)
where
    D<N>: InSizeTable,
    D<M>: InSizeTable,
    <D<N> as InSizeTable>::Num: Add<<D<M> as InSizeTable>::Num>,
    <<D<N> as InSizeTable>::Num as Add<<D<M> as InSizeTable>::Num>>::Output: Readable,
{
    type Dim =
        <<<D<N> as InSizeTable>::Num as Add<<D<M> as InSizeTable>::Num>>::Output as Readable>::Dim;
}
impl<const M: usize> CatSum for (Unit, Fixed<M>)
where
    (Fixed<1>, Fixed<M>): CatSum,
{
    type Dim = <(Fixed<1>, Fixed<M>) as CatSum>::Dim;
}
impl<const N: usize> CatSum for (Fixed<N>, Unit)
where
    (Fixed<N>, Fixed<1>): CatSum,
{
    type Dim = <(Fixed<N>, Fixed<1>) as CatSum>::Dim;
}
impl CatSum for (Unit, Unit) {
    type Dim = D<2>;
}
impl<S: CatAlongStatic, X> CatSum for (Named<S>, X) {
    type Dim = D<0>;
}
impl<const N: usize, S: CatAlongStatic> CatSum for (Fixed<N>, Named<S>) {
    type Dim = D<0>;
}
impl<S: CatAlongStatic> CatSum for (Unit, Named<S>) {
    type Dim = D<0>;
}

/// The kind of a dim.
type KindOf<X> = <X as Dim>::Kind;

#[diagnostic::do_not_recommend]
impl<A0: Dim, X0: Dim> CatAt<(A0,), (X0,), -1, 0, 0> for () {
    type Pos = Pos<0>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, X0: Dim> CatAt<(A0,), (X0,), -1, 0, -1> for () {
    type Pos = Pos<0>;
}
impl<A0: Dim, X0: Dim> CatDims<Pos<0>> for ((A0,), (X0,))
where
    (KindOf<A0>, KindOf<X0>): CatSum,
{
    type Out = (<(KindOf<A0>, KindOf<X0>) as CatSum>::Dim,);
}
impl<A0: Dim, X0: Dim, const DIM: isize> CatWith<(X0,), DIM> for (A0,)
where
    (): CatAt<(A0,), (X0,), -1, 0, DIM>,
    ((A0,), (X0,)): CatDims<<() as CatAt<(A0,), (X0,), -1, 0, DIM>>::Pos>,
{
    type Out = <((A0,), (X0,)) as CatDims<<() as CatAt<(A0,), (X0,), -1, 0, DIM>>::Pos>>::Out;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> CatAt<(A0, A1), (X0, X1), -2, 1, 0> for () {
    type Pos = Pos<0>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> CatAt<(A0, A1), (X0, X1), -2, 1, -2> for () {
    type Pos = Pos<0>;
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> CatDims<Pos<0>> for ((A0, A1), (X0, X1))
where
    (KindOf<A1>, KindOf<X1>): CatSame<0>,
    (KindOf<A0>, KindOf<X0>): CatSum,
{
    type Out = (<(KindOf<A0>, KindOf<X0>) as CatSum>::Dim, A1);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> CatAt<(A0, A1), (X0, X1), -2, 1, 1> for () {
    type Pos = Pos<1>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> CatAt<(A0, A1), (X0, X1), -2, 1, -1> for () {
    type Pos = Pos<1>;
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> CatDims<Pos<1>> for ((A0, A1), (X0, X1))
where
    (KindOf<A0>, KindOf<X0>): CatSame<1>,
    (KindOf<A1>, KindOf<X1>): CatSum,
{
    type Out = (A0, <(KindOf<A1>, KindOf<X1>) as CatSum>::Dim);
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, const DIM: isize> CatWith<(X0, X1), DIM> for (A0, A1)
where
    (): CatAt<(A0, A1), (X0, X1), -2, 1, DIM>,
    ((A0, A1), (X0, X1)): CatDims<<() as CatAt<(A0, A1), (X0, X1), -2, 1, DIM>>::Pos>,
{
    type Out =
        <((A0, A1), (X0, X1)) as CatDims<<() as CatAt<(A0, A1), (X0, X1), -2, 1, DIM>>::Pos>>::Out;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim>
    CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, 0> for ()
{
    type Pos = Pos<0>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim>
    CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, -3> for ()
{
    type Pos = Pos<0>;
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim> CatDims<Pos<0>>
    for ((A0, A1, A2), (X0, X1, X2))
where
    (KindOf<A1>, KindOf<X1>): CatSame<0>,
    (KindOf<A2>, KindOf<X2>): CatSame<0>,
    (KindOf<A0>, KindOf<X0>): CatSum,
{
    type Out = (<(KindOf<A0>, KindOf<X0>) as CatSum>::Dim, A1, A2);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim>
    CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, 1> for ()
{
    type Pos = Pos<1>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim>
    CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, -2> for ()
{
    type Pos = Pos<1>;
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim> CatDims<Pos<1>>
    for ((A0, A1, A2), (X0, X1, X2))
where
    (KindOf<A0>, KindOf<X0>): CatSame<1>,
    (KindOf<A2>, KindOf<X2>): CatSame<1>,
    (KindOf<A1>, KindOf<X1>): CatSum,
{
    type Out = (A0, <(KindOf<A1>, KindOf<X1>) as CatSum>::Dim, A2);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim>
    CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, 2> for ()
{
    type Pos = Pos<2>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim>
    CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, -1> for ()
{
    type Pos = Pos<2>;
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim> CatDims<Pos<2>>
    for ((A0, A1, A2), (X0, X1, X2))
where
    (KindOf<A0>, KindOf<X0>): CatSame<2>,
    (KindOf<A1>, KindOf<X1>): CatSame<2>,
    (KindOf<A2>, KindOf<X2>): CatSum,
{
    type Out = (A0, A1, <(KindOf<A2>, KindOf<X2>) as CatSum>::Dim);
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim, const DIM: isize>
    CatWith<(X0, X1, X2), DIM> for (A0, A1, A2)
where
    (): CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, DIM>,
    ((A0, A1, A2), (X0, X1, X2)):
        CatDims<<() as CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, DIM>>::Pos>,
{
    type Out = <((A0, A1, A2), (X0, X1, X2)) as CatDims<
        <() as CatAt<(A0, A1, A2), (X0, X1, X2), -3, 2, DIM>>::Pos,
    >>::Out;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, 0> for ()
{
    type Pos = Pos<0>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, -4> for ()
{
    type Pos = Pos<0>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> CatDims<Pos<0>>
    for ((A0, A1, A2, A3), (X0, X1, X2, X3))
where
    (KindOf<A1>, KindOf<X1>): CatSame<0>,
    (KindOf<A2>, KindOf<X2>): CatSame<0>,
    (KindOf<A3>, KindOf<X3>): CatSame<0>,
    (KindOf<A0>, KindOf<X0>): CatSum,
{
    type Out = (<(KindOf<A0>, KindOf<X0>) as CatSum>::Dim, A1, A2, A3);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, 1> for ()
{
    type Pos = Pos<1>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, -3> for ()
{
    type Pos = Pos<1>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> CatDims<Pos<1>>
    for ((A0, A1, A2, A3), (X0, X1, X2, X3))
where
    (KindOf<A0>, KindOf<X0>): CatSame<1>,
    (KindOf<A2>, KindOf<X2>): CatSame<1>,
    (KindOf<A3>, KindOf<X3>): CatSame<1>,
    (KindOf<A1>, KindOf<X1>): CatSum,
{
    type Out = (A0, <(KindOf<A1>, KindOf<X1>) as CatSum>::Dim, A2, A3);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, 2> for ()
{
    type Pos = Pos<2>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, -2> for ()
{
    type Pos = Pos<2>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> CatDims<Pos<2>>
    for ((A0, A1, A2, A3), (X0, X1, X2, X3))
where
    (KindOf<A0>, KindOf<X0>): CatSame<2>,
    (KindOf<A1>, KindOf<X1>): CatSame<2>,
    (KindOf<A3>, KindOf<X3>): CatSame<2>,
    (KindOf<A2>, KindOf<X2>): CatSum,
{
    type Out = (A0, A1, <(KindOf<A2>, KindOf<X2>) as CatSum>::Dim, A3);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, 3> for ()
{
    type Pos = Pos<3>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, -1> for ()
{
    type Pos = Pos<3>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> CatDims<Pos<3>>
    for ((A0, A1, A2, A3), (X0, X1, X2, X3))
where
    (KindOf<A0>, KindOf<X0>): CatSame<3>,
    (KindOf<A1>, KindOf<X1>): CatSame<3>,
    (KindOf<A2>, KindOf<X2>): CatSame<3>,
    (KindOf<A3>, KindOf<X3>): CatSum,
{
    type Out = (A0, A1, A2, <(KindOf<A3>, KindOf<X3>) as CatSum>::Dim);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3), DIM> for (A0, A1, A2, A3)
where
    (): CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, DIM>,
    ((A0, A1, A2, A3), (X0, X1, X2, X3)):
        CatDims<<() as CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, DIM>>::Pos>,
{
    type Out = <((A0, A1, A2, A3), (X0, X1, X2, X3)) as CatDims<
        <() as CatAt<(A0, A1, A2, A3), (X0, X1, X2, X3), -4, 3, DIM>>::Pos,
    >>::Out;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, 0> for ()
{
    type Pos = Pos<0>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, -5> for ()
{
    type Pos = Pos<0>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatDims<Pos<0>> for ((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4))
where
    (KindOf<A1>, KindOf<X1>): CatSame<0>,
    (KindOf<A2>, KindOf<X2>): CatSame<0>,
    (KindOf<A3>, KindOf<X3>): CatSame<0>,
    (KindOf<A4>, KindOf<X4>): CatSame<0>,
    (KindOf<A0>, KindOf<X0>): CatSum,
{
    type Out = (<(KindOf<A0>, KindOf<X0>) as CatSum>::Dim, A1, A2, A3, A4);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, 1> for ()
{
    type Pos = Pos<1>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, -4> for ()
{
    type Pos = Pos<1>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatDims<Pos<1>> for ((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4))
where
    (KindOf<A0>, KindOf<X0>): CatSame<1>,
    (KindOf<A2>, KindOf<X2>): CatSame<1>,
    (KindOf<A3>, KindOf<X3>): CatSame<1>,
    (KindOf<A4>, KindOf<X4>): CatSame<1>,
    (KindOf<A1>, KindOf<X1>): CatSum,
{
    type Out = (A0, <(KindOf<A1>, KindOf<X1>) as CatSum>::Dim, A2, A3, A4);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, 2> for ()
{
    type Pos = Pos<2>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, -3> for ()
{
    type Pos = Pos<2>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatDims<Pos<2>> for ((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4))
where
    (KindOf<A0>, KindOf<X0>): CatSame<2>,
    (KindOf<A1>, KindOf<X1>): CatSame<2>,
    (KindOf<A3>, KindOf<X3>): CatSame<2>,
    (KindOf<A4>, KindOf<X4>): CatSame<2>,
    (KindOf<A2>, KindOf<X2>): CatSum,
{
    type Out = (A0, A1, <(KindOf<A2>, KindOf<X2>) as CatSum>::Dim, A3, A4);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, 3> for ()
{
    type Pos = Pos<3>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, -2> for ()
{
    type Pos = Pos<3>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatDims<Pos<3>> for ((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4))
where
    (KindOf<A0>, KindOf<X0>): CatSame<3>,
    (KindOf<A1>, KindOf<X1>): CatSame<3>,
    (KindOf<A2>, KindOf<X2>): CatSame<3>,
    (KindOf<A4>, KindOf<X4>): CatSame<3>,
    (KindOf<A3>, KindOf<X3>): CatSum,
{
    type Out = (A0, A1, A2, <(KindOf<A3>, KindOf<X3>) as CatSum>::Dim, A4);
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, 4> for ()
{
    type Pos = Pos<4>;
}
#[diagnostic::do_not_recommend]
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, -1> for ()
{
    type Pos = Pos<4>;
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    CatDims<Pos<4>> for ((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4))
where
    (KindOf<A0>, KindOf<X0>): CatSame<4>,
    (KindOf<A1>, KindOf<X1>): CatSame<4>,
    (KindOf<A2>, KindOf<X2>): CatSame<4>,
    (KindOf<A3>, KindOf<X3>): CatSame<4>,
    (KindOf<A4>, KindOf<X4>): CatSum,
{
    type Out = (A0, A1, A2, A3, <(KindOf<A4>, KindOf<X4>) as CatSum>::Dim);
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4), DIM> for (A0, A1, A2, A3, A4)
where
    (): CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, DIM>,
    ((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4)):
        CatDims<<() as CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, DIM>>::Pos>,
{
    type Out = <((A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4)) as CatDims<
        <() as CatAt<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), -5, 4, DIM>>::Pos,
    >>::Out;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, 0> for ()
{
    type Pos = Pos<0>;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, -6> for ()
{
    type Pos = Pos<0>;
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatDims<Pos<0>> for ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5))
where
    (KindOf<A1>, KindOf<X1>): CatSame<0>,
    (KindOf<A2>, KindOf<X2>): CatSame<0>,
    (KindOf<A3>, KindOf<X3>): CatSame<0>,
    (KindOf<A4>, KindOf<X4>): CatSame<0>,
    (KindOf<A5>, KindOf<X5>): CatSame<0>,
    (KindOf<A0>, KindOf<X0>): CatSum,
{
    type Out = (
        <(KindOf<A0>, KindOf<X0>) as CatSum>::Dim,
        A1,
        A2,
        A3,
        A4,
        A5,
    );
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, 1> for ()
{
    type Pos = Pos<1>;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, -5> for ()
{
    type Pos = Pos<1>;
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatDims<Pos<1>> for ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5))
where
    (KindOf<A0>, KindOf<X0>): CatSame<1>,
    (KindOf<A2>, KindOf<X2>): CatSame<1>,
    (KindOf<A3>, KindOf<X3>): CatSame<1>,
    (KindOf<A4>, KindOf<X4>): CatSame<1>,
    (KindOf<A5>, KindOf<X5>): CatSame<1>,
    (KindOf<A1>, KindOf<X1>): CatSum,
{
    type Out = (
        A0,
        <(KindOf<A1>, KindOf<X1>) as CatSum>::Dim,
        A2,
        A3,
        A4,
        A5,
    );
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, 2> for ()
{
    type Pos = Pos<2>;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, -4> for ()
{
    type Pos = Pos<2>;
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatDims<Pos<2>> for ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5))
where
    (KindOf<A0>, KindOf<X0>): CatSame<2>,
    (KindOf<A1>, KindOf<X1>): CatSame<2>,
    (KindOf<A3>, KindOf<X3>): CatSame<2>,
    (KindOf<A4>, KindOf<X4>): CatSame<2>,
    (KindOf<A5>, KindOf<X5>): CatSame<2>,
    (KindOf<A2>, KindOf<X2>): CatSum,
{
    type Out = (
        A0,
        A1,
        <(KindOf<A2>, KindOf<X2>) as CatSum>::Dim,
        A3,
        A4,
        A5,
    );
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, 3> for ()
{
    type Pos = Pos<3>;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, -3> for ()
{
    type Pos = Pos<3>;
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatDims<Pos<3>> for ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5))
where
    (KindOf<A0>, KindOf<X0>): CatSame<3>,
    (KindOf<A1>, KindOf<X1>): CatSame<3>,
    (KindOf<A2>, KindOf<X2>): CatSame<3>,
    (KindOf<A4>, KindOf<X4>): CatSame<3>,
    (KindOf<A5>, KindOf<X5>): CatSame<3>,
    (KindOf<A3>, KindOf<X3>): CatSum,
{
    type Out = (
        A0,
        A1,
        A2,
        <(KindOf<A3>, KindOf<X3>) as CatSum>::Dim,
        A4,
        A5,
    );
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, 4> for ()
{
    type Pos = Pos<4>;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, -2> for ()
{
    type Pos = Pos<4>;
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatDims<Pos<4>> for ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5))
where
    (KindOf<A0>, KindOf<X0>): CatSame<4>,
    (KindOf<A1>, KindOf<X1>): CatSame<4>,
    (KindOf<A2>, KindOf<X2>): CatSame<4>,
    (KindOf<A3>, KindOf<X3>): CatSame<4>,
    (KindOf<A5>, KindOf<X5>): CatSame<4>,
    (KindOf<A4>, KindOf<X4>): CatSum,
{
    type Out = (
        A0,
        A1,
        A2,
        A3,
        <(KindOf<A4>, KindOf<X4>) as CatSum>::Dim,
        A5,
    );
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, 5> for ()
{
    type Pos = Pos<5>;
}
#[diagnostic::do_not_recommend]
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, -1> for ()
{
    type Pos = Pos<5>;
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > CatDims<Pos<5>> for ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5))
where
    (KindOf<A0>, KindOf<X0>): CatSame<5>,
    (KindOf<A1>, KindOf<X1>): CatSame<5>,
    (KindOf<A2>, KindOf<X2>): CatSame<5>,
    (KindOf<A3>, KindOf<X3>): CatSame<5>,
    (KindOf<A4>, KindOf<X4>): CatSame<5>,
    (KindOf<A5>, KindOf<X5>): CatSum,
{
    type Out = (
        A0,
        A1,
        A2,
        A3,
        A4,
        <(KindOf<A5>, KindOf<X5>) as CatSum>::Dim,
    );
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4, X5), DIM> for (A0, A1, A2, A3, A4, A5)
where
    (): CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, DIM>,
    ((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5)):
        CatDims<<() as CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, DIM>>::Pos>,
{
    type Out = <((A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5)) as CatDims<
        <() as CatAt<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), -6, 5, DIM>>::Pos,
    >>::Out;
}
impl<X0: Dim, const DIM: isize> CatWith<(X0,), DIM> for ()
where
    (): CatRanks<(), (X0,), 0, 1>,
{
    type Out = ();
}
impl<X0: Dim, X1: Dim, const DIM: isize> CatWith<(X0, X1), DIM> for ()
where
    (): CatRanks<(), (X0, X1), 0, 2>,
{
    type Out = ();
}
impl<X0: Dim, X1: Dim, X2: Dim, const DIM: isize> CatWith<(X0, X1, X2), DIM> for ()
where
    (): CatRanks<(), (X0, X1, X2), 0, 3>,
{
    type Out = ();
}
impl<X0: Dim, X1: Dim, X2: Dim, X3: Dim, const DIM: isize> CatWith<(X0, X1, X2, X3), DIM> for ()
where
    (): CatRanks<(), (X0, X1, X2, X3), 0, 4>,
{
    type Out = ();
}
impl<X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4), DIM> for ()
where
    (): CatRanks<(), (X0, X1, X2, X3, X4), 0, 5>,
{
    type Out = ();
}
impl<X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4, X5), DIM> for ()
where
    (): CatRanks<(), (X0, X1, X2, X3, X4, X5), 0, 6>,
{
    type Out = ();
}
impl<A0: Dim, const DIM: isize> CatWith<(), DIM> for (A0,)
where
    (): CatRanks<(A0,), (), 1, 0>,
{
    type Out = ();
}
impl<A0: Dim, X0: Dim, X1: Dim, const DIM: isize> CatWith<(X0, X1), DIM> for (A0,)
where
    (): CatRanks<(A0,), (X0, X1), 1, 2>,
{
    type Out = ();
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, const DIM: isize> CatWith<(X0, X1, X2), DIM> for (A0,)
where
    (): CatRanks<(A0,), (X0, X1, X2), 1, 3>,
{
    type Out = ();
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, const DIM: isize> CatWith<(X0, X1, X2, X3), DIM>
    for (A0,)
where
    (): CatRanks<(A0,), (X0, X1, X2, X3), 1, 4>,
{
    type Out = ();
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4), DIM> for (A0,)
where
    (): CatRanks<(A0,), (X0, X1, X2, X3, X4), 1, 5>,
{
    type Out = ();
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4, X5), DIM> for (A0,)
where
    (): CatRanks<(A0,), (X0, X1, X2, X3, X4, X5), 1, 6>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, const DIM: isize> CatWith<(), DIM> for (A0, A1)
where
    (): CatRanks<(A0, A1), (), 2, 0>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, X0: Dim, const DIM: isize> CatWith<(X0,), DIM> for (A0, A1)
where
    (): CatRanks<(A0, A1), (X0,), 2, 1>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, const DIM: isize> CatWith<(X0, X1, X2), DIM>
    for (A0, A1)
where
    (): CatRanks<(A0, A1), (X0, X1, X2), 2, 3>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3), DIM> for (A0, A1)
where
    (): CatRanks<(A0, A1), (X0, X1, X2, X3), 2, 4>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4), DIM> for (A0, A1)
where
    (): CatRanks<(A0, A1), (X0, X1, X2, X3, X4), 2, 5>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4, X5), DIM> for (A0, A1)
where
    (): CatRanks<(A0, A1), (X0, X1, X2, X3, X4, X5), 2, 6>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, const DIM: isize> CatWith<(), DIM> for (A0, A1, A2)
where
    (): CatRanks<(A0, A1, A2), (), 3, 0>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, const DIM: isize> CatWith<(X0,), DIM> for (A0, A1, A2)
where
    (): CatRanks<(A0, A1, A2), (X0,), 3, 1>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, const DIM: isize> CatWith<(X0, X1), DIM>
    for (A0, A1, A2)
where
    (): CatRanks<(A0, A1, A2), (X0, X1), 3, 2>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3), DIM> for (A0, A1, A2)
where
    (): CatRanks<(A0, A1, A2), (X0, X1, X2, X3), 3, 4>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, const DIM: isize>
    CatWith<(X0, X1, X2, X3, X4), DIM> for (A0, A1, A2)
where
    (): CatRanks<(A0, A1, A2), (X0, X1, X2, X3, X4), 3, 5>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4, X5), DIM> for (A0, A1, A2)
where
    (): CatRanks<(A0, A1, A2), (X0, X1, X2, X3, X4, X5), 3, 6>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, const DIM: isize> CatWith<(), DIM> for (A0, A1, A2, A3)
where
    (): CatRanks<(A0, A1, A2, A3), (), 4, 0>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, const DIM: isize> CatWith<(X0,), DIM>
    for (A0, A1, A2, A3)
where
    (): CatRanks<(A0, A1, A2, A3), (X0,), 4, 1>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, const DIM: isize> CatWith<(X0, X1), DIM>
    for (A0, A1, A2, A3)
where
    (): CatRanks<(A0, A1, A2, A3), (X0, X1), 4, 2>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, const DIM: isize>
    CatWith<(X0, X1, X2), DIM> for (A0, A1, A2, A3)
where
    (): CatRanks<(A0, A1, A2, A3), (X0, X1, X2), 4, 3>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4), DIM> for (A0, A1, A2, A3)
where
    (): CatRanks<(A0, A1, A2, A3), (X0, X1, X2, X3, X4), 4, 5>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4, X5), DIM> for (A0, A1, A2, A3)
where
    (): CatRanks<(A0, A1, A2, A3), (X0, X1, X2, X3, X4, X5), 4, 6>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, const DIM: isize> CatWith<(), DIM>
    for (A0, A1, A2, A3, A4)
where
    (): CatRanks<(A0, A1, A2, A3, A4), (), 5, 0>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, const DIM: isize> CatWith<(X0,), DIM>
    for (A0, A1, A2, A3, A4)
where
    (): CatRanks<(A0, A1, A2, A3, A4), (X0,), 5, 1>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, const DIM: isize>
    CatWith<(X0, X1), DIM> for (A0, A1, A2, A3, A4)
where
    (): CatRanks<(A0, A1, A2, A3, A4), (X0, X1), 5, 2>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, const DIM: isize>
    CatWith<(X0, X1, X2), DIM> for (A0, A1, A2, A3, A4)
where
    (): CatRanks<(A0, A1, A2, A3, A4), (X0, X1, X2), 5, 3>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3), DIM> for (A0, A1, A2, A3, A4)
where
    (): CatRanks<(A0, A1, A2, A3, A4), (X0, X1, X2, X3), 5, 4>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4, X5), DIM> for (A0, A1, A2, A3, A4)
where
    (): CatRanks<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4, X5), 5, 6>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, const DIM: isize> CatWith<(), DIM>
    for (A0, A1, A2, A3, A4, A5)
where
    (): CatRanks<(A0, A1, A2, A3, A4, A5), (), 6, 0>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, X0: Dim, const DIM: isize>
    CatWith<(X0,), DIM> for (A0, A1, A2, A3, A4, A5)
where
    (): CatRanks<(A0, A1, A2, A3, A4, A5), (X0,), 6, 1>,
{
    type Out = ();
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, X0: Dim, X1: Dim, const DIM: isize>
    CatWith<(X0, X1), DIM> for (A0, A1, A2, A3, A4, A5)
where
    (): CatRanks<(A0, A1, A2, A3, A4, A5), (X0, X1), 6, 2>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2), DIM> for (A0, A1, A2, A3, A4, A5)
where
    (): CatRanks<(A0, A1, A2, A3, A4, A5), (X0, X1, X2), 6, 3>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3), DIM> for (A0, A1, A2, A3, A4, A5)
where
    (): CatRanks<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3), 6, 4>,
{
    type Out = ();
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        const DIM: isize,
    > CatWith<(X0, X1, X2, X3, X4), DIM> for (A0, A1, A2, A3, A4, A5)
where
    (): CatRanks<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4), 6, 5>,
{
    type Out = ();
}
