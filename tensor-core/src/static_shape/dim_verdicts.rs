//! Verdicts on a typed tensor's dims, for the checks of the typed view ops:
//! small type functions from a dim (a `typenum` number or a named
//! [`SymDim`]) to [`DimFits`], [`DimMismatch`] or [`DimAtRunTime`]. A
//! per-call check trait, whose message is PyTorch's, is implemented only
//! for the verdicts that pass, so a failed check reads as PyTorch's message
//! and names a verdict type, never a `typenum` number.
//!
//! ```
//! use tensor_view::static_shape::{DimFits, DimMismatch, ExpandVerdict, SplitsBy};
//! use typenum::{U1, U3, U4, U12};
//! let _: <U1 as ExpandVerdict<U4>>::Verdict = DimFits;
//! let _: <U12 as SplitsBy<U4>>::Quot = U3::default();
//! let _: <U3 as ExpandVerdict<U4>>::Verdict = DimMismatch;
//! ```

use typenum::{Bit, IsEqual, IsGreaterOrEqual, UInt, UTerm, Unsigned, B0, B1, U1};

use super::diagnostics::Unchecked;
use super::symbolic::{ExactDiv, SCons, SNil, SymDim};

/// Verdict on one dim: the op is valid for it.
///
/// ```
/// use tensor_view::static_shape::{ExpandVerdict, DimFits};
/// use typenum::{U1, U4};
/// let _: <U1 as ExpandVerdict<U4>>::Verdict = DimFits;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DimFits;

/// Verdict on one dim: the op is invalid for it (a check reports it).
///
/// ```
/// use tensor_view::static_shape::{ExpandVerdict, DimMismatch};
/// use typenum::{U3, U4};
/// let _: <U3 as ExpandVerdict<U4>>::Verdict = DimMismatch;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DimMismatch;

/// Verdict on one dim: a named dim, whose size is known only at run time,
/// where the op checks it.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{DimAtRunTime, ExpandVerdict, SCons, SNil, SymDim};
/// dims!(B);
/// let _: <SymDim<typenum::U1, SCons<B, SNil>> as ExpandVerdict<typenum::U4>>::Verdict = DimAtRunTime;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DimAtRunTime;

/// [`DimFits`] for `B1`, [`DimMismatch`] for `B0`.
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimFitsIf};
/// let _: <typenum::B1 as DimFitsIf>::Verdict = DimFits;
/// ```
pub trait DimFitsIf {
    /// The verdict.
    type Verdict;
}

impl DimFitsIf for B1 {
    type Verdict = DimFits;
}

impl DimFitsIf for B0 {
    type Verdict = DimMismatch;
}

/// Whether a dim can be expanded to `Target` (a `typenum` number): PyTorch
/// expands a dim of size 1 to any size and keeps a dim of the target size;
/// any other size is an error. A named dim is checked at run time.
///
/// ```
/// use tensor_view::static_shape::{ExpandVerdict, DimFits, DimMismatch};
/// use typenum::{U0, U1, U3, U4};
/// let _: <U4 as ExpandVerdict<U4>>::Verdict = DimFits;
/// let _: <U1 as ExpandVerdict<U0>>::Verdict = DimFits;
/// let _: <U0 as ExpandVerdict<U3>>::Verdict = DimMismatch;
/// ```
pub trait ExpandVerdict<Target> {
    /// [`DimFits`], [`DimMismatch`] or [`DimAtRunTime`].
    type Verdict;
}

impl<Target> ExpandVerdict<Target> for UTerm
where
    UTerm: IsEqual<Target>,
    <UTerm as IsEqual<Target>>::Output: DimFitsIf,
{
    type Verdict = <<UTerm as IsEqual<Target>>::Output as DimFitsIf>::Verdict;
}

