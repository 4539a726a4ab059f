//! `narrow!`, `select!`, `split!`, `split_with_sizes!`, `tensor_split!`,
//! `hsplit!`, `vsplit!`, `dsplit!`, `chunk!` and `unbind!`.
//!
//! These ops change the element count, which a shape type carries as a
//! const generic that stable Rust cannot compute from the input's type; so
//! the typed form states the input's shape: `narrow!(x: [5, 8, 3], 1, 0, 4)`.
//! The macro then applies PyTorch's rules itself (`slicing_rules`; a mistake
//! is a compile error in PyTorch's words at the argument), writes the
//! result's type (`Strided<Shape![..]>`: the strides are the input's), and
//! has the compiler check that the tensor's type is the stated shape. The
//! layout is computed at run time by the dynamic ops' code.
//!
//! The result is a `Result` when something is left to run time: a run-time
//! start or index, the size of a named dim, or the input's strides when its
//! type has them only at run time (the verdict of the stated-shape check
//! carries that outcome, `IsStatedShape::Outcome`).
//!
//! Without a stated shape the macro is the dynamic op, for dynamic tensors;
//! on a typed tensor that is a compile error asking for the shape.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, Token};

use super::{escape, fallback};
use crate::parse::{dim_of, DimArg, DimList};
use crate::row_major::{self, ResultDim};
use crate::slicing_rules::{self, Sliced};

/// `op!(x: [d0, d1, ..], args..)` or `op!(x, args..)`.
pub(super) struct SliceInput {
    pub(super) src: Expr,
    pub(super) stated: Option<DimList>,
    pub(super) args: Vec<DimArg>,
    pub(super) span: Span,
}

impl Parse for SliceInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let span = input.span();
        let src: Expr = input.parse()?;
        let mut stated = None;
        if input.peek(Token![:]) {
            input.parse::<Token![:]>()?;
            stated = Some(input.parse::<DimList>()?);
        }
        let args = if input.is_empty() {
            Vec::new()
        } else {
            input.parse::<Token![,]>()?;
            Punctuated::<Expr, Token![,]>::parse_terminated(input)?
                .into_iter()
                .map(dim_of)
                .collect::<syn::Result<_>>()?
        };
        Ok(SliceInput {
            src,
            stated,
            args,
            span,
        })
    }
}

/// Whether an argument is an integer, a list of integers, or either.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    Int,
    List,
    Either,
}

/// One op's arguments: their names (for messages), which may be run-time
/// values, and their forms.
pub(super) struct OpSpec {
    pub(super) name: &'static str,
    pub(super) args: &'static [&'static str],
    pub(super) runtime_ok: &'static [bool],
    pub(super) forms: &'static [Form],
    pub(super) example: &'static str,
}

/// An argument as the macro sees it: a literal in PyTorch's `int` range, or
/// (where allowed) a run-time expression.
pub(super) enum Arg {
    Literal(i128, Span),
    List(Vec<i128>, Span),
    Runtime(TokenStream),
}

impl Arg {
    pub(super) fn value(&self) -> Option<i128> {
        match self {
            Arg::Literal(v, _) => Some(*v),
            Arg::List(..) | Arg::Runtime(_) => None,
        }
    }

