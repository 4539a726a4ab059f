//! The checks and the block a typed view macro call expands to.
//!
//! What needs the input's rank is checked per rank, as for `transpose!`
//! ([`rank_check`], whose messages may print the rank in decimal); what
//! needs one of the input's dims is read from the dims as a type
//! ([`dim_checks`]): a per-call trait gives, for each rank, the verdict of
//! each dim the call is about, and a per-call message trait is implemented
//! only for the passing verdicts.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Expr;

use super::int;
use crate::check::MAX_RANK;

/// One check on the input's rank: PyTorch's message (which may print `{__TV_R}`,
/// the rank) and, for each rank 0..=MAX_RANK, whether it passes.
pub struct RankRule {
    /// Name of the generated trait (it shows in the compiler's help line).
    pub name: String,
    /// The message.
    pub message: String,
    /// A note under it, if any.
    pub note: Option<String>,
    /// Passes at rank `r`.
    pub passes: Vec<bool>,
    /// Where a failure is reported.
    pub span: Span,
    /// The label under that span.
    pub label: String,
}

/// The rank checks of a call, in PyTorch's order: a later check passes
/// wherever an earlier one fails, so a call gets one message about its rank.
pub fn rank_check(rules: &[RankRule]) -> TokenStream {
    let mut failed_before = [false; MAX_RANK + 1];
    let mut out = TokenStream::new();
    for (index, rule) in rules.iter().enumerate() {
        let span = rule.span;
        let name = format_ident!("{}", rule.name, span = span);
        let check_fn = format_ident!("__tv_check_rank_{}", index, span = span);
        let (message, label) = (&rule.message, &rule.label);
        let note = rule.note.iter();
        let mut impls = TokenStream::new();
        for (rank, failed) in failed_before.iter_mut().enumerate() {
            let passes = *failed || rule.passes[rank];
            *failed |= !rule.passes[rank];
            if passes {
                let r = int(rank as i128);
                impls.extend(quote_spanned! {span=>
                    #[diagnostic::do_not_recommend]
                    impl #name<#r> for __tv::Rank<#r, __tv::Checked> {}
                });
            }
        }
        // A block of its own: no user token sees the message trait.
        out.extend(quote_spanned! {span=>
            {
                #[diagnostic::on_unimplemented(message = #message, label = #label #(, note = #note)*)]
                trait #name<const __TV_R: usize> {}
                #impls
                #[diagnostic::do_not_recommend]
                impl<const __TV_R: usize> #name<__TV_R> for __tv::Rank<__TV_R, __tv::Unchecked> {}
                fn #check_fn<const __TV_R: usize, __TvK>(_: __tv::Rank<__TV_R, __TvK>)
                where
                    __tv::Rank<__TV_R, __TvK>: #name<__TV_R>,
                {
                }
                #check_fn(__tv::rank_of(__tv_src));
            }
        });
    }
    out
}

/// One check on a dim of the input, by its verdict: for each rank, the
/// verdict's type (written in terms of the rank's dims `__TvD0, __TvD1, ..`, with
/// the bounds it needs), and the message when it is `DimMismatch`.
pub struct DimRule {
    /// Name of the generated trait (it shows in the compiler's help line).
    pub name: String,
    /// PyTorch's message.
    pub message: String,
    /// The label under the span.
    pub label: String,
    /// A note under it.
    pub note: String,
    /// Where a failure is reported.
    pub span: Span,
    /// For each rank 0..=MAX_RANK: the verdict and its bounds, or `None`
    /// when nothing is to check at that rank (a rank check reports it, or
    /// the dim is not the input's).
    pub verdicts: Vec<Option<(TokenStream, TokenStream)>>,
}

/// The checks of `rules` on the input's dims: a per-call trait `__TvDimVerdicts`
/// gives each rule's verdict for the input's rank (all `DimFits` for a
/// dynamic input), and one message trait per rule accepts the passing ones.
pub fn dim_checks(rules: &[DimRule]) -> TokenStream {
    if rules.is_empty() {
        return TokenStream::new();
    }
    let assoc: Vec<_> = (0..rules.len())
        .map(|i| format_ident!("__TvV{}", i))
        .collect();
    let fits = quote!(__tv::DimFits);
    let mut out = quote! {
        trait __TvDimVerdicts { #(type #assoc;)* }
        impl __TvDimVerdicts for __tv::Unchecked { #(type #assoc = #fits;)* }
    };
    for rank in 0..=MAX_RANK {
        let params: Vec<_> = (0..rank).map(|i| format_ident!("__TvD{}", i)).collect();
        let mut bounds = TokenStream::new();
        let mut types = TokenStream::new();
        for (rule, name) in rules.iter().zip(&assoc) {
            let verdict = match &rule.verdicts[rank] {
                Some((verdict, bound)) => {
                    bounds.extend(bound.clone());
                    verdict.clone()
                }
                None => fits.clone(),
            };
            types.extend(quote!(type #name = #verdict;));
        }
        out.extend(quote! {
            impl<#(#params,)*> __TvDimVerdicts for (#(#params,)*) where #bounds { #types }
        });
    }
    for (i, (rule, name)) in rules.iter().zip(&assoc).enumerate() {
        let span = rule.span;
        let tr = format_ident!("{}", rule.name, span = span);
        let check_fn = format_ident!("__tv_check_verdict_{}", i, span = span);
        let (message, label, note) = (&rule.message, &rule.label, &rule.note);
        out.extend(quote_spanned! {span=>
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #tr {}
            #[diagnostic::do_not_recommend]
            impl #tr for __tv::DimFits {}
            #[diagnostic::do_not_recommend]
            impl #tr for __tv::DimAtRunTime {}
            fn #check_fn<__TvD: __TvDimVerdicts>(_: ::core::marker::PhantomData<__TvD>)
            where
                <__TvD as __TvDimVerdicts>::#name: #tr,
            {
            }
            #check_fn(__tv::input_dims(__tv_src));
        });
    }
    // A block of its own: no user token sees the message traits.
    quote!({ #out })
}

/// The block a typed view macro expands to.
pub fn block(src: &Expr, span: Span, body: TokenStream) -> TokenStream {
    quote_spanned! {span=>
        {
            use ::tensor_view::__private as __tv;
            let __tv_src = &(#src);
            let __tv_src: &__tv::Tensor<_, _> = __tv_src;
            #body
        }
    }
}

/// PyTorch's element count check (`check_numel`): the product of the sizes,
/// in order, must not wrap a `u64` nor exceed `i64::MAX`.
pub fn numel_fits(sizes: &[i128]) -> Option<u128> {
    let mut product: u64 = 1;
    let mut wrapped = false;
    for &size in sizes {
        let size = u64::try_from(size).ok()?;
        let (next, o) = product.overflowing_mul(size);
        product = next;
        wrapped |= o;
    }
    (!wrapped && product <= i64::MAX as u64).then_some(product as u128)
}
