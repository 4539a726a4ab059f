//! `view!(x, [..])`: the count checks, the result type, the call.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::checks::count_check;
use super::divide::chain;
use super::symbolic::symbolic_plan;
use super::{fallback, int};
use crate::check::{check_view, check_view_stated, CountRule, Target, ViewPlan};
use crate::parse::{DimArg, ListInput};
use crate::value::Value;

/// Which op a `view!`-shaped call is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    /// `view!`: never copies; a view that needs a copy does not compile.
    View,
    /// `reshape!`: the view, or a copy where the view needs one.
    Reshape,
}

/// Expands `view!(x, [d0, d1, ..])`.
pub fn view(input: TokenStream) -> TokenStream {
    list_op(input, Op::View)
}

/// Expands `reshape!(x, [d0, d1, ..])`: the count checks of `view!`, then
/// the view or the copy (decided while compiling for a static input).
pub fn reshape(input: TokenStream) -> TokenStream {
    list_op(input, Op::Reshape)
}

fn list_op(input: TokenStream, op: Op) -> TokenStream {
    let input: ListInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return fallback(None, error),
    };
    if input
        .list
        .dims
        .iter()
        .any(|d| matches!(d, DimArg::Symbolic { .. }))
    {
        if op == Op::Reshape {
            let error = syn::Error::new(
                input.list.span,
                "`reshape!` takes literal or run-time dims; for named dims use `view!` (a partly-dynamic row-major tensor never needs a copy)",
            );
            return fallback(Some(&input.src), error);
        }
        return symbolic_view(&input);
    }
    let plan = match &input.source {
        Some(source) => check_view_stated(source, &input.list),
        None => check_view(&input.list),
    };
    match plan {
        Ok(plan) => expansion(&input, &plan, op),
        Err(error) => fallback(Some(&input.src), error),
    }
}

