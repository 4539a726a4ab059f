//! Type-level division of the input's element count by a literal divisor
//! (for `-1` and for the count checks of mixed dims), written as cheap table
//! lookups: see `tensor_core::static_shape::DivideBy`.
//!
//! The divisor is split into factors of at most [`MAX_TABLE`] (each gets a
//! step table of `2 * d` impls); a prime factor above [`MAX_PRIME`] is left to
//! `typenum`'s division (`Large`), which is slower per bit but needs no
//! table. The tables stay small because rustc compares a type's impls
//! pairwise: a table for 1733 (a factor of GPT-2's vocabulary, 50257) has
//! 3466 impls and cost about 2 s of `cargo check` per view, `Large` about
//! 0.1 s. A divisor with a
//! named constant, whose value the macro cannot factor, is one step through
//! `Exact` (a total division whose remainder is a verdict bit, so a constant
//! of 0 is reported by the view's own message).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::{int, typenum};
use crate::value::Value;

/// Largest factor divided by with one step table.
pub const MAX_TABLE: u128 = 16;
/// Largest prime given a step table (of at most `2 * MAX_PRIME` impls);
/// the rest of the divisor goes to `typenum`.
pub const MAX_PRIME: u128 = 64;

/// One division of the chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Factor {
    /// By a step table.
    Small(u128),
    /// By `typenum`.
    Large(u128),
}

/// `divisor` as a chain of factors (in ascending order, small ones grouped up to [`MAX_TABLE`]).
pub fn factors(divisor: u128) -> Vec<Factor> {
    let mut rest = divisor;
    let mut primes = Vec::new();
    let mut p = 2;
    while p <= MAX_PRIME && p * p <= rest {
        while rest.is_multiple_of(p) {
            primes.push(p);
            rest /= p;
        }
        p += 1;
    }
    let mut out = Vec::new();
    let mut large = None;
    if rest > 1 {
        if rest <= MAX_PRIME {
            primes.push(rest);
        } else {
            large = Some(rest);
        }
    }
    let mut chunk = 1;
    for prime in primes {
        if chunk * prime > MAX_TABLE && chunk > 1 {
            out.push(Factor::Small(chunk));
            chunk = 1;
        }
        chunk *= prime;
    }
    if chunk > 1 {
        out.push(Factor::Small(chunk));
    }
    out.extend(large.map(Factor::Large));
    out
}

/// The chain for `divisor` applied to the type `__TvNumel`: items (divisor types
/// and step tables), where-clause bounds, the verdict tuple type, the
/// quotient type, and the verdict that passes.
pub struct Chain {
    pub items: TokenStream,
    pub bounds: TokenStream,
    pub verdict: TokenStream,
    pub quotient: TokenStream,
    pub passing: TokenStream,
    pub unchecked: TokenStream,
}

