//! `unfold!`, `diagonal!`, `view_as_real!` (and the stated form `expand!`
//! shares with them): views whose element count depends on the
//! input's dims, which stable Rust cannot turn into the const generic count
//! of a static shape type. So:
//!
//! - with the input's shape stated, `unfold!(x: [8, 4] => 0, 2, 1)`, the
//!   macro computes the whole result (every mistake is a plain compile error
//!   with PyTorch's message, sizes included) and the result is typed; the
//!   compiler checks that the tensor has the stated dims;
//! - without it, what needs only the input's rank and dims is still checked
//!   while compiling, and the result is the dynamic op's `Result`.
//!
//! The layout is computed at run time by the dynamic op either way.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Token};

use super::checks::{out_of_range, rank_checks, RankCheck};
use super::typed_call::{block, dim_checks, numel_fits, rank_check, DimRule, RankRule};
use super::{dims_tuple, escape, fallback, int, typenum};
use crate::check::{check_shape, range_of, wrap, MAX_RANK};
use crate::parse::{ArgsInput, DimArg, DimList, ShapeInput};

/// `op!(x, a, b, ..)` or `op!(x: [d0, d1, ..] => a, b, ..)` (`op!(x: [d0, ..])`
/// when the op takes no argument).
struct StatedArgs {
    src: Expr,
    source: Option<DimList>,
    args: Vec<DimArg>,
    span: Span,
}

