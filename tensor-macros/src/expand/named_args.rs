//! `narrow!` whose length names the result's dim: `narrow!(x: [..], dim,
//! start, T = t)` (the named dim `T` of run-time size `t`) and
//! `narrow!(x: [..], dim, start, T)` (the size the input carries for `T`).
//!
//! The macro checks what the literals allow (the dim, a literal start against
//! a static dim) with PyTorch's messages, as for a literal length, and writes
//! the result's type: the stated shape with the narrowed dim named `T`, with
//! run-time strides. The rest is checked at run time (a length beyond the
//! dim, a `T` the input carries with another size), so the result is a
//! `Result`. A bare `T` needs the stated shape to name `T`: only then does
//! the tensor carry a size for it.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, Ident};

use super::fallback;
use super::slicing::{block, read_args, read_stated, stated_check, Arg, SliceInput, NARROW};
use crate::parse::DimArg;
use crate::slicing_rules;

/// A length that names the result's dim: `T = value`, or a bare `T`.
pub(super) struct NamedLength {
    symbol: Ident,
    value: Option<Expr>,
}

/// The named length of a `narrow!` call, if its length is one.
pub(super) fn named_length(input: &SliceInput) -> Option<NamedLength> {
    if input.args.len() != NARROW.args.len() {
        return None;
    }
    match &input.args[2] {
        DimArg::Symbolic {
            coefficient: 1,
            symbols,
            ..
        } if symbols.len() == 1 => Some(NamedLength {
            symbol: symbols[0].clone(),
            value: None,
        }),
        DimArg::Runtime { expr, .. } => {
            let Expr::Assign(assign) = expr.as_ref() else {
                return None;
            };
            let Expr::Path(left) = assign.left.as_ref() else {
                return None;
            };
            let symbol = left.path.get_ident()?;
            symbol
                .to_string()
                .starts_with(|c: char| c.is_ascii_uppercase())
                .then(|| NamedLength {
                    symbol: symbol.clone(),
                    value: Some((*assign.right).clone()),
                })
        }
        _ => None,
    }
}

/// Expands `narrow!(x: [..], dim, start, T = t)` and `narrow!(x: [..], dim, start, T)`.
pub(super) fn narrow_named(input: SliceInput, named: NamedLength) -> TokenStream {
    let symbol = &named.symbol;
    let error =
        |message: String| fallback(Some(&input.src), syn::Error::new(symbol.span(), message));
    let Some(list) = &input.stated else {
        return error(format!(
            "`narrow!` with a named length `{symbol}` needs the input's shape stated, as in `narrow!(x: [1, 1024], 1, 0, {symbol} = t)`"
        ));
    };
    // The dim and the start are read as for a literal length (0 stands in).
    let mut literal_length = SliceInput {
        src: input.src.clone(),
        stated: input.stated.clone(),
        args: input.args.clone(),
        span: input.span,
    };
    literal_length.args[2] = DimArg::Literal {
        value: 0,
        tokens: quote!(0),
    };
    let args = match read_args(&literal_length, &NARROW, true) {
        Ok(args) => args,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let stated = match read_stated(list) {
        Ok(stated) => stated,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let dim = args[0].value().unwrap_or(0);
    if let Err(message) = slicing_rules::narrow(&stated.sizes, dim, args[1].value(), 0) {
        let blamed = if message.starts_with("Dimension") || message.contains("0-dim") {
            0
        } else {
            1
        };
        let span = match &args[blamed] {
            Arg::Literal(_, span) | Arg::List(_, span) => *span,
            Arg::Runtime(_) => input.span,
        };
        return fallback(Some(&input.src), syn::Error::new(span, message));
    }
    let named_by_input = list.dims.iter().any(|d| match d {
        DimArg::Symbolic { symbols, .. } => symbols.contains(symbol),
        _ => false,
    });
    if named.value.is_none() && !named_by_input {
        return error(format!(
            "`narrow!`: the stated shape {} does not name `{symbol}`, so the tensor carries no size for it; give it one: `{symbol} = length`",
            list.text()
        ));
    }
    let d = slicing_rules::wrap_dim(dim, stated.sizes.len()).unwrap_or(0);
    let mut dims = stated.dims.clone();
    dims[d] = quote!(#symbol);
    let shape = super::shape::shape(quote!(#(#dims),*));
    let (d, s) = (args[0].tokens(), args[1].tokens());
    let call = match &named.value {
        Some(value) => quote!(__tv::narrow_to_named::<#symbol, _, _>(__tv_src, #d, #s, #value)),
        None => quote!(__tv::narrow_to_carried::<#symbol, _, _>(__tv_src, #d, #s)),
    };
    let check = stated_check(NARROW.name, &stated);
    block(
        &input.src,
        quote! {
            #check
            __tv::typed::<__tv::Strided<#shape>, __tv::Fallible, _, _>(&__tv_verdict, #call)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::narrow;
    use quote::quote;

    #[test]
    fn a_named_length_types_the_dim_by_its_name() {
        let out = narrow(quote!(bias: [1, 1024], 1, 0, T = t)).to_string();
        assert!(out.contains("narrow_to_named :: < T"), "{out}");
        let out = narrow(quote!(bias: [T, 1024], 1, 0, T)).to_string();
        assert!(out.contains("narrow_to_carried :: < T"), "{out}");
    }

    #[test]
    fn mistakes_are_compile_errors() {
        let out = narrow(quote!(bias, 1, 0, T = t)).to_string();
        assert!(out.contains("needs the input's shape stated"), "{out}");
        let out = narrow(quote!(bias: [8, 1024], 1, 0, T)).to_string();
        assert!(out.contains("does not name `T`"), "{out}");
        let out = narrow(quote!(bias: [8, 1024], 2, 0, T = t)).to_string();
        assert!(out.contains("Dimension out of range"), "{out}");
        let out = narrow(quote!(bias: [8, 1024], 1, 2000, T = t)).to_string();
        assert!(out.contains("start out of range"), "{out}");
    }
}
