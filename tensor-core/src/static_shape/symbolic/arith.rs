//! Products of dims, for `flatten!` of a partly-dynamic tensor: `B` times
//! `12` is `12*B`, `B` times `T` is `B*T` (the symbols in the order of the
//! dims, the form `view!` gives the same dim), and a static 0 absorbs the
//! symbols.
//!
//! ```
//! use tensor_view::dims;
//! use tensor_view::static_shape::{DimKind, SCons, SNil, SymDim};
//! use typenum::{Prod, U1, U3};
//! dims!(B, T);
//! type BT = Prod<SymDim<U1, SCons<B, SNil>>, Prod<U3, SymDim<U1, SCons<T, SNil>>>>;
//! assert_eq!(<BT as DimKind>::text(), "3*B*T");
//! ```

use std::marker::PhantomData;
use std::ops::Mul;

use typenum::{Prod, UInt, UTerm};

use super::lists::{Reverse, ReverseOnto};
use super::shape::SymDim;

impl<C, L, U, B> Mul<UInt<U, B>> for SymDim<C, L>
where
    C: Mul<UInt<U, B>>,
{
    type Output = SymDim<Prod<C, UInt<U, B>>, L>;

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
    UInt<U, B>: Mul<C>,
{
    type Output = SymDim<Prod<UInt<U, B>, C>, L>;

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
    L1: Reverse,
    <L1 as Reverse>::Out: ReverseOnto<L2>,
{
    type Output = SymDim<Prod<C1, C2>, <<L1 as Reverse>::Out as ReverseOnto<L2>>::Out>;

    fn mul(self, _: SymDim<C2, L2>) -> Self::Output {
        SymDim(PhantomData)
    }
}
