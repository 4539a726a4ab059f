//! Static `transpose!`, `permute!`, `unsqueeze!`, `squeeze!`, `flatten!`.
//!
//! The macro knows the dims it is given but not the input's rank, so it
//! writes the result's dims for every rank 0..=MAX_RANK (a `DimsOp` impl per
//! rank) and a range check per dim whose message PyTorch would print for that
//! rank. The layout itself is computed at run time by the dynamic code, so
//! strides and offsets are PyTorch's by construction.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Expr;

use super::checks::{out_of_range, rank_checks, rank_equals, RankCheck};
use super::{fallback, int, typenum};
use crate::check::{check_args, check_permute, wrap, OpDims, MAX_RANK};
use crate::parse::{ArgsInput, ListInput};

/// The result of an op at one rank.
pub(super) struct RankResult {
    dims: TokenStream,
    strides: TokenStream,
    outcome: TokenStream,
    bounds: TokenStream,
}

impl RankResult {
    /// Dims `dims`, row-major strides kept (`__TvC`), cannot fail.
    fn keeping_strides(dims: TokenStream) -> RankResult {
        RankResult {
            dims,
            strides: quote!(__TvC),
            outcome: quote!(__tv::Infallible),
            bounds: TokenStream::new(),
        }
    }
}

/// One stride entry of a program: the input's stride at `i`.
fn old_stride(i: usize) -> TokenStream {
    let index = format_ident!("Index{}", i);
    quote!(__tv::Old<__tv::#index>)
}

/// A stride program (see `KnownStrides`): the list of its entries.
fn program(entries: Vec<TokenStream>) -> TokenStream {
    entries
        .into_iter()
        .rev()
        .fold(quote!(__tv::Nil), |rest, e| quote!(__tv::Cons<#e, #rest>))
}

/// The result of an op that reorders the dims: input dim `order[j]` goes to
/// position `j`; the stride marker follows (`ReorderMarker`).
pub(super) fn reordered(params: &[Ident], order: &[usize]) -> RankResult {
    let out = order.iter().map(|&p| &params[p]);
    let program = program(order.iter().map(|&p| old_stride(p)).collect());
    let marker = quote!(__tv::ReorderMarker<__TvNumel, (#(#params,)*), #program>);
    RankResult {
        dims: quote!((#(#out,)*)),
        strides: quote!(<__TvC as #marker>::Out),
        outcome: quote!(__tv::Infallible),
        bounds: quote!(__TvC: #marker,),
    }
}

/// The result of an op that leaves the dims and strides as they are.
pub(super) fn keeping(params: &[Ident]) -> RankResult {
    RankResult::keeping_strides(quote!((#(#params,)*)))
}

fn dim_params(rank: usize) -> Vec<Ident> {
    (0..rank).map(|i| format_ident!("__TvD{}", i)).collect()
}

/// `DimsOp` impls of the local type `__TvStaticOpResult`, one per rank; ranks
/// where the call is invalid (`None`) keep the input's type (a check reports them).
pub(super) fn op_impls(
    span: Span,
    per_rank: impl Fn(usize, &[Ident]) -> Option<RankResult>,
) -> TokenStream {
    let mut out = quote_spanned!(span=> struct __TvStaticOpResult;);
    for rank in 0..=MAX_RANK {
        let params = dim_params(rank);
        let input = quote!((#(#params,)*));
        let result =
            per_rank(rank, &params).unwrap_or_else(|| RankResult::keeping_strides(input.clone()));
        let RankResult {
            dims,
            strides,
            outcome,
            bounds,
        } = result;
        out.extend(quote_spanned! {span=>
            impl<#(#params,)* __TvNumel, __TvC> __tv::DimsOp<#input, __TvNumel, __TvC> for __TvStaticOpResult
            where
                #bounds
            {
                type Dims = #dims;
                type Strides = #strides;
                type Outcome = #outcome;
            }
        });
    }
    out
}

/// The block every op expands to.
pub(super) fn op_block(
    src: &Expr,
    span: Span,
    body: TokenStream,
    call: TokenStream,
) -> TokenStream {
    quote_spanned! {span=>
        {
            use ::tensor_view::__private as __tv;
            let __tv_src = &(#src);
            let __tv_src: &__tv::Tensor<_, _> = __tv_src;
            #body
            #call
        }
    }
}

/// A static op: checks, per-rank result types, then the run-time layout call retyped.
pub(super) fn static_op(
    src: &Expr,
    span: Span,
    checks: TokenStream,
    impls: TokenStream,
    call: TokenStream,
) -> TokenStream {
    op_block(
        src,
        span,
        quote!(#checks #impls),
        quote_spanned!(span=> __tv::retype::<__TvStaticOpResult, _, _>(__tv_src, #call)),
    )
}

fn parse_args(input: TokenStream) -> Result<ArgsInput, TokenStream> {
    syn::parse2::<ArgsInput>(input).map_err(|e| fallback(None, e))
}

pub(super) fn range_check(name: &'static str, value: i128, span: Span, insert: bool) -> RankCheck {
    RankCheck {
        name,
        message: out_of_range(value),
        passes: (0..=MAX_RANK)
            .map(|r| wrap(value, if insert { r + 1 } else { r }).is_some())
            .collect(),
        span,
        label: "out of range for this tensor",
    }
}

fn arg_span(input: &ArgsInput, i: usize) -> Span {
    input
        .args
        .get(i)
        .map(|a| a.error("").span())
        .unwrap_or(input.span)
}

/// Expands `transpose!(x, dim0, dim1)`.
pub fn transpose(input: TokenStream) -> TokenStream {
    let input = match parse_args(input) {
        Ok(input) => input,
        Err(e) => return e,
    };
    let usage = "transpose!(tensor, dim0, dim1)";
    let dims = match check_args(&input, "transpose", usage, &[None, None]) {
        Ok(d) => d,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let span = arg_span(&input, 0);
    let args = arg_exprs(&input, &[0, 0]);
    let call = quote!(__tv::transpose_any(__tv_src, #(#args),*));
    let OpDims::Literal(values) = dims else {
        return op_block(&input.src, span, TokenStream::new(), call);
    };
    let (a, b) = (values[0], values[1]);
    let checks = rank_checks(
        &[
            range_check("FirstDimInRange", a, arg_span(&input, 0), false),
            range_check("SecondDimInRange", b, arg_span(&input, 1), false),
        ],
        "dim_range",
    );
    let impls = op_impls(span, |rank, params| {
        let (wa, wb) = (wrap(a, rank)?, wrap(b, rank)?);
        if rank == 0 || wa == wb {
            return Some(RankResult::keeping_strides(quote!((#(#params,)*))));
        }
        let mut order: Vec<usize> = (0..rank).collect();
        order.swap(wa, wb);
        Some(reordered(params, &order))
    });
    static_op(&input.src, span, checks, impls, call)
}

/// Expands `permute!(x, [d0, d1, ..])`.
pub fn permute(input: TokenStream) -> TokenStream {
    let input: ListInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let span = input.list.span;
    if let Some(source) = &input.source {
        let error = syn::Error::new(
            source.span,
            "`permute!` takes `permute!(tensor, [d0, d1, ..])`",
        );
        return fallback(Some(&input.src), error);
    }
    let values: Vec<TokenStream> = input
        .list
        .dims
        .iter()
        .map(|d| match d.literal() {
            Some(v) => {
                let v = int(v);
                quote!(#v)
            }
            None => {
                let DimArgExpr(e) = DimArgExpr::of(d);
                quote!(__tv::dim_value(#e))
            }
        })
        .collect();
    let call = quote!(__tv::permute_any(__tv_src, &[#(#values),*]));
    let perm = match check_permute(&input.list) {
        Ok(Some(perm)) => perm,
        Ok(None) => return op_block(&input.src, span, TokenStream::new(), call),
        Err(e) => return fallback(Some(&input.src), e),
    };
    let len = perm.len();
    let checks = rank_equals(len, span);
    let identity = perm.iter().enumerate().all(|(i, &p)| i == p);
    let impls = op_impls(span, |rank, params| {
        if rank != len {
            return None;
        }
        if identity {
            return Some(RankResult::keeping_strides(quote!((#(#params,)*))));
        }
        Some(reordered(params, &perm))
    });
    static_op(&input.src, span, checks, impls, call)
}

/// The expression of a run-time dim (a literal dim is its value).
struct DimArgExpr(TokenStream);

impl DimArgExpr {
    fn of(d: &crate::parse::DimArg) -> DimArgExpr {
        match d {
            crate::parse::DimArg::Literal { value, .. } => {
                let v = int(*value);
                DimArgExpr(quote!(#v))
            }
            crate::parse::DimArg::Runtime { expr, .. } => DimArgExpr(quote!(#expr)),
            crate::parse::DimArg::Symbolic { tokens, .. } => DimArgExpr(tokens.clone()),
            crate::parse::DimArg::Const { value, .. } => DimArgExpr(value.expression()),
        }
    }
}

fn arg_exprs(input: &ArgsInput, defaults: &[i128]) -> Vec<TokenStream> {
    (0..defaults.len())
        .map(|i| match input.args.get(i) {
            Some(arg) => {
                let DimArgExpr(e) = DimArgExpr::of(arg);
                quote!(__tv::dim_value(#e))
            }
            None => {
                let v = int(defaults[i]);
                quote!(#v)
            }
        })
        .collect()
}

/// Expands `unsqueeze!(x, dim)`.
pub fn unsqueeze(input: TokenStream) -> TokenStream {
    let input = match parse_args(input) {
        Ok(input) => input,
        Err(e) => return e,
    };
    let dims = match check_args(&input, "unsqueeze", "unsqueeze!(tensor, dim)", &[None]) {
        Ok(d) => d,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let span = arg_span(&input, 0);
    let args = arg_exprs(&input, &[0]);
    let call = quote!(__tv::unsqueeze_any(__tv_src, #(#args),*));
    let OpDims::Literal(values) = dims else {
        return op_block(&input.src, span, TokenStream::new(), call);
    };
    let d = values[0];
    let cap = RankCheck {
        name: "StaticRankLimit",
        message: format!(
            "unsqueeze!: a static shape has at most {MAX_RANK} dims; call `.into_dyn()` first"
        ),
        passes: (0..=MAX_RANK).map(|r| r < MAX_RANK).collect(),
        span,
        label: "the result would have too many dims",
    };
    let checks = rank_checks(
        &[range_check("DimInRange", d, span, true), cap],
        "insert_range",
    );
    let one = typenum(1);
    let impls = op_impls(span, |rank, params| {
        if rank >= MAX_RANK {
            return None;
        }
        let at = wrap(d, rank + 1)?;
        let mut out: Vec<TokenStream> = params.iter().map(|p| quote!(#p)).collect();
        out.insert(at, one.clone());
        // PyTorch's stride for the new dim: size * stride of the dim it
        // precedes, or 1 at the end.
        let mut entries: Vec<TokenStream> = (0..rank).map(old_stride).collect();
        let inserted = if at < rank {
            let index = format_ident!("Index{}", at);
            quote!(__tv::Outer<__tv::#index>)
        } else {
            quote!(__tv::UnitStride)
        };
        entries.insert(at, inserted);
        let program = program(entries);
        let marker = quote!(__tv::UnsqueezeMarker<__TvNumel, (#(#params,)*), #program>);
        Some(RankResult {
            dims: quote!((#(#out,)*)),
            strides: quote!(<__TvC as #marker>::Out),
            outcome: quote!(__tv::Infallible),
            bounds: quote!(__TvC: #marker,),
        })
    });
    static_op(&input.src, span, checks, impls, call)
}

/// Expands `squeeze!(x, dim)`.
pub fn squeeze(input: TokenStream) -> TokenStream {
    let input = match parse_args(input) {
        Ok(input) => input,
        Err(e) => return e,
    };
    let dims = match check_args(&input, "squeeze", "squeeze!(tensor, dim)", &[None]) {
        Ok(d) => d,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let span = arg_span(&input, 0);
    let args = arg_exprs(&input, &[0]);
    let call = quote!(__tv::squeeze_any(__tv_src, #(#args),*));
    let OpDims::Literal(values) = dims else {
        return op_block(&input.src, span, TokenStream::new(), call);
    };
    let d = values[0];
    let checks = rank_checks(&[range_check("DimInRange", d, span, false)], "dim_range");
    let impls = op_impls(span, |rank, params| {
        let at = wrap(d, rank)?;
        if rank == 0 {
            return Some(RankResult::keeping_strides(quote!(())));
        }
        let all = quote!((#(#params,)*));
        let rest = params
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at)
            .map(|(_, p)| p);
        let size = &params[at];
        let program = program((0..rank).filter(|&i| i != at).map(old_stride).collect());
        let marker = quote!(__tv::SqueezeMarker<#size, #program>);
        Some(RankResult {
            dims: quote!(<#size as __tv::SqueezeBySize>::Pick<(#(#rest,)*), #all>),
            strides: quote!(<__TvC as #marker>::Out),
            outcome: quote!(__tv::Infallible),
            bounds: quote!(#size: __tv::SqueezeBySize, __TvC: #marker,),
        })
    });
    static_op(&input.src, span, checks, impls, call)
}

/// Expands `flatten!(x)`, `flatten!(x, start_dim)`, `flatten!(x, start_dim, end_dim)`.
pub fn flatten(input: TokenStream) -> TokenStream {
    let input = match parse_args(input) {
        Ok(input) => input,
        Err(e) => return e,
    };
    let usage = "flatten!(tensor, start_dim, end_dim)";
    let dims = match check_args(&input, "flatten", usage, &[Some(0), Some(-1)]) {
        Ok(d) => d,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let span = arg_span(&input, 0);
    let args = arg_exprs(&input, &[0, -1]);
    let call = quote!(__tv::flatten_any(__tv_src, #(#args),*));
    let OpDims::Literal(values) = dims else {
        return op_block(&input.src, span, TokenStream::new(), call);
    };
    let (s, e) = (values[0], values[1]);
    let order = RankCheck {
        name: "StartDimNotAfterEndDim",
        message: "flatten() has invalid args: start_dim cannot come after end_dim".to_string(),
        passes: (0..=MAX_RANK)
            .map(|r| matches!((wrap(s, r), wrap(e, r)), (Some(a), Some(b)) if a <= b))
            .collect(),
        span,
        label: "start_dim comes after end_dim for this tensor",
    };
    let checks = rank_checks(
        &[
            range_check("StartDimInRange", s, arg_span(&input, 0), false),
            range_check("EndDimInRange", e, arg_span(&input, 1), false),
            order,
        ],
        "dim_range",
    );
    let one = typenum(1);
    let impls = op_impls(span, |rank, params| {
        let (a, b) = (wrap(s, rank)?, wrap(e, rank)?);
        if a > b {
            return None;
        }
        if rank == 0 {
            return Some(RankResult::keeping_strides(quote!((#one,))));
        }
        if a == b {
            return Some(RankResult::keeping_strides(quote!((#(#params,)*))));
        }
        // The merged dim: ((Da * Da+1) * ...) * Db, each step a bound.
        let first = &params[a];
        let mut product = quote!(#first);
        let mut bounds = TokenStream::new();
        for p in &params[a + 1..=b] {
            bounds.extend(quote!(#product: ::core::ops::Mul<#p>,));
            product = quote!(<#product as ::core::ops::Mul<#p>>::Output);
        }
        let before = &params[..a];
        let after = &params[b + 1..];
        Some(RankResult {
            dims: quote!((#(#before,)* #product, #(#after,)*)),
            strides: quote!(<__TvC as __tv::Contiguity>::Flattened),
            outcome: quote!(<__TvC as __tv::Contiguity>::ViewOutcome),
            bounds: quote!(#bounds __TvC: __tv::Contiguity,),
        })
    });
    static_op(&input.src, span, checks, impls, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_writes_one_result_per_rank() {
        let out = transpose(quote!(x, 0, 1)).to_string();
        assert_eq!(out.matches("for __TvStaticOpResult").count(), MAX_RANK + 1);
        assert!(out.contains("transpose_any"));
        assert!(out.contains("but got 1"));
    }

    #[test]
    fn runtime_dims_give_the_dynamic_op() {
        let out = transpose(quote!(x, a, 1)).to_string();
        assert!(!out.contains("__TvStaticOpResult"));
        assert!(out.contains("transpose_any"));
    }

    #[test]
    fn permute_mistakes_are_compile_errors() {
        let out = permute(quote!(x, [0, 0])).to_string();
        assert!(out.contains("permute(): duplicate dims are not allowed."));
        assert_eq!(out.matches("compile_error").count(), 1);
    }

    #[test]
    fn wrong_argument_counts_are_explained() {
        let out = transpose(quote!(x, 0)).to_string();
        assert!(out.contains("`transpose!` takes a tensor and its dims"));
    }

    #[test]
    fn flatten_defaults_to_all_dims() {
        let out = flatten(quote!(x)).to_string();
        assert!(out.contains("flatten_any (__tv_src , 0 , - 1)"));
        assert!(out.contains("Mul"));
    }
}