/// `view!` whose target names symbols: the input must be partly dynamic
/// (its plan checks the view while compiling), and no dim may be a run-time
/// value.
fn symbolic_view(input: &ListInput) -> TokenStream {
    let list = &input.list;
    let span = list.span;
    if let Some(source) = &input.source {
        let error = syn::Error::new(
            source.span,
            "a stated source shape takes integer literals only",
        );
        return fallback(Some(&input.src), error);
    }
    if let Some(d) = list
        .dims
        .iter()
        .find(|d| matches!(d, DimArg::Runtime { .. }))
    {
        let error = d.error(format!(
            "view!: {} mixes named dims with a run-time value ({}); name every run-time dim with dims!, or use the dynamic view",
            list.text(),
            d.text()
        ));
        return fallback(Some(&input.src), error);
    }
    if let Err(error) = check_view(list) {
        return fallback(Some(&input.src), error);
    }
    let plan = syn::Ident::new("__TvSymbolicTarget", span);
    let impls = symbolic_plan(list, &plan, span);
    let src = &input.src;
    quote_spanned! {span=>
        {
            use ::tensor_view::__private as __tv;
            let __tv_src = &(#src);
            let __tv_src: &__tv::Tensor<_, _> = __tv_src;
            struct __TvSymbolicTarget;
            #impls
            __tv::view_checked::<__TvSymbolicTarget, _, _>(__tv_src, &[])
        }
    }
}

/// The dims as an `[isize]` array expression (run-time dims converted).
fn dims_array(dims: &[DimArg]) -> TokenStream {
    let items = dims.iter().map(|d| match d {
        DimArg::Literal { value, .. } => {
            let v = int(*value);
            quote!(#v)
        }
        DimArg::Runtime { expr, .. } => quote!(__tv::dim_value(#expr)),
        DimArg::Symbolic { tokens, .. } => quote!(__tv::dim_value(#tokens)),
        DimArg::Const { value, .. } => {
            let value = value.expression();
            quote!(__tv::dim_value(#value))
        }
    });
    quote!([#(#items),*])
}

fn expansion(input: &ListInput, plan: &ViewPlan, op: Op) -> TokenStream {
    // `view!` checks PyTorch's stride rule where the input's strides are
    // known while compiling; `reshape!` answers it with a copy instead.
    let (to, runtime, stride_check) = match op {
        Op::View => (
            quote!(view_checked),
            quote!(view_runtime),
            TokenStream::new(),
        ),
        Op::Reshape => (
            quote!(reshape_to),
            quote!(reshape_runtime),
            TokenStream::new(),
        ),
    };
    let span = input.list.span;
    let src = &input.src;
    // The count check of a stated source points at the stated shape.
    let check_span = input.source.as_ref().map_or(span, |s| s.span);
    let literal_only = matches!(plan.target, Target::Static { .. });
    // The division of the input's count by the known dims, when a rule needs it.
    let division = match &plan.rule {
        CountRule::DivisibleBy(k) => Some(chain(k, span)),
        _ => None,
    };
    let check = count_check(
        &plan.rule,
        &plan.text,
        literal_only,
        division.as_ref(),
        check_span,
    );
    let known_dims = division.as_ref().map(|c| {
        let (items, bounds, verdict) = (&c.items, &c.bounds, &c.verdict);
        quote_spanned! {span=>
            #items
            struct __TvKnownDims;
            impl<__TvNumel> __tv::CountCheck<__TvNumel> for __TvKnownDims
            where
                #bounds
            {
                type Verdict = #verdict;
            }
        }
    });
    // With a stated source the dims are the macro's, -1 resolved.
    let dims = match (&input.source, &plan.target) {
        (Some(_), Target::Static { dims, .. }) => {
            let values = dims.iter().map(Value::usize_arg);
            quote!([#(#values),*])
        }
        _ => dims_array(&input.list.dims),
    };
    let call = match &plan.target {
        Target::Static {
            dims: values,
            inferred: Some(i),
            known,
        } if known.known() != Some(0) => {
            // The -1: the count divided by the known dims (the count itself when they are 1).
            let (quotient, bounds) = match &division {
                Some(c) => (c.quotient.clone(), c.bounds.clone()),
                None => (quote!(__TvNumel), TokenStream::new()),
            };
            let items = values.iter().enumerate().map(|(j, d)| {
                if j == *i {
                    quotient.clone()
                } else {
                    d.number()
                }
            });
            quote_spanned! {span=>
                impl<__TvNumel> __tv::TargetDims<__TvNumel> for __TvKnownDims
                where
                    #bounds
                {
                    type Dims = (#(#items,)*);
                }
                #stride_check
                __tv::#to::<__TvKnownDims, _, _>(__tv_src, &#dims)
            }
        }
        Target::Static { dims: values, .. } => {
            let items = values.iter().map(Value::number);
            let tuple = quote!((#(#items,)*));
            quote_spanned! {span=>
                impl<__TvNumel> __tv::TargetDims<__TvNumel> for __TvKnownDims {
                    type Dims = #tuple;
                }
                #stride_check
                __tv::#to::<__TvKnownDims, _, _>(__tv_src, &#dims)
            }
        }
        Target::Runtime => quote_spanned!(span=> __tv::#runtime(__tv_src, &#dims)),
    };
    // `__TvKnownDims` exists whenever the call names it, and a partly-dynamic
    // input takes the same view through its symbolic plan.
    let known_dims = match (&known_dims, &plan.target) {
        (None, Target::Static { .. }) => Some(quote_spanned!(span=> struct __TvKnownDims;)),
        _ => known_dims,
    };
    let symbolic = match (&plan.target, &input.source) {
        // A target of literal dims only never fits a partly-dynamic input;
        // its count check reports that, and `FixedTarget` gives the call the
        // type a static input would get, so no second error follows. Such
        // calls (most views of a program) write no per-call plan.
        (
            Target::Static {
                inferred: Some(_), ..
            },
            None,
        ) => {
            let plan = syn::Ident::new("__TvKnownDims", span);
            let impls = symbolic_plan(&input.list, &plan, span);
            quote_spanned!(span=> impl __tv::NoSymbols for __TvKnownDims {} #impls)
        }
        (Target::Static { dims, .. }, _) => {
            let count = dims
                .iter()
                .try_fold(Value::Known(1), |acc, d| acc.checked_mul(d));
            // Dims beyond `usize` fail their count check for every input.
            let fixed = count.map(|count| {
                let items = dims.iter().map(Value::number);
                let tuple = quote!((#(#items,)*));
                let (n, nt) = (count.usize_arg(), count.number());
                quote_spanned! {span=>
                    impl __tv::FixedTarget for __TvKnownDims {
                        type Shape = __tv::Static<#n, #nt, #tuple>;
                    }
                }
            });
            quote_spanned!(span=> impl __tv::NoSymbols for __TvKnownDims {} #fixed)
        }
        _ => TokenStream::new(),
    };
    quote_spanned! {span=>
        {
            use ::tensor_view::__private as __tv;
            let __tv_src = &(#src);
            let __tv_src: &__tv::Tensor<_, _> = __tv_src;
            #known_dims
            #symbolic
            #check
            #call
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(tokens: TokenStream) -> String {
        view(tokens).to_string()
    }

    #[test]
    fn literal_views_have_static_targets_and_count_checks() {
        let out = expand(quote!(x, [4, 4]));
        assert!(out.contains("view_checked"));
        // A partly-dynamic input gets the static type, and the check fails.
        assert!(out.contains("FixedTarget for __TvKnownDims"));
        assert!(out.contains("shape '[4, 4]' is invalid for input of size {__TV_N}"));
        let out = expand(quote!(x, [-1, 8]));
        assert!(out.contains("__TvKnownDims"));
        assert!(out.contains("count_verdict"));
    }

    #[test]
    fn symbolic_views_state_their_checks_on_a_readable_type() {
        let out = expand(quote!(q, [B, T, 12, -1]));
        assert!(out.contains("view_checked :: < __TvSymbolicTarget"));
        assert!(out.contains("PassesCheck < __tv :: SymCheck"));
        assert!(out.contains(
            "shape '[B, T, 12, -1]' is invalid for input of size {__TvS0}*{__TvS1}*{__TV_N}"
        ));
    }

    #[test]
    fn runtime_dims_make_a_dynamic_view() {
        let out = expand(quote!(x, [batch, -1, 64]));
        assert!(out.contains("view_runtime"));
        assert!(out.contains("dim_value (batch)"));
        assert!(out.contains("shape '[batch, -1, 64]' is invalid for input of size {__TV_N}"));
    }

    #[test]
    fn a_literal_mistake_is_one_compile_error_and_a_fallback() {
        let out = expand(quote!(x, [-1, -1]));
        assert_eq!(out.matches("compile_error").count(), 1);
        assert!(out.contains("only one dimension can be inferred"));
        assert!(!out.contains("view_checked"));
    }
}
