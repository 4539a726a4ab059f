//! PyTorch's `flatten(start_dim, end_dim)` of a tuple shape, decided
//! while compiling: the dims from `start_dim` to `end_dim` (wrapped as
//! PyTorch wraps them) become one dim, which is exactly what a view's
//! [`Infer`](crate::typed::Infer) over the same dims gives
//! (`typed::rules::view`'s merge, reused here): static sizes next to each
//! other multiplied (through the size table of `typed::numbers`), 1s
//! dropped, one named dim alone itself, static sizes only a `D<product>`
//! (`One` for 1), else a [`Merged`](crate::typed::Merged) dim of the
//! factors in order (a merged dim among them gives its factors):
//! `(B, T, D<768>)` flattened over `0..=1` is `(Merged<(B, T)>, D<768>)`.
//!
//! One impl of [`FlattenRange`] per (rank, start, end) with `start <=
//! end`, generated below; a start after the end matches none, with
//! PyTorch's message.

use typenum::{U0, U1};

use super::at::{At, Pos};
use super::view::{Cons, End, IsName, MergeDim, MergeOf, Name, Nil, Seg, Skeleton};
use crate::typed::dim::{Dim, One};
use crate::typed::list::DimList;
use crate::typed::numbers::Readable;

/// `flatten(START, END)` of the shape `Self`: the result's dims.
///
/// ```
/// use tensor_view::{dims, typed::{rules::Flatten, Merged}, One, D};
/// dims!(B, T);
/// fn flat<X: Flatten<S, E, Out = O>, const S: isize, const E: isize, O>() {}
/// flat::<(B, D<12>, D<64>), 1, -1, (B, D<768>)>();
/// flat::<(B, T, D<768>), 0, 1, (Merged<(B, T)>, D<768>)>();
/// flat::<(D<2>, B, One, D<3>, D<4>), 0, -1, (Merged<(D<2>, B, D<12>)>,)>();
/// flat::<(One, B, D<1>), 0, 2, (B,)>();
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

/// The one dim a run of dims (a [`Cons`] list) flattens to: the merge of
/// their skeleton's factors, as a view's `Infer` over named dims makes it.
#[doc(hidden)]
pub trait MergeRun {
    /// The dim.
    type Dim: Dim;
}
impl<L: Skeleton<(U1, U1, U0)>> MergeRun for L
where
    L::Out: RunFactors,
    MergeOf<<L::Out as RunFactors>::Out>: Readable,
{
    type Dim = <MergeOf<<L::Out as RunFactors>::Out> as Readable>::Dim;
}

/// A skeleton of dims with no `-1` as the factors a merge reads: each run
/// of static sizes its product, each named dim an [`IsName`], in order.
#[doc(hidden)]
pub trait RunFactors {
    /// The factors, a [`Cons`] list.
    type Out;
}
impl RunFactors for End {
    type Out = Nil;
}
impl<P, R: RunFactors> RunFactors for Seg<P, U1, U0, R> {
    type Out = Cons<P, R::Out>;
}
impl<S, R: RunFactors> RunFactors for Name<S, R> {
    type Out = Cons<IsName<S>, R::Out>;
}

/// No factor left once the 1s are dropped (a flatten of static 1s): one
/// static 1.
impl MergeDim for Nil {
    type Dim = One;
}

