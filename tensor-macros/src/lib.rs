//! Procedural macros of `tensor-view`: `Shape!`, `Layout!`, `view!`,
//! `reshape!`, `dims!` and the static `transpose!`, `permute!`, `movedim!`,
//! `unsqueeze!`, `squeeze!`, `flatten!`.
//!
//! Use them through the `tensor-view` crate (their expansions name
//! `::tensor_view::__private`). The crate is split by phase: `parse`
//! (tokens to structures), `check` (PyTorch's rules on what the macro can
//! see, each mistake a `syn::Error` at the user's token) and `expand` (code,
//! with a fallback after an error so one mistake gives one message).

pub(crate) mod check;
mod expand;
pub(crate) mod parse;

use proc_macro::TokenStream;

/// The static shape type of literal dims: `Shape![4, 4]`. See `tensor_view`.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Shape(input: TokenStream) -> TokenStream {
    expand::shape(input.into()).into()
}

/// The static type of dims and strides known while compiling:
/// `Layout![[4, 2, 3], [1, 12, 4]]` (what `permute!` of a row-major
/// `Shape![2, 3, 4]` by `[2, 0, 1]` is). See `tensor_view`.
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    expand::layout(input.into()).into()
}

/// `view!(x, [d0, d1, ..])`: PyTorch's `view`, checked while compiling where
/// the shapes are static. See `tensor_view`.
#[proc_macro]
pub fn view(input: TokenStream) -> TokenStream {
    expand::view(input.into()).into()
}

/// `reshape!(x, [d0, d1, ..])`: PyTorch's `reshape`, the view or a copy,
/// decided while compiling where the input's strides are known. See `tensor_view`.
#[proc_macro]
pub fn reshape(input: TokenStream) -> TokenStream {
    expand::reshape(input.into()).into()
}

/// `transpose!(x, dim0, dim1)`: a transpose that keeps a static shape static.
#[proc_macro]
pub fn transpose(input: TokenStream) -> TokenStream {
    expand::transpose(input.into()).into()
}

/// `permute!(x, [d0, d1, ..])`: a permute that keeps a static shape static.
#[proc_macro]
pub fn permute(input: TokenStream) -> TokenStream {
    expand::permute(input.into()).into()
}

/// `movedim!(x, source, destination)`: PyTorch's `movedim` (dims or lists of
/// dims) that keeps a static shape static and records a row-major tensor's strides.
#[proc_macro]
pub fn movedim(input: TokenStream) -> TokenStream {
    expand::movedim(input.into()).into()
}

/// `unsqueeze!(x, dim)`: an unsqueeze that keeps a static shape static.
#[proc_macro]
pub fn unsqueeze(input: TokenStream) -> TokenStream {
    expand::unsqueeze(input.into()).into()
}

/// `squeeze!(x, dim)`: a squeeze of one dim that keeps a static shape static.
#[proc_macro]
pub fn squeeze(input: TokenStream) -> TokenStream {
    expand::squeeze(input.into()).into()
}

/// `flatten!(x[, start_dim[, end_dim]])`: a flatten that keeps a static shape static.
#[proc_macro]
pub fn flatten(input: TokenStream) -> TokenStream {
    expand::flatten(input.into()).into()
}

/// `dims!(B, T);` declares named run-time dims. See `tensor_view`.
#[proc_macro]
pub fn dims(input: TokenStream) -> TokenStream {
    expand::dims(input.into(), |name| {
        let span = name.span().unwrap();
        format!("{}:{}:{}", span.file(), span.line(), span.column())
    })
    .into()
}
