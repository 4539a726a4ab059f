//! Typed ops whose size argument names the result's dim: `narrow!(x: [..],
//! dim, start, T = t)` and `expand!(x: [..] => [B = b, 768])` (the named dim
//! of run-time size `t`, `b`), or a bare `T`, `B` (the size the input
//! carries for it).
//!
//! The macro checks what the literals allow (the dim, a literal start against
//! a static dim, literal expanded sizes) with PyTorch's messages, as without
//! names, and writes the result's type: the stated shape with the named dims,
//! with run-time strides. The rest is checked at run time (a length beyond
//! the dim, a size the input carries differently), so the result is a
//! `Result`. A bare name needs the stated shape to name it: only then does
//! the tensor carry a size for it.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, Ident};

use super::fallback;
use super::slicing::{block, read_args, read_stated, stated_check, Arg, SliceInput, NARROW};
use crate::parse::{DimArg, DimList, ListInput};
use crate::slicing_rules;

/// A size that names the result's dim: `T = value`, or a bare `T`.
pub(super) struct NamedLength {
    symbol: Ident,
    value: Option<Expr>,
}

/// The named length of a `narrow!` call, if its length is one.
pub(super) fn named_length(input: &SliceInput) -> Option<NamedLength> {
    if input.args.len() != NARROW.args.len() {
        return None;
    }
    named_size(&input.args[2])
}

/// The size `arg` names, if it is `T = value` or a bare `T`.
fn named_size(arg: &DimArg) -> Option<NamedLength> {
    match arg {
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
    if named.value.is_none() && !names(list, symbol) {
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

/// Whether `expand!`'s sizes name a dim (`B = b`, or a bare `B`): then
/// [`expand_named`] expands it.
pub(super) fn names_a_size(list: &DimList) -> bool {
    list.dims.iter().any(|d| named_size(d).is_some())
}

/// Whether the stated shape names `symbol` (so the tensor carries its size).
fn names(list: &DimList, symbol: &Ident) -> bool {
    list.dims.iter().any(|d| match d {
        DimArg::Symbolic { symbols, .. } => symbols.contains(symbol),
        _ => false,
    })
}

/// Expands `expand!(x: [..] => [sizes])` where some sizes name dims.
pub(super) fn expand_named(input: ListInput) -> TokenStream {
    let src = &input.src;
    let fail = |e: syn::Error| fallback(Some(src), e);
    let Some(source) = &input.source else {
        let named = input.list.dims.iter().find(|d| named_size(d).is_some());
        let span = named.map_or(input.list.span, |d| d.error("").span());
        return fail(syn::Error::new(
            span,
            "`expand!` with a named size needs the input's shape stated, as in `expand!(x: [1, 768] => [B = b, 768])`",
        ));
    };
    let stated = match read_stated(source) {
        Ok(stated) => stated,
        Err(e) => return fail(e),
    };
    let (rank, n) = (stated.sizes.len(), input.list.dims.len());
    let text = input.list.text();
    if n < rank {
        return fail(syn::Error::new(
            input.list.span,
            format!("expand(size={text}): the number of sizes provided ({n}) must be greater or equal to the number of dimensions in the tensor ({rank})"),
        ));
    }
    let (mut dims, mut sizes, mut carries) = (Vec::new(), Vec::new(), Vec::new());
    for (i, arg) in input.list.dims.iter().enumerate() {
        // The stated dim this size meets (none for a new leading dim).
        let existing = (i + rank).checked_sub(n);
        if let Some(named) = named_size(arg) {
            let symbol = named.symbol;
            match named.value {
                Some(value) => sizes.push(quote!(::tensor_view::Int::to_int(#value)?)),
                None if names(source, &symbol) => sizes.push(
                    quote!(__tv::carried_size::<#symbol, _, _>(__tv_src, "expand()")? as isize),
                ),
                None => {
                    return fail(syn::Error::new(
                        symbol.span(),
                        format!(
                            "`expand!`: the stated shape {} does not name `{symbol}`, so the tensor carries no size for it; give it one: `{symbol} = size`",
                            source.text()
                        ),
                    ))
                }
            }
            dims.push(quote!(#symbol));
            carries.push((i, symbol));
            continue;
        }
        match (arg.literal(), existing) {
            (Some(-1), None) => {
                return fail(arg.error(format!(
                    "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {i}"
                )))
            }
            (Some(-1), Some(d)) => {
                dims.push(stated.dims[d].clone());
                sizes.push(quote!(-1));
            }
            (Some(value), _) if (0..=i64::MAX as i128).contains(&value) => {
                let size = existing.and_then(|d| stated.sizes[d]);
                if let Some(size) = size.filter(|&s| s != 1 && s as i128 != value) {
                    return fail(arg.error(format!(
                        "The expanded size of the tensor ({value}) must match the existing size ({size}) at non-singleton dimension {i}.  Target sizes: {text}.  Tensor sizes: {}",
                        source.text()
                    )));
                }
                let v = super::int(value);
                dims.push(quote!(#v));
                sizes.push(quote!(#v));
            }
            _ => {
                return fail(arg.error(
                    "with a stated shape, `expand!`'s sizes are integer literals (-1 or more) or named dims: `B = size`, or `B` for the size the tensor carries",
                ))
            }
        }
    }
    let shape = super::shape::shape(quote!(#(#dims),*));
    let carry = carries.iter().map(|(i, symbol)| {
        quote! {
            let __tv_out = __tv::carry_named::<#symbol, _>(
                __tv_out, #i, "expand(): the expanded size of the tensor",
            )?;
        }
    });
    let check = stated_check("expand", &stated);
    block(
        src,
        quote! {
            #check
            let __tv_out = (|| -> ::core::result::Result<__tv::Tensor<_>, ::tensor_view::ViewError> {
                let __tv_sizes: [isize; #n] = [#(#sizes),*];
                let __tv_out = __tv::expand_any(__tv_src, &__tv_sizes)?;
                #(#carry)*
                ::core::result::Result::Ok(__tv_out)
            })();
            __tv::typed::<__tv::Strided<#shape>, __tv::Fallible, _, _>(&__tv_verdict, __tv_out)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::{expand, narrow};
    use quote::quote;

    #[test]
    fn a_named_length_types_the_dim_by_its_name() {
        let out = narrow(quote!(bias: [1, 1024], 1, 0, T = t)).to_string();
        assert!(out.contains("narrow_to_named :: < T"), "{out}");
        let out = narrow(quote!(bias: [T, 1024], 1, 0, T)).to_string();
        assert!(out.contains("narrow_to_carried :: < T"), "{out}");
    }

    #[test]
    fn an_expand_to_a_named_dim_carries_its_size() {
        let out = expand(quote!(bias: [1, 768] => [B = b, -1])).to_string();
        assert!(out.contains("carry_named :: < B"), "{out}");
        let out = expand(quote!(x: [B, 1] => [B, 4])).to_string();
        assert!(out.contains("carried_size :: < B"), "{out}");
        let out = expand(quote!(x: [1, 3] => [B = b, 4])).to_string();
        assert!(out.contains("must match the existing size (3) at non-singleton dimension 1"));
        let out = expand(quote!(x: [3] => [-1, B = b])).to_string();
        assert!(out.contains("leading, non-existing dimension 0"), "{out}");
        let out = expand(quote!(x, [B = b, 3])).to_string();
        assert!(out.contains("needs the input's shape stated"), "{out}");
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
