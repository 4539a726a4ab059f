//! `torch.matmul`'s shape rule, decided while compiling, for every pair of
//! ranks 1 to 6:
//!
//! - 1-D · 1-D: the dot product, a 0-d result;
//! - 2-D · 1-D and 1-D · 2-D: matrix-vector and vector-matrix products (the
//!   vector's dim goes);
//! - 2-D · 2-D: `mm`;
//! - at least 3-D · 1-D or 2-D: the batch dims of the first operand are
//!   kept (PyTorch folds them into the rows);
//! - otherwise a batched product: the batch dims (all but the last two,
//!   none for a 1-D or 2-D operand) broadcast by the [`Broadcast`] rule, then
//!   the rows of the first operand and the columns of the second.
//!
//! The inner dims (the last of the first operand, the first of a 1-D second
//! operand or the second-to-last of another) must be equal: two static
//! sizes are compared here; a named dim matches only itself (checked again
//! at run time, since two tensors typed `B` may hold different sizes); a
//! name against another name or a size is a compile error. `One` is the
//! static size 1 here (matmul's inner dims do not broadcast).
//!
//! Each case reports a mismatch by a leaf check of `matmul_checks.rs` in
//! PyTorch's words, with decimal sizes and the user's names. Where PyTorch
//! prints a number the types cannot compute (the rows of a folded operand,
//! the product of the batch dims) the message writes `R` and a note says
//! which shapes' dims `R` is the product of.

use super::Broadcast;
use crate::static_shape::Symbol;
use crate::typed::dim::{Dim, Fixed, Named};
use crate::typed::list::DimList;
use crate::typed::{One, D};

/// The shape of `torch.matmul(a, b)` for `a` of shape `Self` and `b` of
/// shape `Other`: [`Out`](Self::Out).
///
/// ```
/// use tensor_view::{dims, typed::rules::Matmul, D};
/// dims!(B, T);
/// fn out<X: Matmul<Y, Out = Z>, Y, Z>() {}
/// out::<(B, T, D<768>), (D<768>, D<3072>), (B, T, D<3072>)>();
/// out::<(D<3>,), (B, D<2>, D<3>, D<5>), (B, D<2>, D<5>)>();
/// out::<(D<4>,), (D<4>,), ()>();
/// ```
#[diagnostic::on_unimplemented(
    message = "both arguments to matmul need to be at least 1D, but they are 0D and 0D",
    label = "matmul of two 0-d tensors"
)]
pub trait Matmul<Other>: DimList {
    /// The result's shape.
    type Out: DimList;
}

/// A dim as the inner-dim checks see it: its kind, with `One` the static
/// size 1 (implemented for every dim).
#[doc(hidden)]
pub trait SizeKind: Dim {
    /// [`Fixed<N>`](Fixed) or [`Named<S>`](Named).
    type Of;
}
impl<const N: usize> SizeKind for D<N> {
    type Of = Fixed<N>;
}
impl SizeKind for One {
    type Of = Fixed<1>;
}
impl<S: Symbol> SizeKind for S {
    type Of = Named<S>;
}
impl<L: crate::typed::Factors> SizeKind for crate::typed::Merged<L> {
    type Of = Named<Self>;
}

/// The kind of the dim `X` for the checks.
type Size<X> = <X as SizeKind>::Of;

/// A shape with one more dim at its end.
#[doc(hidden)]
pub trait Push<X: Dim>: DimList {
    /// The longer shape.
    type Out: DimList;
}
macro_rules! push {
    ($($d:ident)*) => {
        impl<X: Dim, $($d: Dim),*> Push<X> for ($($d,)*) {
            type Out = ($($d,)* X,);
        }
    };
}
push!();
push!(A0);
push!(A0 A1);
push!(A0 A1 A2);
push!(A0 A1 A2 A3);
push!(A0 A1 A2 A3 A4);

