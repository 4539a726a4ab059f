//! Phase 2: PyTorch's shape rules applied to what the macro can see (the
//! literal dims), giving a plan for the expansion or a `syn::Error` spanned to
//! the offending token. The rules and their messages (`-1`, dim wrapping)
//! are `tensor_rules`', which the runtime applies too. Facts that need the
//! input's shape (its size, its rank) become [`CountRule`]s and per-rank
//! tables that the compiler checks.

use crate::parse::{ArgsInput, DimArg, DimList, ShapeInput};
use crate::value::Value;
use tensor_rules::infer::{self, InferError};

/// Highest rank of a static shape (as `tensor_core::static_shape::MAX_STATIC_RANK`).
pub const MAX_RANK: usize = 8;

/// What the compiler must check of the input's element count `N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountRule {
    /// Nothing can be wrong with the count.
    Nothing,
    /// `N` must equal this count.
    Equals(Value),
    /// This product of the static dims (above 1, or with a constant) must divide `N`.
    DivisibleBy(Value),
    /// A `-1` among dims whose product is 0: invalid when `N > 0`, ambiguous when `N == 0`.
    ZeroWithInferred,
    /// The known dims overflow: no input fits.
    Impossible,
    /// The input must have the count of its stated shape (`text`).
    StatedSource {
        /// Elements of the stated shape.
        count: u128,
        /// The stated shape as written.
        text: String,
    },
}

/// Where the view's result type comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Every dim a literal or a constant (rank up to [`MAX_RANK`]): a static
    /// result. `dims` has 0 at the position of the `-1`, if any.
    Static {
        /// The dims (0 where `inferred`).
        dims: Vec<Value>,
        /// Position of the `-1`.
        inferred: Option<usize>,
        /// Product of the other dims.
        known: Value,
    },
    /// Some dim known only at run time (or a rank beyond [`MAX_RANK`]): a dynamic result.
    Runtime,
}

/// What `view!` expands to.
#[derive(Clone, Debug)]
pub struct ViewPlan {
    /// The shape as written, for messages.
    pub text: String,
    /// The count check.
    pub rule: CountRule,
    /// The result.
    pub target: Target,
}

/// PyTorch's `infer_size` checks that need no input: at most one `-1`, no dim
/// below `-1`, in PyTorch's order (left to right, first failure wins).
pub fn check_view(list: &DimList) -> syn::Result<ViewPlan> {
    let text = list.text();
    let inferred = infer::check_dims(list.dims.iter().map(DimArg::literal)).map_err(|e| {
        // Only these two need no input; both name the dim at fault.
        let at = match e {
            InferError::OnlyOne { index } | InferError::InvalidDim { index, .. } => index,
            InferError::Ambiguous | InferError::Invalid => 0,
        };
        match list.dims.get(at) {
            Some(dim) => dim.error(e.message(&text, "")),
            None => syn::Error::new(list.span, e.message(&text, "")),
        }
    })?;
    // Product of the static dims other than -1 (None when it overflows usize).
    let known = list
        .dims
        .iter()
        .filter_map(DimArg::value)
        .try_fold(Value::Known(1), |acc, v| acc.checked_mul(&v));
    let all_static = list
        .dims
        .iter()
        .all(|d| d.literal().is_some() || d.value().is_some());
    let rule = match (known.clone(), inferred.is_some(), all_static) {
        (None, _, _) => CountRule::Impossible,
        (Some(Value::Known(0)), true, _) => CountRule::ZeroWithInferred,
        (Some(k), false, true) => CountRule::Equals(k),
        (Some(Value::Known(0)), false, false) => CountRule::Equals(Value::Known(0)),
        (Some(Value::Known(1)), _, _) => CountRule::Nothing,
        (Some(k), _, _) => CountRule::DivisibleBy(k),
    };
    let target = if all_static && list.dims.len() <= MAX_RANK {
        Target::Static {
            dims: list
                .dims
                .iter()
                .map(|d| d.value().unwrap_or(Value::Known(0)))
                .collect(),
            inferred,
            known: known.unwrap_or(Value::Known(0)),
        }
    } else {
        Target::Runtime
    };
    Ok(ViewPlan { text, rule, target })
}

