//! A static size as the macro holds it: a number it knows, or a product of
//! named constants (`{N_HEAD}`, `{N_HEAD * 64}`) whose value only rustc knows.
//!
//! Products of known numbers are folded (and checked against `usize`);
//! a product with a constant stays an expression, `4 * (N_HEAD)`, that
//! rustc evaluates. Where the expansion needs the size, [`Value::usize_arg`]
//! writes it as a const generic argument and [`Value::number`] as a
//! `typenum` number (for a constant, through its bytes:
//! `tensor_core::static_shape::FromBytes`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// A static size.
#[derive(Clone)]
pub enum Value {
    /// Known to the macro.
    Known(u128),
    /// `coefficient` times the constant expressions `factors` (each what
    /// its braces hold: `N_HEAD` for `{N_HEAD}`), known only to rustc.
    Const {
        /// The product of the literal factors (above 0).
        coefficient: u128,
        /// The constants' expressions.
        factors: Vec<TokenStream>,
    },
}

impl Value {
    /// The value when the macro knows it.
    pub fn known(&self) -> Option<u128> {
        match self {
            Value::Known(v) => Some(*v),
            Value::Const { .. } => None,
        }
    }

    /// `self * other`; `None` when two known numbers multiply beyond `usize`
    /// (a product with a constant is checked by rustc when it evaluates it).
    pub fn checked_mul(&self, other: &Value) -> Option<Value> {
        match (self, other) {
            (Value::Known(0), _) | (_, Value::Known(0)) => Some(Value::Known(0)),
            (Value::Known(a), Value::Known(b)) => a
                .checked_mul(*b)
                .filter(|&p| p <= usize::MAX as u128)
                .map(Value::Known),
            (
                Value::Known(k),
                Value::Const {
                    coefficient,
                    factors,
                },
            )
            | (
                Value::Const {
                    coefficient,
                    factors,
                },
                Value::Known(k),
            ) => Some(Value::Const {
                coefficient: coefficient
                    .checked_mul(*k)
                    .filter(|&p| p <= usize::MAX as u128)?,
                factors: factors.clone(),
            }),
            (
                Value::Const {
                    coefficient: a,
                    factors: fa,
                },
                Value::Const {
                    coefficient: b,
                    factors: fb,
                },
            ) => Some(Value::Const {
                coefficient: a.checked_mul(*b).filter(|&p| p <= usize::MAX as u128)?,
                factors: fa.iter().chain(fb).cloned().collect(),
            }),
        }
    }