macro_rules! case_trait {
    ($(#[$doc:meta])* $name:ident<$($p:ident),*>) => {
        $(#[$doc])*
        #[doc(hidden)]
        pub trait $name<$($p),*> {
            /// The result's shape, when the inner dims match.
            type Out: DimList;
        }
    };
}
case_trait!(
    /// 1-D · 1-D, on the kinds `(m, k)`.
    DotCheck<R>
);
case_trait!(
    /// 2-D · 1-D, on the kinds `(n, m, k)`.
    MvCheck<R>
);
case_trait!(
    /// 1-D · 2-D, on the kinds `(m, k, p)`.
    VmCheck<R>
);
case_trait!(
    /// 2-D · 2-D, on the kinds `(n, m, k, p)`.
    MmCheck<R>
);
case_trait!(
    /// At least 3-D · 1-D, on the kinds `(m, k)`; `A` the first shape.
    FoldedMvCheck<A, R>
);
case_trait!(
    /// At least 3-D · 2-D, on the kinds `(m, k, p)`; `A` the first shape.
    FoldedMmCheck<A, R>
);
case_trait!(
    /// A batched product, on the kinds `(m, k)`; `A`, `B` the shapes.
    BatchedCheck<A, B, R>
);

/// An operand of rank 0, `Self` and `Other` the shapes (no impl; two 0-d
/// operands have no impl of [`Matmul`] at all, whose message says so).
#[diagnostic::on_unimplemented(
    message = "both arguments to matmul need to be at least 1D, but they are {RA}D and {RB}D",
    label = "matmul of a 0-d tensor"
)]
#[doc(hidden)]
pub trait AtLeast1D<const RA: usize, const RB: usize, Other> {
    /// Never.
    type Out: DimList;
}

macro_rules! at_least_1d {
    ($ra:literal, $rb:literal; [$($a:ident)*] [$($b:ident)*]) => {
        impl<$($a: Dim,)* $($b: Dim,)*> Matmul<($($b,)*)> for ($($a,)*)
        where
            ($($a,)*): AtLeast1D<$ra, $rb, ($($b,)*)>,
        {
            type Out = <($($a,)*) as AtLeast1D<$ra, $rb, ($($b,)*)>>::Out;
        }
    };
}

macro_rules! dot {
    () => {
        impl<M: SizeKind, K: SizeKind> Matmul<(K,)> for (M,)
        where
            (Size<M>, Size<K>): DotCheck<()>,
        {
            type Out = <(Size<M>, Size<K>) as DotCheck<()>>::Out;
        }
    };
}

macro_rules! mv {
    () => {
        impl<N: SizeKind, M: SizeKind, K: SizeKind> Matmul<(K,)> for (N, M)
        where
            (Size<N>, Size<M>, Size<K>): MvCheck<(N,)>,
        {
            type Out = <(Size<N>, Size<M>, Size<K>) as MvCheck<(N,)>>::Out;
        }
    };
}

macro_rules! vm {
    () => {
        impl<M: SizeKind, K: SizeKind, P: SizeKind> Matmul<(K, P)> for (M,)
        where
            (Size<M>, Size<K>, Size<P>): VmCheck<(P,)>,
        {
            type Out = <(Size<M>, Size<K>, Size<P>) as VmCheck<(P,)>>::Out;
        }
    };
}

macro_rules! mm {
    () => {
        impl<N: SizeKind, M: SizeKind, K: SizeKind, P: SizeKind> Matmul<(K, P)> for (N, M)
        where
            (Size<N>, Size<M>, Size<K>, Size<P>): MmCheck<(N, P)>,
        {
            type Out = <(Size<N>, Size<M>, Size<K>, Size<P>) as MmCheck<(N, P)>>::Out;
        }
    };
}

macro_rules! folded_mv {
    ([$($a:ident)*]) => {
        impl<$($a: Dim,)* N: SizeKind, M: SizeKind, K: SizeKind> Matmul<(K,)> for ($($a,)* N, M)
        where
            (Size<M>, Size<K>): FoldedMvCheck<($($a,)* N, M), ($($a,)* N,)>,
        {
            type Out =
                <(Size<M>, Size<K>) as FoldedMvCheck<($($a,)* N, M), ($($a,)* N,)>>::Out;
        }
    };
}

macro_rules! folded_mm {
    ([$($a:ident)*]) => {
        impl<$($a: Dim,)* N: SizeKind, M: SizeKind, K: SizeKind, P: SizeKind> Matmul<(K, P)> for ($($a,)* N, M)
        where
            (Size<M>, Size<K>, Size<P>): FoldedMmCheck<($($a,)* N, M), ($($a,)* N, P)>,
        {
            type Out = <(Size<M>, Size<K>, Size<P>) as FoldedMmCheck<
                ($($a,)* N, M),
                ($($a,)* N, P),
            >>::Out;
        }
    };
}

macro_rules! vec_batched {
    ([$($b:ident)*]) => {
        impl<M: SizeKind, $($b: Dim,)* K: SizeKind, P: SizeKind> Matmul<($($b,)* K, P)> for (M,)
        where
            (Size<M>, Size<K>): BatchedCheck<(M,), ($($b,)* K, P), ($($b,)* P)>,
        {
            type Out =
                <(Size<M>, Size<K>) as BatchedCheck<(M,), ($($b,)* K, P), ($($b,)* P)>>::Out;
        }
    };
}

