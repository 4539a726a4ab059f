//! `view!` of a partly-dynamic tensor: the per-call plan (the result's
//! shape and the view's verdicts) and the checks that report a failed
//! verdict in PyTorch's words.
//!
//! The macro reads the view's skeleton from its dims (its factors from
//! outermost to innermost, dim after dim and inside a merged dim factor
//! after factor: the symbols in order and the static products between them;
//! around a `-1`, the parts before and after it) and writes them as types;
//! the library compares them with the input's skeleton
//! (`tensor_core::static_shape::{ExactVerdicts, InferVerdicts}`). Two local
//! traits per input arity carry the messages, so that they print the input's
//! size with its own symbols (`B*T*768`).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::{escape, typenum};
use crate::parse::{DimArg, DimList, SymFactor};
use crate::value::{Numbers, Value};

/// The most symbols (counted with repeats) of an input whose check a
/// `view!` call writes itself, with messages that quote its shape. Inputs
/// with 4 to 6 symbols are checked by impls the library writes once
/// (`tensor_core::static_shape::symbolic::many_symbols`): each count this
/// macro writes costs compile time in every `view!` with a `-1` or a named
/// dim (docs/compile-time.md).
pub const MAX_SYMBOLS: usize = 3;

/// One dim of the view as the skeleton sees it: static, or named with its
/// factors in order.
enum Item<'a> {
    Static(Value),
    Symbols(u128, &'a [SymFactor]),
}

/// A part of a skeleton: its symbols, the segments before each of them and
/// the static product after the last one. Static sizes may hold named
/// constants (see [`Value`]).
struct Walk {
    symbols: Vec<syn::Ident>,
    segments: Vec<Value>,
    tail: Value,
    product: Value,
}

fn walk(items: &[Item]) -> Option<Walk> {
    let mut out = Walk {
        symbols: Vec::new(),
        segments: Vec::new(),
        tail: Value::Known(1),
        product: Value::Known(1),
    };
    for item in items {
        match item {
            Item::Static(v) => {
                out.tail = out.tail.checked_mul(v)?;
                out.product = out.product.checked_mul(v)?;
            }
            Item::Symbols(_, factors) => {
                for factor in factors.iter() {
                    match factor {
                        SymFactor::Static(v) => {
                            let v = Value::Known(*v);
                            out.tail = out.tail.checked_mul(&v)?;
                            out.product = out.product.checked_mul(&v)?;
                        }
                        SymFactor::Symbol(s) => {
                            out.segments.push(out.tail.clone());
                            out.symbols.push(s.clone());
                            out.tail = Value::Known(1);
                        }
                    }
                }
            }
        }
    }
    Some(out)
}