    /// The size as a `usize` expression.
    pub fn expression(&self) -> TokenStream {
        match self {
            Value::Known(v) => {
                let v = Literal::u128_unsuffixed(*v);
                quote!(#v)
            }
            Value::Const {
                coefficient,
                factors,
            } => product_tokens(*coefficient, factors),
        }
    }

    /// The size as a const generic argument: `768` or `{ 4 * ({N_HEAD}) }`.
    pub fn usize_arg(&self) -> TokenStream {
        match self {
            Value::Known(_) => self.expression(),
            Value::Const { .. } => {
                let e = self.expression();
                quote!({ #e })
            }
        }
    }

    /// The size as a `typenum` number. A product that overflows `usize` is
    /// reported once, where the size is a const argument
    /// ([`Value::usize_arg`]); its bytes wrap, so as not to repeat the error
    /// eight times.
    pub fn number(&self) -> TokenStream {
        match self {
            Value::Known(v) => crate::expand::typenum(*v),
            Value::Const {
                coefficient,
                factors,
            } => {
                let e = match (factors.as_slice(), coefficient) {
                    ([factor], 1) => factor.clone(),
                    _ => {
                        let c = Literal::u128_unsuffixed(*coefficient);
                        quote!((#c as usize)#(.wrapping_mul(#factors))*)
                    }
                };
                let bytes = (0..8).rev().map(|i| {
                    let shift = Literal::u32_unsuffixed(8 * i);
                    quote!(::tensor_view::__private::Byte<{ ((#e) as u64 >> #shift) as u8 }>)
                });
                quote!(::tensor_view::__private::FromBytes<#(#bytes),*>)
            }
        }
    }

    /// The size as a message prints it: `768`, `4*{N_HEAD}`.
    pub fn text(&self) -> String {
        match self {
            Value::Known(v) => v.to_string(),
            Value::Const {
                coefficient,
                factors,
            } => {
                let mut items: Vec<String> = factors.iter().map(block_text).collect();
                if *coefficient != 1 {
                    items.insert(0, coefficient.to_string());
                }
                items.join("*")
            }
        }
    }
}

/// The `typenum` numbers of the sizes one expansion writes into a generic
/// impl's where-clauses. A constant's number is only reached by
/// normalizing (its bytes are anonymous consts, mapped through impls), and
/// rustc cannot normalize a where-clause that uses it inside a projection of
/// another where-clause (`<D as Verdicts<K>>::Count: ..` with `K` the
/// constant's number): it checks that clause before the first is
/// normalized, and rejects the impl. So each distinct constant becomes a
/// unit struct outside the impl whose `ConstNumber` is its number, and a
/// type parameter of the impl bound to it (`__TvConst0: ConstNumber<Number =
/// __TvK0>`); the where-clauses name the parameter. Known numbers are
/// written in place as always.
///
/// (`ConstNumber` is `tensor_core::static_shape::ConstNumber`.)
#[derive(Default)]
pub struct Numbers {
    constants: std::cell::RefCell<Vec<(String, TokenStream)>>,
}

impl Numbers {
    /// `value` as a `typenum` number: a known number in place, a constant
    /// through its impl parameter.
    pub fn of(&self, value: &Value) -> TokenStream {
        if let Value::Known(v) = value {
            return crate::expand::typenum(*v);
        }
        let text = value.text();
        let mut constants = self.constants.borrow_mut();
        let index = match constants.iter().position(|(t, _)| *t == text) {
            Some(index) => index,
            None => {
                constants.push((text, value.number()));
                constants.len() - 1
            }
        };
        let param = quote::format_ident!("__TvK{}", index);
        quote!(#param)
    }

    /// The unit structs carrying the constants' numbers, to write beside the impl.
    pub fn items(&self) -> TokenStream {
        let constants = self.constants.borrow();
        let items = constants.iter().enumerate().map(|(index, (_, number))| {
            let name = quote::format_ident!("__TvConst{}", index);
            quote! {
                struct #name;
                impl ::tensor_view::__private::ConstNumber for #name {
                    type Number = #number;
                }
            }
        });
        quote!(#(#items)*)
    }

    /// The impl's type parameters for the constants, each after a comma:
    /// `, __TvK0, __TvK1` (nothing without constants).
    pub fn params(&self) -> TokenStream {
        let params = (0..self.constants.borrow().len()).map(|i| quote::format_ident!("__TvK{}", i));
        quote!(#(, #params)*)
    }

    /// The bounds that tie the parameters to the numbers.
    pub fn bounds(&self) -> TokenStream {
        let bounds = (0..self.constants.borrow().len()).map(|i| {
            let (name, param) = (
                quote::format_ident!("__TvConst{}", i),
                quote::format_ident!("__TvK{}", i),
            );
            // (`NonZero`: whether a `-1`'s static part is 0, for the plan.)
            quote! {
                #name: ::tensor_view::__private::ConstNumber<Number = #param>,
                #param: ::tensor_view::__private::NonZero,
            }
        });
        quote!(#(#bounds)*)
    }
}

/// `c * (f0) * (f1)`, the coefficient left out when it is 1 (and a lone
/// factor written bare).
fn product_tokens(coefficient: u128, factors: &[TokenStream]) -> TokenStream {
    if let ([factor], 1) = (factors, coefficient) {
        return factor.clone();
    }
    let mut out = TokenStream::new();
    if coefficient != 1 {
        let c = Literal::u128_unsuffixed(coefficient);
        out.extend(quote!(#c));
    }
    for factor in factors {
        if !out.is_empty() {
            out.extend(quote!(*));
        }
        out.extend(quote!((#factor)));
    }
    out
}

/// A constant as written, tidied: `{N_HEAD * 64}` (`factor` is what the
/// braces hold, or a whole block of statements).
pub fn block_text(factor: &TokenStream) -> String {
    let text = crate::parse::tidy(&factor.to_string());
    let braced = matches!(
        factor.clone().into_iter().next(),
        Some(proc_macro2::TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Brace
    );
    if braced {
        text
    } else {
        format!("{{{text}}}")
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Value {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A constant as the parser keeps it: what its braces hold.
    fn constant(tokens: TokenStream) -> Value {
        Value::Const {
            coefficient: 1,
            factors: vec![tokens],
        }
    }

    #[test]
    fn known_products_fold_and_constants_stay_expressions() {
        let n = constant(quote!(N_HEAD));
        assert_eq!(
            Value::Known(4).checked_mul(&Value::Known(5)),
            Some(Value::Known(20))
        );
        assert_eq!(n.checked_mul(&Value::Known(0)), Some(Value::Known(0)));
        let p = Value::Known(64).checked_mul(&n).unwrap();
        assert_eq!(p.text(), "64*{N_HEAD}");
        assert_eq!(p.known(), None);
        let pp = p.checked_mul(&constant(quote!(V))).unwrap();
        assert_eq!(pp.text(), "64*{N_HEAD}*{V}");
        assert_eq!(
            pp.usize_arg().to_string().replace(' ', ""),
            "{64*(N_HEAD)*(V)}"
        );
        assert_eq!(n.usize_arg().to_string().replace(' ', ""), "{N_HEAD}");
        let huge = Value::Known(1 << 40);
        assert_eq!(huge.checked_mul(&huge), None);
    }

    #[test]
    fn a_constant_is_written_as_its_bytes() {
        let n = constant(quote!(N_EMBD)).number().to_string();
        assert!(n.contains("FromBytes"));
        assert_eq!(n.matches(":: Byte <").count(), 8);
        assert!(n.contains("as u64 >> 56"));
        let product = Value::Known(4).checked_mul(&constant(quote!(N))).unwrap();
        assert!(product.number().to_string().contains("wrapping_mul (N)"));
        assert_eq!(
            Value::Known(5).number().to_string(),
            crate::expand::typenum(5).to_string()
        );
    }
}
