//! Typed `expand!` and `unflatten!`: the result shape is written out by the
//! macro (`expand!`) or computed per rank in the types (`unflatten!`), the
//! layout computed at run time by the dynamic op, so strides and offsets are
//! PyTorch's by construction. Their checks are built with `typed_call`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use super::typed_call::{block, dim_checks, numel_fits, rank_check, DimRule, RankRule};
use super::{escape, fallback, int, typenum};
use crate::check::{wrap, MAX_RANK};
use crate::parse::{DimArg, ListInput};

/// The value of a run-time size (a literal is its value).
fn size_expr(dim: &DimArg) -> TokenStream {
    match dim {
        DimArg::Literal { value, .. } => {
            let v = int(*value);
            quote!(#v)
        }
        DimArg::Runtime { expr, .. } => quote!(__tv::dim_value(#expr)),
        DimArg::Symbolic { tokens, .. } => tokens.clone(),
        DimArg::Const { value, .. } => {
            let value = value.expression();
            quote!(__tv::dim_value(#value))
        }
    }
}

/// The shape `expand(targets)` gives a tensor of `shape`, or PyTorch's
/// error (the dynamic `Layout::expand`'s rules, in its order).
fn expanded(shape: &[u128], targets: &[i128], text: &str) -> Result<Vec<u128>, String> {
    let (rank, n) = (shape.len(), targets.len());
    if n < rank {
        return Err(format!(
            "expand(size={text}): the number of sizes provided ({n}) must be greater or equal to the number of dimensions in the tensor ({rank})"
        ));
    }
    let numel_error = || "numel: integer multiplication overflow".to_string();
    if rank == 0 {
        return match numel_fits(targets) {
            Some(_) => Ok(targets.iter().map(|&t| t as u128).collect()),
            None => Err(numel_error()),
        };
    }
    let mut out = vec![0u128; n];
    for i in (0..n).rev() {
        let existing = (i + rank).checked_sub(n).map(|d| shape[d] as i128);
        let mut target = targets[i];
        if target == -1 {
            target = existing.ok_or_else(|| {
                format!("The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {i}")
            })?;
        }
        if let Some(size) = existing.filter(|&s| s != target && s != 1) {
            let sizes: Vec<String> = shape.iter().map(|s| s.to_string()).collect();
            return Err(format!(
                "The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {i}.  Target sizes: {text}.  Tensor sizes: [{}]",
                sizes.join(", ")
            ));
        }
        out[i] = target as u128;
    }
    numel_fits(&out.iter().map(|&d| d as i128).collect::<Vec<_>>()).ok_or_else(numel_error)?;
    Ok(out)
}

/// Expands `expand!(x, [s0, s1, ..])` and `expand!(x: [d0, ..] => [s0, s1, ..])`.
pub fn expand(input: TokenStream) -> TokenStream {
    let input: ListInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    if super::named_args::names_a_size(&input.list) {
        return super::named_args::expand_named(input);
    }
    let span = input.list.span;
    let dims = &input.list.dims;
    if let Some(named) = dims.iter().find(|d| matches!(d, DimArg::Symbolic { .. })) {
        let error = named.error(
            "`expand!` sizes are integer literals or run-time values: a named dim has no size of its own here",
        );
        return fallback(Some(&input.src), error);
    }
    let sizes: Vec<TokenStream> = dims.iter().map(size_expr).collect();
    let call = quote_spanned!(span=> __tv::expand_any(__tv_src, &[#(#sizes),*]));
    let literal: Option<Vec<i128>> = dims.iter().map(DimArg::literal).collect();
    let literal = literal.filter(|l| l.len() <= MAX_RANK && l.iter().all(|&v| v >= -1));
    let Some(targets) = literal else {
        if let Some(source) = &input.source {
            let error = syn::Error::new(
                source.span,
                "with a stated shape the sizes must be integer literals (-1 or more, at most 8 of them)",
            );
            return fallback(Some(&input.src), error);
        }
        return block(&input.src, span, call);
    };
    let n = targets.len();
    if let Some(source) = &input.source {
        let result = super::stated::stated_dims(source).and_then(|shape| {
            expanded(&shape, &targets, &input.list.text()).map_err(|e| syn::Error::new(span, e))
        });
        return match result {
            Ok(result) => {
                let body = super::stated::stated_result(source, &result, call, "expand");
                block(&input.src, span, body)
            }
            Err(e) => fallback(Some(&input.src), e),
        };
    }
    let text = escape(&input.list.text());
    let mut rules = Vec::new();
    if targets.contains(&-1) {
        rules.push(RankRule {
            name: "ExpandKeepsNoSizeOfAScalar".into(),
            message: "numel: integer multiplication overflow".into(),
            note: Some(
                "a 0-d tensor has no dim for -1 to keep: PyTorch reads -1 as 2^64 - 1".into(),
            ),
            passes: (0..=MAX_RANK).map(|r| r != 0).collect(),
            span,
            label: "-1 on a 0-d tensor".into(),
        });
    }
    rules.push(RankRule {
        name: "ExpandHasASizePerDim".into(),
        message: format!(
            "expand(size={text}): the number of sizes provided ({n}) must be greater or equal to the number of dimensions in the tensor ({{__TV_R}})"
        ),
        note: Some("PyTorch's message starts `expand(torch.FloatTensor{[..]}, size=..)`, with the tensor's type and sizes, which the compiler cannot print here".into()),
        passes: (0..=MAX_RANK).map(|r| r <= n).collect(),
        span,
        label: "too few sizes for this tensor".into(),
    });
    for (i, dim) in dims.iter().enumerate().rev() {
        if targets[i] == -1 {
            rules.push(RankRule {
                name: format!("ExpandKeepsAnExistingDim{i}"),
                message: format!(
                    "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {i}"
                ),
                note: None,
                passes: (0..=MAX_RANK)
                    .map(|r| r == 0 || r > n || i >= n - r)
                    .collect(),
                span: dim.error("").span(),
                label: "a new dim needs a size".into(),
            });
        }
    }
    let mut dim_rules = Vec::new();
    for (i, dim) in dims.iter().enumerate().rev() {
        let t = targets[i];
        if t < 0 {
            continue;
        }
        let target = typenum(t as u128);
        let verdicts = (0..=MAX_RANK)
            .map(|r| {
                if r == 0 || r > n || i < n - r {
                    return None;
                }
                let d = format_ident!("__TvD{}", i - (n - r));
                Some((
                    quote!(<#d as __tv::ExpandVerdict<#target>>::Verdict),
                    quote!(#d: __tv::ExpandVerdict<#target>,),
                ))
            })
            .collect();
        dim_rules.push(DimRule {
            name: format!("ExpandedSizeMatchesAt{i}"),
            message: format!(
                "The expanded size of the tensor ({t}) must match the existing size at non-singleton dimension {i}.  Target sizes: {text}"
            ),
            label: format!("the tensor's size here is neither 1 nor {t}"),
            note: "PyTorch's message also gives the existing size and the tensor's sizes, which the compiler cannot print here".into(),
            span: dim.error("").span(),
            verdicts,
        });
    }
    let mut body = rank_check(&rules);
    body.extend(dim_checks(&dim_rules));
    if targets.contains(&-1) {
        body.extend(call);
        return block(&input.src, span, body);
    }
    let Some(numel) = numel_fits(&targets) else {
        let error = syn::Error::new(span, "numel: integer multiplication overflow");
        return fallback(Some(&input.src), error);
    };
    let result_dims: Vec<u128> = targets.iter().map(|&t| t as u128).collect();
    let result_dims = super::dims_tuple(&result_dims);
    let count = int(numel as i128);
    let count_type = typenum(numel);
    body.extend(quote_spanned! {span=>
        __tv::fixed_result::<__tv::Static<#count, #count_type, #result_dims, __tv::RuntimeStrides>, _, _>(
            __tv_src,
            #call,
        )
    });
    block(&input.src, span, body)
}

/// The `DimsOp` impls of the local type `__TvStaticOpResult`, one per rank, for
/// ops whose result keeps the element count (the existing `StaticOp`
/// machinery retypes them); ranks where the call is invalid keep the input's type.
fn dims_op_impls(
    per_rank: impl Fn(usize, &[proc_macro2::Ident]) -> Option<DimsAtRank>,
) -> TokenStream {
    let mut out = quote!(
        struct __TvStaticOpResult;
    );
    for rank in 0..=MAX_RANK {
        let params: Vec<_> = (0..rank).map(|i| format_ident!("__TvD{}", i)).collect();
        let input = quote!((#(#params,)*));
        let DimsAtRank { dims, bounds } = per_rank(rank, &params).unwrap_or(DimsAtRank {
            dims: input.clone(),
            bounds: TokenStream::new(),
        });
        out.extend(quote! {
            impl<#(#params,)* __TvNumel, __TvC: __tv::Contiguity> __tv::DimsOp<#input, __TvNumel, __TvC> for __TvStaticOpResult
            where
                #bounds
            {
                type Dims = #dims;
                type Strides = __TvC;
                type Outcome = <__TvC as __tv::Contiguity>::ViewOutcome;
            }
        });
    }
    out
}

/// The result dims of a view op at one rank, and the bounds they need.
struct DimsAtRank {
    dims: TokenStream,
    bounds: TokenStream,
}

/// Expands `unflatten!(x, dim, [s0, s1, ..])`.
pub fn unflatten(input: TokenStream) -> TokenStream {
    let input: crate::parse::ArgsInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let usage =
        "`unflatten!` takes a tensor, a dim and the sizes: `unflatten!(tensor, dim, [s0, s1, ..])`";
    let sizes = match input.args.get(1).zip(input.args.first()) {
        Some((DimArg::Runtime { expr, .. }, _)) if input.args.len() == 2 => {
            match syn::parse2::<crate::parse::DimList>(quote!(#expr)) {
                Ok(list) => list,
                Err(_) => return fallback(Some(&input.src), syn::Error::new_spanned(expr, usage)),
            }
        }
        _ => return fallback(Some(&input.src), syn::Error::new(input.span, usage)),
    };
    let dim = &input.args[0];
    let span = sizes.span;
    if sizes.dims.is_empty() {
        let error = syn::Error::new(span, "unflatten: sizes must be non-empty");
        return fallback(Some(&input.src), error);
    }
    if let Some(named) = sizes
        .dims
        .iter()
        .chain([dim])
        .find(|d| matches!(d, DimArg::Symbolic { .. }))
    {
        let error = named.error(
            "`unflatten!` takes integer literals or run-time values: a named dim has no size of its own here",
        );
        return fallback(Some(&input.src), error);
    }
    let values: Vec<TokenStream> = sizes.dims.iter().map(size_expr).collect();
    let dim_value = match dim {
        DimArg::Literal { value, .. } => {
            let v = int(*value);
            quote!(#v)
        }
        other => size_expr(other),
    };
    let call = quote_spanned!(span=> __tv::unflatten_any(__tv_src, #dim_value, &[#(#values),*]));
    let (Some(d), Some(targets)) = (
        dim.literal(),
        sizes
            .dims
            .iter()
            .map(DimArg::literal)
            .collect::<Option<Vec<i128>>>(),
    ) else {
        return block(&input.src, span, call);
    };
    // PyTorch's `infer_size` checks that need no input, with its messages.
    if let Err(e) = crate::check::check_view(&sizes) {
        return fallback(Some(&input.src), e);
    }
    let n = targets.len();
    if n > MAX_RANK {
        return block(&input.src, span, call);
    }
    let dim_span = dim.error("").span();
    let range = super::checks::rank_checks(
        &[super::checks::RankCheck {
            name: "DimInRange",
            message: super::checks::out_of_range(d),
            passes: (0..=MAX_RANK).map(|r| wrap(d, r).is_some()).collect(),
            span: dim_span,
            label: "out of range for this tensor",
        }],
        "dim_range",
    );
    let fits_a_static_shape = |r: usize| r + n - 1 <= MAX_RANK;
    let scalar = rank_check(&[
        RankRule {
            name: "UnflattensADim".into(),
            message: "Dimension specified as 0 but tensor has no dimensions".into(),
            note: None,
            passes: (0..=MAX_RANK)
                .map(|r| r != 0 || wrap(d, r).is_none())
                .collect(),
            span: dim_span,
            label: "a 0-d tensor has no dim to unflatten".into(),
        },
        RankRule {
            name: "StaticRankLimit".into(),
            message: format!(
                "unflatten!: a static shape has at most {MAX_RANK} dims; call `.into_dyn()` first"
            ),
            note: None,
            passes: (0..=MAX_RANK)
                .map(|r| r == 0 || wrap(d, r).is_none() || fits_a_static_shape(r))
                .collect(),
            span,
            label: "the result would have too many dims".into(),
        },
    ]);
    let inferred = targets.iter().position(|&t| t == -1);
    let known: u128 = targets
        .iter()
        .filter(|&&t| t >= 0)
        .map(|&t| t as u128)
        .product();
    let known_fits = known <= usize::MAX as u128;
    let text = escape(&sizes.text());
    // The ranks where the dim is valid, grouped by the dim they name (one
    // group for a dim >= 0, one per rank for a negative dim).
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for rank in 1..=MAX_RANK {
        if let Some(w) = wrap(d, rank).filter(|_| fits_a_static_shape(rank)) {
            match groups.iter_mut().find(|(g, _)| *g == w) {
                Some((_, ranks)) => ranks.push(rank),
                None => groups.push((w, vec![rank])),
            }
        }
    }
    let mut rules = Vec::new();
    for (w, ranks) in &groups {
        let param = format_ident!("__TvD{}", w);
        let at =
            |verdict: TokenStream, bound: TokenStream| -> Vec<Option<(TokenStream, TokenStream)>> {
                (0..=MAX_RANK)
                    .map(|r| ranks.contains(&r).then(|| (verdict.clone(), bound.clone())))
                    .collect()
            };
        rules.push(DimRule {
            name: format!("UnflattensAStaticDim{w}"),
            message: format!(
                "unflatten!: dim {w} is a named dim, whose size is known only at run time; use the dynamic `unflatten`"
            ),
            label: "a named dim cannot be split into typed sizes".into(),
            note: "a typed result needs the sizes of its dims while compiling".into(),
            span: dim_span,
            verdicts: at(
                quote!(<#param as __tv::StaticDim>::Verdict),
                quote!(#param: __tv::StaticDim,),
            ),
        });
        let multiply = format!(
            "unflatten: Provided sizes {text} don't multiply up to the size of dim {w} in the input tensor"
        );
        let multiply_note =
            "PyTorch's message also gives the dim's size, which the compiler cannot print here"
                .to_string();
        let (verdict, bound) = match inferred {
            Some(_) if known == 0 => {
                rules.push(DimRule {
                    name: format!("InferredSizeIsDetermined{w}"),
                    message: format!(
                        "cannot reshape tensor of 0 elements into shape {text} because the unspecified dimension size -1 can be any value and is ambiguous"
                    ),
                    label: "-1 can be any size here".into(),
                    note: "the other sizes multiply to 0".into(),
                    span,
                    verdicts: at(
                        quote!(<#param as __tv::SizeNonZero>::Verdict),
                        quote!(#param: __tv::SizeNonZero,),
                    ),
                });
                let zero = typenum(0);
                (
                    quote!(<#param as __tv::SizeIs<#zero>>::Verdict),
                    quote!(#param: __tv::SizeIs<#zero>,),
                )
            }
            Some(_) if known_fits => {
                let k = typenum(known);
                (
                    quote!(<#param as __tv::SplitsBy<#k>>::Verdict),
                    quote!(#param: __tv::SplitsBy<#k>,),
                )
            }
            None if known_fits => {
                let k = typenum(known);
                (
                    quote!(<#param as __tv::SizeIs<#k>>::Verdict),
                    quote!(#param: __tv::SizeIs<#k>,),
                )
            }
            _ => (quote!(__tv::DimMismatch), TokenStream::new()),
        };
        rules.push(DimRule {
            name: format!("SizesMultiplyUpToDim{w}"),
            message: multiply,
            label: "these sizes".into(),
            note: multiply_note,
            span,
            verdicts: at(verdict, bound),
        });
    }
    let impls = dims_op_impls(|rank, params| {
        let w = groups.iter().find(|(_, ranks)| ranks.contains(&rank))?.0;
        let param = &params[w];
        let mut bounds = TokenStream::new();
        let pieces: Vec<TokenStream> = targets
            .iter()
            .map(|&t| {
                if t >= 0 {
                    typenum(t as u128)
                } else if known == 0 || !known_fits {
                    typenum(0)
                } else {
                    let k = typenum(known);
                    bounds.extend(quote!(#param: __tv::SplitsBy<#k>,));
                    quote!(<#param as __tv::SplitsBy<#k>>::Quot)
                }
            })
            .collect();
        let (before, after) = (&params[..w], &params[w + 1..]);
        Some(DimsAtRank {
            dims: quote!((#(#before,)* #(#pieces,)* #(#after,)*)),
            bounds,
        })
    });
    let mut body = range;
    body.extend(scalar);
    body.extend(dim_checks(&rules));
    body.extend(impls);
    body.extend(quote_spanned!(span=> __tv::retype::<__TvStaticOpResult, _, _>(__tv_src, #call)));
    block(&input.src, span, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_sizes_give_a_typed_result() {
        let out = expand(quote!(x, [4, 5, 3])).to_string();
        assert!(out.contains("fixed_result"));
        assert!(out.contains("must match the existing size at non-singleton dimension 2"));
        assert!(out.contains("must be greater or equal to the number of dimensions"));
    }

    #[test]
    fn a_stated_shape_resolves_minus_one_with_pytorchs_messages() {
        assert_eq!(
            expanded(&[3, 1], &[2, -1, 4], "[2, -1, 4]"),
            Ok(vec![2, 3, 4])
        );
        assert_eq!(
            expanded(&[2, 3], &[-1, 3, 6], "[-1, 3, 6]").unwrap_err(),
            "The expanded size of the tensor (6) must match the existing size (3) at non-singleton dimension 2.  Target sizes: [-1, 3, 6].  Tensor sizes: [2, 3]"
        );
        assert!(expanded(&[2], &[-1, 2], "[-1, 2]")
            .unwrap_err()
            .ends_with("non-existing dimension 0"));
        let out = expand(quote!(x: [3, 1] => [2, -1, 4])).to_string();
        assert!(out.contains("fixed_result"));
        assert!(out.contains("HasDims"));
    }

    #[test]
    fn minus_one_keeps_the_checks_and_gives_the_dynamic_result() {
        let out = expand(quote!(x, [4, -1, 3])).to_string();
        assert!(!out.contains("fixed_result"));
        assert!(out.contains("isn't allowed in a leading, non-existing dimension 1"));
        assert!(out.contains("expand_any"));
    }

    #[test]
    fn runtime_sizes_give_the_dynamic_op() {
        let out = expand(quote!(x, [n, 3])).to_string();
        assert!(!out.contains("__TvDimVerdicts"));
        assert!(out.contains("dim_value"));
    }

    #[test]
    fn counts_beyond_int64_are_compile_errors() {
        let out = expand(quote!(x, [4294967296, 4294967296])).to_string();
        assert!(out.contains("numel: integer multiplication overflow"));
        assert_eq!(numel_fits(&[0, 4294967296, 4294967296]), Some(0));
        assert_eq!(numel_fits(&[4294967296, 4294967296, 0]), None);
    }

    #[test]
    fn unflatten_of_literals_is_typed_and_checked_per_dim() {
        let out = unflatten(quote!(x, -1, [12, -1])).to_string();
        assert!(out.contains("__TvStaticOpResult"));
        assert!(out.contains("SplitsBy"));
        // a negative dim names a different dim at each rank: one message each,
        // up to rank 7 (whose result has the most dims a static shape holds)
        assert!(out.contains("size of dim 0 in the input tensor"));
        assert!(out.contains("size of dim 6 in the input tensor"));
        assert!(!out.contains("size of dim 7 in the input tensor"));
    }

    #[test]
    fn unflatten_mistakes_seen_by_the_macro_are_pytorchs() {
        let out = unflatten(quote!(x, 0, [])).to_string();
        assert!(out.contains("unflatten: sizes must be non-empty"));
        let out = unflatten(quote!(x, 0, [-1, -1])).to_string();
        assert!(out.contains("only one dimension can be inferred"));
        let out = unflatten(quote!(x, d, [2, 3])).to_string();
        assert!(!out.contains("__TvStaticOpResult"));
        assert!(out.contains("unflatten_any"));
    }
}
