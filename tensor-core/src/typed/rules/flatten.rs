//! PyTorch's `flatten(start_dim, end_dim)` of a tuple shape, decided
//! while compiling: the dims from `start_dim` to `end_dim` (wrapped as
//! PyTorch wraps them) become one, their sizes multiplied (`typenum`
//! products through the size table of `typed::numbers`, read back as a
//! dim). A named dim among them is refused: the product of a name and a
//! size, or of two names, is not a dim of a tuple shape.
//!
//! One impl of [`FlattenRange`] per (rank, start, end) with `start <=
//! end`, generated below; a start after the end matches none, with
//! PyTorch's message.

use std::ops::Mul;

use typenum::U1;

use super::at::{At, Pos};
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::numbers::{InSizeTable, Readable};
use crate::typed::D;

/// `flatten(START, END)` of the shape `Self`: the result's dims.
///
/// ```
/// use tensor_view::{dims, typed::rules::Flatten, D};
/// dims!(B);
/// fn flat<X: Flatten<1, -1, Out = O>, O>() {}
/// flat::<(B, D<12>, D<64>), (B, D<768>)>();
/// ```
pub trait Flatten<const START: isize, const END: isize>: DimList {
    /// The flattened shape.
    type Out: DimList;
}
impl<L: At<START> + At<END>, const START: isize, const END: isize> Flatten<START, END> for L
where
    (<L as At<START>>::Pos, <L as At<END>>::Pos): FlattenRange<L>,
{
    type Out = <(<L as At<START>>::Pos, <L as At<END>>::Pos) as FlattenRange<L>>::Out;
}

/// The wrapped (start, end) pair of `L`'s dims: the flattened shape.
#[diagnostic::on_unimplemented(
    message = "flatten() has invalid args: start_dim cannot come after end_dim",
    label = "flattened here"
)]
#[doc(hidden)]
pub trait FlattenRange<L> {
    /// The flattened shape.
    type Out: DimList;
}

/// A named dim among the flattened ones: no impl.
#[diagnostic::on_unimplemented(
    message = "flatten over the named dim `{Self}`: a merged dim (`{Self}*..`) is not a dim of a tuple shape",
    label = "flattened here",
    note = "flatten static dims only, or write the merge with the `Shape!` form's `view!` (`view!(x, [-1, 768])`), or view at run time: `x.view_typed::<(..)>()?`"
)]
#[doc(hidden)]
pub trait FlattenStatic {}

/// The running product `Acc` times a dim of this kind.
#[doc(hidden)]
pub trait Times<Acc> {
    /// The product, a `typenum` number.
    type Num;
}
impl<Acc: Mul<<D<N> as InSizeTable>::Num>, const N: usize> Times<Acc> for Fixed<N>
where
    D<N>: InSizeTable,
{
    type Num = <Acc as Mul<<D<N> as InSizeTable>::Num>>::Output;
}
impl<Acc> Times<Acc> for Unit {
    type Num = Acc;
}
impl<Acc, S> Times<Acc> for Named<S> {
    type Num = Acc;
}

/// The kinds of the flattened dims, as a list `(kind, (kind, .. ()))`, are
/// static: the first named one is reported, once.
#[doc(hidden)]
pub trait AllStatic {}
impl AllStatic for () {}
impl<const N: usize, R: AllStatic> AllStatic for (Fixed<N>, R) {}
impl<R: AllStatic> AllStatic for (Unit, R) {}
impl<S: FlattenStatic, R> AllStatic for (Named<S>, R) {}

/// The kind of a dim.
type KindOf<X> = <X as Dim>::Kind;

