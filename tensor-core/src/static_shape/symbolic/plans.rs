//! The verdicts of one `view!` of a partly-dynamic tensor, from the view's
//! skeleton (which the macro writes as types) and the input's.
//!
//! Two verdicts, each a `typenum` bit: `Count` (the static parts agree and
//! the view names the input's symbols, each as often, as PyTorch's `shape
//! '[..]' is invalid for input of size ..` demands for every size of the
//! symbols) and `Order` (the two skeletons are one: the symbols, and the
//! static sizes between them, in the input's order; see
//! [`Skeleton`](super::Skeleton)). The macro's per-call traits turn a `B0`
//! into PyTorch's message, printed with the input's own symbols.

use std::ops::{BitAnd, BitOr};

use typenum::{Bit, IsEqual};

use super::arith::NonOneFactor;
use super::exact_div::ExactDiv;
use super::lists::{Reverse, SCons, SNil, Skip, TakeOff, Zero};
use super::shape::SymDim;
use super::skeleton::Skeleton;
use super::verdicts::{
    Boundary, ContainsAll, DivVerdict, First, IsEmpty, IsZero, NonZero, StartsWithSegments,
    StartsWithSymbols,
};

/// Verdicts of a view without `-1` on the dims `Self`: the view's static
/// parts multiply to `K`, and its skeleton is `Syms` with the segments
/// `Segs`. `NT` is the input's static product. An input without elements
/// (a static 0) keeps every element's place whatever the order.
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::{ExactVerdicts, SCons, SNil, TypedShape};
/// use typenum::{B0, B1, U1, U6, U12};
/// dims!(B);
/// type D = <Shape![B, 2, 3] as TypedShape>::Dims;
/// let _: <D as ExactVerdicts<U6, U6, SCons<B, SNil>, SCons<U1, SCons<U6, SNil>>>>::Count = B1;
/// let _: <D as ExactVerdicts<U6, U12, SCons<B, SNil>, SCons<U1, SCons<U12, SNil>>>>::Count = B0;
/// let _: <D as ExactVerdicts<U6, U6, SCons<B, SNil>, SCons<U6, SCons<U1, SNil>>>>::Order = B0;
/// ```
pub trait ExactVerdicts<NT, K, Syms, Segs> {
    /// `B1` when the counts agree.
    type Count: Bit;
    /// `B1` when the order is kept.
    type Order: Bit;
}

/// The symbols of the input `D` are those of the view, as often.
type SameSymbols<D, Syms> = typenum::And<
    <<D as Skeleton>::FwdSyms as ContainsAll<Syms>>::Out,
    <<<D as Skeleton>::FwdSyms as ContainsAll<Syms>>::Rest as IsEmpty>::Out,
>;

/// The skeleton of the input `D` starts with the view's.
type StartsWith<D, Syms, Segs> = typenum::And<
    <<D as Skeleton>::FwdSyms as StartsWithSymbols<Syms>>::Out,
    <<D as Skeleton>::FwdSegs as StartsWithSegments<Segs>>::Out,
>;

impl<D, NT, K, Syms, Segs> ExactVerdicts<NT, K, Syms, Segs> for D
where
    D: Skeleton,
    NT: IsEqual<K> + IsZero,
    D::FwdSyms: ContainsAll<Syms> + StartsWithSymbols<Syms>,
    <D::FwdSyms as ContainsAll<Syms>>::Out:
        BitAnd<<<D::FwdSyms as ContainsAll<Syms>>::Rest as IsEmpty>::Out>,
    <D::FwdSyms as ContainsAll<Syms>>::Rest: IsEmpty,
    typenum::Eq<NT, K>: BitAnd<SameSymbols<D, Syms>>,
    typenum::And<typenum::Eq<NT, K>, SameSymbols<D, Syms>>: Bit,
    D::FwdSegs: StartsWithSegments<Segs>,
    <D::FwdSyms as StartsWithSymbols<Syms>>::Out:
        BitAnd<<D::FwdSegs as StartsWithSegments<Segs>>::Out>,
    <NT as IsZero>::Out: BitOr<StartsWith<D, Syms, Segs>>,
    typenum::Or<<NT as IsZero>::Out, StartsWith<D, Syms, Segs>>: Bit,
{
    type Count = typenum::And<typenum::Eq<NT, K>, SameSymbols<D, Syms>>;
    type Order = typenum::Or<<NT as IsZero>::Out, StartsWith<D, Syms, Segs>>;
}

