//! The verdicts of a symbolic `view!` as rustc prints them under a failed
//! check: readable types of the crate's own, never `typenum`'s bits or the
//! internal symbol lists.
//!
//! The checks compute their verdicts as `typenum` bits (`B1` yes, `B0` no)
//! and the input's symbols as a list (`SCons<B, SCons<T, SNil>>`); a failed
//! check's notes print the types it was given. [`Reported`] turns the three
//! into the [`SymCheck`] the notes show: the symbols as a tuple `(B, T)`,
//! the size verdict [`Fits`] or [`DoesNotFit`], the order verdict
//! [`InOrder`] or [`Reordered`] (a view whose size is wrong is reported as
//! [`InOrder`], so that one mistake gives one error). A failed view's note
//! then reads ``the trait `ViewOfSymbols2KeepsTheOrder<B, T, 768>` is not
//! implemented for `Reordered` ``.

use typenum::{B0, B1};

use super::lists::{SCons, SNil};
use super::view::SymCheck;

/// The size verdict of a view that holds its input's elements.
///
/// ```
/// use tensor_view::static_shape::{Fits, InOrder, Reported, SCons, SNil, SymCheck};
/// use typenum::B1;
/// let _: Option<<(SCons<u8, SNil>, B1, B1) as Reported<6>>::Check> =
///     None::<SymCheck<(u8,), Fits, InOrder, 6>>;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fits;

/// The size verdict of a view whose size is not its input's: PyTorch's
/// `shape '[..]' is invalid for input of size ..`.
///
/// ```
/// use tensor_view::static_shape::{DoesNotFit, InOrder, Reported, SNil, SymCheck};
/// use typenum::{B0, B1};
/// let _: Option<<(SNil, B0, B0) as Reported<6>>::Check> =
///     None::<SymCheck<(), DoesNotFit, InOrder, 6>>;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DoesNotFit;

/// The order verdict of a view that keeps its input's dims in their order
/// (or whose size is already reported wrong).
///
/// ```
/// let _ = tensor_view::static_shape::InOrder;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InOrder;

/// The order verdict of a view that would move a named dim across another
/// factor: `view cannot reorder dims`.
///
/// ```
/// use tensor_view::static_shape::{Fits, Reordered, Reported, SCons, SNil, SymCheck};
/// use typenum::{B0, B1};
/// type BT = SCons<u8, SCons<u16, SNil>>;
/// let _: Option<<(BT, B1, B0) as Reported<768>>::Check> =
///     None::<SymCheck<(u8, u16), Fits, Reordered, 768>>;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reordered;

/// The symbols of a list, as a tuple (`SCons<B, SCons<T, SNil>>` is
/// `(B, T)`), for inputs of up to 8 symbols (counted with repeats).
///
/// ```
/// use tensor_view::static_shape::{SCons, SNil, SymbolTuple};
/// let _: <SCons<u8, SCons<u16, SNil>> as SymbolTuple>::Tuple = (1u8, 2u16);
/// let _: <SNil as SymbolTuple>::Tuple = ();
/// ```
pub trait SymbolTuple {
    /// The tuple.
    type Tuple;
}

/// `SymbolTuple` for the lists of 0 to 8 symbols: `[S0, S1] => (S0, S1)`.
macro_rules! symbol_tuples {
    ($([$($s:ident),*])*) => {
        $(
            impl<$($s),*> SymbolTuple for symbol_tuples!(@list $($s),*) {
                type Tuple = ($($s,)*);
            }
        )*
    };
    (@list $s:ident $(, $rest:ident)*) => { SCons<$s, symbol_tuples!(@list $($rest),*)> };
    (@list) => { SNil };
}

symbol_tuples!(
    []
    [S0]
    [S0, S1]
    [S0, S1, S2]
    [S0, S1, S2, S3]
    [S0, S1, S2, S3, S4]
    [S0, S1, S2, S3, S4, S5]
    [S0, S1, S2, S3, S4, S5, S6]
    [S0, S1, S2, S3, S4, S5, S6, S7]
);

/// The check a symbolic view reports, from the input's symbols `L` (a list)
/// and the view's count and order bits: `(L, Count, Order)`, with `N` the
/// input's static size.
///
/// ```
/// use tensor_view::static_shape::{DoesNotFit, InOrder, Reported, SCons, SNil, SymCheck};
/// use typenum::{B0, B1};
/// // A wrong size is reported alone: its order verdict passes.
/// let _: Option<<(SCons<u8, SNil>, B0, B0) as Reported<4>>::Check> =
///     None::<SymCheck<(u8,), DoesNotFit, InOrder, 4>>;
/// ```
pub trait Reported<const N: usize> {
    /// The [`SymCheck`] the notes print.
    type Check;
}

impl<L: SymbolTuple, O, const N: usize> Reported<N> for (L, B0, O) {
    type Check = SymCheck<L::Tuple, DoesNotFit, InOrder, N>;
}

impl<L: SymbolTuple, const N: usize> Reported<N> for (L, B1, B1) {
    type Check = SymCheck<L::Tuple, Fits, InOrder, N>;
}

impl<L: SymbolTuple, const N: usize> Reported<N> for (L, B1, B0) {
    type Check = SymCheck<L::Tuple, Fits, Reordered, N>;
}