impl<A0: Dim> FlattenRange<(A0,)> for (Pos<0>, Pos<0>)
where
    (KindOf<A0>, ()): AllStatic,
    KindOf<A0>: Times<U1>,
    <KindOf<A0> as Times<U1>>::Num: Readable,
{
    type Out = (<<KindOf<A0> as Times<U1>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim> FlattenRange<(A0, A1)> for (Pos<0>, Pos<0>)
where
    (KindOf<A0>, ()): AllStatic,
    KindOf<A0>: Times<U1>,
    <KindOf<A0> as Times<U1>>::Num: Readable,
{
    type Out = (<<KindOf<A0> as Times<U1>>::Num as Readable>::Dim, A1);
}
impl<A0: Dim, A1: Dim> FlattenRange<(A0, A1)> for (Pos<0>, Pos<1>)
where
    (KindOf<A0>, (KindOf<A1>, ())): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim> FlattenRange<(A0, A1)> for (Pos<1>, Pos<1>)
where
    (KindOf<A1>, ()): AllStatic,
    KindOf<A1>: Times<U1>,
    <KindOf<A1> as Times<U1>>::Num: Readable,
{
    type Out = (A0, <<KindOf<A1> as Times<U1>>::Num as Readable>::Dim);
}
impl<A0: Dim, A1: Dim, A2: Dim> FlattenRange<(A0, A1, A2)> for (Pos<0>, Pos<0>)
where
    (KindOf<A0>, ()): AllStatic,
    KindOf<A0>: Times<U1>,
    <KindOf<A0> as Times<U1>>::Num: Readable,
{
    type Out = (<<KindOf<A0> as Times<U1>>::Num as Readable>::Dim, A1, A2);
}
impl<A0: Dim, A1: Dim, A2: Dim> FlattenRange<(A0, A1, A2)> for (Pos<0>, Pos<1>)
where
    (KindOf<A0>, (KindOf<A1>, ())): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        <<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A2,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim> FlattenRange<(A0, A1, A2)> for (Pos<0>, Pos<2>)
where
    (KindOf<A0>, (KindOf<A1>, (KindOf<A2>, ()))): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim, A2: Dim> FlattenRange<(A0, A1, A2)> for (Pos<1>, Pos<1>)
where
    (KindOf<A1>, ()): AllStatic,
    KindOf<A1>: Times<U1>,
    <KindOf<A1> as Times<U1>>::Num: Readable,
{
    type Out = (A0, <<KindOf<A1> as Times<U1>>::Num as Readable>::Dim, A2);
}
impl<A0: Dim, A1: Dim, A2: Dim> FlattenRange<(A0, A1, A2)> for (Pos<1>, Pos<2>)
where
    (KindOf<A1>, (KindOf<A2>, ())): AllStatic,
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim> FlattenRange<(A0, A1, A2)> for (Pos<2>, Pos<2>)
where
    (KindOf<A2>, ()): AllStatic,
    KindOf<A2>: Times<U1>,
    <KindOf<A2> as Times<U1>>::Num: Readable,
{
    type Out = (A0, A1, <<KindOf<A2> as Times<U1>>::Num as Readable>::Dim);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<0>, Pos<0>)
where
    (KindOf<A0>, ()): AllStatic,
    KindOf<A0>: Times<U1>,
    <KindOf<A0> as Times<U1>>::Num: Readable,
{
    type Out = (
        <<KindOf<A0> as Times<U1>>::Num as Readable>::Dim,
        A1,
        A2,
        A3,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<0>, Pos<1>)
where
    (KindOf<A0>, (KindOf<A1>, ())): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        <<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A2,
        A3,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<0>, Pos<2>)
where
    (KindOf<A0>, (KindOf<A1>, (KindOf<A2>, ()))): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim, A3,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<0>, Pos<3>)
where
    (KindOf<A0>, (KindOf<A1>, (KindOf<A2>, (KindOf<A3>, ())))): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    KindOf<A3>: Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >,
    <KindOf<A3> as Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >>::Num: Readable,
{
    type Out = (
        <<KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<1>, Pos<1>)
where
    (KindOf<A1>, ()): AllStatic,
    KindOf<A1>: Times<U1>,
    <KindOf<A1> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A1> as Times<U1>>::Num as Readable>::Dim,
        A2,
        A3,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<1>, Pos<2>)
where
    (KindOf<A1>, (KindOf<A2>, ())): AllStatic,
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A3,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<1>, Pos<3>)
where
    (KindOf<A1>, (KindOf<A2>, (KindOf<A3>, ()))): AllStatic,
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>,
    <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (A0, <<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<2>, Pos<2>)
where
    (KindOf<A2>, ()): AllStatic,
    KindOf<A2>: Times<U1>,
    <KindOf<A2> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A2> as Times<U1>>::Num as Readable>::Dim,
        A3,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<2>, Pos<3>)
where
    (KindOf<A2>, (KindOf<A3>, ())): AllStatic,
    KindOf<A2>: Times<U1>,
    KindOf<A3>: Times<<KindOf<A2> as Times<U1>>::Num>,
    <KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> FlattenRange<(A0, A1, A2, A3)> for (Pos<3>, Pos<3>)
where
    (KindOf<A3>, ()): AllStatic,
    KindOf<A3>: Times<U1>,
    <KindOf<A3> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        <<KindOf<A3> as Times<U1>>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<0>, Pos<0>)
