//! `masked_fill!(x: [..], mask: [..], value)` and
//! `where_!(condition: [..], x: [..], y: [..])`: a typed mask, its broadcast
//! against the tensor checked while compiling.
//!
//! PyTorch broadcasts the mask first (`masked_fill`: the mask is tensor
//! `a`, the input `b`; `where`: the condition with the input, then with the
//! other), with the strict rules of the element-wise ops for named dims
//! (`model_rules::elementwise`): a `[T, B]` mask on a `[B, T]` tensor is
//! `The size of tensor a (B) must match the size of tensor b (T) at
//! non-singleton dimension 1` at the mask's stated shape. The result is
//! row-major, of the broadcast shape, directly or in a `Result` when two
//! operands name one dim (compared at run time).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::parse::ParseStream;
use syn::{Expr, Token};

use super::fallback;
use super::model_ops::{assertions, outcome_type, shape_of, stated_check, Operand};
use crate::model_rules::{self, Outcome};

/// Parses `n` operands with stated shapes, then maybe one expression.
fn parse(
    input: TokenStream,
    op: &str,
    usage: &str,
    n: usize,
    value: bool,
) -> syn::Result<(Vec<Operand>, Option<Expr>)> {
    let parser = |input: ParseStream| {
        let mut operands = Vec::new();
        for i in 0..n {
            if i > 0 {
                input.parse::<Token![,]>()?;
            }
            operands.push(Operand::parse(input, op, usage)?);
        }
        let value = if value {
            input.parse::<Token![,]>()?;
            Some(input.parse::<Expr>()?)
        } else {
            None
        };
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(input.error(format!("`{op}!` takes `{usage}`")));
        }
        Ok((operands, value))
    };
    syn::parse::Parser::parse2(parser, input)
}

/// `error`, and a fallback expression that still borrows every operand.
fn fallback_all(operands: &[Operand], error: syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    let exprs = operands.iter().map(|o| &o.expr);
    quote!({
        #error
        let _ = (#(&(#exprs),)*);
        ::core::unreachable!()
    })
}

/// The block: operands bound to `names`, their stated-shape checks, the
/// assertions left to rustc, then `call`.
fn block(
    op: &str,
    operands: &[Operand],
    names: &[syn::Ident],
    outcome: &Outcome,
    call: TokenStream,
) -> TokenStream {
    let exprs = operands.iter().map(|o| &o.expr);
    let checks = operands
        .iter()
        .zip(names)
        .map(|(o, name)| stated_check(op, o, name));
    let asserts = assertions(outcome, operands[0].stated.span);
    quote! {
        {
            use ::tensor_view::__private as __tv;
            #(let #names = &(#exprs);)*
            #(let #names: &__tv::Tensor<_, _> = #names;)*
            #(#checks)*
            #asserts
            #call
        }
    }
}

/// The broadcast of `a` and `b` as PyTorch checks it, or its error at the
/// stated shape of `at`.
fn broadcast(a: &Operand, b: &Operand, at: &Operand) -> Result<Outcome, syn::Error> {
    let (sa, sb) = (a.sizes()?, b.sizes()?);
    model_rules::elementwise(&sa, &sb).map_err(|m| syn::Error::new(at.stated.span, m))
}

/// Expands `masked_fill!(x: [..], mask: [..], value)`.
pub fn masked_fill(input: TokenStream) -> TokenStream {
    let usage = "masked_fill!(x: [B, T], mask: [B, T], value)";
    let (operands, value) = match parse(input, "masked_fill", usage, 2, true) {
        Ok(parsed) => parsed,
        Err(e) => return fallback(None, e),
    };
    let (x, mask) = (&operands[0], &operands[1]);
    // PyTorch broadcasts the mask first: it is tensor `a`.
    let outcome = match broadcast(mask, x, mask) {
        Ok(outcome) => outcome,
        Err(e) => return fallback_all(&operands, e),
    };
    let names = [format_ident!("__tv_x"), format_ident!("__tv_mask")];
    let (ty, settle) = (shape_of(&outcome.dims), outcome_type(&outcome));
    let call = quote!(__tv::masked_fill_typed::<#ty, #settle, _, _, _>(__tv_x, __tv_mask, #value));
    block("masked_fill", &operands, &names, &outcome, call)
}

/// Expands `where_!(condition: [..], x: [..], y: [..])`.
pub fn where_(input: TokenStream) -> TokenStream {
    let usage = "where_!(condition: [B, T], x: [B, T], y: [1])";
    let (operands, _) = match parse(input, "where_", usage, 3, false) {
        Ok(parsed) => parsed,
        Err(e) => return fallback(None, e),
    };
    let (c, x, y) = (&operands[0], &operands[1], &operands[2]);
    // As PyTorch: the condition with the input, then that with the other.
    let first = match broadcast(c, x, x) {
        Ok(outcome) => outcome,
        Err(e) => return fallback_all(&operands, e),
    };
    let sy = match y.sizes() {
        Ok(sy) => sy,
        Err(e) => return fallback_all(&operands, e),
    };
    let mut outcome = match model_rules::elementwise(&first.dims, &sy) {
        Ok(outcome) => outcome,
        Err(m) => return fallback_all(&operands, syn::Error::new(y.stated.span, m)),
    };
    let shared = model_rules::shares_symbols(&c.sizes().unwrap_or_default(), &sy);
    outcome.at_run_time |= first.at_run_time || shared;
    outcome.assertions.extend(first.assertions);
    let names = [
        format_ident!("__tv_cond"),
        format_ident!("__tv_x"),
        format_ident!("__tv_y"),
    ];
    let (ty, settle) = (shape_of(&outcome.dims), outcome_type(&outcome));
    let call = quote!(__tv::where_typed::<#ty, #settle, _, _, _, _>(__tv_cond, __tv_x, __tv_y));
    block("where_", &operands, &names, &outcome, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposed_mask_is_pytorchs_broadcast_error_at_the_mask() {
        let out = masked_fill(quote!(x: [B, T], mask: [T, B], 0.0)).to_string();
        assert!(out.contains(
            "The size of tensor a (B) must match the size of tensor b (T) at non-singleton dimension 1"
        ));
        assert_eq!(out.matches("compile_error").count(), 1);
        let out = masked_fill(quote!(x: [B, T], mask: [1, T], 0.0)).to_string();
        assert!(out.contains("masked_fill_typed"));
        assert!(out.contains("Fallible"), "T on both: compared at run time");
        let out = masked_fill(quote!(x: [B, 4], mask: [4], -1.0)).to_string();
        assert!(out.contains("Infallible"));
    }

    #[test]
    fn where_broadcasts_the_condition_then_the_other() {
        let out = where_(quote!(c: [B, 1], x: [B, 4], y: [1])).to_string();
        assert!(out.contains("where_typed"));
        let out = where_(quote!(c: [4], x: [B, 4], y: [B])).to_string();
        assert!(out.contains(
            "The size of tensor a (4) must match the size of tensor b (B) at non-singleton dimension 1"
        ));
        let out = where_(quote!(c: [B, 4], x: [B, 4])).to_string();
        assert!(out.contains("compile_error"));
    }
}
