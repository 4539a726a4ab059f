//! Broadcasting two shapes, as PyTorch's `infer_size`: aligned from the
//! right, a size of 1 stretches to the other, equal sizes stay, anything
//! else is PyTorch's error for the rightmost such pair.

use std::fmt::Display;

use crate::size::{Equality, Size, Undecided};

/// PyTorch's message for sizes `a` and `b` that do not broadcast at `dim`
/// (counted in the result).
///
/// ```
/// assert_eq!(
///     tensor_rules::broadcast::mismatch(3, 4, 1),
///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
/// );
/// ```
pub fn mismatch(a: impl Display, b: impl Display, dim: usize) -> String {
    format!(
        "The size of tensor a ({a}) must match the size of tensor b ({b}) at non-singleton dimension {dim}"
    )
}

/// The broadcast of shapes `a` and `b` written into `out`, whose length is
/// the result's rank (the larger of theirs): `Err` with PyTorch's message
/// for the rightmost pair that differs. Pairs the sizes cannot decide go to
/// `undecided`.
///
/// ```
/// use tensor_rules::{broadcast::broadcast, Strict};
/// let mut out = [0usize; 3];
/// broadcast(&[3, 1, 5], &[4, 1], &mut out, &mut Strict).unwrap();
/// assert_eq!(out, [3, 4, 5]);
/// let mut out = [0usize; 2];
/// assert_eq!(
///     broadcast(&[2, 3], &[4], &mut out, &mut Strict).unwrap_err(),
///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
/// );
/// ```
#[inline]
pub fn broadcast<S: Size>(
    a: &[S],
    b: &[S],
    out: &mut [S],
    undecided: &mut impl Undecided<S>,
) -> Result<(), String> {
    let rank = out.len();
    debug_assert_eq!(rank, a.len().max(b.len()));
    for i in (0..rank).rev() {
        let x = (i + a.len()).checked_sub(rank).and_then(|j| a.get(j));
        let y = (i + b.len()).checked_sub(rank).and_then(|j| b.get(j));
        out[i] = match (x, y) {
            (Some(x), Some(y)) => {
                if x.is_one() {
                    y.clone()
                } else if y.is_one() {
                    x.clone()
                } else {
                    let message = || mismatch(x.text(), y.text(), i);
                    match x.equality(y) {
                        Equality::Equal => x.clone(),
                        Equality::Different => return Err(message()),
                        Equality::Undecided => undecided.broadcast(x, y, &message)?,
                    }
                }
            }
            (Some(d), None) | (None, Some(d)) => d.clone(),
            (None, None) => return Err(format!("broadcast: no dim {i} in either shape")),
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Strict;

    fn shape(a: &[usize], b: &[usize]) -> Result<Vec<usize>, String> {
        let mut out = vec![0; a.len().max(b.len())];
        broadcast(a, b, &mut out, &mut Strict).map(|()| out)
    }

    /// Against the definition: each dim is the other's where one is 1, and
    /// the pair must otherwise be equal; the error names the rightmost pair.
    #[test]
    fn every_small_pair_follows_the_definition() {
        let sizes = [0usize, 1, 2, 3];
        let mut shapes: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..2 {
            let longer: Vec<Vec<usize>> = shapes
                .iter()
                .flat_map(|s| {
                    sizes.iter().map(move |&d| {
                        let mut t = s.clone();
                        t.insert(0, d);
                        t
                    })
                })
                .collect();
            shapes.extend(longer);
        }
        for a in &shapes {
            for b in &shapes {
                let rank = a.len().max(b.len());
                let pad = |s: &Vec<usize>| {
                    let mut p = vec![1; rank - s.len()];
                    p.extend(s);
                    p
                };
                let (pa, pb) = (pad(a), pad(b));
                let bad = (0..rank)
                    .rev()
                    .find(|&i| pa[i] != pb[i] && pa[i] != 1 && pb[i] != 1);
                match (shape(a, b), bad) {
                    (Ok(out), None) => {
                        let want: Vec<usize> = (0..rank)
                            .map(|i| if pa[i] == 1 { pb[i] } else { pa[i] })
                            .collect();
                        assert_eq!(out, want, "{a:?} {b:?}");
                    }
                    (Err(m), Some(i)) => assert_eq!(m, mismatch(pa[i], pb[i], i)),
                    (got, want) => panic!("{a:?} {b:?}: {got:?} vs {want:?}"),
                }
            }
        }
    }
}