where
    KindOf<A0>: Times<U1>,
    <KindOf<A0> as Times<U1>>::Num: Readable,
{
    type Out = (
        <<KindOf<A0> as Times<U1>>::Num as Readable>::Dim,
        A1,
        A2,
        A3,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<0>, Pos<1>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        <<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A2,
        A3,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<0>, Pos<2>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim, A3, A4,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<0>, Pos<3>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    KindOf<A3>: Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >,
    <KindOf<A3> as Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >>::Num: Readable,
{
    type Out = (
        <<KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num as Readable>::Dim,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<0>, Pos<4>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    KindOf<A3>: Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >,
    KindOf<A4>: Times<
        <KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num,
    >,
    <KindOf<A4> as Times<
        <KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num,
    >>::Num: Readable,
{
    type Out =
        (
            <<KindOf<A4> as Times<
                <KindOf<A3> as Times<
                    <KindOf<A2> as Times<
                        <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num,
                    >>::Num,
                >>::Num,
            >>::Num as Readable>::Dim,
        );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<1>, Pos<1>)
where
    KindOf<A1>: Times<U1>,
    <KindOf<A1> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A1> as Times<U1>>::Num as Readable>::Dim,
        A2,
        A3,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<1>, Pos<2>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A3,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<1>, Pos<3>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>,
    <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (A0, <<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim, A4,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<1>, Pos<4>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>,
    KindOf<A4>: Times<
        <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
    >,
    <KindOf<A4> as Times<
        <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
    >>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A4> as Times<
            <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<2>, Pos<2>)
where
    KindOf<A2>: Times<U1>,
    <KindOf<A2> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A2> as Times<U1>>::Num as Readable>::Dim,
        A3,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<2>, Pos<3>)
where
    KindOf<A2>: Times<U1>,
    KindOf<A3>: Times<<KindOf<A2> as Times<U1>>::Num>,
    <KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<2>, Pos<4>)
where
    KindOf<A2>: Times<U1>,
    KindOf<A3>: Times<<KindOf<A2> as Times<U1>>::Num>,
    KindOf<A4>: Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>,
    <KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (A0, A1, <<KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<3>, Pos<3>)
where
    KindOf<A3>: Times<U1>,
    <KindOf<A3> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        <<KindOf<A3> as Times<U1>>::Num as Readable>::Dim,
        A4,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<3>, Pos<4>)
where
    KindOf<A3>: Times<U1>,
    KindOf<A4>: Times<<KindOf<A3> as Times<U1>>::Num>,
    <KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        <<KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> FlattenRange<(A0, A1, A2, A3, A4)>
    for (Pos<4>, Pos<4>)
where
    KindOf<A4>: Times<U1>,
    <KindOf<A4> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        A3,
        <<KindOf<A4> as Times<U1>>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<0>, Pos<0>)
