//! Compile-time checks the compiler runs for facts the macro cannot see (the
//! input's size and rank), as small local traits whose
//! `#[diagnostic::on_unimplemented]` message is PyTorch's text for the call.
//!
//! Each generated trait is implemented only for the passing cases, and for
//! the `Unchecked` stand-ins of dynamic tensors. The compiler takes the
//! input's size or rank from a value's type (`InputSize<N, _>`, `Rank<R, _>`,
//! `DimRange<LO, HI, _>`), so the message prints it in decimal, and the error
//! is reported under `cargo check` at the span given (the user's tokens).
//!
//! Every generic parameter and local item an expansion writes is named
//! `__Tv..`/`__tv_..` (a `const N` would turn a user's `struct N` in scope
//! into a type argument where a constant is expected), so a dim or a type
//! of the user's may have any other name; the messages print the
//! parameters as `{__TV_N}`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote_spanned};

use super::divide::Chain;
use super::{escape, int};
use crate::check::{CountRule, MAX_RANK};
use crate::value::Value;

/// The check of a view's element count (input size `N`) by `rule`; `text` is
/// the shape as written. `literal_only`: whether every dim is literal (for the notes).
pub fn count_check(
    rule: &CountRule,
    text: &str,
    literal_only: bool,
    chain: Option<&Chain>,
    span: Span,
) -> TokenStream {
    let text = escape(text);
    let invalid = tensor_rules::infer::invalid(&text, "{__TV_N}");
    let label = "this view";
    match rule {
        CountRule::Nothing => TokenStream::new(),
        CountRule::Equals(k @ Value::Const { .. }) => {
            // The note prints the constant's value through `K`.
            let note = format!("the dims of {text} multiply to {{__TV_K}}");
            let k = k.usize_arg();
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #invalid, label = #label, note = #note)]
                    trait ViewHoldsAsManyElements<const __TV_N: usize, const __TV_K: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_K: usize> ViewHoldsAsManyElements<__TV_K, __TV_K> for __tv::InputSize<__TV_K, __tv::Checked> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize, const __TV_K: usize> ViewHoldsAsManyElements<__TV_N, __TV_K> for __tv::InputSize<__TV_N, __tv::Unchecked> {}
                    fn __tv_check<const __TV_N: usize, __TvK>(_: __tv::InputSize<__TV_N, __TvK>)
                    where
                        __tv::InputSize<__TV_N, __TvK>: ViewHoldsAsManyElements<__TV_N, #k>,
                    {
                    }
                    __tv_check(__tv::input_size(__tv_src));
                }
            }
        }
        CountRule::DivisibleBy(k @ Value::Const { .. }) => {
            let chain = chain.expect("a divisibility rule comes with its division chain");
            let (passing, unchecked) = (&chain.passing, &chain.unchecked);
            let note = format!(
                "the static dims of {text} other than -1 multiply to {{__TV_K}}, which must divide the input size"
            );
            let k = k.usize_arg();
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #invalid, label = #label, note = #note)]
                    trait ViewDimsDivideInputSize<const __TV_N: usize, const __TV_K: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize, const __TV_K: usize> ViewDimsDivideInputSize<__TV_N, __TV_K> for #passing {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize, const __TV_K: usize> ViewDimsDivideInputSize<__TV_N, __TV_K> for #unchecked {}
                    fn __tv_check<const __TV_N: usize, __TvK, __TvV: ViewDimsDivideInputSize<__TV_N, #k>>(_: __tv::InputSize<__TV_N, __TvK>, _: __TvV) {}
                    __tv_check(
                        __tv::input_size(__tv_src),
                        __tv::count_verdict::<__TvKnownDims, _, _>(__tv_src),
                    );
                }
            }
        }
        CountRule::Equals(k) => {
            let k = k.usize_arg();
            let note = if literal_only {
                format!("a view keeps the number of elements: {text} holds {k}")
            } else {
                format!("the dims of {text} multiply to {k}")
            };
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #invalid, label = #label, note = #note)]
                    trait ViewHoldsAsManyElements<const __TV_N: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl ViewHoldsAsManyElements<#k> for __tv::InputSize<#k, __tv::Checked> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewHoldsAsManyElements<__TV_N> for __tv::InputSize<__TV_N, __tv::Unchecked> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewHoldsAsManyElements<__TV_N> for __tv::InputSize<__TV_N, __tv::NamedDims> {}
                    fn __tv_check<const __TV_N: usize, __TvK>(_: __tv::InputSize<__TV_N, __TvK>)
                    where
                        __tv::InputSize<__TV_N, __TvK>: ViewHoldsAsManyElements<__TV_N>,
                    {
                    }
                    __tv_check(__tv::input_size(__tv_src));
                }
            }
        }
        CountRule::DivisibleBy(k) => {
            // `__TvKnownDims` (written by the caller) implements `CountCheck`: the
            // remainders of the count's division by `k`, all zero when it divides.
            let chain = chain.expect("a divisibility rule comes with its division chain");
            let (passing, unchecked) = (&chain.passing, &chain.unchecked);
            let note = if literal_only {
                format!("the dims other than -1 multiply to {k}, which must divide the input size")
            } else {
                format!(
                    "the literal dims of {text} multiply to {k}, which must divide the input size"
                )
            };
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #invalid, label = #label, note = #note)]
                    trait ViewDimsDivideInputSize<const __TV_N: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewDimsDivideInputSize<__TV_N> for #passing {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewDimsDivideInputSize<__TV_N> for #unchecked {}
                    fn __tv_check<const __TV_N: usize, __TvK, __TvV: ViewDimsDivideInputSize<__TV_N>>(_: __tv::InputSize<__TV_N, __TvK>, _: __TvV) {}
                    __tv_check(
                        __tv::input_size(__tv_src),
                        __tv::count_verdict::<__TvKnownDims, _, _>(__tv_src),
                    );
                }
            }
        }
        CountRule::ZeroWithInferred => {
            let ambiguous = format!(
                "cannot reshape tensor of 0 elements into shape {text} because the unspecified dimension size -1 can be any value and is ambiguous"
            );
            let note = "the dims other than -1 multiply to 0";
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #invalid, label = #label, note = #note)]
                    trait ViewOfZeroDimsNeedsEmptyInput<const __TV_N: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl ViewOfZeroDimsNeedsEmptyInput<0> for __tv::InputSize<0, __tv::Checked> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewOfZeroDimsNeedsEmptyInput<__TV_N> for __tv::InputSize<__TV_N, __tv::Unchecked> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewOfZeroDimsNeedsEmptyInput<__TV_N> for __tv::InputSize<__TV_N, __tv::NamedDims> {}
                    #[diagnostic::on_unimplemented(message = #ambiguous, label = #label)]
                    trait InferredDimIsDetermined<const __TV_N: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> InferredDimIsDetermined<__TV_N> for __tv::NonEmpty {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> InferredDimIsDetermined<__TV_N> for __tv::Unchecked {}
                    fn __tv_check<const __TV_N: usize, __TvK, __TvV: InferredDimIsDetermined<__TV_N>>(_: __tv::InputSize<__TV_N, __TvK>, _: __TvV)
                    where
                        __tv::InputSize<__TV_N, __TvK>: ViewOfZeroDimsNeedsEmptyInput<__TV_N>,
                    {
                    }
                    __tv_check(__tv::input_size(__tv_src), __tv::emptiness(__tv_src));
                }
            }
        }
        CountRule::StatedSource {
            count,
            text: stated,
        } => {
            let message = format!(
                "view!: the tensor has {{__TV_N}} elements, but its stated shape {} has {count}",
                escape(stated)
            );
            let count = int(*count as i128);
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #message, label = "stated here")]
                    trait TensorHasTheStatedShape<const __TV_N: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl TensorHasTheStatedShape<#count> for __tv::InputSize<#count, __tv::Checked> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> TensorHasTheStatedShape<__TV_N> for __tv::InputSize<__TV_N, __tv::Unchecked> {}
                    fn __tv_check<const __TV_N: usize, __TvK>(_: __tv::InputSize<__TV_N, __TvK>)
                    where
                        __tv::InputSize<__TV_N, __TvK>: TensorHasTheStatedShape<__TV_N>,
                    {
                    }
                    __tv_check(__tv::input_size(__tv_src));
                }
            }
        }
        CountRule::Impossible => {
            let note = format!("the dims of {text} multiply to more than any tensor holds");
            quote_spanned! {span=>
                {
                    #[diagnostic::on_unimplemented(message = #invalid, label = #label, note = #note)]
                    trait ViewHoldsAsManyElements<const __TV_N: usize> {}
                    #[diagnostic::do_not_recommend]
                    impl<const __TV_N: usize> ViewHoldsAsManyElements<__TV_N> for __tv::InputSize<__TV_N, __tv::Unchecked> {}
                    fn __tv_check<const __TV_N: usize, __TvK>(_: __tv::InputSize<__TV_N, __TvK>)
                    where
                        __tv::InputSize<__TV_N, __TvK>: ViewHoldsAsManyElements<__TV_N>,
                    {
                    }
                    __tv_check(__tv::input_size(__tv_src));
                }
            }
        }
    }
}

