//! `index!`: basic indexing (`x[0, 2:, None, ..., 1:7:2]`) typed from a
//! stated input shape, `index!(x: [2, 5, 8], [0, 2.., None, 1..7;2])`.
//!
//! Items are written as in `s![..]`: an integer, a range (`a..b`, `a..`,
//! `..b`, `..`, `a..=b`) with an optional step after `;`, `None` (or
//! `NewAxis`) and `...`. With a stated shape every part is a literal, the
//! macro applies PyTorch's rules (`slicing_rules::index`) and writes the
//! result's type; without one the macro is the dynamic `index` of a dynamic
//! tensor, as in `slicing`.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{bracketed, Expr, RangeLimits, Token};

use super::fallback;
use super::slicing::{
    block, dynamic_check, outcome, read_stated, stated_check, OpSpec, ResultType,
};
use crate::check::MAX_RANK;
use crate::parse::{dim_of, DimArg, DimList};
use crate::row_major;
use crate::slicing_rules::{self, Item};

/// One item as written.
enum Written {
    Int(Expr),
    Slice {
        start: Option<Box<Expr>>,
        stop: Option<Box<Expr>>,
        inclusive: bool,
        step: Option<Box<Expr>>,
    },
    NewAxis,
    Ellipsis,
}

impl Parse for Written {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(Token![...]) {
            input.parse::<Token![...]>()?;
            return Ok(Written::Ellipsis);
        }
        let expr: Expr = input.parse()?;
        let step = if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            Some(Box::new(input.parse::<Expr>()?))
        } else {
            None
        };
        Ok(match expr {
            Expr::Path(p) if p.path.is_ident("None") || p.path.is_ident("NewAxis") => {
                Written::NewAxis
            }
            Expr::Range(r) => Written::Slice {
                start: r.start,
                stop: r.end,
                inclusive: matches!(r.limits, RangeLimits::Closed(_)),
                step,
            },
            other if step.is_none() => Written::Int(other),
            other => {
                return Err(syn::Error::new_spanned(
                    other,
                    "a step (`;k`) follows a range: `a..b;k`",
                ))
            }
        })
    }
}

/// `index!(x: [..], [items])` or `index!(x, [items])`.
struct IndexInput {
    src: Expr,
    stated: Option<DimList>,
    items: Vec<Written>,
    span: Span,
}

impl Parse for IndexInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let src: Expr = input.parse()?;
        let mut stated = None;
        if input.peek(Token![:]) {
            input.parse::<Token![:]>()?;
            stated = Some(input.parse::<DimList>()?);
        }
        input.parse::<Token![,]>()?;
        let content;
        let span = bracketed!(content in input).span.join();
        let items = Punctuated::<Written, Token![,]>::parse_terminated(&content)?
            .into_iter()
            .collect();
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(
                input.error("`index!` takes a tensor and one key: `index!(x: [5, 8], [.., 1..3])`")
            );
        }
        Ok(IndexInput {
            src,
            stated,
            items,
            span,
        })
    }
}

const INDEX: OpSpec = OpSpec {
    name: "index",
    args: &["key"],
    runtime_ok: &[false],
    forms: &[super::slicing::Form::Int],
    example: "index!(x: [5, 8, 3], [.., 0, 1..3])",
};

/// A literal part of an item, in PyTorch's `int` range.
fn literal(expr: &Expr) -> syn::Result<i128> {
    let arg = dim_of(expr.clone())?;
    match arg.literal() {
        Some(v) if v < i64::MIN as i128 || v > i64::MAX as i128 => {
            Err(arg.error("Overflow when unpacking long"))
        }
        Some(v) => Ok(v),
        None if matches!(arg, DimArg::Symbolic { .. }) => Err(arg.error(
            "`index!` takes integers in its key, not named dims",
        )),
        None => Err(arg.error(
            "`index!` with a stated shape takes its key as integer literals and ranges of them, which the result's type depends on; for run-time values index the dynamic tensor",
        )),
    }
}

/// The key with literal parts, as the rules read it.
fn literal_items(items: &[Written]) -> syn::Result<Vec<Item>> {
    let part = |e: &Option<Box<Expr>>| e.as_deref().map(literal).transpose();
    items
        .iter()
        .map(|item| {
            Ok(match item {
                Written::Int(e) => Item::Int(literal(e)?),
                Written::Slice {
                    start,
                    stop,
                    inclusive,
                    step,
                } => {
                    let stop = part(stop)?;
                    Item::Slice {
                        start: part(start)?,
                        // `a..=b` is `a:b+1`, and `a..=-1` runs to the end (as `s!`)
                        stop: match (stop, inclusive) {
                            (Some(-1), true) => None,
                            (Some(v), true) => Some((v + 1).min(i64::MAX as i128)),
                            (stop, _) => stop,
                        },
                        step: part(step)?,
                    }
                }
                Written::NewAxis => Item::NewAxis,
                Written::Ellipsis => Item::Ellipsis,
            })
        })
        .collect()
}

