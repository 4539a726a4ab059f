//! PyTorch's `cat` rule for tuple shapes along a literal dim, decided while
//! compiling: the same rank, the same dims except at `DIM` (static sizes
//! equal, a named dim only against itself), and at `DIM` static sizes, which
//! add (a `typenum` sum through the size table). Along a named dim the sum
//! of run-time sizes is not a name, so it is refused.
//!
//! A cat of more than two shapes ([`CatLists`]) folds [`CatWith`] from the
//! left: the first shape's dims, the cat dim summed, met by each next shape
//! in turn, whose number in the list ([`Nth`]) PyTorch's message quotes.
//!
//! The dim is wrapped by the shared [`DimAt`] (its message PyTorch's); one
//! impl of [`CatDims`] per (rank, dim) pair and one of [`CatRanks`] per
//! pair of different ranks are generated lines below; each other pair of
//! dims is one [`CatSame`] check on their kinds.

use std::ops::Add;

use super::at::{DimAt, Pos};
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::numbers::{InSizeTable, Readable};
use crate::typed::D;

/// `torch.cat((a, b), DIM)` of the shapes `Self` and `Other`: the result's
/// dims. `N` is `Other`'s number in the list of tensors ([`Nth`]; the
/// second, 1, by default), for PyTorch's message.
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
pub trait CatWith<Other, const DIM: isize, N = Nth<1>>: DimList {
    /// The concatenated shape.
    type Out: DimList;
}

/// The number of a tensor in the list of a cat, from 0.
#[doc(hidden)]
pub struct Nth<const K: usize>;

/// The number after a tensor's number.
#[doc(hidden)]
pub trait Next {
    /// `Nth<K + 1>`.
    type Next;
}
macro_rules! next {
    ($($k:literal $n:literal)*) => {
        $(impl Next for Nth<$k> {
            type Next = Nth<$n>;
        })*
    };
}
next!(1 2 2 3 3 4 4 5 5 6 6 7 7 8);

/// `torch.cat(Self, DIM)` of a tuple of shapes, folded from the left from
/// the tensor numbered `N`: the result's dims.
///
/// ```
/// use tensor_view::{typed::rules::{CatLists, Nth}, One, D};
/// fn cat<X: CatLists<0, Nth<1>, Out = O>, O>() {}
/// cat::<((D<2>, D<3>), (D<4>, D<3>), (One, D<3>)), (D<7>, D<3>)>();
/// ```
#[doc(hidden)]
pub trait CatLists<const DIM: isize, N> {
    /// The concatenated shape.
    type Out: DimList;
}
impl<L0: DimList, N, const DIM: isize> CatLists<DIM, N> for (L0,) {
    type Out = L0;
}
macro_rules! cat_lists {
    ($l0:ident $l1:ident $($rest:ident)*) => {
        impl<$l0: CatWith<$l1, DIM, N>, $l1, $($rest,)* N: Next, const DIM: isize> CatLists<DIM, N>
            for ($l0, $l1, $($rest,)*)
        where
            (<$l0 as CatWith<$l1, DIM, N>>::Out, $($rest,)*): CatLists<DIM, N::Next>,
        {
            type Out = <(<$l0 as CatWith<$l1, DIM, N>>::Out, $($rest,)*) as CatLists<DIM, N::Next>>::Out;
        }
    };
}
cat_lists!(L0 L1);
cat_lists!(L0 L1 L2);
cat_lists!(L0 L1 L2 L3);
cat_lists!(L0 L1 L2 L3 L4);
cat_lists!(L0 L1 L2 L3 L4 L5);
cat_lists!(L0 L1 L2 L3 L4 L5 L6);
cat_lists!(L0 L1 L2 L3 L4 L5 L6 L7);

/// Two shapes of different ranks.
#[diagnostic::on_unimplemented(
    message = "Tensors must have same number of dimensions: got {RA} and {RB}",
    label = "concatenated here"
)]
#[doc(hidden)]
pub trait CatRanks<L, R, const RA: usize, const RB: usize> {}

/// The dims of two shapes of one rank (the pair `Self`) matched off the
/// position `P` (a [`Pos`]), and their cat; the second is the tensor
/// numbered `N`.
#[doc(hidden)]
pub trait CatDims<P, N> {
    /// The concatenated shape.
    type Out: DimList;
}