/// One check on the input's rank: a message (which may print `{__TV_LO}` and
/// `{__TV_HI}`, the accepted range) and, for each rank 0..=MAX_RANK, whether it passes.
pub struct RankCheck {
    /// Name of the generated trait (it shows in the compiler's help line).
    pub name: &'static str,
    /// PyTorch's message.
    pub message: String,
    /// Passes at rank `r`.
    pub passes: Vec<bool>,
    /// Where a failure is reported (the dim it is about).
    pub span: Span,
    /// The label under that span.
    pub label: &'static str,
}

/// The checks of an op's dims against the input's rank, in order: a later
/// check passes wherever an earlier one fails, so a call gets one message.
/// `range` is `dim_range` or `insert_range` (how `LO`/`HI` follow the rank).
pub fn rank_checks(checks: &[RankCheck], range: &str) -> TokenStream {
    let mut failed_before = [false; MAX_RANK + 1];
    let mut out = TokenStream::new();
    for (index, check) in checks.iter().enumerate() {
        let span = check.span;
        let range_fn = format_ident!("{}", range, span = span);
        let name = format_ident!("{}", check.name, span = span);
        let check_fn = format_ident!("__tv_check_dim_{}", index, span = span);
        let message = &check.message;
        let label = check.label;
        let mut impls = TokenStream::new();
        let mut implemented = Vec::new();
        for (rank, failed) in failed_before.iter_mut().enumerate() {
            let passes = *failed || check.passes[rank];
            *failed |= !check.passes[rank];
            let (lo, hi) = if range == "insert_range" {
                crate::check::range_of(rank + 1)
            } else {
                crate::check::range_of(rank)
            };
            if !passes || implemented.contains(&(lo, hi)) {
                continue;
            }
            implemented.push((lo, hi));
            let (lo, hi) = (int(lo), int(hi));
            impls.extend(quote_spanned! {span=>
                #[diagnostic::do_not_recommend]
                impl #name<#lo, #hi> for __tv::DimRange<#lo, #hi, __tv::Checked> {}
            });
        }
        out.extend(quote_spanned! {span=>
            {
                #[diagnostic::on_unimplemented(message = #message, label = #label)]
                trait #name<const __TV_LO: isize, const __TV_HI: isize> {}
                #impls
                #[diagnostic::do_not_recommend]
                impl<const __TV_LO: isize, const __TV_HI: isize> #name<__TV_LO, __TV_HI> for __tv::DimRange<__TV_LO, __TV_HI, __tv::Unchecked> {}
                fn #check_fn<const __TV_LO: isize, const __TV_HI: isize, __TvK>(_: __tv::DimRange<__TV_LO, __TV_HI, __TvK>)
                where
                    __tv::DimRange<__TV_LO, __TV_HI, __TvK>: #name<__TV_LO, __TV_HI>,
                {
                }
                #check_fn(__tv::#range_fn(__tv_src));
            }
        });
    }
    out
}