/// The key as `IndexItem`s built from literals.
fn literal_key(items: &[Item]) -> TokenStream {
    let bound = |v: Option<i128>| match v {
        Some(v) => {
            let v = proc_macro2::Literal::isize_suffixed(v as isize);
            quote!(::core::option::Option::Some(#v))
        }
        None => quote!(::core::option::Option::None),
    };
    let items = items.iter().map(|item| match *item {
        Item::Int(v) => {
            let v = proc_macro2::Literal::isize_suffixed(v as isize);
            quote!(::tensor_view::IndexItem::Int(#v))
        }
        Item::Slice { start, stop, step } => {
            let (start, stop, step) = (bound(start), bound(stop), bound(step));
            quote!(::tensor_view::IndexItem::Slice { start: #start, stop: #stop, step: #step })
        }
        Item::NewAxis => quote!(::tensor_view::IndexItem::NewAxis),
        Item::Ellipsis => quote!(::tensor_view::IndexItem::Ellipsis),
    });
    quote!([#(#items),*])
}

/// The key as written, for a dynamic tensor (integers and ranges as `s!` takes them).
fn written_key(items: &[Written]) -> TokenStream {
    let items = items.iter().map(|item| match item {
        Written::Int(e) => quote!(::tensor_view::IndexItem::from(#e)),
        Written::Slice {
            start,
            stop,
            inclusive,
            step,
        } => {
            let limits = if *inclusive { quote!(..=) } else { quote!(..) };
            let range = quote!(#start #limits #stop);
            let step = step
                .as_ref()
                .map(|s| quote!(.step(::tensor_view::Int::to_slice_bound(#s))));
            quote!(::tensor_view::IndexItem::from(#range) #step)
        }
        Written::NewAxis => quote!(::tensor_view::IndexItem::NewAxis),
        Written::Ellipsis => quote!(::tensor_view::IndexItem::Ellipsis),
    });
    quote!([#(#items),*])
}

/// Expands `index!(x: [..], [items])` and `index!(x, [items])`.
pub fn index(input: TokenStream) -> TokenStream {
    let input: IndexInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let Some(list) = &input.stated else {
        let check = dynamic_check(&INDEX, &input.src);
        let key = written_key(&input.items);
        return block(&input.src, quote!(#check __tv::index_any(__tv_src, &#key)));
    };
    let typed = read_stated(list).and_then(|stated| {
        let items = literal_items(&input.items)?;
        let (sliced, sources) = slicing_rules::index(&stated.sizes, &items)
            .map_err(|m| syn::Error::new(input.span, m))?;
        if sliced.sizes.len() > MAX_RANK {
            return Err(syn::Error::new(
                input.span,
                format!(
                    "index!: a typed shape has at most {MAX_RANK} dims; index the dynamic tensor"
                ),
            ));
        }
        let dims = row_major::index_dims(stated.sizes.len(), &items, &sliced.sizes);
        debug_assert_eq!(
            dims.iter().map(|d| d.input_dim()).collect::<Vec<_>>(),
            sources
        );
        let ty = ResultType::new(&stated, &sliced, &dims);
        let outcome = outcome(&sliced);
        let key = literal_key(&items);
        let check = stated_check("index", &stated);
        let call = ty.typed(&outcome, quote!(__tv::index_any(__tv_src, &#key)));
        Ok(quote! {
            #check
            #call
        })
    });
    match typed {
        Ok(body) => block(&input.src, body),
        Err(e) => fallback(Some(&input.src), e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stated_key_is_typed_and_checked() {
        let out = index(quote!(x: [2, 5, 8], [0, 2.., None, 1..7;2])).to_string();
        assert!(out.contains("Static < 9"), "{out}"); // [3, 1, 3]
        assert!(out.contains("Infallible"));
        let out = index(quote!(x: [2, 5], [.., 5])).to_string();
        assert!(out.contains("index 5 is out of bounds for dimension 1 with size 5"));
    }

    #[test]
    fn a_dynamic_key_is_passed_as_written() {
        let out = index(quote!(x, [i, 1..n;2, ...])).to_string();
        assert!(out.contains("IndexItem :: from (i)"), "{out}");
        assert!(
            out.contains(". step (:: tensor_view :: Int :: to_slice_bound (2))"),
            "{out}"
        );
    }
}