/// `view!(x: [source] => [target])`: the macro knows the input's size, so it
/// applies all of PyTorch's `infer_size` itself (errors are `syn::Error`s in
/// PyTorch's words) and leaves the compiler only to check that the tensor
/// has the stated number of elements.
pub fn check_view_stated(source: &DimList, target: &DimList) -> syn::Result<ViewPlan> {
    if let Some(d) = source
        .dims
        .iter()
        .chain(&target.dims)
        .find(|d| matches!(d, DimArg::Const { .. }))
    {
        return Err(d.error(
            "with a stated source shape the dims must be integer literals; leave the source unstated to use a constant",
        ));
    }
    let plan = check_view(target)?;
    let shape = check_shape(&ShapeInput {
        dims: source.dims.clone(),
        span: source.span,
    })?;
    let count = shape.numel.known().expect("literal dims only");
    let Target::Static { dims, .. } = plan.target else {
        return Err(syn::Error::new(
            target.span,
            "with a stated source shape the target dims must be integer literals (or up to 8 of them)",
        ));
    };
    // Every target dim is a literal here, and the count fits a `usize`
    // (`check_shape` checked it).
    let literals: Vec<i128> = target.dims.iter().filter_map(DimArg::literal).collect();
    let mut dims: Vec<u128> = dims.iter().filter_map(Value::known).collect();
    let invalid = |e: InferError| syn::Error::new(target.span, e.message(&plan.text, count));
    let numel = usize::try_from(count).map_err(|_| invalid(InferError::Invalid))?;
    // Stricter than `infer_size` (and kept so): a product of the dims
    // before a 0 beyond `usize` is refused, as no typed layout can hold it.
    if plan.rule == CountRule::Impossible {
        return Err(invalid(InferError::Invalid));
    }
    if let Some((i, size)) = infer::infer(&literals, numel).map_err(invalid)? {
        dims[i] = size as u128;
    }
    Ok(ViewPlan {
        text: plan.text,
        rule: CountRule::StatedSource {
            count,
            text: source.text(),
        },
        target: Target::Static {
            known: Value::Known(dims.iter().product()),
            dims: dims.into_iter().map(Value::Known).collect(),
            inferred: None,
        },
    })
}

/// The dims of a `Shape![..]` and their element count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapePlan {
    /// The dims.
    pub dims: Vec<Value>,
    /// Their product.
    pub numel: Value,
}

/// `Shape![..]` takes up to [`MAX_RANK`] non-negative integer literals or
/// constants whose product fits a `usize` (a product with a constant is
/// checked by rustc).
pub fn check_shape(input: &ShapeInput) -> syn::Result<ShapePlan> {
    if input.dims.len() > MAX_RANK {
        return Err(input.dims[MAX_RANK].error(format!(
            "a static shape has at most {MAX_RANK} dims; use a dynamic `Tensor<T>` for more"
        )));
    }
    let mut dims = Vec::with_capacity(input.dims.len());
    for (index, dim) in input.dims.iter().enumerate() {
        if let DimArg::Const { value, .. } = dim {
            dims.push(value.clone());
            continue;
        }
        match dim.literal() {
            Some(v) if v >= 0 && v <= usize::MAX as i128 => dims.push(Value::Known(v as u128)),
            Some(v) => {
                return Err(dim.error(infer::invalid_dim(
                    v,
                    index,
                    shape_text(&input.dims),
                )))
            }
            None => {
                return Err(dim.error(
                    "`Shape!` dims must be integer literals, constants in braces (`{N_EMBD}`) or named dims declared with `dims!` (`B`, `B*T`, `4*B`); a shape known only at run time is a dynamic `Tensor<T>`",
                ))
            }
        }
    }
    let numel = dims
        .iter()
        .try_fold(Value::Known(1), |acc, d| acc.checked_mul(d));
    match numel {
        Some(numel) => Ok(ShapePlan { dims, numel }),
        None if dims.contains(&Value::Known(0)) => Ok(ShapePlan {
            dims,
            numel: Value::Known(0),
        }),
        None => Err(syn::Error::new(
            input.span,
            format!(
                "Storage size calculation overflowed with sizes={}",
                shape_text(&input.dims)
            ),
        )),
    }
}