/// [`FlattenRange`] of the dims `before`, `merged` and `after` at the
/// (start, end) positions.
macro_rules! flatten_range {
    ($s:literal $e:literal; [$($b:ident)*] [$($m:ident)+] [$($a:ident)*]) => {
        impl<$($b: Dim,)* $($m: Dim,)+ $($a: Dim,)*> FlattenRange<($($b,)* $($m,)+ $($a,)*)>
            for (Pos<$s>, Pos<$e>)
        where
            flatten_range!(@cons $($m)+): MergeRun,
        {
            type Out = ($($b,)* <flatten_range!(@cons $($m)+) as MergeRun>::Dim, $($a,)*);
        }
    };
    (@cons) => { Nil };
    (@cons $first:ident $($rest:ident)*) => { Cons<$first, flatten_range!(@cons $($rest)*)> };
}
// Generated: for each rank r in 1..=6 and 0 <= s <= e < r, the dims
// before s, from s to e, and after e.
flatten_range!(0 0; [] [A0] []);
flatten_range!(0 0; [] [A0] [A1]);
flatten_range!(0 1; [] [A0 A1] []);
flatten_range!(1 1; [A0] [A1] []);
flatten_range!(0 0; [] [A0] [A1 A2]);
flatten_range!(0 1; [] [A0 A1] [A2]);
flatten_range!(0 2; [] [A0 A1 A2] []);
flatten_range!(1 1; [A0] [A1] [A2]);
flatten_range!(1 2; [A0] [A1 A2] []);
flatten_range!(2 2; [A0 A1] [A2] []);
flatten_range!(0 0; [] [A0] [A1 A2 A3]);
flatten_range!(0 1; [] [A0 A1] [A2 A3]);
flatten_range!(0 2; [] [A0 A1 A2] [A3]);
flatten_range!(0 3; [] [A0 A1 A2 A3] []);
flatten_range!(1 1; [A0] [A1] [A2 A3]);
flatten_range!(1 2; [A0] [A1 A2] [A3]);
flatten_range!(1 3; [A0] [A1 A2 A3] []);
flatten_range!(2 2; [A0 A1] [A2] [A3]);
flatten_range!(2 3; [A0 A1] [A2 A3] []);
flatten_range!(3 3; [A0 A1 A2] [A3] []);
flatten_range!(0 0; [] [A0] [A1 A2 A3 A4]);
flatten_range!(0 1; [] [A0 A1] [A2 A3 A4]);
flatten_range!(0 2; [] [A0 A1 A2] [A3 A4]);
flatten_range!(0 3; [] [A0 A1 A2 A3] [A4]);
flatten_range!(0 4; [] [A0 A1 A2 A3 A4] []);
flatten_range!(1 1; [A0] [A1] [A2 A3 A4]);
flatten_range!(1 2; [A0] [A1 A2] [A3 A4]);
flatten_range!(1 3; [A0] [A1 A2 A3] [A4]);
flatten_range!(1 4; [A0] [A1 A2 A3 A4] []);
flatten_range!(2 2; [A0 A1] [A2] [A3 A4]);
flatten_range!(2 3; [A0 A1] [A2 A3] [A4]);
flatten_range!(2 4; [A0 A1] [A2 A3 A4] []);
flatten_range!(3 3; [A0 A1 A2] [A3] [A4]);
flatten_range!(3 4; [A0 A1 A2] [A3 A4] []);
flatten_range!(4 4; [A0 A1 A2 A3] [A4] []);
flatten_range!(0 0; [] [A0] [A1 A2 A3 A4 A5]);
flatten_range!(0 1; [] [A0 A1] [A2 A3 A4 A5]);
flatten_range!(0 2; [] [A0 A1 A2] [A3 A4 A5]);
flatten_range!(0 3; [] [A0 A1 A2 A3] [A4 A5]);
flatten_range!(0 4; [] [A0 A1 A2 A3 A4] [A5]);
flatten_range!(0 5; [] [A0 A1 A2 A3 A4 A5] []);
flatten_range!(1 1; [A0] [A1] [A2 A3 A4 A5]);
flatten_range!(1 2; [A0] [A1 A2] [A3 A4 A5]);
flatten_range!(1 3; [A0] [A1 A2 A3] [A4 A5]);
flatten_range!(1 4; [A0] [A1 A2 A3 A4] [A5]);
flatten_range!(1 5; [A0] [A1 A2 A3 A4 A5] []);
flatten_range!(2 2; [A0 A1] [A2] [A3 A4 A5]);
flatten_range!(2 3; [A0 A1] [A2 A3] [A4 A5]);
flatten_range!(2 4; [A0 A1] [A2 A3 A4] [A5]);
flatten_range!(2 5; [A0 A1] [A2 A3 A4 A5] []);
flatten_range!(3 3; [A0 A1 A2] [A3] [A4 A5]);
flatten_range!(3 4; [A0 A1 A2] [A3 A4] [A5]);
flatten_range!(3 5; [A0 A1 A2] [A3 A4 A5] []);
flatten_range!(4 4; [A0 A1 A2 A3] [A4] [A5]);
flatten_range!(4 5; [A0 A1 A2 A3] [A4 A5] []);
flatten_range!(5 5; [A0 A1 A2 A3 A4] [A5] []);

#[cfg(test)]
mod tests {
    use super::Flatten;
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::{Merged, One, D};

    test_symbol!(B, crate::typenum::U111);
    test_symbol!(T, crate::typenum::U112);

    fn out<X: Flatten<S, E, Out = O>, const S: isize, const E: isize, O>() {}

    #[test]
    fn static_dims_multiply_and_ones_drop() {
        out::<(D<2>, D<3>, D<4>), 0, 1, (D<6>, D<4>)>();
        out::<(D<2>, D<3>, D<4>), -2, -1, (D<2>, D<12>)>();
        out::<(One, D<1>), 0, 1, (One,)>();
        out::<(D<1>,), 0, 0, (One,)>();
        out::<(D<0>, D<3>), 0, 1, (D<0>,)>();
    }

    #[test]
    fn named_dims_merge_as_a_views_infer_does() {
        out::<(B, T, D<768>), 0, 1, (Merged<(B, T)>, D<768>)>();
        out::<(B, T, D<768>), 1, 2, (B, Merged<(T, D<768>)>)>();
        out::<(D<2>, B, D<3>, D<4>, T), 0, -1, (Merged<(D<2>, B, D<12>, T)>,)>();
        out::<(One, B, D<1>), 0, -1, (B,)>();
        out::<(B, B), 0, 1, (Merged<(B, B)>,)>();
        out::<(B, D<0>), 0, 1, (Merged<(B, D<0>)>,)>();
        // a merged dim gives its factors
        out::<(Merged<(B, T)>, D<4>), 0, 1, (Merged<(B, T, D<4>)>,)>();
        out::<(Merged<(B, T)>, D<4>), 0, 0, (Merged<(B, T)>, D<4>)>();
        out::<(D<2>, Merged<(D<3>, B)>), 0, 1, (Merged<(D<6>, B)>,)>();
    }
}