/// Two static sizes off the cat dim `K`: equal, or PyTorch's message.
#[diagnostic::on_unimplemented(
    message = "Sizes of tensors must match except in dimension {K}. Expected size {N} but got size {M} for tensor number {T} in the list.",
    label = "concatenated here"
)]
#[doc(hidden)]
pub trait CatSizesMatch<const N: usize, const M: usize, const K: usize, const T: usize> {}
impl<const N: usize, const K: usize, const T: usize> CatSizesMatch<N, N, K, T> for () {}

/// Two dims off the cat dim when one is named: the same name, or PyTorch's
/// message with the names.
#[diagnostic::on_unimplemented(
    message = "Sizes of tensors must match except in dimension {K}. Expected size {N} but got size {M} for tensor number {T} in the list.",
    label = "concatenated here",
    note = "a named dim matches only itself"
)]
#[doc(hidden)]
pub trait CatNamesMatch<N, M, const K: usize, const T: usize> {}
impl<N, const K: usize, const T: usize> CatNamesMatch<N, N, K, T> for () {}

/// A static size written as a type, for [`CatNamesMatch`]'s message.
#[doc(hidden)]
pub struct Sized_<const N: usize>;

/// One pair of dims off the cat dim `K`, on their kinds; the second dim's
/// tensor is numbered `N`.
#[doc(hidden)]
pub trait CatSame<const K: usize, N> {}
impl<const N: usize, const M: usize, const K: usize, const T: usize> CatSame<K, Nth<T>>
    for (Fixed<N>, Fixed<M>)
where
    (): CatSizesMatch<N, M, K, T>,
{
}
impl<const K: usize, const T: usize> CatSame<K, Nth<T>> for (Unit, Unit) {}
impl<const M: usize, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Unit, Fixed<M>) where
    (): CatSizesMatch<1, M, K, T>
{
}
impl<const N: usize, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Fixed<N>, Unit) where
    (): CatSizesMatch<N, 1, K, T>
{
}
impl<S, S2, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Named<S>, Named<S2>) where
    (): CatNamesMatch<S, S2, K, T>
{
}
impl<S, const M: usize, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Named<S>, Fixed<M>) where
    (): CatNamesMatch<S, Sized_<M>, K, T>
{
}
impl<S, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Named<S>, Unit) where
    (): CatNamesMatch<S, Sized_<1>, K, T>
{
}
impl<const N: usize, S, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Fixed<N>, Named<S>) where
    (): CatNamesMatch<Sized_<N>, S, K, T>
{
}
impl<S, const K: usize, const T: usize> CatSame<K, Nth<T>> for (Unit, Named<S>) where
    (): CatNamesMatch<Sized_<1>, S, K, T>
{
}

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
/// The cat dim of two dims: their sum.
type Summed<A, X> = <(KindOf<A>, KindOf<X>) as CatSum>::Dim;

/// The cat of two shapes of one rank at the position `K`: the pairs of
/// dims off it the same, the pair at it summed.
macro_rules! cat_dims {
    ([$($a:ident)*] [$($x:ident)*] $k:literal: [$($sa:ident $sx:ident)*] ($ca:ident $cx:ident) => $out:ty) => {
        impl<$($a: Dim,)* $($x: Dim,)* N> CatDims<Pos<$k>, N> for (($($a,)*), ($($x,)*))
        where
            $((KindOf<$sa>, KindOf<$sx>): CatSame<$k, N>,)*
            (KindOf<$ca>, KindOf<$cx>): CatSum,
        {
            type Out = $out;
        }
    };
}

/// [`CatWith`] of two shapes of one rank: the dim wrapped by [`DimAt`],
/// the dims read through [`CatDims`].
macro_rules! cat_rank {
    ([$($a:ident)*] [$($x:ident)*] $lo:literal, $hi:literal) => {
        impl<$($a: Dim,)* $($x: Dim,)* N, const DIM: isize> CatWith<($($x,)*), DIM, N> for ($($a,)*)
        where
            (): DimAt<($($a,)*), $lo, $hi, DIM>,
            (($($a,)*), ($($x,)*)): CatDims<<() as DimAt<($($a,)*), $lo, $hi, DIM>>::Pos, N>,
        {
            type Out = <(($($a,)*), ($($x,)*)) as CatDims<<() as DimAt<($($a,)*), $lo, $hi, DIM>>::Pos, N>>::Out;
        }
    };
}

