//! `squeeze`'s rule, PyTorch's: `squeeze(dim)` removes the dim when it holds
//! one element and leaves the tensor as it is otherwise (no error), and
//! `squeeze()` removes every dim of one element. Dims wrap as PyTorch wraps
//! them (a 0-d tensor takes `0` and `-1`).
//!
//! Each dim's verdict comes from its kind:
//! - `One` is [`Removed`];
//! - `D<N>` is [`Removed`] for 1 and [`Kept`] otherwise, compared with 1 through
//!   the size table of `typed::numbers` (a trait cannot tell `D<1>` from
//!   `D<N>` otherwise);
//! - a named dim is [`AtRunTime`]: the type keeps it. PyTorch would drop it
//!   for a run-time size of 1, which the type cannot say, so the op checks
//!   the size at run time and returns an error rather than a tensor whose
//!   type lies about its shape.

use typenum::{UInt, UTerm, B1};

use super::at::At;
use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;
use crate::typed::numbers::InSizeTable;
use crate::typed::D;

/// The dim holds one element: squeezed away.
#[doc(hidden)]
pub struct Removed;
/// The dim holds another static number of elements: left as it is.
#[doc(hidden)]
pub struct Kept;
/// A named dim: kept in the type, its size checked at run time.
#[doc(hidden)]
pub struct AtRunTime;

/// `squeeze(DIM)` of the shape `Self`: whether the dim is removed.
///
/// ```
/// use tensor_view::{typed::rules::Squeeze, One, D};
/// fn squeezes<X: Squeeze<DIM>, const DIM: isize>() {}
/// squeezes::<(D<2>, One), -1>();
/// squeezes::<(D<2>, D<3>), 0>(); // a size other than 1: the shape stays
/// squeezes::<(), 0>(); // a 0-d tensor takes 0 and -1, as in PyTorch
/// ```
pub trait Squeeze<const DIM: isize>: DimList {
    /// [`Removed`], [`Kept`] or [`AtRunTime`].
    #[doc(hidden)]
    type Verdict;
}

/// A dim's verdict from its kind.
#[doc(hidden)]
pub trait SqueezeLane {
    /// [`Removed`], [`Kept`] or [`AtRunTime`].
    type Verdict;
}
impl SqueezeLane for Unit {
    type Verdict = Removed;
}
impl<S> SqueezeLane for Named<S> {
    type Verdict = AtRunTime;
}
impl<const N: usize> SqueezeLane for Fixed<N>
where
    (): StaticSqueeze<N>,
{
    type Verdict = <() as StaticSqueeze<N>>::Verdict;
}

/// `D<N>` compared with 1 through the size table.
#[diagnostic::on_unimplemented(
    message = "squeeze(): the size {N} is outside the sizes a typed squeeze compares with 1",
    label = "this squeeze needs to know whether the dim holds one element",
    note = "the table holds every size to 2048, multiples of 32 to 32768 and of 256 to 262144, and common vocabulary sizes",
    note = "write a dim of one element as `One`, or squeeze at run time: `x.clone().into_dyn().squeeze_dim(dim)?`"
)]
#[doc(hidden)]
pub trait StaticSqueeze<const N: usize> {
    /// [`Removed`] or [`Kept`].
    type Verdict;
}
#[diagnostic::do_not_recommend]
impl<const N: usize> StaticSqueeze<N> for ()
where
    D<N>: InSizeTable,
    <D<N> as InSizeTable>::Num: IsOne,
{
    type Verdict = <<D<N> as InSizeTable>::Num as IsOne>::Verdict;
}

/// A `typenum` number against 1.
#[doc(hidden)]
pub trait IsOne {
    /// [`Removed`] for 1, [`Kept`] else.
    type Verdict;
}
impl IsOne for UTerm {
    type Verdict = Kept;
}
impl IsOne for UInt<UTerm, B1> {
    type Verdict = Removed;
}
impl<U, B, C> IsOne for UInt<UInt<U, B>, C> {
    type Verdict = Kept;
}

/// A 0-d tensor's dims for `squeeze`: `0` and `-1`, as in PyTorch.
#[diagnostic::on_unimplemented(
    message = "Dimension out of range (expected to be in range of [-1, 0], but got {DIM})",
    label = "no such dim"
)]
#[doc(hidden)]
pub trait ScalarDim<const DIM: isize> {}
impl ScalarDim<0> for () {}
impl ScalarDim<-1> for () {}

impl<const DIM: isize> Squeeze<DIM> for ()
where
    (): ScalarDim<DIM>,
{
    type Verdict = Kept;
}

/// `squeeze()` of the shape `Self`: its dims without the static ones of
/// one element (a named dim stays in the type; see [`Squeeze`]).
///
/// ```
/// use tensor_view::{dims, typed::rules::SqueezeAll, One, D};
/// dims!(B);
/// fn squeezed<X: SqueezeAll<Out = Y>, Y>() {}
/// squeezed::<(One, B, D<1>, D<3>), (B, D<3>)>();
/// ```
pub trait SqueezeAll: DimList {
    /// The dims left.
    type Out: DimList;
}

/// The rest of a squeezed shape with the dim `H` put back or not.
#[doc(hidden)]
pub trait KeepIf<H, Rest> {
    /// `Rest` or `(H, ..Rest)`.
    type Out: DimList;
}
impl<H, Rest: DimList> KeepIf<H, Rest> for Removed {
    type Out = Rest;
}
impl<H: Dim, Rest: Front<H>> KeepIf<H, Rest> for Kept {
    type Out = Rest::Out;
}
impl<H: Dim, Rest: Front<H>> KeepIf<H, Rest> for AtRunTime {
    type Out = Rest::Out;
}

/// A shape with the dim `H` put first.
#[doc(hidden)]
pub trait Front<H> {
    /// `(H, ..Self)`.
    type Out: DimList;
}

impl SqueezeAll for () {
    type Out = ();
}

macro_rules! squeeze {
    ($a0:ident $($a:ident)*) => {
        impl<$a0: Dim, $($a: Dim,)* const DIM: isize> Squeeze<DIM> for ($a0, $($a,)*)
        where
            Self: At<DIM>,
            <<Self as At<DIM>>::Lane as Dim>::Kind: SqueezeLane,
        {
            type Verdict = <<<Self as At<DIM>>::Lane as Dim>::Kind as SqueezeLane>::Verdict;
        }
        impl<$a0: Dim, $($a: Dim,)*> SqueezeAll for ($a0, $($a,)*)
        where
            ($($a,)*): SqueezeAll,
            $a0::Kind: SqueezeLane,
            <$a0::Kind as SqueezeLane>::Verdict: KeepIf<$a0, <($($a,)*) as SqueezeAll>::Out>,
        {
            type Out = <<$a0::Kind as SqueezeLane>::Verdict as KeepIf<$a0, <($($a,)*) as SqueezeAll>::Out>>::Out;
        }
        impl<H: Dim, $($a: Dim,)*> Front<H> for ($($a,)*) {
            type Out = (H, $($a,)*);
        }
    };
}
squeeze!(A0);
squeeze!(A0 A1);
squeeze!(A0 A1 A2);
squeeze!(A0 A1 A2 A3);
squeeze!(A0 A1 A2 A3 A4);
squeeze!(A0 A1 A2 A3 A4 A5);
