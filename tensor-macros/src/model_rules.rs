//! PyTorch's shape rules for the model-block macros (`matmul!`, the
//! element-wise `add!`/`sub!`/`mul!`/`div!`, `sum!`/`mean!`), applied to
//! stated shapes whose dims may be numbers, named run-time dims (`B`,
//! `B*T`) or named constants (`{N_EMBD}`).
//!
//! A comparison of two dims is decided here when both are numbers, or both
//! the same named dim or the same constant as written; a constant against
//! anything else is left to rustc, which evaluates it (an assertion the
//! expansion writes, with PyTorch's message). In `matmul!`'s inner dims a
//! named dim against anything but itself is left to run time (the result
//! is then a `Result`). Broadcasting is strict: a named dim stands for any
//! size of 2 or more, so it broadcasts with itself or with 1 only (against
//! a constant, rustc checks that the constant is 1); against another
//! number or another named dim it is PyTorch's broadcast error, with the
//! names (`The size of tensor a (B) must match the size of tensor b (10)
//! at non-singleton dimension 1`). A named dim that may be 1 at run time
//! still broadcasts there as PyTorch does: its type promises no size. The
//! messages are PyTorch 2.15's, with the dims as written.
//!
//! The rules themselves (broadcast, matmul's paths and messages, dim
//! wrapping) are `tensor_rules`', which the runtime applies too; this file
//! gives them the stated dims ([`Size`] implements `tensor_rules::Size`)
//! and decides what they leave open ([`Outcome`] implements
//! `tensor_rules::Undecided`).
//!
//! `torch.matmul`'s message depends on the path it takes, and the path on
//! the operands' strides (whether the batch dims of the larger operand fold
//! into its rows). The rules take the path of row-major operands, and named
//! dims as neither 0 nor 1 where the path depends on sizes; the tests
//! compare them with the dynamic `matmul` on random shapes.

use proc_macro2::TokenStream;
use quote::quote;
use tensor_rules::{Equality, Undecided};

/// A stated dim.
#[derive(Clone, Debug)]
pub enum Size {
    /// A number.
    Known(u128),
    /// A named run-time dim: a coefficient times symbols (`B`, `4*B*T`).
    Named {
        /// The literal factor.
        coefficient: u128,
        /// The symbols' names, as written.
        symbols: Vec<String>,
    },
    /// A named constant's product, known to rustc: its text as written
    /// (`{N_EMBD}`) and its value as a `usize` expression.
    Const {
        /// As written.
        text: String,
        /// The value.
        expr: String,
    },
}

impl Size {
    /// The dim as messages print it.
    pub fn text(&self) -> String {
        match self {
            Size::Known(v) => v.to_string(),
            Size::Named {
                coefficient,
                symbols,
            } => match coefficient {
                1 => symbols.join("*"),
                c => format!("{c}*{}", symbols.join("*")),
            },
            Size::Const { text, .. } => text.clone(),
        }
    }

    /// The value as a `usize` expression (numbers and constants only).
    pub fn expression(&self) -> TokenStream {
        match self {
            Size::Known(v) => {
                let v = proc_macro2::Literal::u128_unsuffixed(*v);
                quote!(#v)
            }
            Size::Const { expr, .. } => expr.parse().expect("a constant's expression"),
            Size::Named { .. } => unreachable!("a named dim has no value while compiling"),
        }
    }

    /// The symbols of a named dim, sorted (how two named dims are compared).
    fn key(&self) -> Option<(u128, Vec<&str>)> {
        match self {
            Size::Named {
                coefficient,
                symbols,
            } => {
                let mut names: Vec<&str> = symbols.iter().map(String::as_str).collect();
                names.sort_unstable();
                Some((*coefficient, names))
            }
            _ => None,
        }
    }

    fn is(&self, value: u128) -> bool {
        matches!(self, Size::Known(v) if *v == value)
    }
}

/// A check left to rustc: `condition` (a `bool` constant expression) must
/// hold, else `message`.
#[derive(Debug)]
pub struct Assertion {
    /// The condition.
    pub condition: String,
    /// PyTorch's message, dims as written.
    pub message: String,
}

/// What the rules give for a call: the result's dims, the checks left to
/// rustc, and whether something is left to run time.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The result's dims.
    pub dims: Vec<Size>,
    /// Checks rustc makes while compiling (constants).
    pub assertions: Vec<Assertion>,
    /// Whether a dim is compared at run time (the result is a `Result`).
    pub at_run_time: bool,
}

