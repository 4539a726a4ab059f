//! `matmul!`, `add!`, `sub!`, `mul!`, `div!`, `sum!`, `mean!`, `softmax!`
//! and `log_softmax!`: the model-block ops, checked while compiling.
//!
//! The ops that change the element count take their operands' shapes
//! stated, `matmul!(a: [B, T, 768], b: [768, 3072])`, as `narrow!` does
//! (stable Rust cannot compute a shape type's const element count from the
//! input's type; the macro can, from the stated dims). The expansion:
//!
//! - applies PyTorch's rules to the stated dims (`model_rules`): a mistake
//!   decided here is a compile error at the stated shape, in PyTorch's
//!   words; one that involves a named constant is a `const` assertion rustc
//!   evaluates, with the same message;
//! - has the compiler check each tensor's type against its stated shape
//!   (row-major, `Layout!` or `Strided`: any strides are read in place);
//! - calls the dynamic op and types its result `Shape![..]`, directly, or in
//!   a `Result` when a named dim is compared at run time (a named dim on
//!   both operands, or against a number).
//!
//! `softmax!` and `log_softmax!` keep their input's dims: no stated shape,
//! the dim checked against the tensor's rank by the compiler.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::{Expr, Token};

use super::checks::{out_of_range, rank_checks, RankCheck};
use super::{escape, fallback};
use crate::check::{wrap, MAX_RANK};
use crate::model_rules::{self, Outcome, Size};
use crate::parse::{dim_of, tidy, DimArg, DimList};

/// An operand with its stated shape: `a: [B, T, 768]`.
pub(super) struct Operand {
    pub(super) expr: Expr,
    pub(super) stated: DimList,
}

impl Operand {
    pub(super) fn parse(input: ParseStream, op: &str, usage: &str) -> syn::Result<Self> {
        let expr: Expr = input.parse()?;
        if !input.peek(Token![:]) {
            return Err(syn::Error::new_spanned(
                &expr,
                format!(
                    "`{op}!` takes each tensor with its shape stated, as in `{usage}` (the result's type is computed from them); for dynamic tensors call the method `{op}`"
                ),
            ));
        }
        input.parse::<Token![:]>()?;
        Ok(Operand {
            expr,
            stated: input.parse()?,
        })
    }

    /// The stated dims as the rules see them.
    pub(super) fn sizes(&self) -> syn::Result<Vec<Size>> {
        self.stated
            .dims
            .iter()
            .map(|dim| match dim {
                DimArg::Literal { value, .. } if *value >= 0 => Ok(Size::Known(*value as u128)),
                DimArg::Symbolic {
                    coefficient,
                    symbols,
                    ..
                } => Ok(Size::Named {
                    coefficient: *coefficient,
                    symbols: symbols.iter().map(|s| s.to_string()).collect(),
                }),
                DimArg::Const { value, .. } => Ok(Size::Const {
                    text: dim.text(),
                    expr: value.expression().to_string(),
                }),
                _ => Err(dim.error(
                    "a stated shape is written as in `Shape![..]`: non-negative integer literals, named dims or constants in braces",
                )),
            })
            .collect()
    }

    /// The operand as written, for messages.
    fn text(&self) -> String {
        tidy(&quote::ToTokens::to_token_stream(&self.expr).to_string())
    }
}

/// `op!(a: [..], b: [..])`.
struct TwoOperands {
    a: Operand,
    b: Operand,
}

fn parse_two(input: TokenStream, op: &str) -> syn::Result<TwoOperands> {
    let usage = format!("{op}!(a: [4, 3], b: [3, 5])");
    let parser = |input: ParseStream| {
        let a = Operand::parse(input, op, &usage)?;
        input.parse::<Token![,]>()?;
        let b = Operand::parse(input, op, &usage)?;
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(input.error(format!("`{op}!` takes two tensors: `{usage}`")));
        }
        Ok(TwoOperands { a, b })
    };
    syn::parse::Parser::parse2(parser, input)
}

