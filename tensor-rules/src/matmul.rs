//! `torch.matmul`'s shape rules: the path it takes for two shapes (`dot`,
//! `mv`, `mm`, a folded `mm`/`mv`, or a broadcast `bmm`), the message that
//! path raises, and the result's shape.
//!
//! Whether PyTorch folds the batch dims of the larger operand into its rows
//! (`should_fold`) depends on its strides, which only the runtime sees; the
//! caller says ([`matmul`]'s `folds`). The macros assume row-major operands.

use std::fmt::Display;

use crate::broadcast::broadcast;
use crate::size::{require_equal, Size, Undecided};

/// A 0-d operand.
///
/// ```
/// assert_eq!(
///     tensor_rules::matmul::not_1d(0, 1),
///     "both arguments to matmul need to be at least 1D, but they are 0D and 1D"
/// );
/// ```
pub fn not_1d(da: usize, db: usize) -> String {
    format!("both arguments to matmul need to be at least 1D, but they are {da}D and {db}D")
}

/// `dot`'s message for vectors of `a` and `b` elements.
///
/// ```
/// assert_eq!(
///     tensor_rules::matmul::dot_mismatch(3, 4),
///     "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively"
/// );
/// ```
pub fn dot_mismatch(a: impl Display, b: impl Display) -> String {
    format!(
        "inconsistent tensor size, expected tensor [{a}] and src [{b}] to have the same number of elements, but got {a} and {b} elements respectively"
    )
}

/// `mv`'s message for a `rows x cols` matrix and a vector of `len`.
///
/// ```
/// assert_eq!(
///     tensor_rules::matmul::mv_mismatch(4, 3, 4),
///     "size mismatch, got input (4), mat (4x3), vec (4)"
/// );
/// ```
pub fn mv_mismatch(rows: impl Display, cols: impl Display, len: impl Display) -> String {
    format!("size mismatch, got input ({rows}), mat ({rows}x{cols}), vec ({len})")
}

/// `mm`'s message for matrices of `m1` and `m2` (rows, columns).
///
/// ```
/// assert_eq!(
///     tensor_rules::matmul::mm_mismatch((1, 3), (4, 5)),
///     "mm: mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)"
/// );
/// ```
pub fn mm_mismatch<A: Display, B: Display, C: Display, D: Display>(
    m1: (A, B),
    m2: (C, D),
) -> String {
    format!(
        "mm: mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})",
        m1.0, m1.1, m2.0, m2.1
    )
}

/// `bmm`'s message for a batch of `batch` whose inner sizes `m1` and `m2` differ.
///
/// ```
/// assert_eq!(
///     tensor_rules::matmul::bmm_mismatch(2, 3, 4),
///     "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4]."
/// );
/// ```
pub fn bmm_mismatch(batch: impl Display, m1: impl Display, m2: impl Display) -> String {
    format!(
        "Expected size for first two dimensions of batch2 tensor to be: [{batch}, {m1}] but got: [{batch}, {m2}]."
    )
}

