//! `movedim!(x, source, destination)`: PyTorch's `movedim`, a permute whose
//! order depends on the input's rank, so it is written for every rank like
//! the other static ops; of a row-major static tensor it records the strides
//! as `permute!` does.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, ExprUnary, Lit, Token, UnOp};

use super::checks::{rank_checks, RankCheck};
use super::ops::{op_block, op_impls, range_check, reordered, static_op};
use super::{escape, fallback};
use crate::check::{wrap, MAX_RANK};

/// The dims of one side: `[a, b]` or a single dim.
struct Side {
    dims: Vec<Expr>,
    span: Span,
}

impl Side {
    fn parse_side(input: ParseStream) -> syn::Result<Side> {
        let expr: Expr = input.parse()?;
        let span = expr.span();
        let dims = match expr {
            Expr::Array(array) => array.elems.into_iter().collect(),
            other => vec![other],
        };
        Ok(Side { dims, span })
    }

    /// The values when every dim is an integer literal.
    fn literals(&self) -> Option<Vec<i128>> {
        self.dims.iter().map(literal).collect()
    }

    /// The list as PyTorch prints it: `[0, -2]`.
    fn text(&self) -> String {
        let items: Vec<String> = self
            .dims
            .iter()
            .map(|d| literal(d).map_or_else(|| d.to_token_stream().to_string(), |v| v.to_string()))
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// `&[..]` of the dims as `isize` (run-time values converted).
    fn values(&self) -> TokenStream {
        let items = self.dims.iter().map(|d| match literal(d) {
            Some(v) => {
                let v = super::int(v);
                quote!(#v)
            }
            None => quote!(__tv::dim_value(#d)),
        });
        quote!(&[#(#items),*])
    }
}

/// An integer literal, maybe negated or in parentheses.
fn literal(expr: &Expr) -> Option<i128> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => int.base10_parse().ok(),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => literal(expr).map(|v| -v),
        Expr::Paren(p) => literal(&p.expr),
        Expr::Group(g) => literal(&g.expr),
        _ => None,
    }
}

/// `tensor, source, destination`.
struct MovedimInput {
    src: Expr,
    source: Side,
    destination: Side,
}

impl Parse for MovedimInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let src = input.parse()?;
        input.parse::<Token![,]>()?;
        let source = Side::parse_side(input)?;
        input.parse::<Token![,]>()?;
        let destination = Side::parse_side(input)?;
        let _ = input.parse::<Option<Token![,]>>()?;
        Ok(MovedimInput {
            src,
            source,
            destination,
        })
    }
}

/// Where each input dim lands at rank `rank`: `order[i]` is the input dim
/// at position `i` (PyTorch's rule: the moved dims at their destinations,
/// the others in their order), or `None` when the call is invalid there.
fn order(source: &[i128], destination: &[i128], rank: usize) -> Option<Vec<usize>> {
    let src: Vec<usize> = source
        .iter()
        .map(|&d| wrap(d, rank))
        .collect::<Option<_>>()?;
    let dst: Vec<usize> = destination
        .iter()
        .map(|&d| wrap(d, rank))
        .collect::<Option<_>>()?;
    if repeats(&src) || repeats(&dst) {
        return None;
    }
    if rank == 0 {
        return Some(Vec::new());
    }
    let mut slots = vec![None; rank];
    for (&s, &d) in src.iter().zip(&dst) {
        slots[d] = Some(s);
    }
    let mut rest = (0..rank).filter(|i| !src.contains(i));
    Some(
        slots
            .iter()
            .map(|slot| slot.or_else(|| rest.next()).unwrap_or(0))
            .collect(),
    )
}

fn repeats(dims: &[usize]) -> bool {
    dims.iter().enumerate().any(|(i, d)| dims[..i].contains(d))
}

/// Expands `movedim!(x, source, destination)`.
pub fn movedim(input: TokenStream) -> TokenStream {
    let input: MovedimInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => {
            let error = syn::Error::new(
                error.span(),
                "`movedim!` takes `movedim!(tensor, source, destination)`: dims or lists of dims",
            );
            return fallback(None, error);
        }
    };
    let MovedimInput {
        src,
        source,
        destination,
    } = &input;
    if source.dims.len() != destination.dims.len() {
        let error = syn::Error::new(
            destination.span,
            format!(
                "movedim: Invalid source or destination dims: source ({} dims) should contain the same number of dims as destination ({} dims)",
                source.text(),
                destination.text()
            ),
        );
        return fallback(Some(src), error);
    }
    let span = source.span;
    let call = {
        let (s, d) = (source.values(), destination.values());
        quote!(__tv::movedim_any(__tv_src, #s, #d))
    };
    let (Some(s), Some(d)) = (source.literals(), destination.literals()) else {
        return op_block(src, span, TokenStream::new(), call);
    };
    if s.len() > MAX_RANK {
        return op_block(src, span, TokenStream::new(), call);
    }
    // PyTorch's order: the source dims wrapped, then the destination's,
    // then repeats in either.
    // One trait per dim: the names must differ within the expansion.
    const SOURCE: [&str; MAX_RANK] = [
        "SourceDim0InRange",
        "SourceDim1InRange",
        "SourceDim2InRange",
        "SourceDim3InRange",
        "SourceDim4InRange",
        "SourceDim5InRange",
        "SourceDim6InRange",
        "SourceDim7InRange",
    ];
    const DESTINATION: [&str; MAX_RANK] = [
        "DestinationDim0InRange",
        "DestinationDim1InRange",
        "DestinationDim2InRange",
        "DestinationDim3InRange",
        "DestinationDim4InRange",
        "DestinationDim5InRange",
        "DestinationDim6InRange",
        "DestinationDim7InRange",
    ];
    let mut checks: Vec<RankCheck> = Vec::new();
    for ((&v, e), name) in s.iter().zip(&source.dims).zip(SOURCE) {
        checks.push(range_check(name, v, e.span(), false));
    }
    for ((&v, e), name) in d.iter().zip(&destination.dims).zip(DESTINATION) {
        checks.push(range_check(name, v, e.span(), false));
    }
    let distinct = |values: &[i128], side: &Side, name: &'static str, what: &str| RankCheck {
        name,
        message: escape(&format!(
            "movedim: repeated dim in `{what}` ({})",
            side.text()
        )),
        passes: (0..=MAX_RANK)
            .map(|r| {
                let wrapped: Option<Vec<usize>> = values.iter().map(|&v| wrap(v, r)).collect();
                wrapped.is_none_or(|w| !repeats(&w))
            })
            .collect(),
        span: side.span,
        label: "a dim named twice for this tensor",
    };
    checks.push(distinct(&s, source, "SourceDimsDistinct", "source"));
    checks.push(distinct(
        &d,
        destination,
        "DestinationDimsDistinct",
        "destination",
    ));
    let checks = rank_checks(&checks, "dim_range");
    let impls = op_impls(span, |rank, params| {
        let order = order(&s, &d, rank)?;
        if order.iter().enumerate().all(|(i, &o)| i == o) {
            return Some(super::ops::keeping(params));
        }
        Some(reordered(params, &order))
    });
    static_op(src, span, checks, impls, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_pytorchs() {
        assert_eq!(order(&[0], &[-1], 3), Some(vec![1, 2, 0]));
        assert_eq!(order(&[3, 0], &[1, 3], 4), Some(vec![1, 3, 2, 0]));
        assert_eq!(order(&[0, -2], &[0, 1], 2), None);
        assert_eq!(order(&[0, -2], &[0, 1], 3), Some(vec![0, 1, 2]));
    }

    #[test]
    fn mistakes_are_compile_errors() {
        let out = movedim(quote!(x, [0, 1], [2])).to_string();
        assert!(out.contains("movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same number of dims as destination ([2] dims)"));
        let out = movedim(quote!(x, [0, 0], [1, 2])).to_string();
        assert!(out.contains("movedim: repeated dim in `source` ([0, 0])"));
        assert!(out.contains("for __TvStaticOpResult"));
    }
}
