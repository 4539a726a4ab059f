//! The run-time oracle of the typed broadcasting rule (`&a + &b` of
//! `Tensor<f32, (..)>` operands): random pairs of typed shapes, and what the
//! dynamic runtime does with them for several sizes of their named dims.
//!
//! A pair broadcasts while compiling exactly when the dynamic `add`
//! succeeds for *every* draw of the named dims' sizes (a named dim may hold
//! any size); the result's type is then, at each position, the operand dim
//! whose size is the result's in every draw. A pair that fails for some
//! draw fails `cargo check` with PyTorch's message at the position the
//! runtime names.
//!
//! ```
//! use tensor_view_ui_tests::broadcast_rule::{oracle, Dim, Verdict};
//! let v = oracle(&[Dim::Named(0), Dim::Static(3)], &[Dim::One, Dim::Static(3)]);
//! assert_eq!(v, Verdict::Fits(vec![Dim::Named(0), Dim::Static(3)]));
//! ```

use tensor_view::Tensor;

use crate::view_rule::Rng;

/// A dim of a drawn shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// `One`.
    One,
    /// `D<n>`.
    Static(usize),
    /// The named dim `NAMES[i]`.
    Named(usize),
}

/// The names drawn, declared with `dims!` in the generated crate.
pub const NAMES: [&str; 2] = ["B", "T"];

/// The sizes each name takes in the oracle's draws (none equal to a drawn
/// static size, and two per name so that a name never fits a fixed size).
const NAMED_SIZES: [[usize; 2]; 2] = [[5, 1], [7, 4]];

impl Dim {
    /// The dim as a type in the generated crate.
    pub fn type_text(self) -> String {
        match self {
            Dim::One => "One".into(),
            Dim::Static(n) => format!("D<{n}>"),
            Dim::Named(i) => NAMES[i].into(),
        }
    }

    /// The dim as PyTorch's message writes it.
    pub fn message_text(self) -> String {
        match self {
            Dim::One => "1".into(),
            Dim::Static(n) => n.to_string(),
            Dim::Named(i) => NAMES[i].into(),
        }
    }

    fn size(self, draw: usize) -> usize {
        match self {
            Dim::One => 1,
            Dim::Static(n) => n,
            Dim::Named(i) => NAMED_SIZES[i][draw],
        }
    }
}

/// A shape as a tuple type: `(B, D<3>)`.
pub fn tuple_text(dims: &[Dim]) -> String {
    let parts: Vec<String> = dims.iter().map(|d| d.type_text()).collect();
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

/// What the runtime says of a pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It broadcasts for every draw, to these dims.
    Fits(Vec<Dim>),
    /// It fails for some draw; PyTorch's message then names this position
    /// of the result and the two dims there.
    Fails {
        /// The dim of tensor a there, as the message writes it.
        a: String,
        /// The dim of tensor b there.
        b: String,
        /// The position.
        at: usize,
    },
}

fn draw_dim(rng: &mut Rng) -> Dim {
    match rng.below(6) {
        0 => Dim::One,
        1 => Dim::Static(2),
        2 => Dim::Static(3),
        3 => Dim::Named(0),
        4 => Dim::Named(1),
        _ => Dim::Static(6),
    }
}

/// A random pair of shapes of ranks 0 to 4; half the time the second is
/// the first with some dims made `One`, dropped from the left or changed,
/// so that both verdicts are common.
pub fn draw_pair(rng: &mut Rng) -> (Vec<Dim>, Vec<Dim>) {
    let a: Vec<Dim> = (0..rng.below(5)).map(|_| draw_dim(rng)).collect();
    let b: Vec<Dim> = if rng.below(2) == 0 {
        (0..rng.below(5)).map(|_| draw_dim(rng)).collect()
    } else {
        let drop = rng.below(a.len() as u64 + 1) as usize;
        a[drop..]
            .iter()
            .map(|&d| match rng.below(6) {
                0 => Dim::One,
                1 => draw_dim(rng),
                _ => d,
            })
            .collect()
    };
    if rng.below(2) == 0 {
        (a, b)
    } else {
        (b, a)
    }
}

/// The runtime's verdict on `a + b`.
pub fn oracle(a: &[Dim], b: &[Dim]) -> Verdict {
    let rank = a.len().max(b.len());
    let at = |dims: &[Dim], p: usize| (p + dims.len()).checked_sub(rank).map(|i| dims[i]);
    let mut shapes = Vec::new();
    for draw in 0..2 {
        let sizes = |dims: &[Dim]| -> Vec<usize> { dims.iter().map(|d| d.size(draw)).collect() };
        let x = Tensor::<f32>::zeros(&sizes(a)).unwrap();
        let y = Tensor::<f32>::zeros(&sizes(b)).unwrap();
        match x.add(&y) {
            Ok(sum) => shapes.push(sum.shape().to_vec()),
            Err(e) => {
                // "... at non-singleton dimension I"
                let text = e.to_string();
                let p: usize = text.rsplit(' ').next().unwrap().parse().unwrap();
                let show = |d: Option<Dim>| d.map_or("1".into(), Dim::message_text);
                return Verdict::Fails {
                    a: show(at(a, p)),
                    b: show(at(b, p)),
                    at: p,
                };
            }
        }
    }
    let dims = (0..rank)
        .map(|p| {
            let candidates = [at(a, p), at(b, p), Some(Dim::One)];
            candidates
                .into_iter()
                .flatten()
                .find(|d| (0..2).all(|draw| d.size(draw) == shapes[draw][p]))
                .expect("a broadcast dim is one of its operands'")
        })
        .collect();
    Verdict::Fits(dims)
}
