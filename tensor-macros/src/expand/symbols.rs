//! `dims!(B, T)`: unit structs that name run-time dims, each with an id.
//!
//! The id is a 32-bit hash of the name and of where it is declared (file,
//! line, column), written as a `typenum` number so that views can compare
//! symbols while compiling. Two symbols declared apart never share an id but
//! by a hash collision, which for a program's handful of symbols is about
//! one chance in a hundred million.

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Ident, Token, Visibility};

use super::typenum;

/// One declared symbol: `pub B`.
struct Declared {
    vis: Visibility,
    name: Ident,
}

impl Parse for Declared {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        Ok(Declared {
            vis: input.parse()?,
            name: input.parse()?,
        })
    }
}

/// 32-bit FNV-1a of `text`, never 0.
fn hash(text: &str) -> u128 {
    let mut h: u32 = 0x811c_9dc5;
    for byte in text.bytes() {
        h ^= u32::from(byte);
        h = h.wrapping_mul(0x0100_0193);
    }
    u128::from(h.max(1))
}

/// Expands `dims!(..)`; `place` says where a name was written (file, line, column).
pub fn dims(input: TokenStream, place: impl Fn(&Ident) -> String) -> TokenStream {
    let parsed =
        syn::parse::Parser::parse2(Punctuated::<Declared, Token![,]>::parse_terminated, input);
    let declared = match parsed {
        Ok(declared) if !declared.is_empty() => declared,
        Ok(_) => {
            return quote!(::core::compile_error!(
                "dims! declares run-time dims by name: `dims!(B, T);`"
            ))
        }
        Err(error) => return error.to_compile_error(),
    };
    declared
        .iter()
        .map(|Declared { vis, name }| {
            let text = name.to_string();
            let id = typenum(hash(&format!("{text}@{}", place(name))));
            let doc = format!("The named run-time dim `{text}` (declared with `dims!`).");
            quote! {
                #[doc = #doc]
                #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
                #vis struct #name;
                impl ::tensor_view::__private::Symbol for #name {
                    const NAME: &'static str = #text;
                    type Id = #id;
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_is_a_struct_with_a_name_and_an_id() {
        let out = dims(quote!(B, pub T), |_| "here".into()).to_string();
        assert!(out.contains("struct B"));
        assert!(out.contains("pub struct T"));
        assert!(out.contains("const NAME : & 'static str = \"T\""));
        assert_ne!(hash("B@a.rs:1:1"), hash("B@a.rs:2:1"));
    }

    #[test]
    fn an_empty_list_is_an_error() {
        assert!(dims(quote!(), |_| String::new())
            .to_string()
            .contains("compile_error"));
    }
}
