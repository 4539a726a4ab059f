//! Procedural macros of `tensor-view`: `Shape!`, `Layout!`, `view!`,
//! `reshape!`, `dims!` and the static `transpose!`, `permute!`, `movedim!`,
//! `unsqueeze!`, `squeeze!`, `flatten!`, the typed `narrow!`, `select!`,
//! `split!`, `split_with_sizes!`, `tensor_split!`, `hsplit!`, `vsplit!`,
//! `dsplit!`, `chunk!`, `unbind!`,
//! `index!` (`slicing_rules` holds their PyTorch rules), `expand!`,
//! `unflatten!`, `unfold!`, `diagonal!`, `view_as_real!`, `view_dtype!`, and the
//! model-block ops `matmul!`, `add!`, `sub!`, `mul!`, `div!`, `sum!`,
//! `mean!`, `softmax!`, `log_softmax!`, `masked_fill!`, `where_!`
//! (`model_rules` holds their rules).
//!
//! Use them through the `tensor-view` crate (their expansions name
//! `::tensor_view::__private`). The crate is split by phase: `parse`
//! (tokens to structures), `check` (PyTorch's rules on what the macro can
//! see, each mistake a `syn::Error` at the user's token) and `expand` (code,
//! with a fallback after an error so one mistake gives one message).

pub(crate) mod check;
mod expand;
pub(crate) mod model_rules;
pub(crate) mod parse;
pub(crate) mod row_major;
pub(crate) mod slicing_rules;
#[cfg(test)]
mod test_rng;
pub(crate) mod value;

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

/// `expand!(x, [s0, s1, ..])`: an expand whose result is typed when the sizes are literals.
#[proc_macro]
pub fn expand(input: TokenStream) -> TokenStream {
    expand::expand(input.into()).into()
}

/// `unflatten!(x, dim, [s0, s1, ..])`: an unflatten that keeps a typed shape typed.
#[proc_macro]
pub fn unflatten(input: TokenStream) -> TokenStream {
    expand::unflatten(input.into()).into()
}

/// `unfold!(x, dimension, size, step)`: PyTorch's `unfold`, checked while
/// compiling; typed with the input's shape stated, `unfold!(x: [8, 4] => 0, 2, 1)`.
#[proc_macro]
pub fn unfold(input: TokenStream) -> TokenStream {
    expand::unfold(input.into()).into()
}

/// `diagonal!(x, offset, dim1, dim2)`: PyTorch's `diagonal`, checked while
/// compiling; typed with the input's shape stated, `diagonal!(x: [3, 3] => 0, 0, 1)`.
#[proc_macro]
pub fn diagonal(input: TokenStream) -> TokenStream {
    expand::diagonal(input.into()).into()
}

/// `view_as_real!(z)`: PyTorch's `view_as_real`; typed with the input's
/// shape stated, `view_as_real!(z: [2, 3])`.
#[proc_macro]
pub fn view_as_real(input: TokenStream) -> TokenStream {
    expand::view_as_real(input.into()).into()
}

/// `view_dtype!(x as u8)`: PyTorch's `view(dtype)`; typed between element
/// sizes with the input's shape stated, `view_dtype!(x: [4, 6] as u8)`.
#[proc_macro]
pub fn view_dtype(input: TokenStream) -> TokenStream {
    expand::view_dtype(input.into()).into()
}

/// `hsplit!(x: [d0, d1, ..], sections)`: PyTorch's `hsplit`, a tuple of
/// typed pieces. See `tensor_view`.
#[proc_macro]
pub fn hsplit(input: TokenStream) -> TokenStream {
    expand::hsplit(input.into()).into()
}

/// `vsplit!(x: [d0, d1, ..], sections)`: PyTorch's `vsplit`, a tuple of
/// typed pieces. See `tensor_view`.
#[proc_macro]
pub fn vsplit(input: TokenStream) -> TokenStream {
    expand::vsplit(input.into()).into()
}

/// `dsplit!(x: [d0, d1, d2, ..], sections)`: PyTorch's `dsplit`, a tuple of
/// typed pieces. See `tensor_view`.
#[proc_macro]
pub fn dsplit(input: TokenStream) -> TokenStream {
    expand::dsplit(input.into()).into()
}

/// `narrow!(x: [d0, d1, ..], dim, start, length)`: a narrow typed from the
/// stated shape of its input. See `tensor_view`.
#[proc_macro]
pub fn narrow(input: TokenStream) -> TokenStream {
    expand::narrow(input.into()).into()
}

/// `select!(x: [d0, d1, ..], dim, index)`: a select typed from the stated
/// shape of its input. See `tensor_view`.
#[proc_macro]
pub fn select(input: TokenStream) -> TokenStream {
    expand::select(input.into()).into()
}

/// `split!(x: [d0, d1, ..], split_size, dim)`: a tuple of typed pieces.
/// See `tensor_view`.
#[proc_macro]
pub fn split(input: TokenStream) -> TokenStream {
    expand::split(input.into()).into()
}

/// `split_with_sizes!(x: [d0, d1, ..], [s0, s1, ..], dim)`: a tuple of
/// typed pieces. See `tensor_view`.
#[proc_macro]
pub fn split_with_sizes(input: TokenStream) -> TokenStream {
    expand::split_with_sizes(input.into()).into()
}