macro_rules! mat_batched {
    ([$($b:ident)*]) => {
        impl<N: SizeKind, M: SizeKind, $($b: Dim,)* K: SizeKind, P: SizeKind> Matmul<($($b,)* K, P)> for (N, M)
        where
            (Size<M>, Size<K>): BatchedCheck<(N, M), ($($b,)* K, P), ($($b,)* N, P)>,
        {
            type Out = <(Size<M>, Size<K>) as BatchedCheck<
                (N, M),
                ($($b,)* K, P),
                ($($b,)* N, P),
            >>::Out;
        }
    };
}

/// The batch dims broadcast, then the rows `N` and the columns `P`.
type BatchedOut<BA, BB, N, P> = <<<BA as Broadcast<BB>>::Out as Push<N>>::Out as Push<P>>::Out;

macro_rules! batched {
    ([$($a:ident)*] [$($b:ident)*]) => {
        impl<$($a: Dim,)* N: SizeKind, M: SizeKind, $($b: Dim,)* K: SizeKind, P: SizeKind> Matmul<($($b,)* K, P)>
            for ($($a,)* N, M)
        where
            ($($a,)*): Broadcast<($($b,)*)>,
            <($($a,)*) as Broadcast<($($b,)*)>>::Out: Push<N>,
            <<($($a,)*) as Broadcast<($($b,)*)>>::Out as Push<N>>::Out: Push<P>,
            (Size<M>, Size<K>): BatchedCheck<
                ($($a,)* N, M),
                ($($b,)* K, P),
                BatchedOut<($($a,)*), ($($b,)*), N, P>,
            >,
        {
            type Out = <(Size<M>, Size<K>) as BatchedCheck<
                ($($a,)* N, M),
                ($($b,)* K, P),
                BatchedOut<($($a,)*), ($($b,)*), N, P>,
            >>::Out;
        }
    };
}

// Every pair of ranks 0 to 6 (row: the first operand's rank) but 0 and 0.
at_least_1d!(0, 1; [] [B0]);
at_least_1d!(0, 2; [] [B0 B1]);
at_least_1d!(0, 3; [] [B0 B1 B2]);
at_least_1d!(0, 4; [] [B0 B1 B2 B3]);
at_least_1d!(0, 5; [] [B0 B1 B2 B3 B4]);
at_least_1d!(0, 6; [] [B0 B1 B2 B3 B4 B5]);
at_least_1d!(1, 0; [A0] []);
dot!();
vm!();
vec_batched!([B0]);
vec_batched!([B0 B1]);
vec_batched!([B0 B1 B2]);
vec_batched!([B0 B1 B2 B3]);
at_least_1d!(2, 0; [A0 A1] []);
mv!();
mm!();
mat_batched!([B0]);
mat_batched!([B0 B1]);
mat_batched!([B0 B1 B2]);
mat_batched!([B0 B1 B2 B3]);
at_least_1d!(3, 0; [A0 A1 A2] []);
folded_mv!([A0]);
folded_mm!([A0]);
batched!([A0][B0]);
batched!([A0] [B0 B1]);
batched!([A0] [B0 B1 B2]);
batched!([A0] [B0 B1 B2 B3]);
at_least_1d!(4, 0; [A0 A1 A2 A3] []);
folded_mv!([A0 A1]);
folded_mm!([A0 A1]);
batched!([A0 A1] [B0]);
batched!([A0 A1] [B0 B1]);
batched!([A0 A1] [B0 B1 B2]);
batched!([A0 A1] [B0 B1 B2 B3]);
at_least_1d!(5, 0; [A0 A1 A2 A3 A4] []);
folded_mv!([A0 A1 A2]);
folded_mm!([A0 A1 A2]);
batched!([A0 A1 A2] [B0]);
batched!([A0 A1 A2] [B0 B1]);
batched!([A0 A1 A2] [B0 B1 B2]);
batched!([A0 A1 A2] [B0 B1 B2 B3]);
at_least_1d!(6, 0; [A0 A1 A2 A3 A4 A5] []);
folded_mv!([A0 A1 A2 A3]);
folded_mm!([A0 A1 A2 A3]);
batched!([A0 A1 A2 A3] [B0]);
batched!([A0 A1 A2 A3] [B0 B1]);
batched!([A0 A1 A2 A3] [B0 B1 B2]);
batched!([A0 A1 A2 A3] [B0 B1 B2 B3]);