impl<U: Unsigned, B: Bit, Target> ExpandVerdict<Target> for UInt<U, B>
where
    UInt<U, B>: IsEqual<Target> + IsEqual<U1>,
    <UInt<U, B> as IsEqual<U1>>::Output: EitherBit<<UInt<U, B> as IsEqual<Target>>::Output>,
{
    type Verdict = <<UInt<U, B> as IsEqual<U1>>::Output as EitherBit<
        <UInt<U, B> as IsEqual<Target>>::Output,
    >>::Verdict;
}

impl<C, L, Target> ExpandVerdict<Target> for SymDim<C, L> {
    type Verdict = DimAtRunTime;
}

/// [`DimFits`] when either bit is set, else [`DimMismatch`].
///
/// ```
/// use tensor_view::static_shape::{EitherBit, DimFits};
/// let _: <typenum::B0 as EitherBit<typenum::B1>>::Verdict = DimFits;
/// ```
pub trait EitherBit<Other> {
    /// The verdict.
    type Verdict;
}

impl<Other> EitherBit<Other> for B1 {
    type Verdict = DimFits;
}

impl<Other: DimFitsIf> EitherBit<Other> for B0 {
    type Verdict = Other::Verdict;
}

/// Whether a dim has the size `K` (a `typenum` number): [`DimFits`] or
/// [`DimMismatch`]; a named dim is [`DimAtRunTime`].
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimMismatch, SizeIs};
/// use typenum::{U0, U3, U12};
/// let _: <U12 as SizeIs<U12>>::Verdict = DimFits;
/// let _: <U3 as SizeIs<U0>>::Verdict = DimMismatch;
/// ```
pub trait SizeIs<K> {
    /// The verdict.
    type Verdict;
}

impl<K> SizeIs<K> for UTerm
where
    UTerm: IsEqual<K>,
    <UTerm as IsEqual<K>>::Output: DimFitsIf,
{
    type Verdict = <<UTerm as IsEqual<K>>::Output as DimFitsIf>::Verdict;
}

impl<U: Unsigned, B: Bit, K> SizeIs<K> for UInt<U, B>
where
    UInt<U, B>: IsEqual<K>,
    <UInt<U, B> as IsEqual<K>>::Output: DimFitsIf,
{
    type Verdict = <<UInt<U, B> as IsEqual<K>>::Output as DimFitsIf>::Verdict;
}

impl<C, L, K> SizeIs<K> for SymDim<C, L> {
    type Verdict = DimAtRunTime;
}

/// Whether a dim is a multiple of `K` (a `typenum` number above 0), and the
/// quotient: the size of a `-1` that splits it. A named dim is
/// [`DimAtRunTime`] (its quotient is not meaningful).
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimMismatch, SplitsBy};
/// use typenum::{U5, U12, U64, U768};
/// let _: <U768 as SplitsBy<U12>>::Verdict = DimFits;
/// let _: <U768 as SplitsBy<U12>>::Quot = U64::default();
/// let _: <U12 as SplitsBy<U5>>::Verdict = DimMismatch;
/// ```
pub trait SplitsBy<K> {
    /// The verdict.
    type Verdict;
    /// `Self / K` when it divides.
    type Quot;
}

impl<K: ExactDiv<UTerm>> SplitsBy<K> for UTerm
where
    K::Fits: DimFitsIf,
{
    type Verdict = <K::Fits as DimFitsIf>::Verdict;
    type Quot = K::Quot;
}

impl<U, B, K: ExactDiv<UInt<U, B>>> SplitsBy<K> for UInt<U, B>
where
    K::Fits: DimFitsIf,
{
    type Verdict = <K::Fits as DimFitsIf>::Verdict;
    type Quot = K::Quot;
}

impl<C, L, K> SplitsBy<K> for SymDim<C, L> {
    type Verdict = DimAtRunTime;
    type Quot = UTerm;
}

