//! Phase 1: parsing macro input into plain structures; no shape rule here.
//!
//! A dim is an integer literal (optionally negated) or a product of them,
//! known to the macro; a named constant in braces (`{N_HEAD}`, `{N_HEAD * 64}`)
//! or a product of constants and literals, known to rustc while compiling; a
//! named run-time dim (`B`, `B*T`); or any other expression, known at run time.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{bracketed, Expr, ExprLit, ExprUnary, Lit, Token, UnOp};

use crate::value::Value;

/// One dim as written by the user.
#[derive(Clone)]
pub enum DimArg {
    /// An integer literal such as `8` or `-1`.
    Literal {
        /// Its value.
        value: i128,
        /// The tokens as written (`-`, `1`), for spans that cover them all.
        tokens: TokenStream,
    },
    /// A named run-time dim, maybe times more symbols and literals: `B`,
    /// `B*T`, `4*B`, `B*4` (a factor that is a bare identifier starting with
    /// an upper-case letter is a symbol declared by `dims!`). The factors'
    /// order is the dim's meaning: `B*4` is `[B, 4]` merged, `4*B` is
    /// `[4, B]` merged.
    Symbolic {
        /// The product of the literal factors.
        coefficient: u128,
        /// The symbols, in order.
        symbols: Vec<syn::Ident>,
        /// All factors in order, outermost first: literals side by side
        /// multiplied into one, literals of 1 left out.
        factors: Vec<SymFactor>,
        /// The tokens as written.
        tokens: TokenStream,
    },
    /// A product of named constants in braces and literals: `{N_HEAD}`,
    /// `{N_HEAD * 64}`, `{N_HEAD} * 64` (a `usize` constant expression).
    Const {
        /// The product (a [`Value::Const`]).
        value: Value,
        /// The tokens as written.
        tokens: TokenStream,
    },
    /// Any other expression: a run-time value.
    Runtime {
        /// The expression.
        expr: Box<Expr>,
        /// The expression as written, for messages.
        text: String,
    },
}

/// One factor of a named dim, in order.
#[derive(Clone)]
pub enum SymFactor {
    /// A literal (never 1; two never side by side).
    Static(u128),
    /// A symbol.
    Symbol(syn::Ident),
}

impl SymFactor {
    /// The factor as `Shape!` writes it.
    pub fn text(&self) -> String {
        match self {
            SymFactor::Static(v) => v.to_string(),
            SymFactor::Symbol(s) => s.to_string(),
        }
    }
}

impl DimArg {
    /// The value when known while compiling.
    pub fn literal(&self) -> Option<i128> {
        match self {
            DimArg::Literal { value, .. } => Some(*value),
            DimArg::Symbolic { .. } | DimArg::Const { .. } | DimArg::Runtime { .. } => None,
        }
    }

    /// The size when static: a non-negative literal or a constant.
    pub fn value(&self) -> Option<Value> {
        match self {
            DimArg::Literal { value, .. } if *value >= 0 => Some(Value::Known(*value as u128)),
            DimArg::Const { value, .. } => Some(value.clone()),
            _ => None,
        }
    }

    /// An error spanning the whole dim as written.
    pub fn error(&self, message: impl std::fmt::Display) -> syn::Error {
        match self {
            DimArg::Literal { tokens, .. }
            | DimArg::Symbolic { tokens, .. }
            | DimArg::Const { tokens, .. } => syn::Error::new_spanned(tokens, message),
            DimArg::Runtime { expr, .. } => syn::Error::new_spanned(expr, message),
        }
    }

    /// The dim as a message prints it: literals in decimal, expressions as written.
    pub fn text(&self) -> String {
        match self {
            DimArg::Literal { value, .. } => value.to_string(),
            DimArg::Symbolic { factors, .. } => factors
                .iter()
                .map(SymFactor::text)
                .collect::<Vec<_>>()
                .join("*"),
            DimArg::Const { value, .. } => value.text(),
            DimArg::Runtime { text, .. } => text.clone(),
        }
    }
}

