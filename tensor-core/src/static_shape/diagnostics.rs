//! Types that compile-time checks are phrased in, so that a failed check reads
//! as PyTorch's message and its notes name only readable types.
//!
//! The `view!`-family macros generate, at each call, a small trait whose
//! `#[diagnostic::on_unimplemented]` message is PyTorch's text for that call
//! (the shape as written, the input size filled in by the compiler from a
//! const generic, so in decimal). The trait is implemented only for the
//! "passing" types below: a failing check then reports that message at the
//! macro call, under `cargo check`. Dynamic tensors give the [`Unchecked`]
//! variants, which every generated trait accepts.

use std::marker::PhantomData;

use std::ops::Rem;

use typenum::{Bit, UInt, UTerm, Unsigned};

use super::checked::Marked;

/// Marker: the fact was taken from a static shape and is checked while compiling.
///
/// ```
/// use tensor_view::static_shape::{Checked, InputSize};
/// let _size: InputSize<16, Checked> = InputSize::new();
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked;

/// Marker: the fact is known only at run time (a dynamic tensor); compile-time
/// checks accept it and the run-time op checks instead.
///
/// ```
/// use tensor_view::static_shape::{InputSize, Unchecked};
/// let _size: InputSize<0, Unchecked> = InputSize::new();
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unchecked;

/// Marker: the input's size is its static part `N` times named run-time
/// dims (a partly-dynamic tensor). A view whose dims are all literal cannot
/// take it, because its count would fix the named dims' sizes.
///
/// ```
/// use tensor_view::static_shape::{InputSize, NamedDims};
/// let _size: InputSize<400, NamedDims> = InputSize::new();
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NamedDims;

/// The size kinds a view whose dims are all literal can take: every kind
/// but [`NamedDims`]. The check of such a view of a partly-dynamic input
/// requires it ([`FixedCheck`](crate::static_shape::FixedCheck)), so the
/// view is reported once, in these words.
///
/// ```
/// use tensor_view::static_shape::{Checked, SizeWithoutNamedDims};
/// fn literal_view_input<const N: usize, K: SizeWithoutNamedDims<N>>() {}
/// literal_view_input::<16, Checked>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {N} times its named dims: a view whose dims are all literal (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait SizeWithoutNamedDims<const N: usize> {
    /// `X` (where the trait holds).
    type Pass<X: Marked>: Marked;
}

impl<const N: usize> SizeWithoutNamedDims<N> for Checked {
    type Pass<X: Marked> = X;
}

impl<const N: usize> SizeWithoutNamedDims<N> for Unchecked {
    type Pass<X: Marked> = X;
}

/// The number of elements of a view's input, `N`, as the compiler sees it.
///
/// ```
/// use tensor_view::static_shape::{Checked, InputSize};
/// let size = InputSize::<16, Checked>::new();
/// assert_eq!(size.get(), 16);
/// ```
pub struct InputSize<const N: usize, K>(PhantomData<K>);

impl<const N: usize, K> InputSize<N, K> {
    /// The marker value.
    ///
    /// ```
    /// let _ = tensor_view::static_shape::InputSize::<4, tensor_view::static_shape::Checked>::new();
    /// ```
    pub const fn new() -> Self {
        InputSize(PhantomData)
    }

    /// `N`.
    ///
    /// ```
    /// use tensor_view::static_shape::{Checked, InputSize};
    /// assert_eq!(InputSize::<3, Checked>::new().get(), 3);
    /// ```
    pub const fn get(&self) -> usize {
        N
    }
}

/// The dims PyTorch accepts, `[LO, HI]`, for the rank of an op's input.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{Checked, DimRange, StaticDims};
/// use typenum::{U2, U3};
/// let _r: <(U2, U3) as StaticDims>::Range = DimRange::<-2, 1, Checked>::new();
/// ```
pub struct DimRange<const LO: isize, const HI: isize, K>(PhantomData<K>);

impl<const LO: isize, const HI: isize, K> DimRange<LO, HI, K> {
    /// The marker value.
    ///
    /// ```
    /// let _ = tensor_view::static_shape::DimRange::<-1, 0, tensor_view::static_shape::Checked>::new();
    /// ```
    pub const fn new() -> Self {
        DimRange(PhantomData)
    }
}

