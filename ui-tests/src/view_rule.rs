//! Views of partly-dynamic tensors, drawn at random and judged two ways:
//! by a run-time **oracle** that views real data and checks where each
//! element lands, and by the **rule** `view!` applies while compiling,
//! written out plainly (docs/compile-time.md). The test
//! `tests/view_rule.rs` compiles a batch of drawn views and compares what
//! `cargo check` says of each with the oracle; the unit tests here check the
//! oracle itself and its agreement with the written rule on many more cases.
//!
//! A shape's dims are static sizes or named dims: products of symbols (`B`,
//! `T`, `H`) and literals *in order*, outermost first (`B*4` is `[B, 4]`
//! merged). A view keeps an element's place when, read in the view's dims,
//! the element has the same index along every named dim as in the input's,
//! for every size the symbols may have (PyTorch's row-major view, with the
//! named sizes arbitrary).
//!
//! ```
//! use tensor_view_ui_tests::view_rule::{oracle, parse_shape, parse_target, Verdict};
//! let input = parse_shape("B, T, 768");
//! assert_eq!(oracle(&input, &parse_target("-1")), Verdict::Fits);
//! assert_eq!(oracle(&input, &parse_target("B, T, 12, 64")), Verdict::Fits);
//! assert_eq!(oracle(&input, &parse_target("T, B, 768")), Verdict::Order);
//! assert_eq!(oracle(&input, &parse_target("B, 768")), Verdict::Count);
//! ```

use tensor_view::Tensor;

/// The symbols a drawn shape may name.
pub const NAMES: [&str; 3] = ["B", "T", "H"];

/// One factor of a named dim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Factor {
    /// The symbol `NAMES[i]`.
    Sym(usize),
    /// A static size (at least 2 in a named dim).
    Num(u64),
}

/// A dim of a typed shape: a static size, or factors in order (at least one
/// symbol; static factors side by side multiplied, none of them 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dim {
    /// A static size.
    Static(u64),
    /// A named dim.
    Named(Vec<Factor>),
}

/// A dim of a `view!` target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetDim {
    /// A dim as written.
    Dim(Dim),
    /// `-1`.
    Infer,
}

/// What a view comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every element keeps its place for every size of the symbols.
    Fits,
    /// The sizes do not agree for some sizes of the symbols (or the view
    /// names symbols the input lacks): PyTorch's `shape '[..]' is invalid
    /// for input of size ..`.
    Count,
    /// The sizes agree, but some element moves: `view cannot reorder dims`.
    Order,
}

impl Dim {
    /// The dim from its factors in order: static if there is no symbol,
    /// else in the one form `Shape!` writes.
    pub fn from_factors(factors: &[Factor]) -> Dim {
        let mut out: Vec<Factor> = Vec::new();
        let mut product = 1u64;
        for &f in factors {
            match (f, out.last_mut()) {
                (Factor::Num(v), Some(Factor::Num(last))) => {
                    *last *= v;
                    product *= v;
                }
                (Factor::Num(v), _) => {
                    out.push(f);
                    product *= v;
                }
                (Factor::Sym(_), _) => out.push(f),
            }
        }
        out.retain(|f| *f != Factor::Num(1));
        if out.iter().any(|f| matches!(f, Factor::Sym(_))) {
            Dim::Named(out)
        } else {
            Dim::Static(product)
        }
    }

    /// The factors in order (a static dim is one factor, 1 none).
    pub fn factors(&self) -> Vec<Factor> {
        match self {
            Dim::Static(1) => Vec::new(),
            Dim::Static(v) => vec![Factor::Num(*v)],
            Dim::Named(f) => f.clone(),
        }
    }