fn shape_text(dims: &[DimArg]) -> String {
    let items: Vec<String> = dims.iter().map(DimArg::text).collect();
    format!("[{}]", items.join(", "))
}

/// PyTorch's `maybe_wrap_dim`: `dim` wrapped into `0..rank`, or `None` when out of range
/// (a 0-d tensor accepts -1 and 0): `tensor_rules::dims::wrap`.
pub fn wrap(dim: i128, rank: usize) -> Option<usize> {
    tensor_rules::dims::wrap(dim, rank)
}

/// The range PyTorch prints for `rank`: `(-rank, rank - 1)`, `(-1, 0)` at rank 0.
pub fn range_of(rank: usize) -> (i128, i128) {
    tensor_rules::dims::range_of(rank)
}

/// Dims of a static op: literal (checked per rank by the compiler) or not (a dynamic op).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpDims {
    /// All literal.
    Literal(Vec<i128>),
    /// Some dim is a run-time value.
    Runtime,
}

/// `transpose!(x, dim0, dim1)`, `flatten!(x[, start[, end]])`, `unsqueeze!(x, dim)`,
/// `squeeze!(x, dim)`: the number of dims, with defaults filled in.
pub fn check_args(
    input: &ArgsInput,
    name: &str,
    usage: &str,
    defaults: &[Option<i128>],
) -> syn::Result<OpDims> {
    if input.args.len() > defaults.len() || defaults[input.args.len()..].iter().any(Option::is_none)
    {
        return Err(syn::Error::new(
            input.span,
            format!("`{name}!` takes a tensor and its dims: `{usage}`"),
        ));
    }
    let mut values = Vec::with_capacity(defaults.len());
    for (i, default) in defaults.iter().enumerate() {
        match input.args.get(i) {
            Some(arg) => match arg.literal() {
                Some(v) => values.push(v),
                None => return Ok(OpDims::Runtime),
            },
            None => values.push(default.expect("checked above")),
        }
    }
    Ok(OpDims::Literal(values))
}