/// How two dims compare.
enum Same {
    Yes,
    No,
    /// A constant is involved: rustc decides.
    Rustc(String),
    /// A named dim is involved: run time decides.
    RunTime,
}

fn same(a: &Size, b: &Size) -> Same {
    match (a, b) {
        (Size::Known(x), Size::Known(y)) => {
            if x == y {
                Same::Yes
            } else {
                Same::No
            }
        }
        (Size::Named { .. }, _) | (_, Size::Named { .. }) => match (a.key(), b.key()) {
            (Some(x), Some(y)) if x == y => Same::Yes,
            _ => Same::RunTime,
        },
        (Size::Const { text: x, .. }, Size::Const { text: y, .. }) if x == y => Same::Yes,
        _ => Same::Rustc(format!("({}) == ({})", a.expression(), b.expression())),
    }
}

impl tensor_rules::Size for Size {
    fn equality(&self, other: &Self) -> Equality {
        match same(self, other) {
            Same::Yes => Equality::Equal,
            Same::No => Equality::Different,
            Same::Rustc(_) | Same::RunTime => Equality::Undecided,
        }
    }

    fn is_one(&self) -> bool {
        self.is(1)
    }

    fn text(&self) -> String {
        Size::text(self)
    }

    fn product_text(sizes: &[Self]) -> String {
        product_text(sizes)
    }
}

/// What the rules leave open goes into the outcome: a check for rustc
/// (constants) or for run time (named dims), or, for a strict broadcast,
/// PyTorch's error.
impl Undecided<Size> for Outcome {
    fn require_equal(
        &mut self,
        a: &Size,
        b: &Size,
        message: &dyn Fn() -> String,
    ) -> Result<(), String> {
        match same(a, b) {
            Same::Yes => Ok(()),
            Same::No => Err(message()),
            Same::Rustc(condition) => {
                self.assertions.push(Assertion {
                    condition,
                    message: message(),
                });
                Ok(())
            }
            Same::RunTime => {
                self.at_run_time = true;
                Ok(())
            }
        }
    }

    fn broadcast(
        &mut self,
        x: &Size,
        y: &Size,
        message: &dyn Fn() -> String,
    ) -> Result<Size, String> {
        match same(x, y) {
            Same::Yes => Ok(x.clone()),
            Same::No => Err(message()),
            // Strict: a named dim stands for any size of 2 or more, so it
            // meets a number, another named dim or a constant only where
            // PyTorch accepts every such size: against 1 (decided by the
            // rule), or a constant that is 1 (which rustc checks).
            Same::RunTime => match (x, y) {
                (Size::Named { .. }, Size::Const { .. })
                | (Size::Const { .. }, Size::Named { .. }) => {
                    let (named, constant) = if matches!(x, Size::Named { .. }) {
                        (x, y)
                    } else {
                        (y, x)
                    };
                    self.assertions.push(Assertion {
                        condition: format!("({}) == 1", constant.expression()),
                        message: message(),
                    });
                    Ok(named.clone())
                }
                _ => Err(message()),
            },
            Same::Rustc(_) => {
                let (ex, ey) = (x.expression(), y.expression());
                self.assertions.push(Assertion {
                    condition: format!("({ex}) == ({ey}) || ({ex}) == 1 || ({ey}) == 1"),
                    message: message(),
                });
                Ok(Size::Const {
                    text: format!("{} or {}", x.text(), y.text()),
                    expr: format!("if ({ex}) == 1 {{ {ey} }} else {{ {ex} }}"),
                })
            }
        }
    }
}

/// The product of `sizes` as a message prints it: a number when all are
/// numbers, else the factors other than 1 joined by `*` (numbers first).
pub fn product_text(sizes: &[Size]) -> String {
    let mut number: u128 = 1;
    let mut names = Vec::new();
    for size in sizes {
        match size {
            Size::Known(v) => number = number.saturating_mul(*v),
            other => names.push(other.text()),
        }
    }
    if names.is_empty() || number == 0 {
        return number.to_string();
    }
    if number != 1 {
        names.insert(0, number.to_string());
    }
    names.join("*")
}

/// Whether a symbol is named in both shapes. A named dim promises one size
/// along one tensor's chain of views, not across tensors, so two operands
/// naming `B` may still hold different sizes: PyTorch's check of them runs
/// at run time.
pub fn shares_symbols(a: &[Size], b: &[Size]) -> bool {
    let symbols = |s: &[Size]| -> Vec<String> {
        s.iter()
            .flat_map(|d| match d {
                Size::Named { symbols, .. } => symbols.clone(),
                _ => Vec::new(),
            })
            .collect()
    };
    let ours = symbols(a);
    symbols(b).iter().any(|s| ours.contains(s))
}