    /// The dim as `Shape!` and `view!` write it.
    pub fn text(&self) -> String {
        match self {
            Dim::Static(v) => v.to_string(),
            Dim::Named(f) => f
                .iter()
                .map(|f| match f {
                    Factor::Sym(i) => NAMES[*i].to_string(),
                    Factor::Num(v) => v.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" * "),
        }
    }

    /// The size for the symbols' sizes `values`.
    pub fn size(&self, values: &[u64]) -> u64 {
        self.factors()
            .iter()
            .map(|f| match f {
                Factor::Sym(i) => values[*i],
                Factor::Num(v) => *v,
            })
            .product()
    }
}

/// Parses `"B * 4, 64"` (dims separated by commas, factors by `*`).
pub fn parse_shape(text: &str) -> Vec<Dim> {
    text.split(',').map(|d| parse_dim(d.trim())).collect()
}

/// Parses a `view!` target such as `"B, -1, 64"`.
pub fn parse_target(text: &str) -> Vec<TargetDim> {
    text.split(',')
        .map(|d| match d.trim() {
            "-1" => TargetDim::Infer,
            d => TargetDim::Dim(parse_dim(d)),
        })
        .collect()
}

fn parse_dim(text: &str) -> Dim {
    let factors: Vec<Factor> = text
        .split('*')
        .map(|f| {
            let f = f.trim();
            match NAMES.iter().position(|n| *n == f) {
                Some(i) => Factor::Sym(i),
                None => Factor::Num(f.parse().expect("a size or a name")),
            }
        })
        .collect();
    Dim::from_factors(&factors)
}

/// A target as `view!` writes it.
pub fn target_text(target: &[TargetDim]) -> String {
    target
        .iter()
        .map(|d| match d {
            TargetDim::Infer => "-1".to_string(),
            TargetDim::Dim(d) => d.text(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A shape as `Shape!` writes it.
pub fn shape_text(dims: &[Dim]) -> String {
    dims.iter().map(Dim::text).collect::<Vec<_>>().join(", ")
}

/// The symbols named in `dims`, in order, with repeats.
fn symbols_of<'a>(dims: impl IntoIterator<Item = &'a Dim>) -> Vec<usize> {
    dims.into_iter()
        .flat_map(Dim::factors)
        .filter_map(|f| match f {
            Factor::Sym(i) => Some(i),
            Factor::Num(_) => None,
        })
        .collect()
}

/// Whether `all` holds each symbol of `part` as often (in any order).
fn holds_all(all: &[usize], part: &[usize]) -> bool {
    (0..NAMES.len()).all(|s| {
        part.iter().filter(|&&x| x == s).count() <= all.iter().filter(|&&x| x == s).count()
    })
}

/// Row-major digits of `index` in the radices `sizes`.
fn digits(mut index: u64, sizes: &[u64]) -> Vec<u64> {
    let mut out = vec![0; sizes.len()];
    for (d, &s) in out.iter_mut().zip(sizes).rev() {
        *d = index % s;
        index /= s;
    }
    out
}

/// For each symbol occurrence of `dims` (in order), the symbol and the
/// element's index along it, from the element's index in each dim.
fn symbol_indices(dims: &[Dim], index: &[u64], values: &[u64]) -> Vec<(usize, u64)> {
    let mut out = Vec::new();
    for (d, &i) in dims.iter().zip(index) {
        let factors = d.factors();
        let sizes: Vec<u64> = factors
            .iter()
            .map(|f| match f {
                Factor::Sym(s) => values[*s],
                Factor::Num(v) => *v,
            })
            .collect();
        for (f, digit) in factors.iter().zip(digits(i, &sizes)) {
            if let Factor::Sym(s) = f {
                out.push((*s, digit));
            }
        }
    }
    out
}

/// The sizes of the symbols the oracle views the data with: distinct primes
/// that divide no static size drawn (so a `-1` that divides for them divides
/// for every size), then small sizes, equal and not.
pub const VALUES: [[u64; 3]; 3] = [[5, 7, 11], [2, 3, 2], [3, 2, 4]];

/// The run-time oracle: views `input` (filled with each element's index) as
/// `target` with the dynamic `view` (PyTorch's rule, sizes only) for each
/// row of [`VALUES`], and checks where each element lands. The view's named
/// dims must be the input's (the `-1` taking the rest); an element keeps its
/// place when its index along each named dim of the view equals its index
/// along the same occurrence of that symbol in the input (the `k`-th `B` of
/// the view is the `k`-th `B` of the input, counting the part after the
/// `-1` from the end), and, along the symbols the `-1` takes, is told by its
/// index along the `-1` alone.
pub fn oracle(input: &[Dim], target: &[TargetDim]) -> Verdict {
    let infer = target.iter().position(|d| *d == TargetDim::Infer);
    let explicit = |range: std::ops::Range<usize>| -> Vec<Dim> {
        target[range]
            .iter()
            .filter_map(|d| match d {
                TargetDim::Dim(d) => Some(d.clone()),
                TargetDim::Infer => None,
            })
            .collect()
    };
    let (before, after) = match infer {
        Some(i) => (explicit(0..i), explicit(i + 1..target.len())),
        None => (explicit(0..target.len()), Vec::new()),
    };
    let input_symbols = symbols_of(input);
    let named: Vec<usize> = symbols_of(before.iter().chain(&after));
    let symbols_fit = match infer {
        Some(_) => holds_all(&input_symbols, &named),
        None => holds_all(&input_symbols, &named) && input_symbols.len() == named.len(),
    };
    if !symbols_fit {
        return Verdict::Count;
    }
    let mut verdict = Verdict::Fits;
    for values in VALUES {
        let sizes: Vec<usize> = input.iter().map(|d| d.size(&values) as usize).collect();
        let numel: usize = sizes.iter().product();
        let x = Tensor::<f32>::arange(numel)
            .view(&sizes.iter().map(|&s| s as isize).collect::<Vec<_>>())
            .expect("the input's own shape");
        let wanted: Vec<isize> = target
            .iter()
            .map(|d| match d {
                TargetDim::Infer => -1,
                TargetDim::Dim(d) => d.size(&values) as isize,
            })
            .collect();
        let Ok(y) = x.view(&wanted) else {
            return Verdict::Count;
        };
        if !keeps_places(input, &sizes, target, infer, y, &values) {
            verdict = Verdict::Order;
        }
    }
    verdict
}

/// Whether every element of `y` (the view of the input of sizes `sizes`,
/// each element its input index) keeps its place (see [`oracle`]).
fn keeps_places(
    input: &[Dim],
    sizes: &[usize],
    target: &[TargetDim],
    infer: Option<usize>,
    y: Tensor<f32>,
    values: &[u64],
) -> bool {
    let out_sizes: Vec<u64> = y.shape().iter().map(|&s| s as u64).collect();
    let in_sizes: Vec<u64> = sizes.iter().map(|&s| s as u64).collect();
    let data = y.to_vec();
    // The view's dims with the -1 as a static dim of its size: its index is
    // read apart.
    let known: Vec<Dim> = target
        .iter()
        .zip(&out_sizes)
        .map(|(d, &s)| match d {
            TargetDim::Dim(d) => d.clone(),
            TargetDim::Infer => Dim::Static(s),
        })
        .collect();
    let n_before = infer.map_or(0, |i| symbols_of(known[..i].iter()).len());
    let n_after = infer.map_or(0, |i| symbols_of(known[i + 1..].iter()).len());
    let mut taken: std::collections::HashMap<u64, Vec<(usize, u64)>> = Default::default();
    for (position, &value) in data.iter().enumerate() {
        let source = symbol_indices(input, &digits(value as u64, &in_sizes), values);
        let index = digits(position as u64, &out_sizes);
        let viewed = symbol_indices(&known, &index, values);
        let Some(i) = infer else {
            if !same_occurrences(&source, &viewed) {
                return false;
            }
            continue;
        };
        // The view's named dims before the -1 match the input's first
        // occurrences, those after it the last ones.
        let (front, back) = (&viewed[..n_before], &viewed[viewed.len() - n_after..]);
        let (middle, ok) = split_occurrences(&source, front, back);
        if !ok {
            return false;
        }
        let j = index[i];
        match taken.get(&j) {
            Some(seen) if *seen != middle => return false,
            Some(_) => {}
            None => {
                taken.insert(j, middle);
            }
        }
    }
    true
}

/// Whether two lists of (symbol, index) agree occurrence by occurrence: the
/// `k`-th `B` of one has the index of the `k`-th `B` of the other.
fn same_occurrences(a: &[(usize, u64)], b: &[(usize, u64)]) -> bool {
    (0..NAMES.len()).all(|s| {
        let of = |l: &[(usize, u64)]| {
            l.iter()
                .filter(|o| o.0 == s)
                .map(|o| o.1)
                .collect::<Vec<_>>()
        };
        of(a) == of(b)
    })
}

/// Matches `front` with the first occurrences of `source` (per symbol, from
/// the start) and `back` with the last (from the end); returns the
/// occurrences left over, in order, and whether the matched indices agree.
fn split_occurrences(
    source: &[(usize, u64)],
    front: &[(usize, u64)],
    back: &[(usize, u64)],
) -> (Vec<(usize, u64)>, bool) {
    let mut used = vec![false; source.len()];
    let mut ok = true;
    // k-th occurrence of s in `front` against the k-th of s in `source`.
    for s in 0..NAMES.len() {
        let positions: Vec<usize> = (0..source.len()).filter(|&p| source[p].0 == s).collect();
        let f: Vec<u64> = front.iter().filter(|o| o.0 == s).map(|o| o.1).collect();
        let b: Vec<u64> = back.iter().filter(|o| o.0 == s).map(|o| o.1).collect();
        for (k, &index) in f.iter().enumerate() {
            let p = positions[k];
            used[p] = true;
            ok &= source[p].1 == index;
        }
        for (k, &index) in b.iter().rev().enumerate() {
            let p = positions[positions.len() - 1 - k];
            used[p] = true;
            ok &= source[p].1 == index;
        }
    }
    let middle = source
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(o, _)| *o)
        .collect();
    (middle, ok)
}

/// The skeleton of a shape: its symbols in order and the static products
/// before, between and after them (one more than the symbols).
pub fn skeleton(dims: &[Dim]) -> (Vec<usize>, Vec<u64>) {
    let mut symbols = Vec::new();
    let mut segments = Vec::new();
    let mut current = 1u64;
    for d in dims {
        if let Dim::Static(v) = d {
            current *= v;
            continue;
        }
        for f in d.factors() {
            match f {
                Factor::Num(v) => current *= v,
                Factor::Sym(s) => {
                    symbols.push(s);
                    segments.push(current);
                    current = 1;
                }
            }
        }
    }
    segments.push(current);
    (symbols, segments)
}

/// The rule `view!` applies while compiling (docs/compile-time.md), written
/// plainly: the verdict, and for a view that fits, the result's dims (the
/// `-1` inferred).
///
/// Without `-1`: the static products agree and the view names the input's
/// symbols, each as often (else `Count`); and the two skeletons are equal
/// (else `Order`). With `-1`: the other dims' static product divides the
/// input's (not 0), and the input names every symbol they name (else
/// `Count`); their skeletons before and after the `-1` start and end the
/// input's, whole segments equal except at the `-1`'s two edges, where the
/// input's segment is a multiple of the view's part there (of their product
/// when both edges are in one segment). The `-1` is the input's factors in
/// between.
pub fn rule(input: &[Dim], target: &[TargetDim]) -> (Verdict, Option<Vec<Dim>>) {
    let (syms, segs) = skeleton(input);
    let n: u64 = segs.iter().product();
    let Some(i) = target.iter().position(|d| *d == TargetDim::Infer) else {
        let dims: Vec<Dim> = target
            .iter()
            .filter_map(|d| match d {
                TargetDim::Dim(d) => Some(d.clone()),
                TargetDim::Infer => None,
            })
            .collect();
        let (v_syms, v_segs) = skeleton(&dims);
        let k: u64 = v_segs.iter().product();
        if k != n || !holds_all(&syms, &v_syms) || syms.len() != v_syms.len() {
            return (Verdict::Count, None);
        }
        if n != 0 && (syms != v_syms || segs != v_segs) {
            return (Verdict::Order, None);
        }
        return (Verdict::Fits, Some(dims));
    };
    let part = |range: std::ops::Range<usize>| -> Vec<Dim> {
        target[range]
            .iter()
            .filter_map(|d| match d {
                TargetDim::Dim(d) => Some(d.clone()),
                TargetDim::Infer => None,
            })
            .collect()
    };
    let (before, after) = (part(0..i), part(i + 1..target.len()));
    let (p_syms, p_segs) = skeleton(&before);
    let (q_syms, q_segs) = skeleton(&after);
    let k: u64 = p_segs.iter().product::<u64>() * q_segs.iter().product::<u64>();
    let named: Vec<usize> = p_syms.iter().chain(&q_syms).copied().collect();
    if k == 0 || n == 0 || !n.is_multiple_of(k) || !holds_all(&syms, &named) {
        return (Verdict::Count, None);
    }
    let (p, q, count) = (p_syms.len(), q_syms.len(), syms.len());
    // Before the -1: symbols, whole segments, and the part `pe` in the
    // segment where it starts; after it, from the end, likewise.
    let pe = *p_segs.last().expect("one segment at least");
    let qe = q_segs[0];
    let edges = syms[..p] == p_syms[..]
        && segs[..p] == p_segs[..p]
        && syms[count - q..] == q_syms[..]
        && segs[count - q + 1..] == q_segs[1..];
    let fits = if count == p + q {
        segs[p].is_multiple_of(pe * qe)
    } else {
        segs[p].is_multiple_of(pe) && segs[count - q].is_multiple_of(qe)
    };
    if !(edges && fits) {
        return (Verdict::Order, None);
    }
    let middle = if count == p + q {
        Dim::Static(n / k)
    } else {
        let mut factors = vec![Factor::Num(segs[p] / pe)];
        for (j, &sym) in syms.iter().enumerate().take(count - q).skip(p) {
            factors.push(Factor::Sym(sym));
            let seg = if j + 1 == count - q {
                segs[j + 1] / qe
            } else {
                segs[j + 1]
            };
            factors.push(Factor::Num(seg));
        }
        Dim::from_factors(&factors)
    };
    let mut dims = before;
    dims.push(middle);
    dims.extend(after);
    (Verdict::Fits, Some(dims))
}

/// xorshift64*, as the budget file's generator: deterministic, no dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Static factors drawn (small, so the oracle's data stays small).
const SIZES: [u64; 6] = [2, 3, 4, 6, 8, 9];

/// A random typed input: 1 to 3 symbol occurrences (a repeat now and then)
/// and 0 to 3 static factors, in random order, grouped into 1 to 4 dims.
pub fn draw_input(rng: &mut Rng) -> Vec<Dim> {
    let mut factors: Vec<Factor> = Vec::new();
    for _ in 0..1 + rng.below(3) {
        factors.push(Factor::Sym(rng.below(NAMES.len() as u64) as usize));
    }
    for _ in 0..rng.below(4) {
        let at = rng.below(factors.len() as u64 + 1) as usize;
        factors.insert(
            at,
            Factor::Num(SIZES[rng.below(SIZES.len() as u64) as usize]),
        );
    }
    group(&factors, rng)
}

/// `factors` cut into neighbouring runs, each one dim.
fn group(factors: &[Factor], rng: &mut Rng) -> Vec<Dim> {
    let mut dims = Vec::new();
    let mut run: Vec<Factor> = Vec::new();
    for (j, &f) in factors.iter().enumerate() {
        run.push(f);
        if j + 1 == factors.len() || rng.below(2) == 0 {
            dims.push(Dim::from_factors(&run));
            run.clear();
        }
    }
    dims
}

/// A random target for `input`: its factors (statics split at random into
/// prime factors), regrouped; then, in most draws, a mistake (two
/// neighbouring factors swapped, a factor moved, dropped, added or changed,
/// one symbol for another); in about half, one dim replaced by `-1`.
pub fn draw_target(input: &[Dim], rng: &mut Rng) -> Vec<TargetDim> {
    let mut factors: Vec<Factor> = Vec::new();
    for d in input {
        for f in d.factors() {
            match f {
                Factor::Num(v) if rng.below(2) == 0 => factors.extend(split(v)),
                f => factors.push(f),
            }
        }
    }
    if rng.below(4) != 0 && !factors.is_empty() {
        let at = rng.below(factors.len() as u64) as usize;
        match rng.below(6) {
            0 if at + 1 < factors.len() => factors.swap(at, at + 1),
            1 => {
                let f = factors.remove(at);
                let to = rng.below(factors.len() as u64 + 1) as usize;
                factors.insert(to, f);
            }
            2 if factors.len() > 1 => {
                factors.remove(at);
            }
            3 => factors.insert(at, Factor::Sym(rng.below(NAMES.len() as u64) as usize)),
            4 => factors[at] = Factor::Num(SIZES[rng.below(SIZES.len() as u64) as usize]),
            _ => {
                if let Factor::Sym(s) = factors[at] {
                    factors[at] = Factor::Sym((s + 1) % NAMES.len());
                } else if at + 1 < factors.len() {
                    factors.swap(at, at + 1);
                }
            }
        }
    }
    let mut dims: Vec<TargetDim> = group(&factors, rng)
        .into_iter()
        .map(TargetDim::Dim)
        .collect();
    if dims.is_empty() {
        dims.push(TargetDim::Dim(Dim::Static(1)));
    }
    if rng.below(2) == 0 {
        let at = rng.below(dims.len() as u64) as usize;
        dims[at] = TargetDim::Infer;
    }
    dims
}

/// The prime factors of `v`, in a random-free order (smallest first).
fn split(mut v: u64) -> Vec<Factor> {
    let mut out = Vec::new();
    let mut p = 2;
    while v > 1 {
        while v.is_multiple_of(p) {
            out.push(Factor::Num(p));
            v /= p;
        }
        p += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &str, target: &str) -> Verdict {
        oracle(&parse_shape(input), &parse_target(target))
    }

    #[test]
    fn the_oracle_accepts_round_trips_and_model_views() {
        for (input, target) in [
            ("B, T, 768", "-1"),
            ("B * T * 768", "B, T, 768"),
            ("B * 4", "B, 4"),
            ("B * T * 12, 64", "B, T, 768"),
            ("T, B, 512", "T, B * 8, 64"),
            ("B, 5, T, 60", "-1, T, 60"),
            ("B * 5, T, 60", "B, 5, T, 60"),
            ("B, 6", "B, 2, 3"),
            ("B, 2, 3", "B, 3, 2"),
            ("6, B", "2, -1"),
            ("B, 6", "-1, 2"),
            ("B, T, 12, 64", "-1, 64"),
        ] {
            assert_eq!(judge(input, target), Verdict::Fits, "{input} as {target}");
        }
    }

    #[test]
    fn the_oracle_rejects_reorders_and_miscounts() {
        for (input, target, verdict) in [
            ("B * 6", "6, B", Verdict::Order),
            ("B, 6", "6, B", Verdict::Order),
            ("B * T * 12, 64", "12, B, T, 64", Verdict::Order),
            ("B * 4", "4, B", Verdict::Order),
            ("4 * B", "B, 4", Verdict::Order),
            ("B, 6", "2, -1", Verdict::Order),
            ("2, B, 3", "3, -1", Verdict::Order),
            ("B, T", "T, B", Verdict::Order),
            ("B, T, 768", "B, 768", Verdict::Count),
            ("B, T", "B, B", Verdict::Count),
            ("B, 6", "-1, 4", Verdict::Count),
            ("B, 6", "T, -1", Verdict::Count),
            ("B, T, 768", "B, T, 10, -1", Verdict::Count),
        ] {
            assert_eq!(judge(input, target), verdict, "{input} as {target}");
        }
    }

    #[test]
    fn the_oracle_tells_the_kth_occurrence_of_a_repeated_symbol() {
        assert_eq!(judge("B, B, 2", "B * B, 2"), Verdict::Fits);
        assert_eq!(judge("B, T, B", "B, -1"), Verdict::Fits);
        assert_eq!(judge("B, T, B", "-1, B"), Verdict::Fits);
        assert_eq!(judge("B, 2, B", "B, B, 2"), Verdict::Order);
    }

    #[test]
    fn parsing_and_text_round_trip_in_the_one_form() {
        let d = parse_shape("2 * 3 * B * 1 * T * 4, 5");
        assert_eq!(shape_text(&d), "6 * B * T * 4, 5");
        assert_eq!(
            Dim::from_factors(&[Factor::Num(1), Factor::Num(3)]),
            Dim::Static(3)
        );
        assert_eq!(skeleton(&d), (vec![0, 1], vec![6, 1, 20]));
    }

    /// The written rule and the oracle agree on many drawn views: the rule
    /// the macros apply is the oracle's, exactly.
    #[test]
    fn the_written_rule_is_the_oracles() {
        let mut rng = Rng::new(2024);
        let mut seen = [0usize; 3];
        for case in 0..800 {
            let input = draw_input(&mut rng);
            let target = draw_target(&input, &mut rng);
            let want = oracle(&input, &target);
            let (got, _) = rule(&input, &target);
            assert_eq!(
                got,
                want,
                "case {case}: [{}] as [{}]",
                shape_text(&input),
                target_text(&target)
            );
            seen[want as usize] += 1;
        }
        // Each verdict is drawn often.
        assert!(seen.iter().all(|&n| n > 80), "{seen:?}");
    }

    /// A view that fits has the dims the rule infers: viewing the data with
    /// them keeps every element's place, as the oracle says.
    #[test]
    fn the_inferred_dims_fit_exactly() {
        let mut rng = Rng::new(77);
        for _ in 0..300 {
            let input = draw_input(&mut rng);
            let target = draw_target(&input, &mut rng);
            if let (Verdict::Fits, Some(dims)) = rule(&input, &target) {
                let exact: Vec<TargetDim> = dims.into_iter().map(TargetDim::Dim).collect();
                assert_eq!(oracle(&input, &exact), Verdict::Fits);
            }
        }
    }
}
