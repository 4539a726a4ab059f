//! The checks of a `view!` whose dims are all static (no `-1`, no symbol) on
//! a partly-dynamic input. Such a view never fits: the input's size depends
//! on its symbols. The checks live here, once, rather than in every call,
//! because most views of a program are of this form and almost all of them
//! are on fully static inputs, where these checks are never used; the
//! message names the input's size but cannot quote the view (the error's
//! span points at it).

use typenum::B1;

use super::lists::{SCons, SNil};
use super::view::SymCheck;
use crate::static_shape::ViewCheck;

/// The plan of a `view!` whose dims are all static (no `-1`, no symbol) on
/// a partly-dynamic input: such a view never fits, since the input's size
/// depends on its symbols. Its checks are the library's, so the many static
/// views of a program add no per-call message items; their message names
/// the input's size but cannot quote the view (the span points at it).
///
/// ```
/// use tensor_view::static_shape::{FixedTarget, SCons, SNil, SymCheck, ViewCheck};
/// fn fits<C: ViewCheck<FixedTarget>>() {}
/// // fits::<SymCheck<SCons<u8, SNil>, typenum::B0, typenum::B1, 400>>(); // does not compile
/// let _ = fits::<SymCheck<SCons<u8, SNil>, typenum::B1, typenum::B1, 400>>;
/// ```
pub struct FixedTarget;

/// The message of a static view of an input with 1 symbol
/// (`B1` only where it fits, which it never does).
///
/// ```
/// use tensor_view::static_shape::FixedViewOfSymbols1;
/// fn fits<C: FixedViewOfSymbols1<u8, 4>>() {}
/// fits::<typenum::B1>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {S0}*{N}: a view whose dims are all static (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait FixedViewOfSymbols1<S0, const N: usize> {
    /// `X`, once the check holds.
    type Pass<X>;
    /// `x`, as `Pass<X>`.
    fn pass<X>(x: X) -> Self::Pass<X>;
}

impl<S0, const N: usize> FixedViewOfSymbols1<S0, N> for B1 {
    type Pass<X> = X;
    #[inline(always)]
    fn pass<X>(x: X) -> X {
        x
    }
}

// `Pass` goes through the message trait, so a failed check leaves the
// result without a type (no second error about it).
impl<S0, C: FixedViewOfSymbols1<S0, N>, O, const N: usize> ViewCheck<FixedTarget>
    for SymCheck<SCons<S0, SNil>, C, O, N>
{
    type Pass<X> = C::Pass<X>;
    #[inline(always)]
    fn pass<X>(x: X) -> Self::Pass<X> {
        C::pass(x)
    }
}

/// The message of a static view of an input with 2 symbols
/// (`B1` only where it fits, which it never does).
///
/// ```
/// use tensor_view::static_shape::FixedViewOfSymbols2;
/// fn fits<C: FixedViewOfSymbols2<u8, u8, 4>>() {}
/// fits::<typenum::B1>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {S0}*{S1}*{N}: a view whose dims are all static (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait FixedViewOfSymbols2<S0, S1, const N: usize> {
    /// `X`, once the check holds.
    type Pass<X>;
    /// `x`, as `Pass<X>`.
    fn pass<X>(x: X) -> Self::Pass<X>;
}

impl<S0, S1, const N: usize> FixedViewOfSymbols2<S0, S1, N> for B1 {
    type Pass<X> = X;
    #[inline(always)]
    fn pass<X>(x: X) -> X {
        x
    }
}

// `Pass` goes through the message trait, so a failed check leaves the
// result without a type (no second error about it).
impl<S0, S1, C: FixedViewOfSymbols2<S0, S1, N>, O, const N: usize> ViewCheck<FixedTarget>
    for SymCheck<SCons<S0, SCons<S1, SNil>>, C, O, N>
{
    type Pass<X> = C::Pass<X>;
    #[inline(always)]
    fn pass<X>(x: X) -> Self::Pass<X> {
        C::pass(x)
    }
}

/// The message of a static view of an input with 3 symbols
/// (`B1` only where it fits, which it never does).
///
/// ```
/// use tensor_view::static_shape::FixedViewOfSymbols3;
/// fn fits<C: FixedViewOfSymbols3<u8, u8, u8, 4>>() {}
/// fits::<typenum::B1>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {S0}*{S1}*{S2}*{N}: a view whose dims are all static (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait FixedViewOfSymbols3<S0, S1, S2, const N: usize> {
    /// `X`, once the check holds.
    type Pass<X>;
    /// `x`, as `Pass<X>`.
    fn pass<X>(x: X) -> Self::Pass<X>;
}

impl<S0, S1, S2, const N: usize> FixedViewOfSymbols3<S0, S1, S2, N> for B1 {
    type Pass<X> = X;
    #[inline(always)]
    fn pass<X>(x: X) -> X {
        x
    }
}

// `Pass` goes through the message trait, so a failed check leaves the
// result without a type (no second error about it).
impl<S0, S1, S2, C: FixedViewOfSymbols3<S0, S1, S2, N>, O, const N: usize> ViewCheck<FixedTarget>
    for SymCheck<SCons<S0, SCons<S1, SCons<S2, SNil>>>, C, O, N>
{
    type Pass<X> = C::Pass<X>;
    #[inline(always)]
    fn pass<X>(x: X) -> Self::Pass<X> {
        C::pass(x)
    }
}