/// Reads an integer literal (maybe negated, maybe in parentheses) or keeps the expression.
pub(crate) fn dim_of(expr: Expr) -> syn::Result<DimArg> {
    let tokens = expr.to_token_stream();
    match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => Ok(DimArg::Literal {
            value: int.base10_parse::<i128>()?,
            tokens,
        }),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => match inner.as_ref() {
            Expr::Lit(ExprLit {
                lit: Lit::Int(int), ..
            }) => Ok(DimArg::Literal {
                value: -int.base10_parse::<i128>()?,
                tokens,
            }),
            _ => Ok(runtime(expr)),
        },
        Expr::Paren(p) => dim_of((*p.expr).clone()),
        Expr::Path(_) | Expr::Binary(_) | Expr::Block(_) => {
            Ok(product(&expr).unwrap_or_else(|| runtime(expr)))
        }
        Expr::Group(g) => dim_of((*g.expr).clone()),
        _ => Ok(runtime(expr)),
    }
}

/// A factor of a product of literals, constants and symbols.
enum Factor {
    Literal(u128),
    Const(TokenStream),
    Symbol(syn::Ident),
}

/// The factors of `a * b * ..` when each is a non-negative integer literal,
/// a constant in braces or a symbol (an upper-case bare identifier); `None`
/// otherwise.
fn factors(expr: &Expr, out: &mut Vec<Factor>) -> Option<()> {
    match expr {
        Expr::Binary(syn::ExprBinary {
            left,
            op: syn::BinOp::Mul(_),
            right,
            ..
        }) => {
            factors(left, out)?;
            factors(right, out)
        }
        Expr::Paren(p) => factors(&p.expr, out),
        Expr::Group(g) => factors(&g.expr, out),
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => {
            out.push(Factor::Literal(int.base10_parse::<u128>().ok()?));
            Some(())
        }
        Expr::Block(block) if block.label.is_none() => {
            // `{N_HEAD}` holds the expression `N_HEAD`: keep it without the
            // braces, so the expansion writes no braces rustc calls unneeded.
            let inner = match block.block.stmts.as_slice() {
                [syn::Stmt::Expr(inner, None)] => inner.to_token_stream(),
                _ => block.to_token_stream(),
            };
            out.push(Factor::Const(inner));
            Some(())
        }
        Expr::Path(path) if path.qself.is_none() => {
            let ident = path.path.get_ident()?;
            let upper = ident
                .to_string()
                .starts_with(|c: char| c.is_ascii_uppercase());
            upper.then(|| out.push(Factor::Symbol(ident.clone())))
        }
        _ => None,
    }
}

/// `expr` as a literal (a product of literals, `16 * 5 * 5`), a constant
/// (`{N_HEAD}`, `{N_HEAD} * 64`) or a symbolic dim (`B`, `B * T`, `4 * B`),
/// or `None` for a run-time expression (a symbol's coefficient is literal:
/// `{N} * B` is not static).
fn product(expr: &Expr) -> Option<DimArg> {
    let mut items = Vec::new();
    factors(expr, &mut items)?;
    let mut coefficient: u128 = 1;
    let mut symbols = Vec::new();
    let mut constants = Vec::new();
    let mut ordered: Vec<SymFactor> = Vec::new();
    for item in items {
        match item {
            Factor::Literal(v) => {
                coefficient = coefficient.checked_mul(v)?;
                match ordered.last_mut() {
                    Some(SymFactor::Static(last)) => *last = last.checked_mul(v)?,
                    _ => ordered.push(SymFactor::Static(v)),
                }
            }
            Factor::Const(c) => constants.push(c),
            Factor::Symbol(s) => {
                symbols.push(s.clone());
                ordered.push(SymFactor::Symbol(s));
            }
        }
    }
    // A product of 0 keeps its 0 (`Shape!` rejects it); a factor of 1 goes.
    ordered.retain(|f| !matches!(f, SymFactor::Static(1)));
    let tokens = expr.to_token_stream();
    if !constants.is_empty() {
        if !symbols.is_empty() {
            return None;
        }
        if coefficient == 0 {
            return Some(DimArg::Literal { value: 0, tokens });
        }
        let value = Value::Const {
            coefficient,
            factors: constants,
        };
        return Some(DimArg::Const { value, tokens });
    }
    if symbols.is_empty() {
        let value = i128::try_from(coefficient).ok()?;
        Some(DimArg::Literal { value, tokens })
    } else {
        Some(DimArg::Symbolic {
            coefficient,
            symbols,
            factors: ordered,
            tokens,
        })
    }
}

