//! Products of dims, for `flatten!` of a partly-dynamic tensor: the factors
//! of the left dim, then those of the right, in order (`B` times `12` is
//! `B*12`, `12` times `B` is `12*B`, `B` times `T` is `B*T`), in the one form
//! `Shape!` writes (static factors side by side multiplied, factors of 1 left
//! out), and a static 0 absorbs the symbols.
//!
//! ```
//! use tensor_view::dims;
//! use tensor_view::static_shape::{DimKind, SCons, SNil, SymDim};
//! use typenum::{Prod, U1, U3};
//! dims!(B, T);
//! type BT = Prod<SymDim<U1, SCons<B, SNil>>, Prod<U3, SymDim<U1, SCons<T, SNil>>>>;
//! assert_eq!(<BT as DimKind>::text(), "B*3*T");
//! // A factor of 1 leaves a dim as it is.
//! let _: std::marker::PhantomData<Prod<SymDim<U1, SCons<B, SNil>>, U1>> =
//!     std::marker::PhantomData::<SymDim<U1, SCons<B, SNil>>>;
//! ```

use std::marker::PhantomData;
use std::ops::Mul;

use typenum::{Bit, Prod, UInt, UTerm, B1};

use super::lists::{SCons, SNil};
use super::shape::SymDim;
use super::symbol::Symbol;

impl<C, L, U, B> Mul<UInt<U, B>> for SymDim<C, L>
where
    C: Mul<UInt<U, B>>,
    UInt<U, B>: NonOneFactor<SNil>,
    L: AppendFactors<<UInt<U, B> as NonOneFactor<SNil>>::Out>,
{
    type Output = SymDim<Prod<C, UInt<U, B>>, L::Out>;

    fn mul(self, _: UInt<U, B>) -> Self::Output {
        SymDim(PhantomData)
    }
}

impl<C, L> Mul<UTerm> for SymDim<C, L> {
    type Output = UTerm;

    fn mul(self, zero: UTerm) -> UTerm {
        zero
    }
}

impl<U, B, C, L> Mul<SymDim<C, L>> for UInt<U, B>
where
    UInt<U, B>: Mul<C> + PrependFactor<L>,
{
    type Output = SymDim<Prod<UInt<U, B>, C>, <UInt<U, B> as PrependFactor<L>>::Out>;

    fn mul(self, _: SymDim<C, L>) -> Self::Output {
        SymDim(PhantomData)
    }
}

impl<C, L> Mul<SymDim<C, L>> for UTerm {
    type Output = UTerm;

    fn mul(self, _: SymDim<C, L>) -> UTerm {
        self
    }
}

impl<C1, L1, C2, L2> Mul<SymDim<C2, L2>> for SymDim<C1, L1>
where
    C1: Mul<C2>,
    L1: AppendFactors<L2>,
{
    type Output = SymDim<Prod<C1, C2>, L1::Out>;

    fn mul(self, _: SymDim<C2, L2>) -> Self::Output {
        SymDim(PhantomData)
    }
}

/// The factor list `Self` followed by the list `L`, a static factor at the
/// end of `Self` multiplied into one at the start of `L`.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{AppendFactors, SCons, SNil};
/// use typenum::{U2, U3, U6};
/// dims!(B, T);
/// type Left = SCons<B, SCons<U2, SNil>>;
/// let _: <Left as AppendFactors<SCons<U3, SCons<T, SNil>>>>::Out =
///     SCons::<B, SCons<U6, SCons<T, SNil>>>::new();
/// ```
pub trait AppendFactors<L> {
    /// The joined list.
    type Out;
}

impl<L> AppendFactors<L> for SNil {
    type Out = L;
}

impl<H: Symbol, L> AppendFactors<L> for SCons<H, SNil> {
    type Out = SCons<H, L>;
}

impl<U, B, L> AppendFactors<L> for SCons<UInt<U, B>, SNil>
where
    UInt<U, B>: PrependFactor<L>,
{
    type Out = <UInt<U, B> as PrependFactor<L>>::Out;
}

impl<H, X, T, L> AppendFactors<L> for SCons<H, SCons<X, T>>
where
    SCons<X, T>: AppendFactors<L>,
{
    type Out = SCons<H, <SCons<X, T> as AppendFactors<L>>::Out>;
}

/// The static factor `Self` put before the factor list `L`: multiplied into
/// a static factor that starts `L`, left out when it is 1.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{PrependFactor, SCons, SNil};
/// use typenum::{U1, U4};
/// dims!(B);
/// let _: <U4 as PrependFactor<SCons<B, SNil>>>::Out = SCons::<U4, SCons<B, SNil>>::new();
/// let _: <U1 as PrependFactor<SCons<B, SNil>>>::Out = SCons::<B, SNil>::new();
/// ```
pub trait PrependFactor<L> {
    /// The list with the factor in front.
    type Out;
}

impl<N, U, B, T> PrependFactor<SCons<UInt<U, B>, T>> for N
where
    N: Mul<UInt<U, B>>,
    Prod<N, UInt<U, B>>: PrependFactor<T>,
{
    type Out = <Prod<N, UInt<U, B>> as PrependFactor<T>>::Out;
}

impl<N: NonOneFactor<SCons<H, T>>, H: Symbol, T> PrependFactor<SCons<H, T>> for N {
    type Out = N::Out;
}

impl<N: NonOneFactor<SNil>> PrependFactor<SNil> for N {
    type Out = N::Out;
}

/// `SCons<Self, L>`, or `L` when `Self` is 1 (a factor of 1 is left out).
///
/// ```
/// use tensor_view::static_shape::{NonOneFactor, SCons, SNil};
/// let _: <typenum::U1 as NonOneFactor<SNil>>::Out = SNil;
/// let _: <typenum::U3 as NonOneFactor<SNil>>::Out = SCons::<typenum::U3, SNil>::new();
/// ```
pub trait NonOneFactor<L> {
    /// The list.
    type Out;
}

impl<L> NonOneFactor<L> for UInt<UTerm, B1> {
    type Out = L;
}

impl<L> NonOneFactor<L> for UTerm {
    type Out = SCons<UTerm, L>;
}

impl<L, U, B: Bit, X> NonOneFactor<L> for UInt<UInt<U, B>, X> {
    type Out = SCons<UInt<UInt<U, B>, X>, L>;
}
