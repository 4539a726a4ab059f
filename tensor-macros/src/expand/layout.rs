//! `Layout![[d0, d1, ..], [s0, s1, ..]]`: the static type of a tensor whose
//! dims and strides are both known while compiling (what `transpose!`,
//! `permute!` and `movedim!` of a row-major static tensor give).

use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, ExprArray, Lit, Token};

use super::{dims_tuple, typenum};
use crate::check::MAX_RANK;

/// The two lists as written.
struct LayoutInput {
    dims: ExprArray,
    strides: ExprArray,
}

impl Parse for LayoutInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let dims = input.parse()?;
        input.parse::<Token![,]>()?;
        let strides = input.parse()?;
        let _ = input.parse::<Option<Token![,]>>()?;
        Ok(LayoutInput { dims, strides })
    }
}

/// The integer literals of a list.
fn literals(list: &ExprArray, what: &str) -> syn::Result<Vec<u128>> {
    list.elems
        .iter()
        .map(|e| match e {
            Expr::Lit(lit) => match &lit.lit {
                Lit::Int(int) => int.base10_parse::<u128>(),
                other => Err(syn::Error::new_spanned(
                    other,
                    format!("`Layout!` {what} must be integer literals"),
                )),
            },
            other => Err(syn::Error::new_spanned(
                other,
                format!("`Layout!` {what} must be integer literals"),
            )),
        })
        .collect()
}

/// A stride as the library's `Num<odd, exponent>` (`768` is `Num<3, 8>`).
fn num(value: u128) -> TokenStream {
    let exponent = if value == 0 {
        0
    } else {
        value.trailing_zeros()
    };
    let (odd, exponent) = (typenum(value >> exponent), typenum(u128::from(exponent)));
    quote!(::tensor_view::__private::Num<#odd, #exponent>)
}

/// Checks the lists and writes `Static<N, Numel, Dims, KnownStrides<..>>`.
fn layout_type(input: &LayoutInput) -> syn::Result<TokenStream> {
    let dims = literals(&input.dims, "dims")?;
    let strides = literals(&input.strides, "strides")?;
    let span = input.dims.bracket_token.span.join();
    if dims.len() != strides.len() {
        return Err(syn::Error::new(
            span,
            format!(
                "`Layout!` takes as many strides as dims: {} dims, {} strides",
                dims.len(),
                strides.len()
            ),
        ));
    }
    if dims.len() > MAX_RANK {
        return Err(syn::Error::new(
            span,
            format!("a static shape has at most {MAX_RANK} dims"),
        ));
    }
    let numel = dims
        .iter()
        .try_fold(1u128, |acc, &d| acc.checked_mul(d))
        .filter(|&n| n <= isize::MAX as u128)
        .ok_or_else(|| {
            syn::Error::new(
                span,
                "`Layout!`: the dims multiply to more than any tensor holds",
            )
        })?;
    if numel == 0 {
        return Err(syn::Error::new(
            span,
            "`Layout!` describes non-empty tensors (an empty tensor's strides are `Strided<Shape![..]>`)",
        ));
    }
    if let Some(at) = strides
        .iter()
        .position(|&s| s == 0 || s > isize::MAX as u128)
    {
        let stride_span = input
            .strides
            .elems
            .iter()
            .nth(at)
            .map_or(Span::call_site(), syn::spanned::Spanned::span);
        return Err(syn::Error::new(
            stride_span,
            "`Layout!` strides are at least 1 (a 0 stride is an expanded tensor: `Strided<Shape![..]>`)",
        ));
    }
    let n = Literal::u128_unsuffixed(numel);
    let numel_type = typenum(numel);
    let dims_type = dims_tuple(&dims);
    // Each stride with the size times it (what `KnownStrides` records).
    let list = dims.iter().zip(&strides).rev().fold(
        quote!(::tensor_view::__private::Nil),
        |rest, (&d, &s)| {
            let (outer, s) = (num(d * s), num(s));
            quote!(::tensor_view::__private::Cons<(#s, #outer), #rest>)
        },
    );
    Ok(
        quote!(::tensor_view::__private::Static<#n, #numel_type, #dims_type, ::tensor_view::__private::KnownStrides<#list>>),
    )
}

/// Expands `Layout![[d0, ..], [s0, ..]]`.
pub fn layout(input: TokenStream) -> TokenStream {
    match syn::parse2::<LayoutInput>(input).and_then(|input| layout_type(&input)) {
        Ok(ty) => ty,
        Err(error) => {
            let error = error.to_compile_error();
            quote!(::tensor_view::__private::Static<{ #error 1 }, ::tensor_view::__private::bits::Bits1<::tensor_view::__private::B1>, (), ::tensor_view::__private::ContiguousStrides>)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_records_its_strides() {
        let out = layout(quote!([3, 2], [1, 3])).to_string().replace(' ', "");
        assert!(out.starts_with("::tensor_view::__private::Static<6,"));
        assert!(out.contains("KnownStrides<::tensor_view::__private::Cons<"));
    }

    #[test]
    fn mistakes_are_one_compile_error() {
        for bad in [
            quote!([3, 2], [1]),
            quote!([3, 0], [1, 1]),
            quote!([3, 2], [0, 3]),
        ] {
            let out = layout(bad).to_string();
            assert_eq!(out.matches("compile_error").count(), 1, "{out}");
        }
    }
}
