//! The verdicts of one `view!` of a partly-dynamic tensor, from the view's
//! skeleton (which the macro writes as types) and the input's.
//!
//! Two verdicts, each a `typenum` bit: `Count` (the static parts and the
//! number of symbols agree, as PyTorch's `shape '[..]' is invalid for input
//! of size ..` demands) and `Order` (the symbols and the static sizes between
//! them stay in the input's order). The macro's per-call traits turn a `B0`
//! into PyTorch's message, printed with the input's own symbols.

use std::ops::{BitAnd, Div};

use typenum::{Bit, IsEqual, IsGreaterOrEqual, Quot};

use super::lists::{Reverse, TakeOff};
use super::shape::MakeDim;
use super::skeleton::Skeleton;
use super::verdicts::{
    Boundary, DivVerdict, First, NonZero, StartsWithSegments, StartsWithSymbols,
};

/// Verdicts of a view without `-1` on the dims `Self`: the view's static
/// parts multiply to `K`, it names `M` symbols, and its skeleton is `Syms`
/// with the segments `Segs`. `NT` is the input's static product.
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::{ExactVerdicts, SCons, SNil, TypedShape};
/// use typenum::{B0, B1, U1, U6, U12};
/// dims!(B);
/// type D = <Shape![B, 2, 3] as TypedShape>::Dims;
/// let _: <D as ExactVerdicts<U6, U6, U1, SCons<B, SNil>, SCons<U1, SCons<U6, SNil>>>>::Count = B1;
/// let _: <D as ExactVerdicts<U6, U12, U1, SCons<B, SNil>, SCons<U1, SCons<U12, SNil>>>>::Count = B0;
/// ```
pub trait ExactVerdicts<NT, K, M, Syms, Segs> {
    /// `B1` when the counts agree.
    type Count: Bit;
    /// `B1` when the order is kept.
    type Order: Bit;
}

impl<D, NT, K, M, Syms, Segs> ExactVerdicts<NT, K, M, Syms, Segs> for D
where
    D: Skeleton,
    NT: IsEqual<K>,
    D::Count: IsEqual<M>,
    typenum::Eq<NT, K>: BitAnd<typenum::Eq<D::Count, M>>,
    typenum::And<typenum::Eq<NT, K>, typenum::Eq<D::Count, M>>: Bit,
    D::FwdSyms: StartsWithSymbols<Syms>,
    D::FwdSegs: StartsWithSegments<Segs>,
    <D::FwdSyms as StartsWithSymbols<Syms>>::Out:
        BitAnd<<D::FwdSegs as StartsWithSegments<Segs>>::Out>,
    typenum::And<
        <D::FwdSyms as StartsWithSymbols<Syms>>::Out,
        <D::FwdSegs as StartsWithSegments<Segs>>::Out,
    >: Bit,
{
    type Count = typenum::And<typenum::Eq<NT, K>, typenum::Eq<D::Count, M>>;
    type Order = typenum::And<
        <D::FwdSyms as StartsWithSymbols<Syms>>::Out,
        <D::FwdSegs as StartsWithSegments<Segs>>::Out,
    >;
}

/// What the view's side of a `-1` view says, as one type: the static
/// product `K` of its other dims (`KOk` is `B0` when it is zero, and `K` then
/// stands at 1), the number `PQ` of symbols it names; before the `-1`, `P`
/// symbols `PSyms`, whole segments `PSegs` and the static part `Pe` in the
/// segment the `-1` starts in; after it, in reverse, `Q`, `QSyms`, `QSegs`
/// and `Qe`; `PQe = Pe * Qe`.
#[allow(clippy::type_complexity)] // one marker holding the twelve facts
pub struct InferTarget<K, KOk, PQ, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe>(
    std::marker::PhantomData<fn() -> (K, KOk, PQ, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe)>,
);

/// Verdicts and the inferred dim of a view with `-1` on the dims `Self`,
/// whose static product is `NT`, against the view's side `Target`
/// ([`InferTarget`]).
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::{InferTarget, InferVerdicts, SCons, SNil, Skip, TypedShape, Zero};
/// use typenum::{B1, U1, U400, U2};
/// dims!(B);
/// // [B, 16, 5, 5] viewed as [-1, 400]: the -1 is B.
/// type D = <Shape![B, 16, 5, 5] as TypedShape>::Dims;
/// type V = InferTarget<U400, B1, typenum::U0, Zero, SNil, SNil, U1, Zero, SNil, SNil, U400, U400>;
/// let _: <D as InferVerdicts<U400, V>>::Count = B1;
/// let _: <D as InferVerdicts<U400, V>>::Order = B1;
/// let _: std::marker::PhantomData<<D as InferVerdicts<U400, V>>::Dim> =
///     std::marker::PhantomData::<tensor_view::static_shape::SymDim<U1, SCons<B, SNil>>>;
/// ```
pub trait InferVerdicts<NT, Target> {
    /// `B1` when the counts agree.
    type Count: Bit;
    /// `B1` when the order is kept.
    type Order: Bit;
    /// The dim `-1` stands for.
    type Dim;
}

/// The symbols between the first `P` and the last `Q` of a list.
type Middle<L, P, Q> =
    <<<<L as TakeOff<P>>::Rest as Reverse>::Out as TakeOff<Q>>::Rest as Reverse>::Out;