pub fn chain(divisor: &Value, span: Span) -> Chain {
    let divisor = match divisor {
        Value::Known(k) => *k,
        Value::Const { .. } => {
            let k = divisor.number();
            let marker = quote!(__tv::Exact<#k>);
            return Chain {
                items: TokenStream::new(),
                bounds: quote!(__TvNumel: __tv::DivideBy<#marker>,),
                verdict: quote!((<__TvNumel as __tv::DivideBy<#marker>>::Rem, ())),
                quotient: quote!(<__TvNumel as __tv::DivideBy<#marker>>::Quot),
                passing: quote!((__tv::Remainder<0>, ())),
                unchecked: quote!((__tv::Unchecked, ())),
            };
        }
    };
    let mut items = TokenStream::new();
    let mut bounds = TokenStream::new();
    let mut remainders = Vec::new();
    let mut passing = Vec::new();
    let mut unchecked = Vec::new();
    let mut current = quote!(__TvNumel);
    let mut tabled = Vec::new();
    for factor in factors(divisor) {
        let marker = match factor {
            Factor::Small(d) => {
                let name = format_ident!("__TvDivideBy{}", d, span = span);
                if !tabled.contains(&d) {
                    tabled.push(d);
                    items.extend(quote_spanned!(span=>
                        struct #name;
                        impl __tv::SmallDivisor for #name {}
                    ));
                    for r in 0..d {
                        for bit in 0..2u128 {
                            let v = 2 * r + bit;
                            let (r, next) = (int(r as i128), int((v % d) as i128));
                            let b = if bit == 1 {
                                quote!(__tv::B1)
                            } else {
                                quote!(__tv::B0)
                            };
                            let q = if v >= d {
                                quote!(__tv::B1)
                            } else {
                                quote!(__tv::B0)
                            };
                            items.extend(quote_spanned!(span=>
                                impl __tv::DivStep<__tv::Remainder<#r>, #b> for #name {
                                    type Next = __tv::Remainder<#next>;
                                    type QuotBit = #q;
                                }
                            ));
                        }
                    }
                }
                passing.push(quote!(__tv::Remainder<0>));
                quote!(#name)
            }
            Factor::Large(k) => {
                passing.push(quote!(__tv::Remainder<0>));
                let k = typenum(k);
                quote!(__tv::Large<#k>)
            }
        };
        bounds.extend(quote!(#current: __tv::DivideBy<#marker>,));
        remainders.push(quote!(<#current as __tv::DivideBy<#marker>>::Rem));
        unchecked.push(quote!(__tv::Unchecked));
        current = quote!(<#current as __tv::DivideBy<#marker>>::Quot);
    }
    Chain {
        items,
        bounds,
        verdict: nested(&remainders),
        quotient: current,
        passing: nested(&passing),
        unchecked: nested(&unchecked),
    }
}

/// `(a, (b, (c, ())))`: a list as nested pairs, which are `Default` at any
/// length (flat tuples are only up to 12).
fn nested(items: &[TokenStream]) -> TokenStream {
    items
        .iter()
        .rev()
        .fold(quote!(()), |rest, item| quote!((#item, #rest)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_split_into_small_tables() {
        assert_eq!(factors(4096), vec![Factor::Small(16); 3]);
        assert_eq!(factors(5), vec![Factor::Small(5)]);
        assert_eq!(
            factors(3072),
            vec![Factor::Small(16), Factor::Small(16), Factor::Small(12)]
        );
        assert_eq!(
            factors(2 * 4099),
            vec![Factor::Small(2), Factor::Large(4099)]
        );
        assert_eq!(factors(50257), vec![Factor::Small(29), Factor::Large(1733)]);
        // 2^64 - 1 needs more divisions than a flat tuple could hold.
        assert_eq!(
            chain(&Value::Known(u64::MAX as u128), Span::call_site())
                .verdict
                .to_string()
                .matches("Rem")
                .count(),
            factors(u64::MAX as u128).len()
        );
        assert_eq!(factors(2003), vec![Factor::Large(2003)]);
        assert_eq!(factors(61 * 5), vec![Factor::Small(5), Factor::Small(61)]);
    }

    #[test]
    fn tables_cover_every_remainder_and_bit() {
        let c = chain(&Value::Known(3), Span::call_site());
        assert_eq!(
            c.items.to_string().matches("impl __tv :: DivStep").count(),
            6
        );
        assert!(c.items.to_string().contains("for __TvDivideBy3"));
        assert!(c
            .quotient
            .to_string()
            .contains("DivideBy < __TvDivideBy3 >"));
    }

    #[test]
    fn a_constant_divisor_is_one_exact_step() {
        let n = Value::Const {
            coefficient: 16,
            factors: vec![quote!(N)],
        };
        let c = chain(&n, Span::call_site());
        assert!(c.items.is_empty());
        assert_eq!(c.bounds.to_string().matches("DivideBy").count(), 1);
        assert!(c.bounds.to_string().contains("Exact <"));
        assert_eq!(
            c.passing.to_string().replace(' ', ""),
            "(__tv::Remainder<0>,())"
        );
    }
}
