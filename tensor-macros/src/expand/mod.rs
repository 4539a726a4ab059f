//! Phase 3: code generation from checked plans.
//!
//! Every expansion names items through `::tensor_view::__private`, so it works
//! wherever `tensor-view` is a dependency. A mistake found while parsing or
//! checking expands to its `compile_error!` plus a fallback expression that
//! type-checks against anything, so one mistake gives one message.

mod checks;
mod divide;
mod dtype;
mod indexing;
mod layout;
mod masked;
mod model_ops;
mod movedim;
mod named_args;
mod ops;
mod reshaping;
mod shape;
mod slicing;
mod stated;
mod symbolic;
mod symbols;
mod typed_call;
mod view;

pub use dtype::view_dtype;
pub use indexing::index;
pub use layout::layout;
pub use masked::{masked_fill, where_};
pub use model_ops::{binary, div, matmul, reduce, softmax};
pub use movedim::movedim;
pub use ops::{flatten, permute, squeeze, transpose, unsqueeze};
pub use reshaping::{expand, unflatten};
pub use shape::shape;
pub use slicing::{
    chunk, dsplit, hsplit, narrow, select, split, split_with_sizes, tensor_split, unbind, vsplit,
};
pub use stated::{diagonal, unfold, view_as_real};
pub use symbols::dims;
pub use view::{reshape, view};

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::Expr;

/// A number as a `typenum` type, written out bit by bit (any value, unlike
/// `typenum`'s `U<N>` aliases) through the flat `BitsK<..>` aliases, most
/// significant bit first: `5` is `Bits3<B1, B0, B1>`.
pub(crate) fn typenum(value: u128) -> TokenStream {
    if value == 0 {
        return quote!(::tensor_view::__private::UTerm);
    }
    let width = 128 - value.leading_zeros() as usize;
    let bits = (0..width).rev().map(|i| {
        if (value >> i) & 1 == 1 {
            quote!(::tensor_view::__private::B1)
        } else {
            quote!(::tensor_view::__private::B0)
        }
    });
    let alias = quote::format_ident!("Bits{}", width);
    quote!(::tensor_view::__private::bits::#alias<#(#bits),*>)
}

/// A tuple type of `typenum` dims: `(U2, U8,)`.
pub(crate) fn dims_tuple(dims: &[u128]) -> TokenStream {
    let items = dims.iter().map(|&d| typenum(d));
    quote!((#(#items,)*))
}

/// An unsuffixed integer literal (for const generic arguments).
pub(crate) fn int(value: i128) -> Literal {
    Literal::i128_unsuffixed(value)
}

/// `error` as a compile error, and an expression of type `!` that still
/// borrows `src` (so no "unused" warning or type error follows).
pub(crate) fn fallback(src: Option<&Expr>, error: syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    let touch = src.map(|src| quote!(let _ = &(#src);));
    quote!({
        #error
        #touch
        ::core::unreachable!()
    })
}

/// Braces in user text escaped for a `#[diagnostic]` format string.
pub(crate) fn escape(text: &str) -> String {
    text.replace('{', "{{").replace('}', "}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typenum_numbers_are_binary_most_significant_bit_outermost() {
        let five = typenum(5).to_string().replace(' ', "");
        assert_eq!(
            five,
            "::tensor_view::__private::bits::Bits3<::tensor_view::__private::B1,::tensor_view::__private::B0,::tensor_view::__private::B1>"
        );
        assert_eq!(
            typenum(0).to_string().replace(' ', ""),
            "::tensor_view::__private::UTerm"
        );
    }

    #[test]
    fn fallback_keeps_the_error_and_diverges() {
        let src: Expr = syn::parse_quote!(x);
        let out = fallback(
            Some(&src),
            syn::Error::new(proc_macro2::Span::call_site(), "boom"),
        )
        .to_string();
        assert!(out.contains("compile_error"));
        assert!(out.contains("boom"));
        assert!(out.contains("unreachable"));
    }
}