/// What the view's side of a `-1` view says, as one type: the static
/// product `K` of its other dims (`KOk` is `B0` when it is zero, and `K` then
/// stands at 1), the number `PQ` of symbols it names and those symbols
/// `PQSyms`; before the `-1`, `P` symbols `PSyms`, whole segments `PSegs`
/// and the static part `Pe` in the segment the `-1` starts in; after it, in
/// reverse, `Q`, `QSyms`, `QSegs` and `Qe`; `PQe = Pe * Qe`.
#[allow(clippy::type_complexity)] // one marker holding the thirteen facts
pub struct InferTarget<K, KOk, PQ, PQSyms, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe>(
    std::marker::PhantomData<
        fn() -> (
            K,
            KOk,
            PQ,
            PQSyms,
            P,
            PSyms,
            PSegs,
            Pe,
            Q,
            QSyms,
            QSegs,
            Qe,
            PQe,
        ),
    >,
);

/// Verdicts and the inferred dim of a view with `-1` on the dims `Self`,
/// whose static product is `NT`, against the view's side `Target`
/// ([`InferTarget`]). The `-1` stands for the input's factors between the
/// view's parts before and after it, in order.
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::{InferTarget, InferVerdicts, SCons, SNil, Skip, TypedShape, Zero};
/// use typenum::{B1, U1, U400, U2};
/// dims!(B);
/// // [B, 16, 5, 5] viewed as [-1, 400]: the -1 is B.
/// type D = <Shape![B, 16, 5, 5] as TypedShape>::Dims;
/// type V = InferTarget<U400, B1, typenum::U0, SNil, Zero, SNil, SNil, U1, Zero, SNil, SNil, U400, U400>;
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

/// The items between the first `P` and the last `Q` of a list.
type Middle<L, P, Q> =
    <<<<L as TakeOff<P>>::Rest as Reverse>::Out as TakeOff<Q>>::Rest as Reverse>::Out;

impl<D, NT, K, KOk, PQ, PQSyms, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe>
    InferVerdicts<
        NT,
        InferTarget<K, KOk, PQ, PQSyms, P, PSyms, PSegs, Pe, Q, QSyms, QSegs, Qe, PQe>,
    > for D
