//! The compile-time budget file of typed ops in the tuple form (issue 33,
//! item 5): `calls` calls shared evenly by the ops of [`OPS`] (`matmul`, `+`
//! with broadcasting, `sum` along a literal dim, `view_to` with and without
//! `Infer`, `split_by` along a static dim), each op's calls alternately on all-static shapes and on
//! partly-dynamic shapes (at least one named dim, `B` or `T`), generated
//! deterministically from a seed. Every call is valid, so the file must pass
//! `cargo check`; each result is annotated with its type, so a wrongly
//! computed type fails the check.
//!
//! ```
//! use tensor_view_ui_tests::op_budget::generate;
//! let a = generate(300, 3);
//! assert_eq!(a, generate(300, 3));
//! assert_eq!(a.matches(".matmul(").count(), 60);
//! assert_eq!(a.matches(".view_to::<").count(), 60);
//! assert_eq!(a.matches(".sum::<").count(), 60);
//! assert_eq!(a.matches("x + y").count(), 60);
//! assert_eq!(a.matches(".split_by::<").count(), 60);
//! assert_eq!(a.matches("pub fn named_").count(), 150); // 30 of each op's 60
//! ```

use crate::view_rule::Rng;

/// An op of the budget file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `x.matmul(y)`: `[.., M, K] x [K, N]` or batched `[.., M, K] x [.., K, N]`.
    Matmul,
    /// `x + y`, `y` broadcasting against `x` (a suffix of it, some dims `One`).
    Add,
    /// `x.sum::<d>()` along a literal dim.
    Sum,
    /// `x.view_to::<(..)>()`: a static run split in two, half with `Infer`.
    View,
    /// `x.split_by::<SIZE, d>().0`: a static dim of 2 to 4 pieces, the first
    /// piece (a view: row-major at dim 0 of a row-major tensor, else
    /// `Permuted`, its source's strides in the type).
    Split,
}

/// The ops the file holds, in the order their calls take turns.
pub const OPS: &[Op] = &[Op::Matmul, Op::Add, Op::Sum, Op::View, Op::Split];

/// Static sizes drawn (all in the size table `view_to` computes with).
const SIZES: &[u64] = &[
    2, 3, 4, 8, 12, 16, 32, 64, 96, 128, 256, 512, 768, 1024, 3072,
];

fn size(rng: &mut Rng) -> u64 {
    SIZES[rng.below(SIZES.len() as u64) as usize]
}

/// A random dim: static, or on a partly-dynamic shape `B` or `T` two times
/// in five.
fn dim(rng: &mut Rng, named: bool) -> String {
    match (named, rng.below(5)) {
        (true, 0) => "B".into(),
        (true, 1) => "T".into(),
        _ => format!("D<{}>", size(rng)),
    }
}

/// `n` random dims; on a partly-dynamic shape the first is `B` where no
/// other draw named a dim.
fn dims(n: usize, rng: &mut Rng, named: bool) -> Vec<String> {
    let mut out: Vec<String> = (0..n).map(|_| dim(rng, named)).collect();
    if named && !is_named(&out) {
        out[0] = "B".into();
    }
    out
}

fn tuple(dims: &[String]) -> String {
    match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    }
}

/// Whether a named dim is among `dims` (the op then returns a `Result`
/// when it has two operands).
fn is_named(dims: &[String]) -> bool {
    dims.iter().any(|d| d == "B" || d == "T")
}

/// One call: the operands' shapes, the call and the result's type (a
/// tuple, or a `Permuted` layout of one).
struct Call {
    x: Vec<String>,
    y: Option<Vec<String>>,
    call: String,
    result: String,
}

