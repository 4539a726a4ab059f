//! `view_dtype!(x as U)` and `view_dtype!(x: [d0, .., dn] as U)`.
//!
//! Between element types of different sizes PyTorch scales the last dim by
//! the ratio of the sizes, and so the element count, which a shape type
//! carries as a const generic that stable Rust cannot compute from the
//! input's type. With the input's shape stated, the macro writes the
//! result's shape for each ratio two element types may have (2, 4, 8 or 16
//! times larger or smaller, or equal), with its verdict on the stated last
//! dim; the element types pick one while type checking
//! (`DtypeShapes`, `view_dtype_to` in `tensor_view::static_shape`).
//! Without a stated shape the macro is the method `view_dtype::<U>()`.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Token, Type};

use super::fallback;
use super::slicing::{block, read_stated, stated_check};
use super::typed_call::numel_fits;
use crate::parse::DimList;

/// The ratios of element sizes (the byte sizes are 1, 2, 4, 8 and 16).
const FACTORS: [u128; 4] = [2, 4, 8, 16];

/// `x as U`, or `x: [..] as U`.
struct DtypeInput {
    src: Expr,
    stated: Option<DimList>,
    to: Type,
    span: Span,
}

impl Parse for DtypeInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let span = input.span();
        let usage = "`view_dtype!` takes a tensor and an element type: `view_dtype!(x as u8)`, or with the tensor's shape stated for a typed result, `view_dtype!(x: [4, 6] as u8)`";
        let src: Expr = input.parse()?;
        if input.peek(Token![:]) {
            input.parse::<Token![:]>()?;
            let stated: DimList = input.parse()?;
            input
                .parse::<Token![as]>()
                .map_err(|e| syn::Error::new(e.span(), usage))?;
            let to: Type = input.parse()?;
            return Ok(DtypeInput {
                src,
                stated: Some(stated),
                to,
                span,
            });
        }
        match src {
            Expr::Cast(cast) if input.is_empty() => Ok(DtypeInput {
                src: *cast.expr,
                stated: None,
                to: *cast.ty,
                span,
            }),
            _ => Err(syn::Error::new(span, usage)),
        }
    }
}

/// Expands `view_dtype!`.
pub fn view_dtype(input: TokenStream) -> TokenStream {
    let input: DtypeInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let (src, to) = (&input.src, &input.to);
    let Some(list) = &input.stated else {
        return quote_spanned!(input.span=> (#src).view_dtype::<#to>());
    };
    let stated = match read_stated(list) {
        Ok(stated) => stated,
        Err(e) => return fallback(Some(src), e),
    };
    let rank = stated.sizes.len();
    let last = match stated.sizes.last() {
        None => 0,
        Some(Some(size)) => *size,
        Some(None) => {
            let error = list.dims[rank - 1].error(
                "view_dtype!: the last dim is scaled by the ratio of the element sizes, so the stated shape needs it as an integer literal, not a named dim; between elements of one size call the method `view_dtype::<U>()`, which keeps the shape's type",
            );
            return fallback(Some(src), error);
        }
    };
    let statics: Vec<i128> = stated.sizes.iter().flatten().map(|&s| s as i128).collect();
    if numel_fits(&statics).is_none_or(|n| n.checked_mul(16).is_none_or(|n| n > i64::MAX as u128)) {
        let error = syn::Error::new(
            list.span,
            "view_dtype!: the stated shape is too large for a typed result; call the method `view_dtype::<U>()`",
        );
        return fallback(Some(src), error);
    }
    let shape_with_last = |size: u128| {
        let mut dims = stated.dims.clone();
        if let Some(d) = dims.last_mut() {
            let v = Literal::u128_unsuffixed(size);
            *d = quote!(#v);
        }
        super::shape::shape(quote!(#(#dims),*))
    };
    let verdict = |fits: bool| {
        if fits {
            quote!(__tv::DimFits)
        } else {
            quote!(__tv::DimMismatch)
        }
    };
    // A 0-d tensor is viewed only between elements of one size.
    let rank_fits = verdict(rank > 0);
    let ratio = |name: TokenStream, size: u128, fits: bool, rank: &TokenStream| {
        let shape = shape_with_last(size);
        let last_dim = verdict(fits);
        quote! {
            impl __tv::DtypeShapes<#name> for __TvDtypeShapes {
                type Shape = #shape;
                type LastDim = #last_dim;
                type Rank = #rank;
            }
        }
    };
    let mut impls = vec![ratio(quote!(__tv::EqualSizes), last, true, &verdict(true))];
    for k in FACTORS {
        let kl = Literal::usize_unsuffixed(k as usize);
        // Up: the last dim divides (a 0-d tensor is left to the rank check).
        let fits = rank == 0 || last % k == 0;
        let up = if rank == 0 || !fits { last } else { last / k };
        impls.push(ratio(quote!(__tv::Up<#kl>), up, fits, &rank_fits));
        let down = if rank == 0 { last } else { last * k };
        impls.push(ratio(quote!(__tv::Down<#kl>), down, true, &rank_fits));
    }
    let check = stated_check("view_dtype", &stated);
    let last = Literal::u128_unsuffixed(last);
    // The checks on the stated shape are reported at it.
    let call = quote_spanned! {list.span=>
        __tv::view_dtype_to::<__TvDtypeShapes, #last, #to, _, _>(__tv_src)
    };
    let body = quote! {
        #check
        struct __TvDtypeShapes;
        #(#impls)*
        #call
    };
    block(src, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stated_shape_writes_a_shape_for_every_ratio() {
        let out = view_dtype(quote!(x: [4, 6] as u8)).to_string();
        assert_eq!(out.matches("impl __tv :: DtypeShapes").count(), 9);
        assert!(
            out.contains("view_dtype_to :: < __TvDtypeShapes , 6 , u8"),
            "{out}"
        );
        // Down<4> is [4, 24]: 96 elements; Up<4> does not divide 6.
        assert!(out.contains("Static < 96"), "{out}");
        assert!(out.contains("DimMismatch"));
    }

    #[test]
    fn without_a_stated_shape_it_is_the_method() {
        let out = view_dtype(quote!(x.t() as f64)).to_string();
        assert!(out.contains("view_dtype :: < f64 >"), "{out}");
    }

    #[test]
    fn a_named_last_dim_is_refused() {
        let out = view_dtype(quote!(x: [4, B] as u8)).to_string();
        assert!(out.contains("not a named dim"), "{out}");
        let out = view_dtype(quote!(x, u8)).to_string();
        assert!(out.contains("takes a tensor and an element type"), "{out}");
    }
}