/// The element-wise ops' broadcast of the operands' stated shapes
/// (`tensor_rules::broadcast`).
pub fn elementwise(a: &[Size], b: &[Size]) -> Result<Outcome, String> {
    let mut out = Outcome::default();
    let mut dims = vec![Size::Known(1); a.len().max(b.len())];
    tensor_rules::broadcast::broadcast(a, b, &mut dims, &mut out)?;
    out.dims = dims;
    out.at_run_time |= shares_symbols(a, b);
    Ok(out)
}

/// `torch.matmul`'s rules on the operands' stated shapes
/// (`tensor_rules::matmul`), taken as row-major.
pub fn matmul(a: &[Size], b: &[Size]) -> Result<Outcome, String> {
    let (da, db) = (a.len(), b.len());
    let mut out = Outcome::default();
    let mut dims = vec![Size::Known(1); da.max(db)];
    // Row-major: a larger `a` always folds; a larger `b` when `folds_right`.
    let folds = || db <= 2 || (da == 1 && folds_right(b));
    let rank = tensor_rules::matmul::matmul(a, b, folds, &mut dims, &mut out)?;
    dims.truncate(rank);
    out.dims = dims;
    out.at_run_time |= shares_symbols(a, b);
    Ok(out)
}

/// Whether PyTorch folds a row-major `b` of three or more dims (times a
/// vector): when it is empty, or its transposed rows merge (a size of 1 in
/// its last two dims, or no batch dim above 1). Named dims and constants
/// count as neither 0 nor 1.
fn folds_right(b: &[Size]) -> bool {
    let db = b.len();
    b.iter().any(|s| s.is(0))
        || b[db - 1].is(1)
        || b[db - 2].is(1)
        || b[..db - 2].iter().all(|s| s.is(1))
}