/// The message of a static view of an input with 4 symbols
/// (`B1` only where it fits, which it never does).
///
/// ```
/// use tensor_view::static_shape::FixedViewOfSymbols4;
/// fn fits<C: FixedViewOfSymbols4<u8, u8, u8, u8, 4>>() {}
/// fits::<typenum::B1>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {S0}*{S1}*{S2}*{S3}*{N}: a view whose dims are all static (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait FixedViewOfSymbols4<S0, S1, S2, S3, const N: usize> {
    /// `X`, once the check holds.
    type Pass<X>;
    /// `x`, as `Pass<X>`.
    fn pass<X>(x: X) -> Self::Pass<X>;
}

impl<S0, S1, S2, S3, const N: usize> FixedViewOfSymbols4<S0, S1, S2, S3, N> for B1 {
    type Pass<X> = X;
    #[inline(always)]
    fn pass<X>(x: X) -> X {
        x
    }
}

// `Pass` goes through the message trait, so a failed check leaves the
// result without a type (no second error about it).
impl<S0, S1, S2, S3, C: FixedViewOfSymbols4<S0, S1, S2, S3, N>, O, const N: usize>
    ViewCheck<FixedTarget> for SymCheck<SCons<S0, SCons<S1, SCons<S2, SCons<S3, SNil>>>>, C, O, N>
{
    type Pass<X> = C::Pass<X>;
    #[inline(always)]
    fn pass<X>(x: X) -> Self::Pass<X> {
        C::pass(x)
    }
}

/// The message of a static view of an input with 5 symbols
/// (`B1` only where it fits, which it never does).
///
/// ```
/// use tensor_view::static_shape::FixedViewOfSymbols5;
/// fn fits<C: FixedViewOfSymbols5<u8, u8, u8, u8, u8, 4>>() {}
/// fits::<typenum::B1>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {S0}*{S1}*{S2}*{S3}*{S4}*{N}: a view whose dims are all static (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait FixedViewOfSymbols5<S0, S1, S2, S3, S4, const N: usize> {
    /// `X`, once the check holds.
    type Pass<X>;
    /// `x`, as `Pass<X>`.
    fn pass<X>(x: X) -> Self::Pass<X>;
}

impl<S0, S1, S2, S3, S4, const N: usize> FixedViewOfSymbols5<S0, S1, S2, S3, S4, N> for B1 {
    type Pass<X> = X;
    #[inline(always)]
    fn pass<X>(x: X) -> X {
        x
    }
}

// `Pass` goes through the message trait, so a failed check leaves the
// result without a type (no second error about it).
impl<S0, S1, S2, S3, S4, C: FixedViewOfSymbols5<S0, S1, S2, S3, S4, N>, O, const N: usize>
    ViewCheck<FixedTarget>
    for SymCheck<SCons<S0, SCons<S1, SCons<S2, SCons<S3, SCons<S4, SNil>>>>>, C, O, N>
{
    type Pass<X> = C::Pass<X>;
    #[inline(always)]
    fn pass<X>(x: X) -> Self::Pass<X> {
        C::pass(x)
    }
}

/// The message of a static view of an input with 6 symbols
/// (`B1` only where it fits, which it never does).
///
/// ```
/// use tensor_view::static_shape::FixedViewOfSymbols6;
/// fn fits<C: FixedViewOfSymbols6<u8, u8, u8, u8, u8, u8, 4>>() {}
/// fits::<typenum::B1>();
/// ```
#[diagnostic::on_unimplemented(
    message = "shape is invalid for input of size {S0}*{S1}*{S2}*{S3}*{S4}*{S5}*{N}: a view whose dims are all static (no -1, no named dim) cannot take a tensor whose size depends on named dims",
    label = "this view"
)]
pub trait FixedViewOfSymbols6<S0, S1, S2, S3, S4, S5, const N: usize> {
    /// `X`, once the check holds.
    type Pass<X>;
    /// `x`, as `Pass<X>`.
    fn pass<X>(x: X) -> Self::Pass<X>;
}

impl<S0, S1, S2, S3, S4, S5, const N: usize> FixedViewOfSymbols6<S0, S1, S2, S3, S4, S5, N> for B1 {
    type Pass<X> = X;
    #[inline(always)]
    fn pass<X>(x: X) -> X {
        x
    }
}

// `Pass` goes through the message trait, so a failed check leaves the
// result without a type (no second error about it).
impl<
        S0,
        S1,
        S2,
        S3,
        S4,
        S5,
        C: FixedViewOfSymbols6<S0, S1, S2, S3, S4, S5, N>,
        O,
        const N: usize,
    > ViewCheck<FixedTarget>
    for SymCheck<SCons<S0, SCons<S1, SCons<S2, SCons<S3, SCons<S4, SCons<S5, SNil>>>>>>, C, O, N>
{
    type Pass<X> = C::Pass<X>;
    #[inline(always)]
    fn pass<X>(x: X) -> Self::Pass<X> {
        C::pass(x)
    }
}