fn op_call(op: Op, rng: &mut Rng, named: bool) -> Call {
    match op {
        Op::Matmul => {
            let lead: Vec<String> = (0..rng.below(3)).map(|_| dim(rng, named)).collect();
            let (m, k, n) = (
                dim(rng, named),
                format!("D<{}>", size(rng)),
                dim(rng, named),
            );
            let mut x = lead.clone();
            x.extend([m.clone(), k.clone()]);
            let y = if rng.below(2) == 0 {
                vec![k, n.clone()]
            } else {
                let mut y = lead.clone();
                y.extend([k, n.clone()]);
                y
            };
            if named && !is_named(&x) && !is_named(&y) {
                // A named row dim: the result keeps it.
                let row = x.len() - 2;
                x[row] = "T".into();
            }
            let mut result = lead;
            result.extend([x[x.len() - 2].clone(), n]);
            let unwrap = if is_named(&x) || is_named(&y) {
                ".unwrap()"
            } else {
                ""
            };
            Call {
                x,
                y: Some(y),
                call: format!("x.matmul(y){unwrap}"),
                result: tuple(&result),
            }
        }
        Op::Add => {
            let rank = 1 + rng.below(4) as usize;
            let x = dims(rank, rng, named);
            let skip = rng.below(x.len() as u64) as usize;
            let y: Vec<String> = x[skip..]
                .iter()
                .map(|d| {
                    if rng.below(3) == 0 {
                        "One".into()
                    } else {
                        d.clone()
                    }
                })
                .collect();
            let call = if is_named(&x) || is_named(&y) {
                "(x + y).unwrap()"
            } else {
                "x + y"
            };
            Call {
                result: tuple(&x),
                x,
                y: Some(y),
                call: call.into(),
            }
        }
        Op::Sum => {
            let rank = 1 + rng.below(4) as usize;
            let x = dims(rank, rng, named);
            let d = rng.below(x.len() as u64) as usize;
            let mut result = x.clone();
            result.remove(d);
            Call {
                x,
                y: None,
                call: format!("x.sum::<{d}>()"),
                result: tuple(&result),
            }
        }
        Op::View => {
            let (p, q) = (size(rng), SIZES[rng.below(6) as usize]);
            let names = if named {
                ["B", "T"][..1 + rng.below(2) as usize].to_vec()
            } else {
                Vec::new()
            };
            let mut x: Vec<String> = names.iter().map(|s| s.to_string()).collect();
            let mut result = x.clone();
            let mut target = x.clone();
            x.push(format!("D<{}>", p * q));
            result.extend([format!("D<{q}>"), format!("D<{p}>")]);
            let last = if rng.below(2) == 0 {
                "Infer".into()
            } else {
                format!("D<{p}>")
            };
            target.extend([format!("D<{q}>"), last]);
            Call {
                x,
                y: None,
                call: format!("x.view_to::<{}>()", tuple(&target)),
                result: tuple(&result),
            }
        }
        Op::Split => {
            let rank = 1 + rng.below(4) as usize;
            let mut x = dims(rank, rng, named);
            let d = rng.below(rank as u64) as usize;
            let (piece, count) = (size(rng), 2 + rng.below(3));
            x[d] = format!("D<{}>", piece * count);
            let mut result = x.clone();
            result[d] = format!("D<{piece}>");
            // A piece along the leading dim stays row-major; any other one
            // keeps its source's strides in the type.
            let result = if d == 0 {
                tuple(&result)
            } else {
                let map: Vec<String> = result
                    .iter()
                    .enumerate()
                    .map(|(k, dim)| format!("Of<{k}, {dim}>"))
                    .collect();
                format!("Permuted<{}, {}>", tuple(&x), tuple(&map))
            };
            Call {
                x,
                y: None,
                call: format!("x.split_by::<{piece}, {d}>().0"),
                result,
            }
        }
    }
}

/// The file: a library of `calls` functions, each one op, named `static_i`
/// (all-static shapes) or `named_i` (partly-dynamic shapes).
pub fn generate(calls: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::from(
        "//! Generated by ui-tests/src/op_budget.rs.\n\
         #![allow(unused_variables, dead_code, clippy::type_complexity)]\n\
         use tensor_view::{dims, typed::{Infer, Of, Permuted}, One, Tensor, D};\n\n\
         dims!(pub B, pub T);\n\n",
    );
    for i in 0..calls {
        let op = OPS[i % OPS.len()];
        let named = (i / OPS.len()) % 2 == 1;
        let Call { x, y, call, result } = op_call(op, &mut rng, named);
        let params = match &y {
            Some(y) => format!(
                "x: &Tensor<f32, {}>, y: &Tensor<f32, {}>",
                tuple(&x),
                tuple(y)
            ),
            None => format!("x: &Tensor<f32, {}>", tuple(&x)),
        };
        let kind = if named { "named" } else { "static" };
        out.push_str(&format!(
            "pub fn {kind}_{i}({params}) {{\n    let r: Tensor<f32, {result}> = {call};\n}}\n\n"
        ));
    }
    out
}
