//! `Shape![..]`: the static shape type of literal dims.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{dims_tuple, typenum};
use crate::check::{check_shape, ShapePlan};
use crate::parse::ShapeInput;

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
    let numel = Literal::u128_unsuffixed(plan.numel);
    let numel_type = typenum(plan.numel);
    let dims = dims_tuple(&plan.dims);
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
    fn a_bad_shape_is_one_compile_error() {
        let out = shape(quote!(-2, 8)).to_string();
        assert_eq!(out.matches("compile_error").count(), 1);
        assert!(out.contains("invalid shape dimension -2 at index 0 of shape [-2, 8]"));
    }
}