/// [`CatWith`] of two shapes of different ranks: PyTorch's message.
macro_rules! cat_ranks {
    ([$($a:ident)*] [$($x:ident)*] $ra:literal, $rb:literal) => {
        impl<$($a: Dim,)* $($x: Dim,)* N, const DIM: isize> CatWith<($($x,)*), DIM, N> for ($($a,)*)
        where
            (): CatRanks<($($a,)*), ($($x,)*), $ra, $rb>,
        {
            type Out = ();
        }
    };
}

// Every (rank, cat dim) pair: `[dims] [dims] k: [pairs off k] (pair at k) => result`.
cat_dims!([A0] [X0] 0: [] (A0 X0) => (Summed<A0, X0>,));
cat_dims!([A0 A1] [X0 X1] 0: [A1 X1] (A0 X0) => (Summed<A0, X0>, A1));
cat_dims!([A0 A1] [X0 X1] 1: [A0 X0] (A1 X1) => (A0, Summed<A1, X1>));
cat_dims!([A0 A1 A2] [X0 X1 X2] 0: [A1 X1 A2 X2] (A0 X0) => (Summed<A0, X0>, A1, A2));
cat_dims!([A0 A1 A2] [X0 X1 X2] 1: [A0 X0 A2 X2] (A1 X1) => (A0, Summed<A1, X1>, A2));
cat_dims!([A0 A1 A2] [X0 X1 X2] 2: [A0 X0 A1 X1] (A2 X2) => (A0, A1, Summed<A2, X2>));
cat_dims!([A0 A1 A2 A3] [X0 X1 X2 X3] 0: [A1 X1 A2 X2 A3 X3] (A0 X0) => (Summed<A0, X0>, A1, A2, A3));
cat_dims!([A0 A1 A2 A3] [X0 X1 X2 X3] 1: [A0 X0 A2 X2 A3 X3] (A1 X1) => (A0, Summed<A1, X1>, A2, A3));
cat_dims!([A0 A1 A2 A3] [X0 X1 X2 X3] 2: [A0 X0 A1 X1 A3 X3] (A2 X2) => (A0, A1, Summed<A2, X2>, A3));
cat_dims!([A0 A1 A2 A3] [X0 X1 X2 X3] 3: [A0 X0 A1 X1 A2 X2] (A3 X3) => (A0, A1, A2, Summed<A3, X3>));
cat_dims!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4] 0: [A1 X1 A2 X2 A3 X3 A4 X4] (A0 X0) => (Summed<A0, X0>, A1, A2, A3, A4));
cat_dims!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4] 1: [A0 X0 A2 X2 A3 X3 A4 X4] (A1 X1) => (A0, Summed<A1, X1>, A2, A3, A4));
cat_dims!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4] 2: [A0 X0 A1 X1 A3 X3 A4 X4] (A2 X2) => (A0, A1, Summed<A2, X2>, A3, A4));
cat_dims!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4] 3: [A0 X0 A1 X1 A2 X2 A4 X4] (A3 X3) => (A0, A1, A2, Summed<A3, X3>, A4));
cat_dims!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4] 4: [A0 X0 A1 X1 A2 X2 A3 X3] (A4 X4) => (A0, A1, A2, A3, Summed<A4, X4>));
cat_dims!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] 0: [A1 X1 A2 X2 A3 X3 A4 X4 A5 X5] (A0 X0) => (Summed<A0, X0>, A1, A2, A3, A4, A5));
cat_dims!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] 1: [A0 X0 A2 X2 A3 X3 A4 X4 A5 X5] (A1 X1) => (A0, Summed<A1, X1>, A2, A3, A4, A5));
cat_dims!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] 2: [A0 X0 A1 X1 A3 X3 A4 X4 A5 X5] (A2 X2) => (A0, A1, Summed<A2, X2>, A3, A4, A5));
cat_dims!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] 3: [A0 X0 A1 X1 A2 X2 A4 X4 A5 X5] (A3 X3) => (A0, A1, A2, Summed<A3, X3>, A4, A5));
cat_dims!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] 4: [A0 X0 A1 X1 A2 X2 A3 X3 A5 X5] (A4 X4) => (A0, A1, A2, A3, Summed<A4, X4>, A5));
cat_dims!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] 5: [A0 X0 A1 X1 A2 X2 A3 X3 A4 X4] (A5 X5) => (A0, A1, A2, A3, A4, Summed<A5, X5>));

