//! `Shape![..]`: the static shape type of literal (or constant) dims.

use crate::check::{check_shape, ShapePlan};
use crate::parse::ShapeInput;
use proc_macro2::TokenStream;
use quote::quote;

/// Expands `Shape![d0, d1, ..]` (the tokens inside the brackets).
pub fn shape(input: TokenStream) -> TokenStream {
    let parsed = syn::parse2::<ShapeInput>(input);
    if let Ok(input) = &parsed {
        match super::symbolic::symbolic_shape(&input.dims, input.span) {
            Some(Ok(ty)) => return ty,
            Some(Err(error)) => return bad_shape(error),
            None => {}
        }
    }
    let plan = parsed.and_then(|input| check_shape(&input));
    match plan {
        Ok(plan) => shape_type(&plan),
        // In type position the error rides in a const argument of a valid
        // static shape (a 0-d one), so the mistake gives one message, not a
        // second one about the type the error would otherwise stand for.
        Err(error) => bad_shape(error),
    }
}

/// A shape type that carries `error` (see `shape`).
fn bad_shape(error: syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    quote!(::tensor_view::__private::Static<{ #error 1 }, ::tensor_view::__private::bits::Bits1<::tensor_view::__private::B1>, (), ::tensor_view::__private::ContiguousStrides>)
}

/// `Static<NUMEL, Numel, Dims, ContiguousStrides>`.
pub(crate) fn shape_type(plan: &ShapePlan) -> TokenStream {
    let numel = plan.numel.usize_arg();
    let numel_type = plan.numel.number();
    let dims = plan.dims.iter().map(crate::value::Value::number);
    let dims = quote!((#(#dims,)*));
    quote!(::tensor_view::__private::Static<#numel, #numel_type, #dims, ::tensor_view::__private::ContiguousStrides>)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_carries_count_and_dims() {
        let out = shape(quote!(2, 8)).to_string().replace(' ', "");
        assert!(out.starts_with("::tensor_view::__private::Static<16,"));
        assert!(out.ends_with(",::tensor_view::__private::ContiguousStrides>"));
    }

    #[test]
    fn constants_are_written_for_rustc_to_evaluate() {
        let out = shape(quote!({ N_EMBD }, 4)).to_string().replace(' ', "");
        assert!(out.starts_with("::tensor_view::__private::Static<{4*(N_EMBD)},"));
        assert!(out.contains("FromBytes"));
        let literal = shape(quote!(768, 4)).to_string();
        assert!(!literal.contains("FromBytes"));
    }

    #[test]
    fn a_bad_shape_is_one_compile_error() {
        let out = shape(quote!(-2, 8)).to_string();
        assert_eq!(out.matches("compile_error").count(), 1);
        assert!(out.contains("invalid shape dimension -2 at index 0 of shape [-2, 8]"));
    }
}
