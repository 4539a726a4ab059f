//! `dims!(B, T)`: unit structs that name run-time dims, each with an id.
//!
//! The id is a 32-bit hash of the name, of where it is declared (package,
//! file, line, column) and of the declaration's number in the compilation
//! (`tensor_macros::dims` passes them), written as a `typenum` number so
//! that views can compare symbols while compiling. Two declarations never
//! share an id but by a hash collision (about one chance in a hundred
//! million for a program's handful of symbols), even two of one
//! `macro_rules!` body, written at one place: each expansion is a
//! declaration of its own. (Stable Rust cannot compare two types for
//! equality in a trait's where-clause, so the type itself cannot be the id.)
//!
//! Names beginning with `__tv` (any case) are the macros' own and refused.

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
            if text.to_ascii_lowercase().starts_with("__tv") {
                return syn::Error::new(
                    name.span(),
                    format!("`{text}`: names beginning with `__tv` are reserved for tensor-view's macros; choose another name"),
                )
                .to_compile_error();
            }
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
    fn the_macros_own_prefix_is_refused() {
        let out = dims(quote!(B, __TV_N), |_| String::new()).to_string();
        assert!(out.contains("struct B"));
        assert!(out.contains("reserved for tensor-view's macros"));
        assert!(!out.contains("struct __TV_N"));
    }

    #[test]
    fn an_empty_list_is_an_error() {
        assert!(dims(quote!(), |_| String::new())
            .to_string()
            .contains("compile_error"));
    }
}