impl Parse for StatedArgs {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let span = input.span();
        let src: Expr = input.parse()?;
        let mut source = None;
        if input.peek(Token![:]) {
            input.parse::<Token![:]>()?;
            source = Some(input.parse::<DimList>()?);
            if !input.is_empty() {
                input.parse::<Token![=>]>()?;
            }
        } else if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
        let rest: TokenStream = input.parse()?;
        let args = syn::parse2::<ArgsInput>(quote!(__tv_stated, #rest))?.args;
        Ok(StatedArgs {
            src,
            source,
            args,
            span,
        })
    }
}

/// The arguments, as literals when all are, with defaults for those left out.
enum Args {
    Literal(Vec<i128>),
    Runtime(Vec<TokenStream>),
}

fn args(
    input: &StatedArgs,
    name: &str,
    usage: &str,
    defaults: &[Option<i128>],
) -> syn::Result<Args> {
    let given = input.args.len();
    if given > defaults.len() || defaults[given..].iter().any(Option::is_none) {
        return Err(syn::Error::new(
            input.span,
            format!("`{name}!` takes a tensor and its arguments: `{usage}`"),
        ));
    }
    if let Some(named) = input
        .args
        .iter()
        .find(|a| matches!(a, DimArg::Symbolic { .. }))
    {
        return Err(named.error(format!(
            "`{name}!` takes integer literals or run-time values: a named dim has no value here"
        )));
    }
    let literal: Option<Vec<i128>> = defaults
        .iter()
        .enumerate()
        .map(|(i, d)| input.args.get(i).map_or(*d, DimArg::literal))
        .collect();
    if let Some(values) = literal {
        return Ok(Args::Literal(values));
    }
    Ok(Args::Runtime(
        defaults
            .iter()
            .enumerate()
            .map(|(i, d)| match input.args.get(i) {
                Some(DimArg::Runtime { expr, .. }) => quote!(__tv::dim_value(#expr)),
                Some(arg) => {
                    let v = int(arg.literal().expect("literal or run-time"));
                    quote!(#v)
                }
                None => {
                    let v = int(d.expect("checked above"));
                    quote!(#v)
                }
            })
            .collect(),
    ))
}

fn arg_span(input: &StatedArgs, i: usize) -> Span {
    input
        .args
        .get(i)
        .map(|a| a.error("").span())
        .unwrap_or(input.span)
}

/// The check that the tensor has the stated dims.
fn stated_check(stated: &DimList, op: &str) -> TokenStream {
    let span = stated.span;
    let stated_dims = dims_tuple(&stated_dims(stated).unwrap_or_default());
    let message = format!(
        "{op}!: the tensor's shape is not its stated shape {}",
        escape(&stated.text())
    );
    // A block of its own: no user token sees the message trait.
    quote_spanned! {span=>
        {
            #[diagnostic::on_unimplemented(message = #message, label = "stated here")]
            trait TensorHasTheStatedShape {}
            #[diagnostic::do_not_recommend]
            impl TensorHasTheStatedShape for __tv::DimFits {}
            fn __tv_check_stated<__TvD: __tv::HasDims<#stated_dims>>(_: ::core::marker::PhantomData<__TvD>)
            where
                __TvD::Verdict: TensorHasTheStatedShape,
            {
            }
            __tv_check_stated(__tv::input_dims(__tv_src));
        }
    }
}

/// The check that the tensor has the stated dims, and the typed result
/// `dims` (strides known only at run time).
pub(super) fn stated_result(
    stated: &DimList,
    dims: &[u128],
    call: TokenStream,
    op: &str,
) -> TokenStream {
    let span = stated.span;
    let count = numel_fits(&dims.iter().map(|&d| d as i128).collect::<Vec<_>>());
    let Some(count) = count else {
        return syn::Error::new(span, "numel: integer multiplication overflow").to_compile_error();
    };
    let check = stated_check(stated, op);
    let result_dims = dims_tuple(dims);
    let (n, nt) = (int(count as i128), typenum(count));
    quote_spanned! {span=>
        #check
        __tv::fixed_result::<__tv::Static<#n, #nt, #result_dims, __tv::RuntimeStrides>, _, _>(
            __tv_src,
            #call,
        )
    }
}

/// The dims of a stated shape, or its error (literals only: the macro
/// applies the op's rules to them).
pub(super) fn stated_dims(stated: &DimList) -> syn::Result<Vec<u128>> {
    if let Some(d) = stated
        .dims
        .iter()
        .find(|d| matches!(d, crate::parse::DimArg::Const { .. }))
    {
        return Err(d.error("a stated shape takes integer literals; write the constant's value"));
    }
    let plan = check_shape(&ShapeInput {
        dims: stated.dims.clone(),
        span: stated.span,
    })?;
    Ok(plan
        .dims
        .iter()
        .filter_map(crate::value::Value::known)
        .collect())
}

/// Expands `unfold!(x, dimension, size, step)` and `unfold!(x: [..] => dimension, size, step)`.
pub fn unfold(input: TokenStream) -> TokenStream {
    let input: StatedArgs = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let usage = "unfold!(tensor, dimension, size, step)";
    let values = match args(&input, "unfold", usage, &[None, None, None]) {
        Ok(Args::Literal(values)) => values,
        Ok(Args::Runtime(exprs)) => {
            let call = quote!(__tv::unfold_any(__tv_src, #(#exprs),*));
            return block(&input.src, input.span, call);
        }
        Err(e) => return fallback(Some(&input.src), e),
    };
    let (dim, size, step) = (values[0], values[1], values[2]);
    let (v0, v1, v2) = (int(dim), int(size), int(step));
    let call = quote!(__tv::unfold_any(__tv_src, #v0, #v1, #v2));
    let (dim_span, size_span, step_span) = (
        arg_span(&input, 0),
        arg_span(&input, 1),
        arg_span(&input, 2),
    );
    let error = |span: Span, text: String| fallback(Some(&input.src), syn::Error::new(span, text));
    if let Some(stated) = &input.source {
        let dims = match stated_dims(stated) {
            Ok(dims) => dims,
            Err(e) => return fallback(Some(&input.src), e),
        };
        let rank = dims.len();
        let Some(d) = wrap(dim, rank) else {
            let (lo, hi) = range_of(rank);
            return error(dim_span, tensor_rules::dims::out_of_range(dim, lo, hi));
        };
        let max = if rank == 0 { 1 } else { dims[d] as i128 };
        if size < 0 {
            return error(size_span, format!("size is {size} but must be >= 0"));
        }
        if size > max {
            return error(
                size_span,
                format!("maximum size for tensor at dimension {d} is {max} but size is {size}"),
            );
        }
        if step <= 0 {
            return error(step_span, format!("step is {step} but must be > 0"));
        }
        if rank + 1 > MAX_RANK {
            return error(
                stated.span,
                format!("unfold!: a static shape has at most {MAX_RANK} dims"),
            );
        }
        let mut result = dims.clone();
        if rank > 0 {
            result[d] = ((dims[d] as i128 - size) / step + 1) as u128;
        }
        result.push(size as u128);
        let body = stated_result(stated, &result, call, "unfold");
        return block(&input.src, stated.span, body);
    }
    if size < 0 {
        return error(size_span, format!("size is {size} but must be >= 0"));
    }
    if step <= 0 {
        return error(step_span, format!("step is {step} but must be > 0"));
    }
    let mut body = rank_checks(
        &[RankCheck {
            name: "DimInRange",
            message: out_of_range(dim),
            passes: (0..=MAX_RANK).map(|r| wrap(dim, r).is_some()).collect(),
            span: dim_span,
            label: "out of range for this tensor",
        }],
        "dim_range",
    );
    body.extend(rank_check(&[RankRule {
        name: "ScalarWindowFits".into(),
        message: format!("maximum size for tensor at dimension 0 is 1 but size is {size}"),
        note: None,
        passes: (0..=MAX_RANK).map(|r| r != 0 || size <= 1).collect(),
        span: size_span,
        label: "a 0-d tensor unfolds into windows of at most 1 element".into(),
    }]));
    let target = typenum(size as u128);
    let mut rules = Vec::new();
    for w in 0..MAX_RANK {
        let ranks: Vec<usize> = (1..=MAX_RANK)
            .filter(|&r| wrap(dim, r) == Some(w))
            .collect();
        if ranks.is_empty() {
            continue;
        }
        let param = format_ident!("__TvD{}", w);
        rules.push(DimRule {
            name: format!("WindowFitsInDim{w}"),
            message: format!("maximum size for tensor at dimension {w} is smaller than size {size}"),
            label: "a window larger than the dim".into(),
            note: "PyTorch's message gives the dim's size, which the compiler cannot print here; state the tensor's shape (`unfold!(x: [..] => ..)`) to see it".into(),
            span: size_span,
            verdicts: (0..=MAX_RANK)
                .map(|r| {
                    ranks.contains(&r).then(|| {
                        (
                            quote!(<#param as __tv::SizeAtLeast<#target>>::Verdict),
                            quote!(#param: __tv::SizeAtLeast<#target>,),
                        )
                    })
                })
                .collect(),
        });
    }
    body.extend(dim_checks(&rules));
    body.extend(call);
    block(&input.src, input.span, body)
}

/// Expands `diagonal!(x[, offset[, dim1[, dim2]]])` and `diagonal!(x: [..] => offset, dim1, dim2)`.
pub fn diagonal(input: TokenStream) -> TokenStream {
    let input: StatedArgs = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let usage = "diagonal!(tensor, offset, dim1, dim2)";
    let values = match args(&input, "diagonal", usage, &[Some(0), Some(0), Some(1)]) {
        Ok(Args::Literal(values)) => values,
        Ok(Args::Runtime(exprs)) => {
            let call = quote!(__tv::diagonal_any(__tv_src, #(#exprs),*));
            return block(&input.src, input.span, call);
        }
        Err(e) => return fallback(Some(&input.src), e),
    };
    let (offset, dim1, dim2) = (values[0], values[1], values[2]);
    let (v0, v1, v2) = (int(offset), int(dim1), int(dim2));
    let call = quote!(__tv::diagonal_any(__tv_src, #v0, #v1, #v2));
    let (dim1_span, dim2_span) = (arg_span(&input, 1), arg_span(&input, 2));
    let identical = format!("diagonal dimensions cannot be identical {dim1}, {dim2}");
    let error = |span: Span, text: String| fallback(Some(&input.src), syn::Error::new(span, text));
    if let Some(stated) = &input.source {
        let dims = match stated_dims(stated) {
            Ok(dims) => dims,
            Err(e) => return fallback(Some(&input.src), e),
        };
        let rank = dims.len();
        let (lo, hi) = range_of(rank);
        let range = |dim: i128| tensor_rules::dims::out_of_range(dim, lo, hi);
        let Some(d1) = wrap(dim1, rank) else {
            return error(dim1_span, range(dim1));
        };
        let Some(d2) = wrap(dim2, rank) else {
            return error(dim2_span, range(dim2));
        };
        if d1 == d2 {
            return error(dim2_span, identical);
        }
        let (s1, s2) = (dims[d1] as i128, dims[d2] as i128);
        let size = if offset >= 0 {
            s1.min(s2 - offset)
        } else {
            (s1 + offset).min(s2)
        }
        .max(0);
        let mut result: Vec<u128> = dims
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != d1 && i != d2)
            .map(|(_, &s)| s)
            .collect();
        result.push(size as u128);
        let body = stated_result(stated, &result, call, "diagonal");
        return block(&input.src, stated.span, body);
    }
    let mut body = rank_checks(
        &[
            RankCheck {
                name: "FirstDimInRange",
                message: out_of_range(dim1),
                passes: (0..=MAX_RANK).map(|r| wrap(dim1, r).is_some()).collect(),
                span: dim1_span,
                label: "out of range for this tensor",
            },
            RankCheck {
                name: "SecondDimInRange",
                message: out_of_range(dim2),
                passes: (0..=MAX_RANK).map(|r| wrap(dim2, r).is_some()).collect(),
                span: dim2_span,
                label: "out of range for this tensor",
            },
        ],
        "dim_range",
    );
    body.extend(rank_check(&[RankRule {
        name: "DiagonalDimsDiffer".into(),
        message: identical,
        note: None,
        passes: (0..=MAX_RANK)
            .map(|r| match (wrap(dim1, r), wrap(dim2, r)) {
                (Some(a), Some(b)) => a != b,
                _ => true,
            })
            .collect(),
        span: dim2_span,
        label: "the same dim as dim1 for this tensor".into(),
    }]));
    body.extend(call);
    block(&input.src, input.span, body)
}

/// Expands `view_as_real!(z)` and `view_as_real!(z: [d0, d1, ..])`.
pub fn view_as_real(input: TokenStream) -> TokenStream {
    let input: StatedArgs = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    if !input.args.is_empty() {
        let error = syn::Error::new(
            input.span,
            "`view_as_real!` takes a tensor, and maybe its shape: `view_as_real!(tensor: [d0, d1, ..])`",
        );
        return fallback(Some(&input.src), error);
    }
    let Some(stated) = &input.source else {
        return block(
            &input.src,
            input.span,
            quote!(__tv::view_as_real_any(__tv_src)),
        );
    };
    let mut dims = match stated_dims(stated) {
        Ok(dims) => dims,
        Err(e) => return fallback(Some(&input.src), e),
    };
    if dims.len() + 1 > MAX_RANK {
        let error = syn::Error::new(
            stated.span,
            format!("view_as_real!: a static shape has at most {MAX_RANK} dims"),
        );
        return fallback(Some(&input.src), error);
    }
    dims.push(2);
    let Some(count) = numel_fits(&dims.iter().map(|&d| d as i128).collect::<Vec<_>>()) else {
        let error = syn::Error::new(stated.span, "numel: integer multiplication overflow");
        return fallback(Some(&input.src), error);
    };
    let span = stated.span;
    let check = stated_check(stated, "view_as_real");
    let (n, nt, result_dims) = (int(count as i128), typenum(count), dims_tuple(&dims));
    let body = quote_spanned! {span=>
        #check
        __tv::view_as_real_to::<__tv::StatedShape<#n, #nt, #result_dims>, _, _>(__tv_src)
    };
    block(&input.src, span, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stated_shape_gives_a_typed_result_and_exact_messages() {
        let out = unfold(quote!(x: [8, 4] => 0, 3, 2)).to_string();
        assert!(out.contains("fixed_result"));
        assert!(out.contains("HasDims"));
        let out = unfold(quote!(x: [8, 4] => 1, 5, 1)).to_string();
        assert!(out.contains("maximum size for tensor at dimension 1 is 4 but size is 5"));
        let out = diagonal(quote!(x: [3, 4] => 0, -2, 0)).to_string();
        assert!(out.contains("diagonal dimensions cannot be identical -2, 0"));
    }

    #[test]
    fn without_a_stated_shape_the_checks_stay_and_the_result_is_dynamic() {
        let out = unfold(quote!(x, 0, 2, 1)).to_string();
        assert!(!out.contains("fixed_result"));
        assert!(out.contains("SizeAtLeast"));
        let out = unfold(quote!(x, 0, 2, 0)).to_string();
        assert!(out.contains("step is 0 but must be > 0"));
        let out = diagonal(quote!(x)).to_string();
        assert!(out.contains("diagonal_any (__tv_src , 0 , 0 , 1)"));
    }
}