/// The result of `torch.matmul(a, b)` written into `out[..rank]` (`out`
/// holds at least as many dims as the larger operand), its rank returned;
/// or PyTorch's message. `folds` says whether PyTorch folds the larger
/// operand (asked only when one has three or more dims and the other at
/// most two, or when `a` is a matrix and `b` larger); comparisons the sizes
/// leave open go to `undecided`.
///
/// ```
/// use tensor_rules::{matmul::matmul, Strict};
/// let mut out = [0usize; 4];
/// let rank = matmul(&[2, 1, 4, 3], &[5, 3, 2], || false, &mut out, &mut Strict).unwrap();
/// assert_eq!(&out[..rank], &[2, 5, 4, 2]);
/// assert_eq!(
///     matmul(&[2, 4, 3], &[4], || true, &mut out, &mut Strict).unwrap_err(),
///     "size mismatch, got input (8), mat (8x3), vec (4)"
/// );
/// ```
pub fn matmul<S: Size>(
    a: &[S],
    b: &[S],
    folds: impl FnOnce() -> bool,
    out: &mut [S],
    undecided: &mut impl Undecided<S>,
) -> Result<usize, String> {
    let (da, db) = (a.len(), b.len());
    if da == 0 || db == 0 {
        return Err(not_1d(da, db));
    }
    if out.len() < da.max(db) {
        return Err(format!(
            "matmul: room for {} result dims, not {}",
            da.max(db),
            out.len()
        ));
    }
    let t = S::text;
    match (da, db) {
        (1, 1) => {
            require_equal(&a[0], &b[0], undecided, &|| {
                dot_mismatch(t(&a[0]), t(&b[0]))
            })?;
            Ok(0)
        }
        (2, 1) => {
            require_equal(&a[1], &b[0], undecided, &|| {
                mv_mismatch(t(&a[0]), t(&a[1]), t(&b[0]))
            })?;
            out[0] = a[0].clone();
            Ok(1)
        }
        (1, 2) => {
            require_equal(&a[0], &b[0], undecided, &|| {
                mm_mismatch(("1", t(&a[0])), (t(&b[0]), t(&b[1])))
            })?;
            out[0] = b[1].clone();
            Ok(1)
        }
        (2, 2) => {
            require_equal(&a[1], &b[0], undecided, &|| {
                mm_mismatch((t(&a[0]), t(&a[1])), (t(&b[0]), t(&b[1])))
            })?;
            out[0] = a[0].clone();
            out[1] = b[1].clone();
            Ok(2)
        }
        _ if (da >= 3 && db <= 2 || db >= 3 && da <= 2) && folds() => {
            if da >= db {
                // `a`'s batch dims join its rows: one `mm` or `mv`
                let rows = S::product_text(&a[..da - 1]);
                let k = &a[da - 1];
                require_equal(k, &b[0], undecided, &|| match db {
                    2 => mm_mismatch((rows.clone(), t(k)), (t(&b[0]), t(&b[1]))),
                    _ => mv_mismatch(rows.clone(), t(k), t(&b[0])),
                })?;
                out[..da - 1].clone_from_slice(&a[..da - 1]);
                if db == 2 {
                    out[da - 1] = b[1].clone();
                    Ok(da)
                } else {
                    Ok(da - 1)
                }
            } else {
                // `b` matrix-transposed, its batch dims joined to its
                // columns, times `a` (transposed when a matrix)
                let (k, p) = (&b[db - 2], &b[db - 1]);
                let mut rows = b[..db - 2].to_vec();
                rows.push(p.clone());
                let rows = S::product_text(&rows);
                let k_of_a = &a[da - 1];
                require_equal(k_of_a, k, undecided, &|| match da {
                    2 => mm_mismatch((rows.clone(), t(k)), (t(&a[1]), t(&a[0]))),
                    _ => mv_mismatch(rows.clone(), t(k), t(&a[0])),
                })?;
                out[..db - 2].clone_from_slice(&b[..db - 2]);
                let mut rank = db - 2;
                if da == 2 {
                    out[rank] = a[0].clone();
                    rank += 1;
                }
                out[rank] = p.clone();
                Ok(rank + 1)
            }
        }
        _ => {
            // broadcast batch dims, then `bmm`
            let batch_a = &a[..da.saturating_sub(2)];
            let batch_b = &b[..db.saturating_sub(2)];
            let nb = batch_a.len().max(batch_b.len());
            broadcast(batch_a, batch_b, &mut out[..nb], undecided)?;
            let bs = S::product_text(&out[..nb]);
            let m1 = &a[da - 1];
            let m2 = if db > 1 { &b[db - 2] } else { &b[0] };
            require_equal(m1, m2, undecided, &|| bmm_mismatch(&bs, t(m1), t(m2)))?;
            let mut rank = nb;
            if da > 1 {
                out[rank] = a[da - 2].clone();
                rank += 1;
            }
            if db > 1 {
                out[rank] = b[db - 1].clone();
                rank += 1;
            }
            Ok(rank)
        }
    }
}