where
    KindOf<A0>: Times<U1>,
    <KindOf<A0> as Times<U1>>::Num: Readable,
{
    type Out = (
        <<KindOf<A0> as Times<U1>>::Num as Readable>::Dim,
        A1,
        A2,
        A3,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<0>, Pos<1>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        <<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A2,
        A3,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<0>, Pos<2>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim, A3, A4, A5,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<0>, Pos<3>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    KindOf<A3>: Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >,
    <KindOf<A3> as Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >>::Num: Readable,
{
    type Out = (
        <<KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num as Readable>::Dim,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<0>, Pos<4>)
where
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    KindOf<A3>: Times<
        <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
    >,
    KindOf<A4>: Times<
        <KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num,
    >,
    <KindOf<A4> as Times<
        <KindOf<A3> as Times<
            <KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num,
    >>::Num: Readable,
{
    type Out =
        (
            <<KindOf<A4> as Times<
                <KindOf<A3> as Times<
                    <KindOf<A2> as Times<
                        <KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num,
                    >>::Num,
                >>::Num,
            >>::Num as Readable>::Dim,
            A5,
        );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5,)> for (Pos<0>, Pos<5>)
where
    (KindOf<A0>, (KindOf<A1>, (KindOf<A2>, (KindOf<A3>, (KindOf<A4>, (KindOf<A5>, ())))))): AllStatic,
    KindOf<A0>: Times<U1>,
    KindOf<A1>: Times<<KindOf<A0> as Times<U1>>::Num>,
    KindOf<A2>: Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num>,
    KindOf<A4>: Times<<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num>>::Num>,
    KindOf<A5>: Times<<KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num>>::Num>>::Num>,
    <KindOf<A5> as Times<<KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num>>::Num>>::Num>>::Num: Readable,
{
    type Out = (<<KindOf<A5> as Times<<KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<<KindOf<A0> as Times<U1>>::Num>>::Num>>::Num>>::Num>>::Num>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<1>, Pos<1>)
where
    KindOf<A1>: Times<U1>,
    <KindOf<A1> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A1> as Times<U1>>::Num as Readable>::Dim,
        A2,
        A3,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<1>, Pos<2>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    <KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A3,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<1>, Pos<3>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>,
    <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (A0, <<KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim, A4, A5,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<1>, Pos<4>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>,
    KindOf<A4>: Times<
        <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
    >,
    <KindOf<A4> as Times<
        <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
    >>::Num: Readable,
{
    type Out = (
        A0,
        <<KindOf<A4> as Times<
            <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num as Readable>::Dim,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<1>, Pos<5>)
where
    KindOf<A1>: Times<U1>,
    KindOf<A2>: Times<<KindOf<A1> as Times<U1>>::Num>,
    KindOf<A3>: Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>,
    KindOf<A4>: Times<
        <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
    >,
    KindOf<A5>: Times<
        <KindOf<A4> as Times<
            <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num,
    >,
    <KindOf<A5> as Times<
        <KindOf<A4> as Times<
            <KindOf<A3> as Times<<KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num,
    >>::Num: Readable,
{
    type Out =
        (
            A0,
            <<KindOf<A5> as Times<
                <KindOf<A4> as Times<
                    <KindOf<A3> as Times<
                        <KindOf<A2> as Times<<KindOf<A1> as Times<U1>>::Num>>::Num,
                    >>::Num,
                >>::Num,
            >>::Num as Readable>::Dim,
        );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<2>, Pos<2>)
where
    KindOf<A2>: Times<U1>,
    <KindOf<A2> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A2> as Times<U1>>::Num as Readable>::Dim,
        A3,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<2>, Pos<3>)
where
    KindOf<A2>: Times<U1>,
    KindOf<A3>: Times<<KindOf<A2> as Times<U1>>::Num>,
    <KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<2>, Pos<4>)
where
    KindOf<A2>: Times<U1>,
    KindOf<A3>: Times<<KindOf<A2> as Times<U1>>::Num>,
    KindOf<A4>: Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>,
    <KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (A0, A1, <<KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim, A5,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<2>, Pos<5>)
where
    KindOf<A2>: Times<U1>,
    KindOf<A3>: Times<<KindOf<A2> as Times<U1>>::Num>,
    KindOf<A4>: Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>,
    KindOf<A5>: Times<
        <KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num,
    >,
    <KindOf<A5> as Times<
        <KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num,
    >>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        <<KindOf<A5> as Times<
            <KindOf<A4> as Times<<KindOf<A3> as Times<<KindOf<A2> as Times<U1>>::Num>>::Num>>::Num,
        >>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<3>, Pos<3>)
where
    KindOf<A3>: Times<U1>,
    <KindOf<A3> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        <<KindOf<A3> as Times<U1>>::Num as Readable>::Dim,
        A4,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<3>, Pos<4>)
where
    KindOf<A3>: Times<U1>,
    KindOf<A4>: Times<<KindOf<A3> as Times<U1>>::Num>,
    <KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        <<KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num as Readable>::Dim,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<3>, Pos<5>)
where
    KindOf<A3>: Times<U1>,
    KindOf<A4>: Times<<KindOf<A3> as Times<U1>>::Num>,
    KindOf<A5>: Times<<KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num>,
    <KindOf<A5> as Times<<KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num>>::Num:
        Readable,
{
    type Out = (A0, A1, A2, <<KindOf<A5> as Times<<KindOf<A4> as Times<<KindOf<A3> as Times<U1>>::Num>>::Num>>::Num as Readable>::Dim,);
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<4>, Pos<4>)
where
    KindOf<A4>: Times<U1>,
    <KindOf<A4> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        A3,
        <<KindOf<A4> as Times<U1>>::Num as Readable>::Dim,
        A5,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<4>, Pos<5>)
where
    KindOf<A4>: Times<U1>,
    KindOf<A5>: Times<<KindOf<A4> as Times<U1>>::Num>,
    <KindOf<A5> as Times<<KindOf<A4> as Times<U1>>::Num>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        A3,
        <<KindOf<A5> as Times<<KindOf<A4> as Times<U1>>::Num>>::Num as Readable>::Dim,
    );
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> FlattenRange<(A0, A1, A2, A3, A4, A5)>
    for (Pos<5>, Pos<5>)
where
    KindOf<A5>: Times<U1>,
    <KindOf<A5> as Times<U1>>::Num: Readable,
{
    type Out = (
        A0,
        A1,
        A2,
        A3,
        A4,
        <<KindOf<A5> as Times<U1>>::Num as Readable>::Dim,
    );
}