/// Whether a dim is at least `K` (a `typenum` number): [`DimFits`] or
/// [`DimMismatch`]; a named dim is [`DimAtRunTime`].
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimMismatch, SizeAtLeast};
/// use typenum::{U2, U3};
/// let _: <U3 as SizeAtLeast<U2>>::Verdict = DimFits;
/// let _: <U2 as SizeAtLeast<U3>>::Verdict = DimMismatch;
/// ```
pub trait SizeAtLeast<K> {
    /// The verdict.
    type Verdict;
}

impl<K> SizeAtLeast<K> for UTerm
where
    UTerm: IsGreaterOrEqual<K>,
    <UTerm as IsGreaterOrEqual<K>>::Output: DimFitsIf,
{
    type Verdict = <<UTerm as IsGreaterOrEqual<K>>::Output as DimFitsIf>::Verdict;
}

impl<U: Unsigned, B: Bit, K> SizeAtLeast<K> for UInt<U, B>
where
    UInt<U, B>: IsGreaterOrEqual<K>,
    <UInt<U, B> as IsGreaterOrEqual<K>>::Output: DimFitsIf,
{
    type Verdict = <<UInt<U, B> as IsGreaterOrEqual<K>>::Output as DimFitsIf>::Verdict;
}

impl<C, L, K> SizeAtLeast<K> for SymDim<C, L> {
    type Verdict = DimAtRunTime;
}

/// Whether a dim is above 0: [`DimFits`] or [`DimMismatch`]; a named dim
/// is [`DimAtRunTime`].
///
/// ```
/// use tensor_view::static_shape::{DimMismatch, SizeNonZero};
/// let _: <typenum::U0 as SizeNonZero>::Verdict = DimMismatch;
/// ```
pub trait SizeNonZero {
    /// The verdict.
    type Verdict;
}

impl SizeNonZero for UTerm {
    type Verdict = DimMismatch;
}

impl<U, B> SizeNonZero for UInt<U, B> {
    type Verdict = DimFits;
}

impl<C, L> SizeNonZero for SymDim<C, L> {
    type Verdict = DimAtRunTime;
}

/// Whether a dim is static (a `typenum` number, [`DimFits`]) or named
/// ([`DimMismatch`]), for ops whose result type needs the dim's size.
///
/// ```
/// use tensor_view::static_shape::{DimFits, StaticDim};
/// let _: <typenum::U3 as StaticDim>::Verdict = DimFits;
/// ```
pub trait StaticDim {
    /// The verdict.
    type Verdict;
}

impl StaticDim for UTerm {
    type Verdict = DimFits;
}

impl<U, B> StaticDim for UInt<U, B> {
    type Verdict = DimFits;
}

impl<C, L> StaticDim for SymDim<C, L> {
    type Verdict = DimMismatch;
}

/// Whether a tensor's dims (a tuple, from [`InputDims`](super::InputDims)) are `Stated` (a
/// tuple of `typenum` numbers the macro wrote from a stated shape):
/// [`DimFits`] or [`DimMismatch`] (a named dim is never a stated number). A
/// dynamic tensor's [`Unchecked`] dims fit: its op is the dynamic one, which
/// checks everything at run time.
///
/// ```
/// use tensor_view::static_shape::{DimFits, DimMismatch, HasDims};
/// use typenum::{U2, U3};
/// let _: <(U2, U3) as HasDims<(U2, U3)>>::Verdict = DimFits;
/// let _: <(U2, U3) as HasDims<(U3, U2)>>::Verdict = DimMismatch;
/// let _: <(U2,) as HasDims<(U2, U3)>>::Verdict = DimMismatch;
/// ```
pub trait HasDims<Stated> {
    /// The verdict.
    type Verdict;
}

impl<Stated> HasDims<Stated> for Unchecked {
    type Verdict = DimFits;
}

/// Whether a dim is the static size `K`: a named dim never is.
///
/// ```
/// use tensor_view::static_shape::{DimFits, SameSize};
/// let _: <typenum::U4 as SameSize<typenum::U4>>::Verdict = DimFits;
/// ```
pub trait SameSize<K> {
    /// The verdict.
    type Verdict;
}