fn symbol_list<'a>(symbols: impl Iterator<Item = &'a syn::Ident>) -> TokenStream {
    symbols.collect::<Vec<_>>().into_iter().rev().fold(
        quote!(::tensor_view::__private::SNil),
        |tail, s| quote!(::tensor_view::__private::SCons<#s, #tail>),
    )
}

fn segment_list(segments: &[Value], numbers: &Numbers) -> TokenStream {
    segments.iter().rev().fold(quote!(__tv::SNil), |tail, s| {
        let head = numbers.of(s);
        quote!(__tv::SCons<#head, #tail>)
    })
}

fn count(n: usize) -> TokenStream {
    (0..n).fold(quote!(__tv::Zero), |inner, _| quote!(__tv::Skip<#inner>))
}

/// The type of one result dim that is not the `-1`.
/// (`numbers`: where an impl's constants go; `None` writes them in place.)
fn dim_type(item: &Item, numbers: Option<&Numbers>) -> TokenStream {
    match item {
        Item::Static(v) => numbers.map_or_else(|| v.number(), |n| n.of(v)),
        Item::Symbols(c, factors) => {
            let c = typenum(*c);
            let list =
                factors
                    .iter()
                    .rev()
                    .fold(quote!(::tensor_view::__private::SNil), |tail, f| {
                        let head = match f {
                            SymFactor::Static(v) => typenum(*v),
                            SymFactor::Symbol(s) => quote!(#s),
                        };
                        quote!(::tensor_view::__private::SCons<#head, #tail>)
                    });
            quote!(::tensor_view::__private::SymDim<#c, #list>)
        }
    }
}

/// `impl SymbolicPlan for #plan`, with its checks and their message traits, for the view
/// `list` (already checked for two `-1`s and dims below `-1`).
pub fn symbolic_plan(list: &DimList, plan: &syn::Ident, span: Span) -> TokenStream {
    let text = escape(&list.text());
    let items: Vec<Option<Item>> = list
        .dims
        .iter()
        .map(|d| match d {
            DimArg::Literal { value, .. } if *value >= 0 => {
                Some(Item::Static(Value::Known(*value as u128)))
            }
            DimArg::Const { value, .. } => Some(Item::Static(value.clone())),
            DimArg::Symbolic {
                coefficient,
                factors,
                ..
            } => Some(Item::Symbols(*coefficient, factors)),
            _ => None,
        })
        .collect();
    // A partly-dynamic input has at least one dim; a typed result at most 8.
    if items.is_empty() || items.len() > crate::check::MAX_RANK {
        return TokenStream::new();
    }
    let numbers = Numbers::default();
    let inferred = items.iter().position(Option::is_none);
    let (verdicts, dims) = match inferred {
        None => {
            let all: Vec<Item> = items.into_iter().flatten().collect();
            let Some(w) = walk(&all) else {
                return TokenStream::new();
            };
            let mut segments = w.segments.clone();
            segments.push(w.tail);
            let k = numbers.of(&w.product);
            let syms = symbol_list(w.symbols.iter());
            let segs = segment_list(&segments, &numbers);
            let verdicts = quote!(__tv::ExactVerdicts<__TvNT, #k, #syms, #segs>);
            let dims = all.iter().map(|item| dim_type(item, Some(&numbers)));
            (verdicts, quote!((#(#dims,)*)))
        }
        Some(i) => {
            let before: Vec<Item> = items[..i].iter().flatten().map(copy_item).collect();
            let after: Vec<Item> = items[i + 1..].iter().flatten().map(copy_item).collect();
            let (Some(p), Some(q)) = (walk(&before), walk(&after)) else {
                return TokenStream::new();
            };
            // The part after the -1, read from its end: its segments in
            // reverse, the first of them being the static part at its end.
            let mut q_segments: Vec<Value> = q.segments.iter().skip(1).cloned().collect();
            if !q.symbols.is_empty() {
                q_segments.push(q.tail.clone());
            }
            q_segments.reverse();
            let q_edge = q
                .segments
                .first()
                .cloned()
                .unwrap_or_else(|| q.tail.clone());
            let known = p.product.checked_mul(&q.product);
            let (k, k_ok) = match known {
                Some(Value::Known(k)) if k > 0 => (typenum(k), quote!(__tv::B1)),
                // A product with a constant: whether it is 0 is rustc's to say.
                Some(k @ Value::Const { .. }) => {
                    let k = numbers.of(&k);
                    (k.clone(), quote!(<#k as __tv::NonZero>::Out))
                }
                _ => (typenum(1), quote!(__tv::B0)),
            };
            let pq_edge = p.tail.checked_mul(&q_edge).unwrap_or(Value::Known(0));
            let target = {
                let pq = typenum((p.symbols.len() + q.symbols.len()) as u128);
                let pq_syms = symbol_list(p.symbols.iter().chain(&q.symbols));
                let (pc, qc) = (count(p.symbols.len()), count(q.symbols.len()));
                let p_syms = symbol_list(p.symbols.iter());
                let p_segs = segment_list(&p.segments, &numbers);
                let q_syms = symbol_list(q.symbols.iter().rev());
                let q_segs = segment_list(&q_segments, &numbers);
                let (pe, qe, pqe) = (
                    numbers.of(&p.tail),
                    numbers.of(&q_edge),
                    numbers.of(&pq_edge),
                );
                quote!(__tv::InferTarget<#k, #k_ok, #pq, #pq_syms, #pc, #p_syms, #p_segs, #pe, #qc, #q_syms, #q_segs, #qe, #pqe>)
            };
            let verdicts = quote!(__tv::InferVerdicts<__TvNT, #target>);
            let dims = items.iter().map(|item| match item {
                Some(item) => dim_type(item, Some(&numbers)),
                None => quote!(<__TvD as #verdicts>::Dim),
            });
            let dims = quote!((#(#dims,)*));
            (verdicts, dims)
        }
    };
    let invalid = tensor_rules::infer::invalid(&text, "{SIZE}");
    let reorder = format!(
        "view cannot reorder dims: {text} does not keep the dims of the input (of size {{SIZE}}) in their order; a view only splits or merges neighbouring dims: use transpose or permute"
    );
    let messages = (1..=MAX_SYMBOLS).map(|arity| {
        let params: Vec<_> = (0..arity).map(|j| format_ident!("__TvS{j}")).collect();
        let size: Vec<String> = (0..arity).map(|j| format!("{{__TvS{j}}}")).collect();
        let size = format!("{}*{{__TV_N}}", size.join("*"));
        let (invalid, reorder) = (invalid.replace("{SIZE}", &size), reorder.replace("{SIZE}", &size));
        let count_trait = format_ident!("ViewOfSymbols{arity}HasTheInputSize");
        let order_trait = format_ident!("ViewOfSymbols{arity}KeepsTheOrder");
        // The passing impls are for the crate's verdicts (`Fits`,
        // `InOrder`), so a failed check's note reads `.. is not implemented
        // for `Reordered``; the symbols are a tuple, `(B, T)`.
        // `Pass` goes through both message traits, so a failed check
        // leaves the result without a type (no second error about it).
        quote_spanned! {span=>
            #[diagnostic::on_unimplemented(message = #invalid, label = "this view")]
            trait #count_trait<#(#params,)* const __TV_N: usize> { type Pass<__TvX: __tv::Marked>: __tv::Marked; }
            impl<#(#params,)* const __TV_N: usize> #count_trait<#(#params,)* __TV_N> for __tv::Fits { type Pass<__TvX: __tv::Marked> = __TvX; }
            #[diagnostic::on_unimplemented(message = #reorder, label = "this view")]
            trait #order_trait<#(#params,)* const __TV_N: usize> { type Pass<__TvX: __tv::Marked>: __tv::Marked; }
            impl<#(#params,)* const __TV_N: usize> #order_trait<#(#params,)* __TV_N> for __tv::InOrder { type Pass<__TvX: __tv::Marked> = __TvX; }
            impl<#(#params,)* __TvC: #count_trait<#(#params,)* __TV_N>, __TvO: #order_trait<#(#params,)* __TV_N>, const __TV_N: usize>
                __tv::PassesCheck<__tv::SymCheck<(#(#params,)*), __TvC, __TvO, __TV_N>> for #plan
            {
                type Pass<__TvX: __tv::Marked> = <__TvO as #order_trait<#(#params,)* __TV_N>>::Pass<<__TvC as #count_trait<#(#params,)* __TV_N>>::Pass<__TvX>>;
            }
        }
    });
    let count = quote!(<__TvD as #verdicts>::Count);
    let reported =
        quote!((<__TvD as __tv::Skeleton>::FwdSyms, #count, <__TvD as #verdicts>::Order));
    let (constants, params, bounds) = (numbers.items(), numbers.params(), numbers.bounds());
    quote_spanned! {span=>
        #constants
        // The message traits see no user tokens (a dim may have any name).
        const _: () = { #(#messages)* };
        impl<const __TV_N: usize, __TvNT, __TvD #params> __tv::SymbolicPlan<__TV_N, __TvNT, __TvD> for #plan
        where
            #bounds
            __TvD: __tv::SymDims + __tv::Skeleton + #verdicts,
            #reported: __tv::Reported<__TV_N>,
        {
            type Out = __tv::Sym<__TV_N, __TvNT, #dims>;
            type Check = <#reported as __tv::Reported<__TV_N>>::Check;
        }
    }
}

fn copy_item<'a>(item: &Item<'a>) -> Item<'a> {
    match item {
        Item::Static(v) => Item::Static(v.clone()),
        Item::Symbols(c, s) => Item::Symbols(*c, s),
    }
}

/// `Shape![..]` with symbols: `Sym<N, NT, (dims)>`, or `None` when no dim
/// names a symbol. Errors: a coefficient of 0, a static product beyond `usize`.
pub fn symbolic_shape(dims: &[DimArg], span: Span) -> Option<syn::Result<TokenStream>> {
    if !dims.iter().any(|d| matches!(d, DimArg::Symbolic { .. })) {
        return None;
    }
    let mut items = Vec::new();
    for (index, d) in dims.iter().enumerate() {
        match d {
            DimArg::Literal { value, .. } if *value >= 0 => {
                items.push(Item::Static(Value::Known(*value as u128)))
            }
            DimArg::Const { value, .. } => items.push(Item::Static(value.clone())),
            DimArg::Symbolic { coefficient: 0, .. } => {
                return Some(Err(d.error("a named dim cannot have a factor of 0")))
            }
            DimArg::Symbolic {
                coefficient,
                factors,
                ..
            } => items.push(Item::Symbols(*coefficient, factors)),
            _ => {
                let text: Vec<String> = dims.iter().map(DimArg::text).collect();
                return Some(Err(d.error(format!(
                    "invalid shape dimension {} at index {index} of shape [{}]: `Shape!` dims are integer literals, constants in braces (`{{N_EMBD}}`), named dims declared with dims! (`B`, `B*T`, `4*B`), or products of them (a named dim's factor is a literal)",
                    d.text(),
                    text.join(", ")
                ))));
            }
        }
    }
    if items.len() > crate::check::MAX_RANK {
        return Some(Err(syn::Error::new(
            span,
            "a typed shape has at most 8 dims",
        )));
    }
    let product = match walk(&items) {
        Some(w) => w.product,
        None => {
            return Some(Err(syn::Error::new(
                span,
                "the static dims of this shape multiply beyond usize",
            )))
        }
    };
    let n = product.usize_arg();
    let nt = product.number();
    // A type, not an impl: constants are written in place.
    let dims = items.iter().map(|item| dim_type(item, None));
    Some(Ok(quote! {
        ::tensor_view::__private::Sym<#n, #nt, (#(#dims,)*)>
    }))
}
