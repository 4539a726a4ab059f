//! The check of a `view!` whose partly-dynamic input has 4, 5 or 6 symbols
//! (counted with repeats: `Shape![B, T, B * T]` has 4).
//!
//! `view!` writes, for each call, the message traits of inputs with 1 to 3
//! symbols: their messages quote the call's own shape (`shape '[-1, 32]'
//! is invalid for input of size B*T*768`). Every such item costs compile
//! time in every `view!` with a `-1` or a named dim, most of all for the
//! larger counts, which real inputs rarely have. Those are implemented
//! once here, for every target: a view that holds passes the same, and a
//! mistake gets PyTorch's message without the shape quoted (the error
//! points at the call, which shows it).

use super::reported::{Fits, InOrder};
use super::view::SymCheck;
use crate::static_shape::{Marked, PassesCheck};

/// Writes, for inputs of one symbol count, the two message traits, their
/// passing impls for the verdicts [`Fits`] and [`InOrder`], and the
/// `PassesCheck` impl of every target.
macro_rules! many_symbols {
    ($count:literal, $count_trait:ident, $order_trait:ident, [$($s:ident),+], $args:literal, $size:literal, $order:literal) => {
        #[doc = concat!(
            "The count verdict of a `view!` of an input with ", $count,
            " symbols ([`Fits`]: the view's size is the input's).\n\n",
            "```\n",
            "use tensor_view::static_shape::", stringify!($count_trait), ";\n",
            "fn holds<V: ", stringify!($count_trait), "<", $args, ", 6>>() {}\n",
            "holds::<tensor_view::static_shape::Fits>();\n",
            "```"
        )]
        #[diagnostic::on_unimplemented(
            message = $size,
            label = "this view"
        )]
        pub trait $count_trait<$($s,)+ const N: usize> {
            /// `X`, once the verdict holds.
            type Pass<X: Marked>: Marked;
        }

        impl<$($s,)+ const N: usize> $count_trait<$($s,)+ N> for Fits {
            type Pass<X: Marked> = X;
        }

        #[doc = concat!(
            "The order verdict of a `view!` of an input with ", $count,
            " symbols ([`InOrder`]: the view keeps the input's dims in their order).\n\n",
            "```\n",
            "use tensor_view::static_shape::", stringify!($order_trait), ";\n",
            "fn holds<V: ", stringify!($order_trait), "<", $args, ", 6>>() {}\n",
            "holds::<tensor_view::static_shape::InOrder>();\n",
            "```"
        )]
        #[diagnostic::on_unimplemented(
            message = $order,
            label = "this view"
        )]
        pub trait $order_trait<$($s,)+ const N: usize> {
            /// `X`, once the verdict holds.
            type Pass<X: Marked>: Marked;
        }

        impl<$($s,)+ const N: usize> $order_trait<$($s,)+ N> for InOrder {
            type Pass<X: Marked> = X;
        }

        impl<Target, $($s,)+ Count, Order, const N: usize>
            PassesCheck<SymCheck<($($s,)+), Count, Order, N>> for Target
        where
            Count: $count_trait<$($s,)+ N>,
            Order: $order_trait<$($s,)+ N>,
        {
            type Pass<X: Marked> =
                <Order as $order_trait<$($s,)+ N>>::Pass<<Count as $count_trait<$($s,)+ N>>::Pass<X>>;
        }
    };
}

many_symbols!(
    4,
    ViewOfFourSymbolsHasTheInputSize,
    ViewOfFourSymbolsKeepsTheOrder,
    [S0, S1, S2, S3],
    "u8, u8, u8, u8",
    "shape is invalid for input of size {S0}*{S1}*{S2}*{S3}*{N}",
    "view cannot reorder dims: the view does not keep the dims of the input (of size {S0}*{S1}*{S2}*{S3}*{N}) in their order; a view only splits or merges neighbouring dims: use transpose or permute"
);
many_symbols!(
    5,
    ViewOfFiveSymbolsHasTheInputSize,
    ViewOfFiveSymbolsKeepsTheOrder,
    [S0, S1, S2, S3, S4],
    "u8, u8, u8, u8, u8",
    "shape is invalid for input of size {S0}*{S1}*{S2}*{S3}*{S4}*{N}",
    "view cannot reorder dims: the view does not keep the dims of the input (of size {S0}*{S1}*{S2}*{S3}*{S4}*{N}) in their order; a view only splits or merges neighbouring dims: use transpose or permute"
);
many_symbols!(
    6,
    ViewOfSixSymbolsHasTheInputSize,
    ViewOfSixSymbolsKeepsTheOrder,
    [S0, S1, S2, S3, S4, S5],
    "u8, u8, u8, u8, u8, u8",
    "shape is invalid for input of size {S0}*{S1}*{S2}*{S3}*{S4}*{S5}*{N}",
    "view cannot reorder dims: the view does not keep the dims of the input (of size {S0}*{S1}*{S2}*{S3}*{S4}*{S5}*{N}) in their order; a view only splits or merges neighbouring dims: use transpose or permute"
);

#[cfg(test)]
mod tests {
    use super::*;

    struct AnyTarget;

    #[test]
    fn a_view_that_holds_passes_its_type_through() {
        type Four = (u8, u16, u32, u64);
        let kept: <AnyTarget as PassesCheck<SymCheck<Four, Fits, InOrder, 6>>>::Pass<crate::Dyn> =
            crate::Dyn;
        assert_eq!(kept, crate::Dyn);
    }
}