/// `sum`'s and `mean`'s rules: the dims wrapped (PyTorch's message for one
/// out of range or repeated), and the result's dims (removed, or 1 with
/// `keepdim`). An empty list reduces every dim, as in PyTorch.
pub fn reduce(sizes: &[Size], dims: &[i128], keepdim: bool) -> Result<Vec<Size>, String> {
    let rank = sizes.len();
    let (lo, hi) = crate::check::range_of(rank);
    let mut seen = vec![false; rank.max(1)];
    for &d in dims {
        let Some(w) = crate::check::wrap(d, rank) else {
            return Err(tensor_rules::dims::out_of_range(d, lo, hi));
        };
        tensor_rules::dims::list_once(&mut seen, w, tensor_rules::dims::Repeat::Reduce)?;
    }
    let reduced = |i: usize| dims.is_empty() || seen[i];
    Ok(sizes
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match (reduced(i), keepdim) {
            (false, _) => Some(s.clone()),
            (true, true) => Some(Size::Known(1)),
            (true, false) => None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Lcg;
    use tensor_core::Tensor;

    /// The sizes the random shapes draw from (1 more often).
    const SIZES: [usize; 6] = [0, 1, 1, 2, 3, 4];

    fn known(shape: &[usize]) -> Vec<Size> {
        shape.iter().map(|&s| Size::Known(s as u128)).collect()
    }

    fn numbers(dims: &[Size]) -> Vec<usize> {
        dims.iter()
            .map(|d| match d {
                Size::Known(v) => *v as usize,
                _ => panic!("a number"),
            })
            .collect()
    }

    /// On numbers, the rules give the dynamic ops' result shapes and errors
    /// (row-major operands).
    #[test]
    fn rules_agree_with_the_dynamic_ops() {
        let mut rng = Lcg(22);
        for _ in 0..6000 {
            let (sa, sb) = (rng.shape(4, &SIZES), rng.shape(4, &SIZES));
            let (a, b) = (
                Tensor::<f32>::zeros(&sa).unwrap(),
                Tensor::<f32>::zeros(&sb).unwrap(),
            );
            match (matmul(&known(&sa), &known(&sb)), a.matmul(&b)) {
                (Ok(o), Ok(r)) => assert_eq!(numbers(&o.dims), r.shape(), "{sa:?} @ {sb:?}"),
                (Err(m), Err(e)) => assert_eq!(m, e.to_string(), "{sa:?} @ {sb:?}"),
                (ours, theirs) => panic!("{sa:?} @ {sb:?}: {ours:?} vs {theirs:?}"),
            }
            match (elementwise(&known(&sa), &known(&sb)), a.add(&b)) {
                (Ok(o), Ok(r)) => assert_eq!(numbers(&o.dims), r.shape(), "{sa:?} + {sb:?}"),
                (Err(m), Err(e)) => assert_eq!(m, e.to_string(), "{sa:?} + {sb:?}"),
                (ours, theirs) => panic!("{sa:?} + {sb:?}: {ours:?} vs {theirs:?}"),
            }
            let dims: Vec<i128> = (0..rng.below(3))
                .map(|_| rng.below(9) as i128 - 4)
                .collect();
            let keepdim = rng.below(2) == 0;
            let isizes: Vec<isize> = dims.iter().map(|&d| d as isize).collect();
            match (reduce(&known(&sa), &dims, keepdim), a.sum(&isizes, keepdim)) {
                (Ok(o), Ok(r)) => assert_eq!(numbers(&o), r.shape(), "sum{sa:?} {dims:?}"),
                (Err(m), Err(e)) => assert_eq!(m, e.to_string(), "sum{sa:?} {dims:?}"),
                (ours, theirs) => panic!("sum{sa:?} {dims:?}: {ours:?} vs {theirs:?}"),
            }
        }
    }

    fn named(name: &str) -> Size {
        Size::Named {
            coefficient: 1,
            symbols: vec![name.into()],
        }
    }

    #[test]
    fn named_dims_are_decided_when_they_are_the_same_dim() {
        let (b, t) = (named("B"), named("T"));
        let o = matmul(
            &[b.clone(), t.clone(), Size::Known(768)],
            &known(&[768, 3072]),
        )
        .unwrap();
        assert_eq!(
            o.dims.iter().map(Size::text).collect::<Vec<_>>(),
            ["B", "T", "3072"]
        );
        assert!(!o.at_run_time && o.assertions.is_empty());
        let e = matmul(
            &[b.clone(), t.clone(), Size::Known(768)],
            &known(&[512, 3072]),
        )
        .unwrap_err();
        assert_eq!(
            e,
            "mm: mat1 and mat2 shapes cannot be multiplied (B*Tx768 and 512x3072)"
        );
        // q @ k^T: the inner 64s decided, T against T too
        let q = [b.clone(), Size::Known(12), t.clone(), Size::Known(64)];
        let kt = [b.clone(), Size::Known(12), Size::Known(64), t.clone()];
        let o = matmul(&q, &kt).unwrap();
        assert_eq!(
            o.dims.iter().map(Size::text).collect::<Vec<_>>(),
            ["B", "12", "T", "T"]
        );
        assert!(
            o.at_run_time,
            "B and T on both operands: their sizes are compared at run time"
        );
        // a named dim against a number: run time
        let o = matmul(std::slice::from_ref(&t), &[Size::Known(4), Size::Known(5)]).unwrap();
        assert!(o.at_run_time);
        let e =
            elementwise(&[b.clone(), Size::Known(4)], &[t.clone(), Size::Known(4)]).unwrap_err();
        assert_eq!(
            e,
            "The size of tensor a (B) must match the size of tensor b (T) at non-singleton dimension 0"
        );
    }

    /// The strict broadcast the issue names: labels `[B]` times
    /// probabilities `[B, 10]`, noise of a fixed batch `[128, 200]`.
    #[test]
    fn a_named_dim_meets_a_number_only_as_1() {
        let b = named("B");
        let e = elementwise(std::slice::from_ref(&b), &[b.clone(), Size::Known(10)]).unwrap_err();
        assert_eq!(
            e,
            "The size of tensor a (B) must match the size of tensor b (10) at non-singleton dimension 1"
        );
        let e = elementwise(&[b.clone(), Size::Known(200)], &known(&[128, 200])).unwrap_err();
        assert_eq!(
            e,
            "The size of tensor a (B) must match the size of tensor b (128) at non-singleton dimension 0"
        );
        let o = elementwise(&[b.clone(), Size::Known(200)], &known(&[1, 200])).unwrap();
        assert_eq!(
            o.dims.iter().map(Size::text).collect::<Vec<_>>(),
            ["B", "200"]
        );
        assert!(!o.at_run_time);
        let n = Size::Const {
            text: "{N}".into(),
            expr: "N".into(),
        };
        let o = elementwise(&[b.clone(), Size::Known(4)], &[n, Size::Known(4)]).unwrap();
        assert_eq!(o.assertions[0].condition, "(N) == 1");
        assert_eq!(
            o.assertions[0].message,
            "The size of tensor a (B) must match the size of tensor b ({N}) at non-singleton dimension 0"
        );
        assert_eq!(o.dims[0].text(), "B");
    }

    /// The size a named dim stands for in the oracle: `B` and `T` take
    /// sizes of 2 or more, apart from each other and from the literals
    /// drawn (so every size of 2 or more behaves as one of them).
    fn value_of(size: &Size, b: usize, t: usize) -> usize {
        match size {
            Size::Known(v) => *v as usize,
            Size::Named {
                coefficient,
                symbols,
            } => symbols.iter().fold(*coefficient as usize, |p, s| {
                p * if s == "B" { b } else { t }
            }),
            Size::Const { .. } => unreachable!("no constants drawn"),
        }
    }

    /// The strict rule against the run-time one on random shapes of
    /// numbers and named dims: the macro accepts a broadcast exactly when
    /// PyTorch's (the dynamic `add`) accepts it for every size of 2 or more
    /// of the named dims, and its result dims are the dynamic result's.
    #[test]
    fn strict_broadcast_is_what_every_size_of_the_named_dims_accepts() {
        let mut rng = Lcg(30);
        let choices = [
            Size::Known(0),
            Size::Known(1),
            Size::Known(1),
            Size::Known(2),
            Size::Known(3),
            named("B"),
            named("B"),
            named("T"),
            Size::Named {
                coefficient: 2,
                symbols: vec!["B".into()],
            },
            Size::Named {
                coefficient: 1,
                symbols: vec!["B".into(), "T".into()],
            },
        ];
        // B and T: each size of 2 or more is one of these, as the rules see it
        let values = [(7, 11), (11, 7), (2, 3), (3, 2), (13, 13), (4, 5)];
        let (mut accepted, mut refused) = (0, 0);
        for _ in 0..4000 {
            let mut draw = || -> Vec<Size> {
                (0..rng.below(4))
                    .map(|_| choices[rng.below(choices.len() as u64) as usize].clone())
                    .collect()
            };
            let (sa, sb) = (draw(), draw());
            let ours = elementwise(&sa, &sb);
            let mut every = true;
            for &(b, t) in &values {
                let shape = |s: &[Size]| s.iter().map(|d| value_of(d, b, t)).collect::<Vec<_>>();
                let (da, db) = (shape(&sa), shape(&sb));
                let x = Tensor::<f32>::zeros(&da).unwrap();
                let y = Tensor::<f32>::zeros(&db).unwrap();
                match (&ours, x.add(&y)) {
                    (Ok(o), Ok(r)) => assert_eq!(
                        o.dims.iter().map(|d| value_of(d, b, t)).collect::<Vec<_>>(),
                        r.shape(),
                        "{sa:?} + {sb:?} at B={b}, T={t}"
                    ),
                    (Ok(_), Err(e)) => panic!("{sa:?} + {sb:?} accepted, but at B={b}, T={t}: {e}"),
                    (Err(_), Ok(_)) => {}
                    (Err(_), Err(_)) => every = false,
                }
            }
            match ours {
                Ok(_) => accepted += 1,
                Err(m) => {
                    assert!(
                        !every,
                        "{sa:?} + {sb:?} refused ({m}), but every size accepts it"
                    );
                    assert!(m.starts_with("The size of tensor a ("), "{m}");
                    refused += 1;
                }
            }
        }
        assert!(
            accepted > 500 && refused > 500,
            "{accepted} accepted, {refused} refused"
        );
    }

    #[test]
    fn constants_are_left_to_rustc_with_pytorchs_message() {
        let n = Size::Const {
            text: "{N}".into(),
            expr: "N".into(),
        };
        let o = matmul(&[Size::Known(4), n.clone()], &known(&[768, 5])).unwrap();
        assert_eq!(o.assertions[0].condition, "(N) == (768)");
        assert_eq!(
            o.assertions[0].message,
            "mm: mat1 and mat2 shapes cannot be multiplied (4x{N} and 768x5)"
        );
        let o = matmul(&[Size::Known(4), n.clone()], &[n.clone(), Size::Known(5)]).unwrap();
        assert!(o.assertions.is_empty());
    }
}