/// The `Shape![..]` type of `dims`.
pub(super) fn shape_of(dims: &[Size]) -> TokenStream {
    let dims = dims.iter().map(|d| match d {
        Size::Known(v) => {
            let v = proc_macro2::Literal::u128_unsuffixed(*v);
            quote!(#v)
        }
        Size::Named {
            coefficient,
            symbols,
        } => {
            let names = symbols.iter().map(|s| format_ident!("{}", s));
            let c = proc_macro2::Literal::u128_unsuffixed(*coefficient);
            quote!(#c #(* #names)*)
        }
        Size::Const { .. } => {
            let e = d.expression();
            quote!({ #e })
        }
    });
    super::shape::shape(quote!(#(#dims),*))
}

/// The compiler's check that the tensor `operand` (bound to `name`) is of
/// its stated shape; a block of its own, so that a call may hold several.
pub(super) fn stated_check(op: &str, operand: &Operand, name: &syn::Ident) -> TokenStream {
    let span = operand.stated.span;
    let text = escape(&operand.stated.text());
    let dims = operand.stated.dims.iter().map(|d| match d {
        DimArg::Literal { tokens, .. }
        | DimArg::Symbolic { tokens, .. }
        | DimArg::Const { tokens, .. } => tokens.clone(),
        DimArg::Runtime { expr, .. } => quote!(#expr),
    });
    let shape = super::shape::shape(quote!(#(#dims),*));
    let message = format!(
        "{op}!: the tensor `{}` is not of its stated shape {text}",
        escape(&operand.text())
    );
    let note = format!(
        "a typed tensor of this shape is `Tensor<T, Shape!{text}>`, with any strides (`Strided<Shape!{text}>`, `Layout![..]`); a dynamic `Tensor<T>` has no shape in its type: call its method `{op}`"
    );
    // The message trait lives in a block of its own, where no user token
    // is (a dim may have any name).
    quote_spanned! {span=>
        {
            trait __TvStatedShapeLookup {
                type Verdict: ::core::default::Default;
                fn verdict(&self) -> Self::Verdict {
                    ::core::default::Default::default()
                }
            }
            impl<__TvS: __tv::IsStatedShape<#shape>> __TvStatedShapeLookup for __tv::Probe<__TvS> {
                type Verdict = __tv::OfStatedShape<__TvS::Outcome>;
            }
            #[allow(unused_imports)]
            use __tv::NotStated as _;
            let __tv_verdict = (&__tv::probe(#name)).verdict();
            {
                #[diagnostic::on_unimplemented(message = #message, label = "stated here", note = #note)]
                trait TensorIsOfItsStatedShape {}
                #[diagnostic::do_not_recommend]
                impl<__TvO> TensorIsOfItsStatedShape for __tv::OfStatedShape<__TvO> {}
                fn __tv_check_stated<__TvV: TensorIsOfItsStatedShape>(_: &__TvV) {}
                __tv_check_stated(&__tv_verdict);
            }
        }
    }
}

/// The checks left to rustc (constants), as `const` assertions at `span`.
pub(super) fn assertions(outcome: &Outcome, span: Span) -> TokenStream {
    let items = outcome.assertions.iter().map(|a| {
        let condition: TokenStream = a.condition.parse().expect("a condition");
        let message = &a.message;
        quote_spanned! {span=>
            const _: () = if !(#condition) {
                ::core::panic!("{}", #message)
            };
        }
    });
    quote!(#(#items)*)
}

pub(super) fn outcome_type(outcome: &Outcome) -> TokenStream {
    if outcome.at_run_time {
        quote!(__tv::Fallible)
    } else {
        quote!(__tv::Infallible)
    }
}

/// The block of a two-operand op: bindings, checks, then `call` (which
/// names the operands `__tv_a`, `__tv_b`).
fn two_operand_block(
    op: &str,
    input: TokenStream,
    rules: fn(&[Size], &[Size]) -> Result<Outcome, String>,
    call: impl Fn(TokenStream, TokenStream) -> TokenStream,
) -> TokenStream {
    let input = match parse_two(input, op) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let (a, b) = (&input.a, &input.b);
    let sizes = a.sizes().and_then(|sa| Ok((sa, b.sizes()?)));
    let (sa, sb) = match sizes {
        Ok(sizes) => sizes,
        Err(e) => return fallback_two(&a.expr, &b.expr, e),
    };
    let outcome = match rules(&sa, &sb) {
        Ok(outcome) => outcome,
        Err(message) => {
            return fallback_two(&a.expr, &b.expr, syn::Error::new(b.stated.span, message))
        }
    };
    let (ea, eb) = (&a.expr, &b.expr);
    let (na, nb) = (format_ident!("__tv_a"), format_ident!("__tv_b"));
    let (check_a, check_b) = (stated_check(op, a, &na), stated_check(op, b, &nb));
    let asserts = assertions(&outcome, b.stated.span);
    let call = call(shape_of(&outcome.dims), outcome_type(&outcome));
    quote! {
        {
            use ::tensor_view::__private as __tv;
            let #na = &(#ea);
            let #nb = &(#eb);
            let #na: &__tv::Tensor<_, _> = #na;
            let #nb: &__tv::Tensor<_, _> = #nb;
            #check_a
            #check_b
            #asserts
            #call
        }
    }
}

/// `error` as a compile error, and an expression of type `!` that still
/// borrows both operands (as [`fallback`] does for one).
fn fallback_two(a: &Expr, b: &Expr, error: syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    quote!({
        #error
        let _ = (&(#a), &(#b));
        ::core::unreachable!()
    })
}

/// `a, b` with no stated shapes (the first tensor not followed by `:`).
fn unstated_pair(input: ParseStream) -> syn::Result<(Expr, Expr)> {
    let a: Expr = input.parse()?;
    input.parse::<Token![,]>()?;
    let b: Expr = input.parse()?;
    if input.peek(Token![,]) {
        input.parse::<Token![,]>()?;
    }
    if !input.is_empty() {
        return Err(input.error("more than two tensors"));
    }
    Ok((a, b))
}

/// Expands `matmul!(a, b)` (tensors typed by tuples of dims: routed by type
/// to `a.matmul(&b)`, any other operands one readable error) or
/// `matmul!(a: [..], b: [..])` (shapes stated).
pub fn matmul(input: TokenStream) -> TokenStream {
    if let Ok((a, b)) = syn::parse::Parser::parse2(unstated_pair, input.clone()) {
        return quote!({
            use ::tensor_view::__private as __tv;
            #[allow(unused_imports)]
            use __tv::{ByOther as _, ByTuples as _};
            let __tv_a = &(#a);
            let __tv_b = &(#b);
            let __tv_a: &__tv::Tensor<_, _> = __tv_a;
            let __tv_b: &__tv::Tensor<_, _> = __tv_b;
            let __tv_route = (&__tv::MatmulProbe(__tv_a, __tv_b)).route();
            __tv::tuples_only(&__tv_route);
            __tv_route.call(__tv_a, __tv_b)
        });
    }
    two_operand_block(
        "matmul",
        input,
        model_rules::matmul,
        |ty, outcome| quote!(__tv::matmul_typed::<#ty, #outcome, _, _, _>(__tv_a, __tv_b)),
    )
}

/// Expands `add!`, `sub!` or `mul!` (`name`, PyTorch's `BinaryOp` variant `variant`).
pub fn binary(input: TokenStream, name: &str, variant: &str) -> TokenStream {
    let variant = format_ident!("{}", variant);
    two_operand_block(
        name,
        input,
        model_rules::elementwise,
        move |ty, outcome| quote!(__tv::binary_typed::<#ty, #outcome, _, _, _>(__tv::BinaryOp::#variant, __tv_a, __tv_b)),
    )
}

/// Expands `div!(a: [..], b: [..])`.
pub fn div(input: TokenStream) -> TokenStream {
    two_operand_block(
        "div",
        input,
        model_rules::elementwise,
        |ty, outcome| quote!(__tv::div_typed::<#ty, #outcome, _, _, _>(__tv_a, __tv_b)),
    )
}

/// `sum!(x: [..], dims[, keepdim])`.
struct ReduceInput {
    x: Operand,
    dims: Vec<(i128, Span)>,
    keepdim: bool,
}

fn parse_reduce(input: TokenStream, op: &str) -> syn::Result<ReduceInput> {
    let usage = format!("{op}!(x: [4, 5, 6], 1)");
    let parser = |input: ParseStream| {
        let x = Operand::parse(input, op, &usage)?;
        let span = input.span();
        input.parse::<Token![,]>().map_err(|_| {
            syn::Error::new(
                span,
                format!("`{op}!` takes a tensor with its shape stated, the dim (or a list of dims) and maybe `keepdim = true`: `{usage}`"),
            )
        })?;
        let dims_expr: Expr = input.parse()?;
        let items: Vec<Expr> = match &dims_expr {
            Expr::Array(array) => array.elems.iter().cloned().collect(),
            Expr::Reference(r) => match r.expr.as_ref() {
                Expr::Array(array) => array.elems.iter().cloned().collect(),
                other => vec![other.clone()],
            },
            other => vec![other.clone()],
        };
        let mut dims = Vec::new();
        for item in items {
            let dim = dim_of(item)?;
            let Some(value) = dim.literal() else {
                return Err(dim.error(format!(
                    "`{op}!` takes its dims as integer literals, which the result's type depends on; for a run-time dim call the dynamic `{op}` (after `into_dyn()`)"
                )));
            };
            dims.push((value, dim.error("").span()));
        }
        let mut keepdim = false;
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            let rest = Punctuated::<Expr, Token![,]>::parse_terminated(input)?;
            let value = match rest.first() {
                Some(Expr::Assign(assign)) if rest.len() == 1 => {
                    let is_keepdim =
                        matches!(assign.left.as_ref(), Expr::Path(p) if p.path.is_ident("keepdim"));
                    is_keepdim.then(|| bool_literal(&assign.right)).flatten()
                }
                Some(e) if rest.len() == 1 => bool_literal(e),
                _ => None,
            };
            keepdim = value.ok_or_else(|| {
                syn::Error::new_spanned(
                    &rest,
                    format!("`{op}!` takes `keepdim = true` or `keepdim = false` after the dims"),
                )
            })?;
        }
        Ok(ReduceInput { x, dims, keepdim })
    };
    syn::parse::Parser::parse2(parser, input)
}

fn bool_literal(e: &Expr) -> Option<bool> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Bool(b),
            ..
        }) => Some(b.value),
        _ => None,
    }
}

/// Expands `sum!` or `mean!` (`op`), calling `function`.
pub fn reduce(input: TokenStream, op: &str, function: &str) -> TokenStream {
    let input = match parse_reduce(input, op) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let x = &input.x;
    let sizes = match x.sizes() {
        Ok(sizes) => sizes,
        Err(e) => return fallback(Some(&x.expr), e),
    };
    let values: Vec<i128> = input.dims.iter().map(|d| d.0).collect();
    let dims = match model_rules::reduce(&sizes, &values, input.keepdim) {
        Ok(dims) => dims,
        Err(message) => {
            // at the dim the message is about: out of range, or repeated
            let at = input
                .dims
                .iter()
                .enumerate()
                .find(|(i, (d, _))| {
                    wrap(*d, sizes.len()).is_none()
                        || values[..*i]
                            .iter()
                            .any(|e| wrap(*e, sizes.len()) == wrap(*d, sizes.len()))
                })
                .map_or(x.stated.span, |(_, (_, span))| *span);
            return fallback(Some(&x.expr), syn::Error::new(at, message));
        }
    };
    let name = format_ident!("__tv_src");
    let check = stated_check(op, x, &name);
    let ty = shape_of(&dims);
    let ex = &x.expr;
    let function = format_ident!("{}", function);
    let values = values
        .iter()
        .map(|&v| proc_macro2::Literal::isize_suffixed(v as isize));
    let keepdim = input.keepdim;
    quote! {
        {
            use ::tensor_view::__private as __tv;
            let __tv_src = &(#ex);
            let __tv_src: &__tv::Tensor<_, _> = __tv_src;
            #check
            __tv::#function::<#ty, _, _>(__tv_src, &[#(#values),*], #keepdim)
        }
    }
}

/// Expands `softmax!(x, dim)` or `log_softmax!(x, dim)` (`op`), calling `function`.
pub fn softmax(input: TokenStream, op: &str, function: &str) -> TokenStream {
    let usage = format!("{op}!(x, -1)");
    let parsed = syn::parse::Parser::parse2(Punctuated::<Expr, Token![,]>::parse_terminated, input);
    let items: Vec<Expr> = match parsed {
        Ok(items) => items.into_iter().collect(),
        Err(e) => return fallback(None, e),
    };
    let [src, dim] = items.as_slice() else {
        let error = syn::Error::new(
            Span::call_site(),
            format!("`{op}!` takes a tensor and a dim: `{usage}`"),
        );
        return fallback(items.first(), error);
    };
    let dim_arg = match dim_of(dim.clone()) {
        Ok(d) => d,
        Err(e) => return fallback(Some(src), e),
    };
    let Some(value) = dim_arg.literal() else {
        let error = dim_arg.error(format!(
            "`{op}!` takes the dim as an integer literal (checked against the rank while compiling); for a run-time dim call the method `{op}`"
        ));
        return fallback(Some(src), error);
    };
    let span = dim_arg.error("").span();
    let check = rank_checks(
        &[RankCheck {
            name: "DimInRange",
            message: out_of_range(value),
            passes: (0..=MAX_RANK).map(|r| wrap(value, r).is_some()).collect(),
            span,
            label: "out of range for this tensor",
        }],
        "dim_range",
    );
    let function = format_ident!("{}", function);
    let v = proc_macro2::Literal::isize_suffixed(value as isize);
    let body = quote!(#check __tv::#function(__tv_src, #v));
    super::typed_call::block(src, span, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decided_mismatch_is_pytorchs_message() {
        let out = matmul(quote!(a: [4, 3], b: [4, 5])).to_string();
        assert!(out.contains("mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"));
        assert_eq!(out.matches("compile_error").count(), 1);
        let out = binary(quote!(a: [4, 2, 3], b: [5, 3]), "add", "Add").to_string();
        assert!(out.contains(
            "The size of tensor a (2) must match the size of tensor b (5) at non-singleton dimension 1"
        ));
    }

    #[test]
    fn the_result_is_typed_and_a_result_only_when_run_time_decides() {
        let out = matmul(quote!(a: [B, T, 768], b: [768, 3072])).to_string();
        assert!(out.contains("Infallible"), "{out}");
        assert!(out.contains("matmul_typed"));
        let out = matmul(quote!(a: [B, T, 64], b: [B, 64, T])).to_string();
        assert!(out.contains("Fallible"));
        let out = matmul(quote!(a: [4, { N }], b: [768, 5])).to_string();
        assert!(out.contains("const _ : () = if ! ((N) == (768))"), "{out}");
    }

    #[test]
    fn reductions_check_their_dims() {
        let out = reduce(quote!(x: [4, 5, 6], 3), "sum", "sum_typed").to_string();
        assert!(
            out.contains("Dimension out of range (expected to be in range of [-3, 2], but got 3)")
        );
        let out = reduce(
            quote!(x: [4, 5, 6], [1, -2], keepdim = true),
            "sum",
            "sum_typed",
        )
        .to_string();
        assert!(out.contains("dim 1 appears multiple times in the list of dims"));
        let out = reduce(
            quote!(x: [4, 5, 6], -2, keepdim = true),
            "mean",
            "mean_typed",
        )
        .to_string();
        assert!(out.contains("mean_typed"));
        assert!(out.contains("true"));
    }

    #[test]
    fn softmax_takes_a_literal_dim() {
        let out = softmax(quote!(x, -1), "softmax", "softmax_typed").to_string();
        assert!(out.contains("softmax_typed (__tv_src , - 1isize)"), "{out}");
        let out = softmax(quote!(x, d), "softmax", "softmax_typed").to_string();
        assert!(out.contains("takes the dim as an integer literal"));
    }
}