    pub(super) fn tokens(&self) -> TokenStream {
        match self {
            Arg::Literal(v, _) => {
                let v = Literal::i64_suffixed(*v as i64);
                quote!((#v))
            }
            Arg::List(values, _) => {
                // typed, so that an empty list needs no annotation
                let values = values.iter().map(|&v| Literal::isize_suffixed(v as isize));
                quote!((&[#((#values)),*] as &[isize]))
            }
            Arg::Runtime(e) => e.clone(),
        }
    }
}

fn span_of(arg: &DimArg) -> Span {
    arg.error("").span()
}

/// Checks the argument count and forms; `typed` says whether a stated shape asks for literals.
pub(super) fn read_args(input: &SliceInput, spec: &OpSpec, typed: bool) -> syn::Result<Vec<Arg>> {
    if input.args.len() != spec.args.len() {
        let message = format!(
            "`{}!` takes a tensor (with its shape stated for a typed result) and {}: `{}`",
            spec.name,
            spec.args.join(", "),
            spec.example
        );
        return Err(syn::Error::new(input.span, message));
    }
    let mut out = Vec::new();
    for (i, arg) in input.args.iter().enumerate() {
        let form = spec.forms[i];
        if let Some(items) = list_items(arg) {
            if form == Form::Int {
                return Err(arg.error(format!(
                    "`{}!` takes `{}` as an integer, not a list",
                    spec.name, spec.args[i]
                )));
            }
            out.push(read_list(arg, items?, spec, i, typed)?);
            continue;
        }
        if form == Form::List && arg.literal().is_some() {
            return Err(arg.error(format!(
                "`{}!` takes `{}` as a list: `[..]`",
                spec.name, spec.args[i]
            )));
        }
        match arg.literal() {
            Some(v) => out.push(Arg::Literal(in_int_range(v, arg)?, span_of(arg))),
            None if typed && !spec.runtime_ok[i] => {
                return Err(arg.error(format!(
                    "`{}!` with a stated shape takes `{}` as an integer literal, which the result's type depends on; for a run-time value call the dynamic `{}` (after `into_dyn()`)",
                    spec.name, spec.args[i], spec.name
                )));
            }
            None => {
                let DimArg::Runtime { expr, .. } = arg else {
                    return Err(arg.error(format!(
                        "`{}!` takes integers here, not named dims",
                        spec.name
                    )));
                };
                out.push(Arg::Runtime(quote!(#expr)));
            }
        }
    }
    Ok(out)
}

/// A literal in PyTorch's `int` range, or PyTorch's error for one beyond it.
fn in_int_range(v: i128, arg: &DimArg) -> syn::Result<i128> {
    if v < i64::MIN as i128 || v > i64::MAX as i128 {
        return Err(arg.error("Overflow when unpacking long"));
    }
    Ok(v)
}

/// The items of an argument written as a list, `[2, 4]` or `&[2, 4]`.
fn list_items(arg: &DimArg) -> Option<syn::Result<Vec<DimArg>>> {
    let DimArg::Runtime { expr, .. } = arg else {
        return None;
    };
    let mut expr = expr.as_ref();
    if let Expr::Reference(r) = expr {
        expr = &r.expr;
    }
    let Expr::Array(array) = expr else {
        return None;
    };
    Some(array.elems.iter().cloned().map(dim_of).collect())
}

/// A list argument: literals for a typed result, else the expression as written.
fn read_list(
    arg: &DimArg,
    items: Vec<DimArg>,
    spec: &OpSpec,
    i: usize,
    typed: bool,
) -> syn::Result<Arg> {
    let mut values = Vec::new();
    for item in &items {
        match item.literal() {
            Some(v) => values.push(in_int_range(v, item)?),
            None if typed => {
                return Err(item.error(format!(
                    "`{}!` with a stated shape takes `{}` as a list of integer literals, which the result's type depends on",
                    spec.name, spec.args[i]
                )))
            }
            None => {
                let DimArg::Runtime { expr, .. } = arg else {
                    unreachable!("a list is a run-time expression")
                };
                return Ok(Arg::Runtime(quote!(&#expr)));
            }
        }
    }
    Ok(Arg::List(values, span_of(arg)))
}

/// The stated shape: sizes (`None` for named dims) and the dims as written.
pub(super) struct Stated {
    pub(super) sizes: Vec<Option<u128>>,
    names: Vec<String>,
    pub(super) dims: Vec<TokenStream>,
    pub(super) list: DimList,
}

pub(super) fn read_stated(list: &DimList) -> syn::Result<Stated> {
    let mut stated = Stated {
        sizes: Vec::new(),
        names: Vec::new(),
        dims: Vec::new(),
        list: list.clone(),
    };
    for dim in &list.dims {
        match dim {
            DimArg::Literal { value, tokens } if *value >= 0 => {
                stated.sizes.push(Some(*value as u128));
                stated.dims.push(tokens.clone());
            }
            DimArg::Symbolic { tokens, .. } => {
                stated.sizes.push(None);
                stated.dims.push(tokens.clone());
            }
            _ => {
                return Err(dim.error(
                    "a stated shape is written as in `Shape![..]`: non-negative integer literals or named dims",
                ))
            }
        }
        stated.names.push(dim.text());
    }
    Ok(stated)
}

/// The `Shape![..]` type of a result of sizes `sliced.sizes`, with, for
/// each result dim, the stated dim it comes from (whose tokens a named dim
/// keeps; `None` for a new axis).
fn result_shape(stated: &Stated, sliced: &Sliced, sources: &[Option<usize>]) -> TokenStream {
    let dims = sliced
        .sizes
        .iter()
        .zip(sources)
        .map(|(size, source)| match (size, source) {
            (None, Some(i)) => stated.dims[*i].clone(),
            (size, _) => {
                let v = Literal::u128_unsuffixed(size.unwrap_or(1));
                quote!(#v)
            }
        });
    super::shape::shape(quote!(#(#dims),*))
}

/// How a result is typed: its shape, and whether it is row-major when the
/// input is (then it is typed `Shape![..]` for a row-major input, through
/// the verdict; else always `Strided<Shape![..]>`).
pub(super) struct ResultType {
    shape: TokenStream,
    kept: bool,
}

impl ResultType {
    /// The result of an op whose result dims `dims` come from the stated dims.
    pub(super) fn new(stated: &Stated, sliced: &Sliced, dims: &[ResultDim]) -> ResultType {
        let sources: Vec<Option<usize>> = dims.iter().map(ResultDim::input_dim).collect();
        ResultType {
            shape: result_shape(stated, sliced, &sources),
            kept: row_major::keeps_row_major(&stated.sizes, dims),
        }
    }

    /// The typed result of `call` (a dynamic op's `Result`).
    pub(super) fn typed(&self, outcome: &TokenStream, call: TokenStream) -> TokenStream {
        let shape = &self.shape;
        if self.kept {
            quote!(__tv::typed_kept::<#shape, #outcome, _, _>(&__tv_verdict, #call))
        } else {
            quote!(__tv::typed::<__tv::Strided<#shape>, #outcome, _, _>(&__tv_verdict, #call))
        }
    }

    /// The next piece of a split, typed.
    fn piece(&self) -> TokenStream {
        let shape = &self.shape;
        if self.kept {
            quote!(__tv_pieces.next_kept::<#shape, _>(&__tv_verdict))
        } else {
            quote!(__tv_pieces.next_typed::<__tv::Strided<#shape>>())
        }
    }

    /// Every piece, typed, as an array of `count`.
    fn array(&self, count: Literal) -> TokenStream {
        let shape = &self.shape;
        if self.kept {
            quote!(__tv_pieces.array_kept::<#shape, #count, _>(&__tv_verdict))
        } else {
            quote!(__tv_pieces.array::<__tv::Strided<#shape>, #count>())
        }
    }
}

/// The compiler's check that the tensor's type is the stated shape.
pub(super) fn stated_check(op: &str, stated: &Stated) -> TokenStream {
    let span = stated.list.span;
    let text = escape(&stated.list.text());
    let dims = &stated.dims;
    let shape = super::shape::shape(quote!(#(#dims),*));
    let message = format!("{op}!: the tensor is not of its stated shape {text}");
    let note = format!(
        "a typed tensor of this shape is `Tensor<T, Shape!{text}>` or `Tensor<T, Strided<Shape!{text}>>`; a dynamic `Tensor<T>` has no shape in its type: call its method `{op}`"
    );
    // The message trait lives in a block of its own, where no user token
    // is (a dim may have any name).
    quote_spanned! {span=>
        trait __TvStatedShapeLookup {
            type Verdict: ::core::default::Default;
            fn verdict(&self) -> Self::Verdict {
                ::core::default::Default::default()
            }
        }
        impl<__TvS: __tv::IsStatedShape<#shape>> __TvStatedShapeLookup for __tv::Probe<__TvS> {
            type Verdict = __tv::OfStatedShape<__TvS::Outcome, __TvS::Strides>;
        }
        #[allow(unused_imports)]
        use __tv::NotStated as _;
        let __tv_verdict = (&__tv::probe(__tv_src)).verdict();
        {
            #[diagnostic::on_unimplemented(message = #message, label = "stated here", note = #note)]
            trait TensorIsOfItsStatedShape {}
            impl<__TvO, __TvC> TensorIsOfItsStatedShape for __tv::OfStatedShape<__TvO, __TvC> {}
            fn __tv_check_stated<__TvV: TensorIsOfItsStatedShape>(_: &__TvV) {}
            __tv_check_stated(&__tv_verdict);
        }
    }
}

/// The compiler's check that a tensor given without a stated shape is dynamic.
pub(super) fn dynamic_check(spec: &OpSpec, src: &Expr) -> TokenStream {
    let span = syn::spanned::Spanned::span(src);
    let message = format!(
        "`{}!` of a typed tensor needs its shape stated, as in `{}`",
        spec.name, spec.example
    );
    let note = "the result's element count is part of its type, and stable Rust cannot compute it from the input's type; from the stated shape the macro can";
    quote_spanned! {span=>
        {
            #[allow(unused_imports)]
            use __tv::{IsDynamic as _, NotDynamic as _};
            #[diagnostic::on_unimplemented(message = #message, label = "a typed tensor", note = #note)]
            trait DynamicOrStated {}
            impl DynamicOrStated for __tv::DynamicInput {}
            fn __tv_check_dynamic<__TvV: DynamicOrStated>(_: __TvV) {}
            __tv_check_dynamic((&__tv::probe(__tv_src)).kind());
        }
    }
}

pub(super) fn block(src: &Expr, body: TokenStream) -> TokenStream {
    quote! {
        {
            use ::tensor_view::__private as __tv;
            let __tv_src = &(#src);
            let __tv_src: &__tv::Tensor<_, _> = __tv_src;
            #body
        }
    }
}

/// Parses, then either the dynamic op (no stated shape) or `typed`'s expansion.
fn expand(
    input: TokenStream,
    spec: &OpSpec,
    call: impl Fn(&[Arg]) -> TokenStream,
    typed: impl Fn(&Stated, &[Arg]) -> Result<TokenStream, (usize, String)>,
) -> TokenStream {
    let input: SliceInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return fallback(None, e),
    };
    let args = match read_args(&input, spec, input.stated.is_some()) {
        Ok(args) => args,
        Err(e) => return fallback(Some(&input.src), e),
    };
    let Some(list) = &input.stated else {
        let check = dynamic_check(spec, &input.src);
        let call = call(&args);
        return block(&input.src, quote!(#check #call));
    };
    let stated = match read_stated(list) {
        Ok(stated) => stated,
        Err(e) => return fallback(Some(&input.src), e),
    };
    match typed(&stated, &args) {
        Ok(result) => {
            let check = stated_check(spec.name, &stated);
            block(&input.src, quote!(#check #result))
        }
        Err((arg, message)) => {
            let span = match &args[arg] {
                Arg::Literal(_, span) | Arg::List(_, span) => *span,
                Arg::Runtime(_) => input.span,
            };
            fallback(Some(&input.src), syn::Error::new(span, message))
        }
    }
}

pub(super) fn outcome(sliced: &Sliced) -> TokenStream {
    if sliced.checked_at_run_time {
        quote!(__tv::Fallible)
    } else {
        quote!(__tv::Infallible)
    }
}

/// The argument an error is reported at: the dim for a dim out of range, else `other`.
pub(super) fn blame(message: &str, other: usize, dim: usize) -> usize {
    if message.starts_with("Dimension out of range")
        || message.starts_with("Dimension specified")
        || message.contains("is a named dim")
    {
        dim
    } else {
        other
    }
}

pub(super) const NARROW: OpSpec = OpSpec {
    name: "narrow",
    args: &["dim", "start", "length"],
    runtime_ok: &[false, true, false],
    forms: &[Form::Int, Form::Int, Form::Int],
    example: "narrow!(x: [5, 8, 3], 1, 0, 4)",
};

/// Expands `narrow!(x: [..], dim, start, length)`; a length that names the
/// result's dim (`T = t`, `T`) is `named_args`'s.
pub fn narrow(input: TokenStream) -> TokenStream {
    if let Ok(parsed) = syn::parse2::<SliceInput>(input.clone()) {
        if let Some(named) = super::named_args::named_length(&parsed) {
            return super::named_args::narrow_named(parsed, named);
        }
    }
    expand(
        input,
        &NARROW,
        |a| {
            let (d, s, l) = (a[0].tokens(), a[1].tokens(), a[2].tokens());
            quote!(__tv::narrow_any(__tv_src, #d, #s, #l))
        },
        |stated, a| {
            let (dim, length) = (a[0].value().unwrap_or(0), a[2].value().unwrap_or(0));
            let sliced =
                slicing_rules::narrow(&stated.sizes, dim, a[1].value(), length).map_err(|m| {
                    (
                        blame(
                            &m,
                            if m.starts_with("narrow(): length") {
                                2
                            } else {
                                1
                            },
                            0,
                        ),
                        m,
                    )
                })?;
            let ty = ResultType::new(stated, &sliced, &row_major::same_dims(&sliced.sizes));
            let outcome = outcome(&sliced);
            let (d, s, l) = (a[0].tokens(), a[1].tokens(), a[2].tokens());
            Ok(ty.typed(&outcome, quote!(__tv::narrow_any(__tv_src, #d, #s, #l))))
        },
    )
}

const SELECT: OpSpec = OpSpec {
    name: "select",
    args: &["dim", "index"],
    runtime_ok: &[false, true],
    forms: &[Form::Int, Form::Int],
    example: "select!(x: [5, 8], 0, 2)",
};

/// Expands `select!(x: [..], dim, index)`.
pub fn select(input: TokenStream) -> TokenStream {
    expand(
        input,
        &SELECT,
        |a| {
            let (d, i) = (a[0].tokens(), a[1].tokens());
            quote!(__tv::select_any(__tv_src, #d, #i))
        },
        |stated, a| {
            let dim = a[0].value().unwrap_or(0);
            let sliced = slicing_rules::select(&stated.sizes, &stated.names, dim, a[1].value())
                .map_err(|m| (blame(&m, 1, 0), m))?;
            let removed = slicing_rules::wrap_dim(dim, stated.sizes.len()).unwrap_or(0);
            let ty = ResultType::new(
                stated,
                &sliced,
                &row_major::without_dim(&sliced.sizes, removed),
            );
            let outcome = outcome(&sliced);
            let (d, i) = (a[0].tokens(), a[1].tokens());
            Ok(ty.typed(&outcome, quote!(__tv::select_any(__tv_src, #d, #i))))
        },
    )
}

/// A tuple of the pieces, each typed.
fn tuple_of(stated: &Stated, pieces: &[Sliced], pieces_call: TokenStream) -> TokenStream {
    let outcome = match pieces.iter().any(|p| p.checked_at_run_time) {
        true => quote!(__tv::Fallible),
        false => quote!(__tv::Infallible),
    };
    let items = pieces
        .iter()
        .map(|p| ResultType::new(stated, p, &row_major::same_dims(&p.sizes)).piece());
    quote! {
        __tv::typed_pieces::<#outcome, _, _, _>(&__tv_verdict, #pieces_call, |mut __tv_pieces| {
            (#(#items,)*)
        })
    }
}

const SPLIT: OpSpec = OpSpec {
    name: "split",
    args: &["split_size_or_sections", "dim"],
    runtime_ok: &[false, false],
    forms: &[Form::Either, Form::Int],
    example: "split!(x: [4, 768], 256, 1)",
};

/// Expands `split!(x: [..], split_size, dim)` and `split!(x: [..], [s0, s1, ..], dim)`:
/// a tuple of typed pieces.
pub fn split(input: TokenStream) -> TokenStream {
    expand(
        input,
        &SPLIT,
        |a| {
            let (s, d) = (a[0].tokens(), a[1].tokens());
            quote!(__tv::split_any(__tv_src, #s, #d))
        },
        |stated, a| {
            let dim = a[1].value().unwrap_or(0);
            let pieces = match &a[0] {
                Arg::List(sizes, _) => slicing_rules::split_with_sizes(&stated.sizes, sizes, dim),
                size => slicing_rules::split(&stated.sizes, size.value().unwrap_or(0), dim),
            }
            .map_err(|m| (blame(&m, 0, 1), m))?;
            let (s, d) = (a[0].tokens(), a[1].tokens());
            Ok(tuple_of(
                stated,
                &pieces,
                quote!(__tv::split_any(__tv_src, #s, #d)),
            ))
        },
    )
}

const SPLIT_WITH_SIZES: OpSpec = OpSpec {
    name: "split_with_sizes",
    args: &["split_sizes", "dim"],
    runtime_ok: &[false, false],
    forms: &[Form::List, Form::Int],
    example: "split_with_sizes!(x: [4, 768], [256, 512], 1)",
};

/// Expands `split_with_sizes!(x: [..], [s0, s1, ..], dim)`: a tuple of typed pieces.
pub fn split_with_sizes(input: TokenStream) -> TokenStream {
    expand(
        input,
        &SPLIT_WITH_SIZES,
        |a| {
            let (s, d) = (a[0].tokens(), a[1].tokens());
            quote!(__tv::split_with_sizes_any(__tv_src, #s, #d))
        },
        |stated, a| {
            let dim = a[1].value().unwrap_or(0);
            let Arg::List(sizes, _) = &a[0] else {
                unreachable!("a typed split_with_sizes! has a literal list")
            };
            let pieces = slicing_rules::split_with_sizes(&stated.sizes, sizes, dim)
                .map_err(|m| (blame(&m, 0, 1), m))?;
            let (s, d) = (a[0].tokens(), a[1].tokens());
            Ok(tuple_of(
                stated,
                &pieces,
                quote!(__tv::split_with_sizes_any(__tv_src, #s, #d)),
            ))
        },
    )
}

const TENSOR_SPLIT: OpSpec = OpSpec {
    name: "tensor_split",
    args: &["indices_or_sections", "dim"],
    runtime_ok: &[false, false],
    forms: &[Form::Either, Form::Int],
    example: "tensor_split!(x: [4, 7], 3, 1)",
};

/// Expands `tensor_split!(x: [..], sections, dim)` and
/// `tensor_split!(x: [..], [i0, i1, ..], dim)`: a tuple of typed pieces.
pub fn tensor_split(input: TokenStream) -> TokenStream {
    expand(
        input,
        &TENSOR_SPLIT,
        |a| {
            let (s, d) = (a[0].tokens(), a[1].tokens());
            quote!(__tv::tensor_split_any(__tv_src, #s, #d))
        },
        |stated, a| {
            let dim = a[1].value().unwrap_or(0);
            let sections = match &a[0] {
                Arg::List(indices, _) => slicing_rules::Sections::Indices(indices),
                count => slicing_rules::Sections::Count(count.value().unwrap_or(0)),
            };
            let pieces = slicing_rules::tensor_split(&stated.sizes, sections, dim)
                .map_err(|m| (blame(&m, 0, 1), m))?;
            let (s, d) = (a[0].tokens(), a[1].tokens());
            Ok(tuple_of(
                stated,
                &pieces,
                quote!(__tv::tensor_split_any(__tv_src, #s, #d)),
            ))
        },
    )
}

const HSPLIT: OpSpec = OpSpec {
    name: "hsplit",
    args: &["indices_or_sections"],
    runtime_ok: &[false],
    forms: &[Form::Either],
    example: "hsplit!(x: [4, 6], 3)",
};

const VSPLIT: OpSpec = OpSpec {
    name: "vsplit",
    args: &["indices_or_sections"],
    runtime_ok: &[false],
    forms: &[Form::Either],
    example: "vsplit!(x: [4, 6], 2)",
};

const DSPLIT: OpSpec = OpSpec {
    name: "dsplit",
    args: &["indices_or_sections"],
    runtime_ok: &[false],
    forms: &[Form::Either],
    example: "dsplit!(x: [2, 3, 4], 2)",
};

/// `hsplit!`, `vsplit!` or `dsplit!` (`spec`): `tensor_split!` along the
/// op's dim, once PyTorch's rank and divisibility checks pass.
fn directional_split(input: TokenStream, spec: &OpSpec) -> TokenStream {
    let any = syn::Ident::new(&format!("{}_any", spec.name), Span::call_site());
    expand(
        input,
        spec,
        |a| {
            let s = a[0].tokens();
            quote!(__tv::#any(__tv_src, #s))
        },
        |stated, a| {
            let sections = match &a[0] {
                Arg::List(indices, _) => slicing_rules::Sections::Indices(indices),
                count => slicing_rules::Sections::Count(count.value().unwrap_or(0)),
            };
            let pieces = slicing_rules::directional_split(&stated.sizes, spec.name, sections)
                .map_err(|m| (0, m))?;
            let s = a[0].tokens();
            Ok(tuple_of(stated, &pieces, quote!(__tv::#any(__tv_src, #s))))
        },
    )
}

/// Expands `hsplit!(x: [..], sections)` and `hsplit!(x: [..], [i0, i1, ..])`:
/// a tuple of typed pieces along dim 1 (dim 0 of a 1-d tensor).
pub fn hsplit(input: TokenStream) -> TokenStream {
    directional_split(input, &HSPLIT)
}

/// Expands `vsplit!(x: [..], sections)` and `vsplit!(x: [..], [i0, i1, ..])`:
/// a tuple of typed pieces along dim 0 of a tensor of at least 2 dims.
pub fn vsplit(input: TokenStream) -> TokenStream {
    directional_split(input, &VSPLIT)
}

/// Expands `dsplit!(x: [..], sections)` and `dsplit!(x: [..], [i0, i1, ..])`:
/// a tuple of typed pieces along dim 2 of a tensor of at least 3 dims.
pub fn dsplit(input: TokenStream) -> TokenStream {
    directional_split(input, &DSPLIT)
}

const CHUNK: OpSpec = OpSpec {
    name: "chunk",
    args: &["chunks", "dim"],
    runtime_ok: &[false, false],
    forms: &[Form::Int, Form::Int],
    example: "chunk!(x: [4, 768], 3, 1)",
};

/// Expands `chunk!(x: [..], chunks, dim)`: a tuple of typed pieces (fewer
/// than `chunks` when PyTorch gives fewer).
pub fn chunk(input: TokenStream) -> TokenStream {
    expand(
        input,
        &CHUNK,
        |a| {
            let (c, d) = (a[0].tokens(), a[1].tokens());
            quote!(__tv::chunk_any(__tv_src, #c, #d))
        },
        |stated, a| {
            let (chunks, dim) = (a[0].value().unwrap_or(0), a[1].value().unwrap_or(0));
            let pieces = slicing_rules::chunk(&stated.sizes, chunks, dim)
                .map_err(|m| (blame(&m, 0, 1), m))?;
            let (c, d) = (a[0].tokens(), a[1].tokens());
            Ok(tuple_of(
                stated,
                &pieces,
                quote!(__tv::chunk_any(__tv_src, #c, #d)),
            ))
        },
    )
}

const UNBIND: OpSpec = OpSpec {
    name: "unbind",
    args: &["dim"],
    runtime_ok: &[false],
    forms: &[Form::Int],
    example: "unbind!(x: [3, 4, 768], 0)",
};

/// Expands `unbind!(x: [..], dim)`: an array of typed pieces.
pub fn unbind(input: TokenStream) -> TokenStream {
    expand(
        input,
        &UNBIND,
        |a| {
            let d = a[0].tokens();
            quote!(__tv::unbind_any(__tv_src, #d))
        },
        |stated, a| {
            let dim = a[0].value().unwrap_or(0);
            let (piece, count) = slicing_rules::unbind(&stated.sizes, dim).map_err(|m| (0, m))?;
            let removed = slicing_rules::wrap_dim(dim, stated.sizes.len()).unwrap_or(0);
            let ty = ResultType::new(
                stated,
                &piece,
                &row_major::without_dim(&piece.sizes, removed),
            );
            let array = ty.array(Literal::usize_unsuffixed(count as usize));
            let d = a[0].tokens();
            let outcome = outcome(&piece);
            Ok(quote!(__tv::typed_pieces::<#outcome, _, _, _>(
                &__tv_verdict,
                __tv::unbind_any(__tv_src, #d),
                |__tv_pieces| #array,
            )))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stated_shape_gives_a_typed_result_and_a_shape_check() {
        let out = narrow(quote!(x: [5, 8, 3], 1, 0, 4)).to_string();
        assert!(out.contains("narrow!: the tensor is not of its stated shape [5, 8, 3]"));
        assert!(out.contains("Infallible"));
        assert!(out.contains("Static < 60"), "{out}");
    }

    #[test]
    fn row_major_results_are_typed_through_the_verdict() {
        let out = narrow(quote!(x: [5, 8, 3], 0, 1, 2)).to_string();
        assert!(out.contains("typed_kept"), "{out}");
        let out = narrow(quote!(x: [5, 8, 3], 1, 1, 2)).to_string();
        assert!(out.contains("__tv :: typed :: < __tv :: Strided"), "{out}");
        let out = unbind(quote!(x: [5, 8, 3], 0)).to_string();
        assert!(out.contains("array_kept"), "{out}");
        let out = chunk(quote!(x: [5, 8, 3], 2, 2)).to_string();
        assert!(!out.contains("next_kept"), "{out}");
    }

    #[test]
    fn directional_splits_are_tensor_splits_after_pytorchs_checks() {
        let out = hsplit(quote!(x: [4, 6], 3)).to_string();
        assert!(out.contains("hsplit_any (__tv_src , (3i64))"), "{out}");
        assert_eq!(out.matches("next_typed").count(), 3);
        let out = vsplit(quote!(x: [5], 2)).to_string();
        assert!(out.contains(
            "torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 dimensions!"
        ));
        let out = dsplit(quote!(x: [2, 2, 5], 2)).to_string();
        assert!(out.contains("torch.dsplit attempted to split along dimension 2, but the size of the dimension 5 is not divisible by the split_size 2!"));
        let out = vsplit(quote!(x: [4, 6], [1, 3])).to_string();
        assert_eq!(out.matches("next_kept").count(), 3, "{out}"); // along dim 0: row-major
    }

    #[test]
    fn mistakes_are_pytorchs_messages() {
        let out = narrow(quote!(x: [5, 8, 3], 1, 6, 4)).to_string();
        assert!(out.contains("start (6) + length (4) exceeds dimension size (8)."));
        assert_eq!(out.matches("compile_error").count(), 1);
        let out = split(quote!(x: [5], 0, 0)).to_string();
        assert!(out.contains("split_size can only be 0 if dimension size is 0"));
    }

    #[test]
    fn without_a_stated_shape_the_op_is_dynamic() {
        let out = select(quote!(x, 0, i)).to_string();
        assert!(out.contains("select_any (__tv_src , (0i64) , i)"), "{out}");
        assert!(out.contains("needs its shape stated"));
    }

    #[test]
    fn run_time_starts_give_a_result() {
        let out = narrow(quote!(x: [5, 8], 1, s, 4)).to_string();
        assert!(out.contains("Fallible"));
        let out = narrow(quote!(x: [5, 8], d, 0, 4)).to_string();
        assert!(out.contains("takes `dim` as an integer literal"));
    }
}