fn runtime(expr: Expr) -> DimArg {
    let text = tidy(&expr.to_token_stream().to_string());
    DimArg::Runtime {
        expr: Box::new(expr),
        text,
    }
}

/// Token text with the spaces `to_string` puts around punctuation removed
/// (`a . len ()` becomes `a.len()`), so messages show code as people write it.
pub fn tidy(text: &str) -> String {
    let mut out = text.to_string();
    for (from, to) in [
        (" . ", "."),
        (" (", "("),
        ("( ", "("),
        (" )", ")"),
        (" [", "["),
        ("[ ", "["),
        (" ]", "]"),
        (" ,", ","),
        (" :: ", "::"),
        ("& ", "&"),
    ] {
        out = out.replace(from, to);
    }
    out
}

/// A bracketed list of dims, `[d0, d1, ..]`.
#[derive(Clone)]
pub struct DimList {
    /// The dims.
    pub dims: Vec<DimArg>,
    /// The span of the whole list, brackets included.
    pub span: Span,
}

impl DimList {
    /// The list as PyTorch prints a shape: `[5, -1]`, expressions as written.
    pub fn text(&self) -> String {
        let items: Vec<String> = self.dims.iter().map(DimArg::text).collect();
        format!("[{}]", items.join(", "))
    }
}

impl Parse for DimList {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let content;
        let bracket = bracketed!(content in input);
        let items = Punctuated::<Expr, Token![,]>::parse_terminated(&content)?;
        let dims = items.into_iter().map(dim_of).collect::<syn::Result<_>>()?;
        Ok(DimList {
            dims,
            span: bracket.span.join(),
        })
    }
}

/// `Shape![d0, d1, ..]`.
#[derive(Clone)]
pub struct ShapeInput {
    /// The dims.
    pub dims: Vec<DimArg>,
    /// Where the dims were written (the whole input).
    pub span: Span,
}

impl Parse for ShapeInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let span = input.span();
        let items = Punctuated::<Expr, Token![,]>::parse_terminated(input)?;
        let dims = items.into_iter().map(dim_of).collect::<syn::Result<_>>()?;
        Ok(ShapeInput { dims, span })
    }
}

/// `view!(x, [d0, d1, ..])` and `permute!(x, [d0, d1, ..])`: a tensor and a dim list.
#[derive(Clone)]
pub struct ListInput {
    /// The tensor expression.
    pub src: Expr,
    /// The tensor's shape when stated (`view!(x: [4, 4] => [-1, 8])`).
    pub source: Option<DimList>,
    /// The dims.
    pub list: DimList,
}

impl Parse for ListInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let src: Expr = input.parse()?;
        let mut source = None;
        if input.peek(Token![:]) {
            input.parse::<Token![:]>()?;
            source = Some(input.parse::<DimList>()?);
            input.parse::<Token![=>]>()?;
        } else {
            input.parse::<Token![,]>()?;
        }
        if !input.peek(syn::token::Bracket) {
            return Err(
                input.error("expected the shape in square brackets: `view!(tensor, [d0, d1, ..])`")
            );
        }
        let list: DimList = input.parse()?;
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(
                input.error("expected `)` after the dim list: write `view!(tensor, [d0, d1, ..])`")
            );
        }
        Ok(ListInput { src, source, list })
    }
}