/// `tensor_split!(x: [d0, d1, ..], sections_or_indices, dim)`: a tuple of
/// typed pieces. See `tensor_view`.
#[proc_macro]
pub fn tensor_split(input: TokenStream) -> TokenStream {
    expand::tensor_split(input.into()).into()
}

/// `chunk!(x: [d0, d1, ..], chunks, dim)`: a tuple of typed pieces. See `tensor_view`.
#[proc_macro]
pub fn chunk(input: TokenStream) -> TokenStream {
    expand::chunk(input.into()).into()
}

/// `unbind!(x: [d0, d1, ..], dim)`: an array of typed pieces. See `tensor_view`.
#[proc_macro]
pub fn unbind(input: TokenStream) -> TokenStream {
    expand::unbind(input.into()).into()
}

/// `index!(x: [d0, d1, ..], [items])`: basic indexing typed from the stated
/// shape of its input (items as in `s![..]`). See `tensor_view`.
#[proc_macro]
pub fn index(input: TokenStream) -> TokenStream {
    expand::index(input.into()).into()
}

/// `matmul!(a: [d0, ..], b: [d0, ..])`: `torch.matmul` of two tensors whose
/// shapes are stated, checked while compiling and typed; `matmul!(a, b)`:
/// of two tensors typed by tuples of dims (`a.matmul(&b)`). See `tensor_view`.
#[proc_macro]
pub fn matmul(input: TokenStream) -> TokenStream {
    expand::matmul(input.into()).into()
}

/// `add!(a: [..], b: [..])`: `torch.add`, broadcast, checked while compiling.
#[proc_macro]
pub fn add(input: TokenStream) -> TokenStream {
    expand::binary(input.into(), "add", "Add").into()
}

/// `sub!(a: [..], b: [..])`: `torch.sub`, broadcast, checked while compiling.
#[proc_macro]
pub fn sub(input: TokenStream) -> TokenStream {
    expand::binary(input.into(), "sub", "Sub").into()
}

/// `mul!(a: [..], b: [..])`: `torch.mul`, broadcast, checked while compiling.
#[proc_macro]
pub fn mul(input: TokenStream) -> TokenStream {
    expand::binary(input.into(), "mul", "Mul").into()
}

/// `div!(a: [..], b: [..])`: `torch.div` (true division), broadcast,
/// checked while compiling.
#[proc_macro]
pub fn div(input: TokenStream) -> TokenStream {
    expand::div(input.into()).into()
}

/// `sum!(x: [..], dim[, keepdim = true])` (or a list of dims): `torch.sum`, typed.
#[proc_macro]
pub fn sum(input: TokenStream) -> TokenStream {
    expand::reduce(input.into(), "sum", "sum_typed").into()
}

/// `mean!(x: [..], dim[, keepdim = true])` (or a list of dims): `torch.mean`, typed.
#[proc_macro]
pub fn mean(input: TokenStream) -> TokenStream {
    expand::reduce(input.into(), "mean", "mean_typed").into()
}

/// `softmax!(x, dim)`: `torch.softmax` of a typed tensor, the dim checked
/// while compiling; the result has the tensor's dims (row-major).
#[proc_macro]
pub fn softmax(input: TokenStream) -> TokenStream {
    expand::softmax(input.into(), "softmax", "softmax_typed").into()
}

/// `log_softmax!(x, dim)`: `torch.log_softmax` of a typed tensor, as `softmax!`.
#[proc_macro]
pub fn log_softmax(input: TokenStream) -> TokenStream {
    expand::softmax(input.into(), "log_softmax", "log_softmax_typed").into()
}

/// `masked_fill!(x: [..], mask: [..], value)`: `torch.masked_fill` with a
/// typed mask, its broadcast against the tensor checked while compiling.
#[proc_macro]
pub fn masked_fill(input: TokenStream) -> TokenStream {
    expand::masked_fill(input.into()).into()
}

/// `where_!(condition: [..], x: [..], y: [..])`: `torch.where` of typed
/// tensors, the broadcast checked while compiling.
#[proc_macro]
pub fn where_(input: TokenStream) -> TokenStream {
    expand::where_(input.into()).into()
}

/// `dims!(B, T);` declares named run-time dims. See `tensor_view`.
#[proc_macro]
pub fn dims(input: TokenStream) -> TokenStream {
    expand::dims(input.into(), |name| {
        let span = name.span().unwrap();
        // Where the name is written does not tell two expansions of one
        // `macro_rules!` body apart, and a proc macro cannot see hygiene; so
        // each declaration of this compilation also gets the next number of
        // a counter (rustc expands each invocation once, in one process per
        // crate), and the package's directory and version tell crates apart.
        let seq = DECLARED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let package = |key| std::env::var(key).unwrap_or_default();
        format!(
            "{}@{}:{}:{}:{}#{seq}",
            package("CARGO_MANIFEST_DIR"),
            package("CARGO_PKG_VERSION"),
            span.file(),
            span.line(),
            span.column()
        )
    })
    .into()
}

/// How many names `dims!` has declared in this compilation.
static DECLARED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