// Every rank: its dims' range.
cat_rank!([A0][X0] - 1, 0);
cat_rank!([A0 A1] [X0 X1] -2, 1);
cat_rank!([A0 A1 A2] [X0 X1 X2] -3, 2);
cat_rank!([A0 A1 A2 A3] [X0 X1 X2 X3] -4, 3);
cat_rank!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4] -5, 4);
cat_rank!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4 X5] -6, 5);

// Every pair of different ranks.
cat_ranks!([] [X0] 0, 1);
cat_ranks!([] [X0 X1] 0, 2);
cat_ranks!([] [X0 X1 X2] 0, 3);
cat_ranks!([] [X0 X1 X2 X3] 0, 4);
cat_ranks!([] [X0 X1 X2 X3 X4] 0, 5);
cat_ranks!([] [X0 X1 X2 X3 X4 X5] 0, 6);
cat_ranks!([A0] [] 1, 0);
cat_ranks!([A0] [X0 X1] 1, 2);
cat_ranks!([A0] [X0 X1 X2] 1, 3);
cat_ranks!([A0] [X0 X1 X2 X3] 1, 4);
cat_ranks!([A0] [X0 X1 X2 X3 X4] 1, 5);
cat_ranks!([A0] [X0 X1 X2 X3 X4 X5] 1, 6);
cat_ranks!([A0 A1] [] 2, 0);
cat_ranks!([A0 A1] [X0] 2, 1);
cat_ranks!([A0 A1] [X0 X1 X2] 2, 3);
cat_ranks!([A0 A1] [X0 X1 X2 X3] 2, 4);
cat_ranks!([A0 A1] [X0 X1 X2 X3 X4] 2, 5);
cat_ranks!([A0 A1] [X0 X1 X2 X3 X4 X5] 2, 6);
cat_ranks!([A0 A1 A2] [] 3, 0);
cat_ranks!([A0 A1 A2] [X0] 3, 1);
cat_ranks!([A0 A1 A2] [X0 X1] 3, 2);
cat_ranks!([A0 A1 A2] [X0 X1 X2 X3] 3, 4);
cat_ranks!([A0 A1 A2] [X0 X1 X2 X3 X4] 3, 5);
cat_ranks!([A0 A1 A2] [X0 X1 X2 X3 X4 X5] 3, 6);
cat_ranks!([A0 A1 A2 A3] [] 4, 0);
cat_ranks!([A0 A1 A2 A3] [X0] 4, 1);
cat_ranks!([A0 A1 A2 A3] [X0 X1] 4, 2);
cat_ranks!([A0 A1 A2 A3] [X0 X1 X2] 4, 3);
cat_ranks!([A0 A1 A2 A3] [X0 X1 X2 X3 X4] 4, 5);
cat_ranks!([A0 A1 A2 A3] [X0 X1 X2 X3 X4 X5] 4, 6);
cat_ranks!([A0 A1 A2 A3 A4] [] 5, 0);
cat_ranks!([A0 A1 A2 A3 A4] [X0] 5, 1);
cat_ranks!([A0 A1 A2 A3 A4] [X0 X1] 5, 2);
cat_ranks!([A0 A1 A2 A3 A4] [X0 X1 X2] 5, 3);
cat_ranks!([A0 A1 A2 A3 A4] [X0 X1 X2 X3] 5, 4);
cat_ranks!([A0 A1 A2 A3 A4] [X0 X1 X2 X3 X4 X5] 5, 6);
cat_ranks!([A0 A1 A2 A3 A4 A5] [] 6, 0);
cat_ranks!([A0 A1 A2 A3 A4 A5] [X0] 6, 1);
cat_ranks!([A0 A1 A2 A3 A4 A5] [X0 X1] 6, 2);
cat_ranks!([A0 A1 A2 A3 A4 A5] [X0 X1 X2] 6, 3);
cat_ranks!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3] 6, 4);
cat_ranks!([A0 A1 A2 A3 A4 A5] [X0 X1 X2 X3 X4] 6, 5);