impl<K> SameSize<K> for UTerm
where
    UTerm: SizeIs<K>,
{
    type Verdict = <UTerm as SizeIs<K>>::Verdict;
}

impl<U, B, K> SameSize<K> for UInt<U, B>
where
    UInt<U, B>: SizeIs<K>,
{
    type Verdict = <UInt<U, B> as SizeIs<K>>::Verdict;
}

impl<C, L, K> SameSize<K> for SymDim<C, L> {
    type Verdict = DimMismatch;
}

/// Dims as a list (`SCons`/`SNil`), so that dims of any two ranks compare.
///
/// ```
/// use tensor_view::static_shape::{DimsList, SCons, SNil};
/// let _: Option<<(typenum::U2,) as DimsList>::List> = None::<SCons<typenum::U2, SNil>>;
/// ```
pub trait DimsList {
    /// The list.
    type List;
}

macro_rules! dims_list {
    ($($d:ident),*) => {
        impl<$($d),*> DimsList for ($($d,)*) {
            type List = dims_list!(@list $($d),*);
        }
    };
    (@list) => { SNil };
    (@list $head:ident $(, $rest:ident)*) => { SCons<$head, dims_list!(@list $($rest),*)> };
}

dims_list!();
dims_list!(A);
dims_list!(A, B);
dims_list!(A, B, C);
dims_list!(A, B, C, D);
dims_list!(A, B, C, D, E);
dims_list!(A, B, C, D, E, F);
dims_list!(A, B, C, D, E, F, G);
dims_list!(A, B, C, D, E, F, G, H);

/// Whether two lists of dims are equal, dim by dim.
///
/// ```
/// use tensor_view::static_shape::{DimFits, SCons, SNil, SameList};
/// let _: <SCons<typenum::U4, SNil> as SameList<SCons<typenum::U4, SNil>>>::Verdict = DimFits;
/// ```
pub trait SameList<Other> {
    /// The verdict.
    type Verdict;
}

impl SameList<SNil> for SNil {
    type Verdict = DimFits;
}

impl<H, T> SameList<SCons<H, T>> for SNil {
    type Verdict = DimMismatch;
}

impl<H, T> SameList<SNil> for SCons<H, T> {
    type Verdict = DimMismatch;
}

impl<A: SameSize<B>, TA: SameList<TB>, B, TB> SameList<SCons<B, TB>> for SCons<A, TA>
where
    A::Verdict: BothFit<TA::Verdict>,
{
    type Verdict = <A::Verdict as BothFit<TA::Verdict>>::Verdict;
}

/// [`DimFits`] when both verdicts are; else the first that is not.
///
/// ```
/// use tensor_view::static_shape::{BothFit, DimFits, DimMismatch};
/// let _: <DimFits as BothFit<DimMismatch>>::Verdict = DimMismatch;
/// ```
pub trait BothFit<Other> {
    /// The verdict.
    type Verdict;
}

impl<Other> BothFit<Other> for DimFits {
    type Verdict = Other;
}

impl<Other> BothFit<Other> for DimMismatch {
    type Verdict = DimMismatch;
}

impl<Other> BothFit<Other> for DimAtRunTime {
    type Verdict = DimAtRunTime;
}

impl<D: DimsList, Stated: DimsList> HasDims<Stated> for D
where
    D::List: SameList<Stated::List>,
{
    type Verdict = <D::List as SameList<Stated::List>>::Verdict;
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::{U0, U2, U3, U7};

    fn verdict<D: ExpandVerdict<Target, Verdict = V>, Target, V>() {}

    #[test]
    fn expand_verdicts_follow_pytorchs_rule() {
        verdict::<U1, U7, DimFits>();
        verdict::<U7, U7, DimFits>();
        verdict::<U0, U0, DimFits>();
        verdict::<U1, U0, DimFits>();
        verdict::<U2, U3, DimMismatch>();
        verdict::<U0, U1, DimMismatch>();
        verdict::<U3, U1, DimMismatch>();
    }
}