/// `permute!(x, [..])`: each dim in range for the rank the list implies, no
/// dim twice; the permutation, wrapped. Messages are PyTorch's.
pub fn check_permute(list: &DimList) -> syn::Result<Option<Vec<usize>>> {
    let rank = list.dims.len();
    if list.dims.iter().any(|d| d.literal().is_none()) || rank > MAX_RANK {
        return Ok(None);
    }
    let (lo, hi) = range_of(rank);
    let mut seen = vec![false; rank.max(1)];
    let mut perm = Vec::with_capacity(rank);
    for dim in &list.dims {
        let value = dim.literal().expect("all literal");
        let Some(w) = wrap(value, rank) else {
            return Err(dim.error(tensor_rules::dims::out_of_range(value, lo, hi)));
        };
        tensor_rules::dims::list_once(&mut seen, w, tensor_rules::dims::Repeat::Permute)
            .map_err(|message| dim.error(message))?;
        perm.push(w);
    }
    Ok(Some(perm))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{ListInput, ShapeInput};
    use quote::quote;

    fn plan(tokens: proc_macro2::TokenStream) -> syn::Result<ViewPlan> {
        let input: ListInput = syn::parse2(tokens).unwrap();
        check_view(&input.list)
    }

    #[test]
    fn literal_mistakes_are_found_in_pytorchs_order() {
        let e = plan(quote!(x, [-1, -1, -2])).unwrap_err();
        assert_eq!(e.to_string(), "only one dimension can be inferred");
        let e = plan(quote!(x, [-2, 8])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid shape dimension -2 at index 0 of shape [-2, 8]"
        );
        let e = plan(quote!(x, [batch, -3])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid shape dimension -3 at index 1 of shape [batch, -3]"
        );
    }

    #[test]
    fn count_rules_follow_the_literal_dims() {
        assert_eq!(
            plan(quote!(x, [3, 3])).unwrap().rule,
            CountRule::Equals(Value::Known(9))
        );
        assert_eq!(
            plan(quote!(x, [5, -1])).unwrap().rule,
            CountRule::DivisibleBy(Value::Known(5))
        );
        assert_eq!(plan(quote!(x, [-1])).unwrap().rule, CountRule::Nothing);
        assert_eq!(
            plan(quote!(x, [0, -1])).unwrap().rule,
            CountRule::ZeroWithInferred
        );
        assert_eq!(
            plan(quote!(x, [b, 0])).unwrap().rule,
            CountRule::Equals(Value::Known(0))
        );
        assert_eq!(
            plan(quote!(x, [b, -1, 64])).unwrap().rule,
            CountRule::DivisibleBy(Value::Known(64))
        );
        let huge = quote!(x, [4294967296, 4294967296, 4294967296]);
        assert_eq!(plan(huge).unwrap().rule, CountRule::Impossible);
    }

    #[test]
    fn targets_are_static_only_when_every_dim_is_literal() {
        let p = plan(quote!(x, [-1, 8])).unwrap();
        assert_eq!(
            p.target,
            Target::Static {
                dims: vec![Value::Known(0), Value::Known(8)],
                inferred: Some(0),
                known: Value::Known(8)
            }
        );
        assert_eq!(plan(quote!(x, [b, 8])).unwrap().target, Target::Runtime);
        assert_eq!(
            plan(quote!(x, [1, 1, 1, 1, 1, 1, 1, 1, 1])).unwrap().target,
            Target::Runtime
        );
    }

    #[test]
    fn stated_sources_let_the_macro_do_everything() {
        let stated = |t: proc_macro2::TokenStream| {
            let input: ListInput = syn::parse2(t).unwrap();
            check_view_stated(input.source.as_ref().unwrap(), &input.list)
        };
        let p = stated(quote!(x: [4, 4] => [-1, 8])).unwrap();
        assert_eq!(
            p.target,
            Target::Static {
                dims: vec![Value::Known(2), Value::Known(8)],
                inferred: None,
                known: Value::Known(16)
            }
        );
        assert_eq!(
            stated(quote!(x: [4, 4] => [5, -1]))
                .unwrap_err()
                .to_string(),
            "shape '[5, -1]' is invalid for input of size 16"
        );
        assert_eq!(
            stated(quote!(x: [0, 4] => [0, -1])).unwrap_err().to_string(),
            "cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified dimension size -1 can be any value and is ambiguous"
        );
    }

    #[test]
    fn shapes_take_non_negative_literals() {
        let p = check_shape(&syn::parse2::<ShapeInput>(quote!(3072, 50257)).unwrap()).unwrap();
        assert_eq!(p.numel, Value::Known(3072 * 50257));
        let e = check_shape(&syn::parse2::<ShapeInput>(quote!(n, 4)).unwrap()).unwrap_err();
        assert!(e.to_string().contains("integer literals"));
        let e = check_shape(
            &syn::parse2::<ShapeInput>(quote!(4294967296, 4294967296, 4294967296)).unwrap(),
        )
        .unwrap_err();
        assert!(e
            .to_string()
            .starts_with("Storage size calculation overflowed"));
    }

    #[test]
    fn permutes_are_checked_like_pytorch() {
        let l: ListInput = syn::parse2(quote!(x, [0, -2])).unwrap();
        assert_eq!(
            check_permute(&l.list).unwrap_err().to_string(),
            "permute(): duplicate dims are not allowed."
        );
        let l: ListInput = syn::parse2(quote!(x, [0, 2])).unwrap();
        assert_eq!(
            check_permute(&l.list).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
        );
        let l: ListInput = syn::parse2(quote!(x, [2, 0, -2])).unwrap();
        assert_eq!(check_permute(&l.list).unwrap(), Some(vec![2, 0, 1]));
    }

    #[test]
    fn wrap_matches_pytorch() {
        assert_eq!(wrap(-1, 0), Some(0));
        assert_eq!(wrap(1, 0), None);
        assert_eq!(wrap(-3, 3), Some(0));
        assert_eq!(range_of(2), (-2, 1));
    }
}