impl<D, NT, K, KOk, PQ, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe>
    InferVerdicts<NT, InferTarget<K, KOk, PQ, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe>> for D
where
    D: Skeleton,
    // Count: K divides NT, NT is not 0, and the input has at least PQ symbols.
    NT: DivVerdict<K> + NonZero + Div<K>,
    D::Count: IsGreaterOrEqual<PQ> + IsEqual<PQ>,
    KOk: BitAnd<<NT as DivVerdict<K>>::Out>,
    typenum::And<KOk, <NT as DivVerdict<K>>::Out>: BitAnd<<NT as NonZero>::Out>,
    typenum::And<typenum::And<KOk, <NT as DivVerdict<K>>::Out>, <NT as NonZero>::Out>:
        BitAnd<typenum::GrEq<D::Count, PQ>>,
    typenum::And<
        typenum::And<typenum::And<KOk, <NT as DivVerdict<K>>::Out>, <NT as NonZero>::Out>,
        typenum::GrEq<D::Count, PQ>,
    >: Bit,
    // Order: the view's symbols and whole segments before and after the -1
    // are the input's, and the segments at its edges take its static parts.
    D::FwdSyms: StartsWithSymbols<PSyms> + TakeOff<P>,
    D::FwdSegs: StartsWithSegments<PSegs> + TakeOff<P>,
    D::RevSyms: StartsWithSymbols<QSyms>,
    D::RevSegs: StartsWithSegments<QSegs> + TakeOff<Q>,
    <D::FwdSegs as TakeOff<P>>::Rest: First,
    <D::RevSegs as TakeOff<Q>>::Rest: First,
    <<D::FwdSegs as TakeOff<P>>::Rest as First>::Out: Boundary<
        <<D::RevSegs as TakeOff<Q>>::Rest as First>::Out,
        typenum::Eq<D::Count, PQ>,
        Pe,
        Qe,
        PQe,
    >,
    <D::FwdSyms as StartsWithSymbols<PSyms>>::Out:
        BitAnd<<D::FwdSegs as StartsWithSegments<PSegs>>::Out>,
    <D::RevSyms as StartsWithSymbols<QSyms>>::Out:
        BitAnd<<D::RevSegs as StartsWithSegments<QSegs>>::Out>,
    typenum::And<
        <D::FwdSyms as StartsWithSymbols<PSyms>>::Out,
        <D::FwdSegs as StartsWithSegments<PSegs>>::Out,
    >: BitAnd<
        typenum::And<
            <D::RevSyms as StartsWithSymbols<QSyms>>::Out,
            <D::RevSegs as StartsWithSegments<QSegs>>::Out,
        >,
    >,
    EdgesAnd<D, PSyms, PSegs, QSyms, QSegs>: BitAnd<BoundaryOf<D, P, Q, PQ, Pe, Qe, PQe>>,
    typenum::And<EdgesAnd<D, PSyms, PSegs, QSyms, QSegs>, BoundaryOf<D, P, Q, PQ, Pe, Qe, PQe>>:
        Bit,
    // The inferred dim: NT / K times the symbols in between.
    <D::FwdSyms as TakeOff<P>>::Rest: Reverse,
    <<D::FwdSyms as TakeOff<P>>::Rest as Reverse>::Out: TakeOff<Q>,
    <<<D::FwdSyms as TakeOff<P>>::Rest as Reverse>::Out as TakeOff<Q>>::Rest: Reverse,
    Middle<D::FwdSyms, P, Q>: MakeDim<Quot<NT, K>>,
{
    type Count = typenum::And<
        typenum::And<typenum::And<KOk, <NT as DivVerdict<K>>::Out>, <NT as NonZero>::Out>,
        typenum::GrEq<D::Count, PQ>,
    >;
    type Order =
        typenum::And<EdgesAnd<D, PSyms, PSegs, QSyms, QSegs>, BoundaryOf<D, P, Q, PQ, Pe, Qe, PQe>>;
    type Dim = <Middle<D::FwdSyms, P, Q> as MakeDim<Quot<NT, K>>>::Dim;
}

/// Both edges of a `-1` view match the input (symbols and whole segments).
type EdgesAnd<D, PSyms, PSegs, QSyms, QSegs> = typenum::And<
    typenum::And<
        <<D as Skeleton>::FwdSyms as StartsWithSymbols<PSyms>>::Out,
        <<D as Skeleton>::FwdSegs as StartsWithSegments<PSegs>>::Out,
    >,
    typenum::And<
        <<D as Skeleton>::RevSyms as StartsWithSymbols<QSyms>>::Out,
        <<D as Skeleton>::RevSegs as StartsWithSegments<QSegs>>::Out,
    >,
>;

/// The segments at the edges of a `-1` take the view's static parts there.
type BoundaryOf<D, P, Q, PQ, Pe, Qe, PQe> =
    <<<<D as Skeleton>::FwdSegs as TakeOff<P>>::Rest as First>::Out as Boundary<
        <<<D as Skeleton>::RevSegs as TakeOff<Q>>::Rest as First>::Out,
        typenum::Eq<<D as Skeleton>::Count, PQ>,
        Pe,
        Qe,
        PQe,
    >>::Out;