/// `transpose!(x, a, b)`, `unsqueeze!(x, d)`, `squeeze!(x, d)`, `flatten!(x, a, b)`:
/// a tensor and some dims.
#[derive(Clone)]
pub struct ArgsInput {
    /// The tensor expression.
    pub src: Expr,
    /// The dims, in order.
    pub args: Vec<DimArg>,
    /// The span of the whole input, for messages about the argument count.
    pub span: Span,
}

impl Parse for ArgsInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let span = input.span();
        let mut items = Punctuated::<Expr, Token![,]>::parse_terminated(input)?.into_iter();
        let src = items
            .next()
            .ok_or_else(|| syn::Error::new(span, "expected a tensor expression"))?;
        let args = items.map(dim_of).collect::<syn::Result<_>>()?;
        Ok(ArgsInput { src, args, span })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn literals_and_expressions_are_told_apart() {
        let input: ListInput = syn::parse2(quote!(x, [batch, -1, 0x40, (2), n.len()])).unwrap();
        let values: Vec<Option<i128>> = input.list.dims.iter().map(DimArg::literal).collect();
        assert_eq!(values, vec![None, Some(-1), Some(64), Some(2), None]);
        assert_eq!(input.list.text(), "[batch, -1, 64, 2, n.len()]");
    }

    #[test]
    fn symbols_and_literal_products_are_recognised() {
        let input: ListInput =
            syn::parse2(quote!(x, [B, T * 4, -1, 16 * 5 * 5, n, 2 * 3 * B * 1 * T])).unwrap();
        let texts: Vec<String> = input.list.dims.iter().map(DimArg::text).collect();
        // A named dim's factors stay in order, literals side by side multiplied.
        assert_eq!(texts, ["B", "T*4", "-1", "400", "n", "6*B*T"]);
        assert!(matches!(
            input.list.dims[3],
            DimArg::Literal { value: 400, .. }
        ));
        assert!(matches!(input.list.dims[4], DimArg::Runtime { .. }));
    }

    #[test]
    fn constants_in_braces_are_static() {
        let input: ListInput = syn::parse2(quote!(
            x,
            [B, { N_HEAD }, { N_HEAD * 64 }, { V } * 2, -1, { K } * T]
        ))
        .unwrap();
        let texts: Vec<String> = input.list.dims.iter().map(DimArg::text).collect();
        assert_eq!(
            texts,
            ["B", "{N_HEAD}", "{N_HEAD * 64}", "2*{V}", "-1", "{ K } * T"]
        );
        assert!(matches!(input.list.dims[1], DimArg::Const { .. }));
        assert_eq!(input.list.dims[1].literal(), None);
        assert_eq!(input.list.dims[3].value().unwrap().text(), "2*{V}");
        // A symbol's coefficient is literal only.
        assert!(matches!(input.list.dims[5], DimArg::Runtime { .. }));
        let zero: ListInput = syn::parse2(quote!(x, [0 * { N }])).unwrap();
        assert_eq!(zero.list.dims[0].literal(), Some(0));
    }

    #[test]
    fn a_stated_source_shape_is_parsed() {
        let input: ListInput = syn::parse2(quote!(x: [4, 4] => [-1, 8])).unwrap();
        assert_eq!(input.source.unwrap().text(), "[4, 4]");
        assert_eq!(input.list.text(), "[-1, 8]");
    }

    #[test]
    fn a_missing_list_is_a_parse_error() {
        assert!(syn::parse2::<ListInput>(quote!(x, 4, 4)).is_err());
        assert!(syn::parse2::<ListInput>(quote!(x, [4], extra)).is_err());
    }
}