/// `permute!`'s check that the input's rank is the length of the list.
pub fn rank_equals(len: usize, span: Span) -> TokenStream {
    let message = format!(
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {{__TV_R}} is not equal to len(dims) = {len}"
    );
    let len = int(len as i128);
    quote_spanned! {span=>
        {
            #[diagnostic::on_unimplemented(message = #message, label = "one dim per dim of the tensor")]
            trait PermutationCoversEveryDim<const __TV_R: usize> {}
            #[diagnostic::do_not_recommend]
            impl PermutationCoversEveryDim<#len> for __tv::Rank<#len, __tv::Checked> {}
            #[diagnostic::do_not_recommend]
            impl<const __TV_R: usize> PermutationCoversEveryDim<__TV_R> for __tv::Rank<__TV_R, __tv::Unchecked> {}
            fn __tv_check_rank<const __TV_R: usize, __TvK>(_: __tv::Rank<__TV_R, __TvK>)
            where
                __tv::Rank<__TV_R, __TvK>: PermutationCoversEveryDim<__TV_R>,
            {
            }
            __tv_check_rank(__tv::rank_of(__tv_src));
        }
    }
}

/// The message PyTorch gives for a dim out of range, `{__TV_LO}`/`{__TV_HI}` left to the compiler.
pub fn out_of_range(value: i128) -> String {
    tensor_rules::dims::out_of_range(value, "{__TV_LO}", "{__TV_HI}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_checks_carry_pytorchs_message() {
        let out = count_check(
            &CountRule::Equals(Value::Known(9)),
            "[3, 3]",
            true,
            None,
            Span::call_site(),
        )
        .to_string();
        assert!(out.contains("shape '[3, 3]' is invalid for input of size {__TV_N}"));
        assert!(out.contains("InputSize < 9 , __tv :: Checked >"));
        assert!(count_check(&CountRule::Nothing, "[-1]", true, None, Span::call_site()).is_empty());
    }

    #[test]
    fn later_rank_checks_pass_where_earlier_ones_fail() {
        let span = Span::call_site();
        let checks = [
            RankCheck {
                name: "A",
                message: "a".into(),
                passes: vec![false; MAX_RANK + 1],
                span,
                label: "",
            },
            RankCheck {
                name: "B",
                message: "b".into(),
                passes: vec![false; MAX_RANK + 1],
                span,
                label: "",
            },
        ];
        let out = rank_checks(&checks, "dim_range").to_string();
        // A passes nowhere; B is implemented at every rank (A already failed there).
        assert_eq!(out.matches("impl A <").count(), 0);
        // (ranks 0 and 1 share the range [-1, 0], so one impl serves both)
        assert_eq!(out.matches("impl B <").count(), MAX_RANK);
    }
}