where
    D: Skeleton,
    // Count: K divides NT, NT is not 0, and the input has the view's symbols.
    NT: DivVerdict<K> + NonZero,
    K: ExactDiv<NT>,
    D::Count: IsEqual<PQ>,
    D::FwdSyms: ContainsAll<PQSyms>,
    KOk: BitAnd<<NT as DivVerdict<K>>::Out>,
    typenum::And<KOk, <NT as DivVerdict<K>>::Out>: BitAnd<<NT as NonZero>::Out>,
    typenum::And<typenum::And<KOk, <NT as DivVerdict<K>>::Out>, <NT as NonZero>::Out>:
        BitAnd<<D::FwdSyms as ContainsAll<PQSyms>>::Out>,
    typenum::And<
        typenum::And<typenum::And<KOk, <NT as DivVerdict<K>>::Out>, <NT as NonZero>::Out>,
        <D::FwdSyms as ContainsAll<PQSyms>>::Out,
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
    // The inferred dim: the input's factors between the view's parts.
    <D::FwdSyms as TakeOff<P>>::Rest: Reverse,
    <<D::FwdSyms as TakeOff<P>>::Rest as Reverse>::Out: TakeOff<Q>,
    <<<D::FwdSyms as TakeOff<P>>::Rest as Reverse>::Out as TakeOff<Q>>::Rest: Reverse,
    <D::FwdSegs as TakeOff<P>>::Rest: Reverse,
    <<D::FwdSegs as TakeOff<P>>::Rest as Reverse>::Out: TakeOff<Q>,
    <<<D::FwdSegs as TakeOff<P>>::Rest as Reverse>::Out as TakeOff<Q>>::Rest: Reverse,
    Middle<D::FwdSyms, P, Q>:
        InferredDim<Middle<D::FwdSegs, P, Q>, Pe, Qe, <K as ExactDiv<NT>>::Quot>,
{
    type Count = typenum::And<
        typenum::And<typenum::And<KOk, <NT as DivVerdict<K>>::Out>, <NT as NonZero>::Out>,
        <D::FwdSyms as ContainsAll<PQSyms>>::Out,
    >;
    type Order =
        typenum::And<EdgesAnd<D, PSyms, PSegs, QSyms, QSegs>, BoundaryOf<D, P, Q, PQ, Pe, Qe, PQe>>;
    type Dim = <Middle<D::FwdSyms, P, Q> as InferredDim<
        Middle<D::FwdSegs, P, Q>,
        Pe,
        Qe,
        <K as ExactDiv<NT>>::Quot,
    >>::Dim;
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

/// The dim a `-1` stands for, from the input's symbols `Self` and segments
/// `Segs` it covers (one more than the symbols), the view's static parts
/// `Pe` and `Qe` at its two edges, and the static product `Quot` of the dim:
/// `Quot` alone when no symbol falls to it, else the factors in order (the
/// first segment over `Pe`, the symbols and the segments between them, the
/// last segment over `Qe`). Total: a view that fails its verdicts still
/// gets some dim, so that only its own message is reported.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{InferredDim, SCons, SNil, SymDim};
/// use typenum::{U1, U2, U5, U10, U12};
/// dims!(B, T);
/// // [2*B*5*T*12] viewed as [2, -1, 12]: the -1 is B*5*T.
/// type Segs = SCons<U2, SCons<U5, SCons<U12, SNil>>>;
/// type Syms = SCons<B, SCons<T, SNil>>;
/// let _: std::marker::PhantomData<<Syms as InferredDim<Segs, U2, U12, U5>>::Dim> =
///     std::marker::PhantomData::<SymDim<U5, SCons<B, SCons<U5, SCons<T, SNil>>>>>;
/// let _: <SNil as InferredDim<SCons<U10, SNil>, U2, U1, U5>>::Dim = U5::default();
/// ```
pub trait InferredDim<Segs, Pe, Qe, Quot> {
    /// The dim.
    type Dim;
}

impl<Segs, Pe, Qe, Quot> InferredDim<Segs, Pe, Qe, Quot> for SNil {
    type Dim = Quot;
}

/// The first item of a list, and the list without it.
type Head<L> = <L as First>::Out;
type Tail<L> = <L as TakeOff<Skip<Zero>>>::Rest;

impl<H, T, Segs, Pe, Qe, Quot> InferredDim<Segs, Pe, Qe, Quot> for SCons<H, T>
where
    Segs: First + TakeOff<Skip<Zero>>,
    Pe: ExactDiv<Head<Segs>>,
    SCons<H, T>: Interleave<Tail<Segs>, Qe>,
    <Pe as ExactDiv<Head<Segs>>>::Quot:
        NonOneFactor<<SCons<H, T> as Interleave<Tail<Segs>, Qe>>::Out>,
{
    type Dim = SymDim<
        Quot,
        <<Pe as ExactDiv<Head<Segs>>>::Quot as NonOneFactor<
            <SCons<H, T> as Interleave<Tail<Segs>, Qe>>::Out,
        >>::Out,
    >;
}

/// The symbols `Self` with the segments `Segs` after each of them, the last
/// segment over `Qe`, factors of 1 left out (a step of [`InferredDim`]).
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{Interleave, SCons, SNil};
/// use typenum::{U1, U3, U6};
/// dims!(B);
/// let _: <SCons<B, SNil> as Interleave<SCons<U6, SNil>, U3>>::Out =
///     SCons::<B, SCons<typenum::U2, SNil>>::new();
/// let _: <SCons<B, SNil> as Interleave<SCons<U6, SNil>, U6>>::Out = SCons::<B, SNil>::new();
/// ```
pub trait Interleave<Segs, Qe> {
    /// The factors.
    type Out;
}

impl<H, Segs, Qe> Interleave<Segs, Qe> for SCons<H, SNil>
where
    Segs: First,
    Qe: ExactDiv<Head<Segs>>,
    <Qe as ExactDiv<Head<Segs>>>::Quot: NonOneFactor<SNil>,
{
    type Out = SCons<H, <<Qe as ExactDiv<Head<Segs>>>::Quot as NonOneFactor<SNil>>::Out>;
}

impl<H, H2, T, Segs, Qe> Interleave<Segs, Qe> for SCons<H, SCons<H2, T>>
where
    Segs: First + TakeOff<Skip<Zero>>,
    SCons<H2, T>: Interleave<Tail<Segs>, Qe>,
    Head<Segs>: NonOneFactor<<SCons<H2, T> as Interleave<Tail<Segs>, Qe>>::Out>,
{
    type Out = SCons<
        H,
        <Head<Segs> as NonOneFactor<<SCons<H2, T> as Interleave<Tail<Segs>, Qe>>::Out>>::Out,
    >;
}