/// The rank `R` of an op's input, as the compiler sees it.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{Checked, Rank, ShapeKind};
/// let _: <Shape![2, 3] as ShapeKind>::Rank = Rank::<2, Checked>::new();
/// ```
pub struct Rank<const R: usize, K>(PhantomData<K>);

impl<const R: usize, K> Rank<R, K> {
    /// The marker value.
    ///
    /// ```
    /// let _ = tensor_view::static_shape::Rank::<2, tensor_view::static_shape::Checked>::new();
    /// ```
    pub const fn new() -> Self {
        Rank(PhantomData)
    }
}

/// Verdict: the known dims of a view divide the input size.
///
/// ```
/// use tensor_view::static_shape::{DivisibleBy, Divides};
/// use typenum::{U16, U8};
/// let _: <U16 as DivisibleBy<U8>>::Verdict = Divides;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Divides;

/// Verdict: the known dims of a view do not divide the input size.
///
/// ```
/// use tensor_view::static_shape::{DivisibleBy, DoesNotDivide};
/// use typenum::{U16, U5};
/// let _: <U16 as DivisibleBy<U5>>::Verdict = DoesNotDivide;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DoesNotDivide;

/// Whether `K` divides a `typenum` element count ([`Divides`] or
/// [`DoesNotDivide`]); [`Unchecked`] for a count known only at run time.
///
/// ```
/// use tensor_view::static_shape::{DivisibleBy, Divides, DoesNotDivide};
/// use typenum::{U0, U3, U12};
/// let _: <U12 as DivisibleBy<U3>>::Verdict = Divides;
/// let _: <U0 as DivisibleBy<U3>>::Verdict = Divides;
/// ```
pub trait DivisibleBy<K> {
    /// [`Divides`], [`DoesNotDivide`] or [`Unchecked`].
    type Verdict: Default;
}

impl<K> DivisibleBy<K> for UTerm {
    type Verdict = Divides;
}

impl<U: Unsigned, B: Bit, K> DivisibleBy<K> for UInt<U, B>
where
    UInt<U, B>: Rem<K>,
    <UInt<U, B> as Rem<K>>::Output: RemainderVerdict,
{
    type Verdict = <<UInt<U, B> as Rem<K>>::Output as RemainderVerdict>::Verdict;
}

impl<K> DivisibleBy<K> for Unchecked {
    type Verdict = Unchecked;
}

/// Maps a remainder to a divisibility verdict (zero: [`Divides`]).
///
/// ```
/// use tensor_view::static_shape::{RemainderVerdict, DoesNotDivide};
/// let _: <typenum::U1 as RemainderVerdict>::Verdict = DoesNotDivide;
/// ```
pub trait RemainderVerdict {
    /// [`Divides`] or [`DoesNotDivide`].
    type Verdict: Default;
}

impl RemainderVerdict for UTerm {
    type Verdict = Divides;
}

impl<U, B> RemainderVerdict for UInt<U, B> {
    type Verdict = DoesNotDivide;
}

/// Verdict: the input has no element.
///
/// ```
/// use tensor_view::static_shape::{Emptiness, Empty};
/// let _: <typenum::U0 as Emptiness>::Verdict = Empty;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Empty;

/// Verdict: the input has at least one element.
///
/// ```
/// use tensor_view::static_shape::{Emptiness, NonEmpty};
/// let _: <typenum::U7 as Emptiness>::Verdict = NonEmpty;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NonEmpty;

/// Whether a `typenum` element count is zero ([`Empty`] / [`NonEmpty`]);
/// [`Unchecked`] for a count known only at run time.
///
/// ```
/// use tensor_view::static_shape::{Emptiness, Unchecked};
/// let _: <Unchecked as Emptiness>::Verdict = Unchecked;
/// ```
pub trait Emptiness {
    /// [`Empty`], [`NonEmpty`] or [`Unchecked`].
    type Verdict: Default;
}

impl Emptiness for UTerm {
    type Verdict = Empty;
}

impl<U, B> Emptiness for UInt<U, B> {
    type Verdict = NonEmpty;
}

impl Emptiness for Unchecked {
    type Verdict = Unchecked;
}
