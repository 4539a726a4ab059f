//! `softmax` and `log_softmax` of a contiguous tensor seen as
//! `[outer, n, inner]` (the dim reduced has size `n`), written once into
//! a contiguous result, with no buffer beyond a few rows' worth.
//!
//! - Along the last dim (`inner == 1`): per row, its max (NaN noted), then
//!   `e^(x - max)` and their sum, then the scaling (for `f32`/`f64` the
//!   exponentials are written straight into the result row and scaled
//!   there, in cache; `f16`/`bf16`, whose rows cannot hold an unrounded
//!   `f32`, compute them twice instead).
//! - Along another dim: the same three steps over a block of up to
//!   `BLOCK` columns at a time, each step a loop across the block's
//!   columns, which vectorises; the block's maxima and sums are the only
//!   buffers.
//!
//! Each row (or block of columns) runs compiled for AVX2 where the CPU has
//! it (`wide.rs`). Values are computed in `f32` (`f16`, `bf16`, `f32`) or `f64`, with the
//! kernels of `math.rs`; sums of long rows are carried in `f64` per block
//! of `CHUNK` elements, so they do not drift.

use half::{bf16, f16};

use super::math::{self, Real};
use super::wide::Level;

/// Columns of one block along a dim other than the last.
const BLOCK: usize = 512;
/// Elements summed in the compute type before the sum moves to `f64`.
const CHUNK: usize = 1024;

/// An element type as stored, and the type it computes in.
pub(crate) trait Lane: bytemuck::Pod {
    /// `f32` or `f64`.
    type C: Real + Into<f64> + bytemuck::Pod;
    /// Whether `C` is `Self` (the result can hold unrounded values).
    const SAME: bool;
    /// The value in the compute type.
    fn load(self) -> Self::C;
    /// The nearest stored value.
    fn store(v: Self::C) -> Self;
    /// `v` as `C`, rounded from `f64`.
    fn from_f64(v: f64) -> Self::C;
}

impl Lane for f32 {
    type C = f32;
    const SAME: bool = true;
    #[inline(always)]
    fn load(self) -> f32 {
        self
    }
    #[inline(always)]
    fn store(v: f32) -> f32 {
        v
    }
    #[inline(always)]
    fn from_f64(v: f64) -> f32 {
        v as f32
    }
}

impl Lane for f64 {
    type C = f64;
    const SAME: bool = true;
    #[inline(always)]
    fn load(self) -> f64 {
        self
    }
    #[inline(always)]
    fn store(v: f64) -> f64 {
        v
    }
    #[inline(always)]
    fn from_f64(v: f64) -> f64 {
        v
    }
}

macro_rules! half_lane {
    ($t:ty) => {
        impl Lane for $t {
            type C = f32;
            const SAME: bool = false;
            #[inline(always)]
            fn load(self) -> f32 {
                self.to_f32()
            }
            #[inline(always)]
            fn store(v: f32) -> $t {
                <$t>::from_f32(v)
            }
            #[inline(always)]
            fn from_f64(v: f64) -> f32 {
                v as f32
            }
        }
    };
}
half_lane!(f16);
half_lane!(bf16);

/// `softmax` (or with `log`, `log_softmax`) of `src`, a row-major
/// `[outer, n, inner]`, along its middle dim, into `dst` of the same size.
pub(crate) fn softmax<S: Lane>(src: &[S], dst: &mut [S], n: usize, inner: usize, log: bool) {
    if n == 0 || inner == 0 || src.is_empty() {
        return;
    }
    let step = n * inner;
    let level = Level::detect();
    for (block_in, block_out) in src.chunks_exact(step).zip(dst.chunks_exact_mut(step)) {
        if inner == 1 {
            level.run(
                #[inline(always)]
                || last_dim(block_in, block_out, log),
            );
        } else {
            for c0 in (0..inner).step_by(BLOCK) {
                let width = BLOCK.min(inner - c0);
                level.run(
                    #[inline(always)]
                    || columns(block_in, block_out, n, inner, c0, width, log),
                );
            }
        }
    }
}

/// The greatest value of `row`, or NaN if it holds one (as PyTorch's
/// softmax turns a lane with a NaN into NaNs).
#[inline(always)]
fn row_max<S: Lane>(row: &[S]) -> S::C {
    let lowest = -S::C::INFINITY;
    let mut most = [lowest; 8];
    let mut nan = [false; 8];
    let chunks = row.chunks_exact(8);
    let rest = chunks.remainder();
    for chunk in chunks {
        for i in 0..8 {
            let v = chunk[i].load();
            most[i] = if v > most[i] { v } else { most[i] };
            nan[i] |= v.is_nan();
        }
    }
    let mut m = lowest;
    let mut any_nan = false;
    for &v in rest {
        let v = v.load();
        m = if v > m { v } else { m };
        any_nan |= v.is_nan();
    }
    for i in 0..8 {
        m = if most[i] > m { most[i] } else { m };
        any_nan |= nan[i];
    }
    if any_nan {
        S::C::NAN
    } else {
        m
    }
}

/// `Σ e^(x - shift)` over `row`, writing each term into `out` when given.
/// Per chunk of [`CHUNK`] elements: the terms first (into `out`, or a
/// buffer), then their sum in 8 lanes; two plain loops, which vectorise
/// where one loop doing both does not always.
#[inline(always)]
fn exp_sum<S: Lane>(row: &[S], shift: S::C, mut out: Option<&mut [S::C]>) -> f64 {
    let mut total = 0.0f64;
    let mut buffer = [S::C::ZERO; CHUNK];
    for (k, part) in row.chunks(CHUNK).enumerate() {
        let at = k * CHUNK;
        let terms: &mut [S::C] = match out.as_deref_mut() {
            Some(out) => &mut out[at..at + part.len()],
            None => &mut buffer[..part.len()],
        };
        exps(part, shift, terms);
        total += lane_sum(terms);
    }
    total
}

/// `terms[t] = e^(part[t] - shift)`.
#[inline(always)]
fn exps<S: Lane>(part: &[S], shift: S::C, terms: &mut [S::C]) {
    for (t, &v) in terms.iter_mut().zip(part) {
        *t = math::exp(v.load() - shift);
    }
}

/// The sum of `terms` in 8 lanes (the tail into lane 0), joined in `f64`.
#[inline(always)]
fn lane_sum<C: Real + Into<f64>>(terms: &[C]) -> f64 {
    let mut sums = [C::ZERO; 8];
    let chunks = terms.chunks_exact(8);
    let rest = chunks.remainder();
    for chunk in chunks {
        for i in 0..8 {
            sums[i] = sums[i] + chunk[i];
        }
    }
    for &e in rest {
        sums[0] = sums[0] + e;
    }
    sums.iter().map(|&s| s.into()).sum::<f64>()
}

/// One block of rows along the last dim.
#[inline(always)]
fn last_dim<S: Lane>(src: &[S], dst: &mut [S], log: bool) {
    // the block is one row here (`inner == 1`)
    let (row, out) = (src, dst);
    let m = row_max(row);
    if log {
        let lse = S::from_f64(exp_sum(row, m, None).ln());
        for (o, &v) in out.iter_mut().zip(row) {
            *o = S::store((v.load() - m) - lse);
        }
    } else if S::SAME {
        let out_c: &mut [S::C] = as_compute(out);
        let total = exp_sum(row, m, Some(&mut *out_c));
        let scale = S::from_f64(1.0 / total);
        for o in out_c.iter_mut() {
            *o = *o * scale;
        }
    } else {
        let scale = S::from_f64(1.0 / exp_sum(row, m, None));
        for (o, &v) in out.iter_mut().zip(row) {
            *o = S::store(math::exp(v.load() - m) * scale);
        }
    }
}

/// `out` as its compute type, for a `Lane` whose compute type is itself
/// (`S::SAME`: the same size, so the cast cannot fail).
#[inline(always)]
fn as_compute<S: Lane>(out: &mut [S]) -> &mut [S::C] {
    bytemuck::cast_slice_mut(out)
}

/// Columns `c0 .. c0 + width` of one `[n, inner]` block, along its rows.
#[inline(always)]
fn columns<S: Lane>(
    src: &[S],
    dst: &mut [S],
    n: usize,
    inner: usize,
    c0: usize,
    width: usize,
    log: bool,
) {
    let row = |r: usize| &src[r * inner + c0..r * inner + c0 + width];
    let mut most = vec![-S::C::INFINITY; width];
    let mut nan = vec![false; width];
    for r in 0..n {
        column_max(row(r), &mut most, &mut nan);
    }
    for (m, &bad) in most.iter_mut().zip(&nan) {
        if bad {
            *m = S::C::NAN;
        }
    }
    let mut sums = vec![S::C::ZERO; width];
    let mut totals = vec![0.0f64; width];
    // With a result that holds the compute type, the terms are kept there
    // and scaled in place below, instead of being computed a second time.
    let keep = S::SAME && !log;
    for r in 0..n {
        if keep {
            let out = as_compute(&mut dst[r * inner + c0..r * inner + c0 + width]);
            shifted_exps(row(r), &most, out, &mut sums);
        } else {
            for (s, (&v, &m)) in sums.iter_mut().zip(row(r).iter().zip(&most)) {
                *s = *s + math::exp(v.load() - m);
            }
        }
        if (r + 1) % CHUNK == 0 || r + 1 == n {
            for (t, s) in totals.iter_mut().zip(sums.iter_mut()) {
                *t += (*s).into();
                *s = S::C::ZERO;
            }
        }
    }
    // per column: the log of the sum, or its reciprocal
    let factor: Vec<S::C> = totals
        .iter()
        .map(|&t| S::from_f64(if log { t.ln() } else { 1.0 / t }))
        .collect();
    for r in 0..n {
        if keep {
            let out = as_compute(&mut dst[r * inner + c0..r * inner + c0 + width]);
            scale_by(out, &factor);
            continue;
        }
        let out = &mut dst[r * inner + c0..r * inner + c0 + width];
        for ((o, &v), (&m, &f)) in out.iter_mut().zip(row(r)).zip(most.iter().zip(&factor)) {
            let x = v.load() - m;
            *o = S::store(if log { x - f } else { math::exp(x) * f });
        }
    }
}

/// `out[c] = e^(row[c] - most[c])`, added into `sums[c]` too.
#[inline(always)]
fn shifted_exps<S: Lane>(row: &[S], most: &[S::C], out: &mut [S::C], sums: &mut [S::C]) {
    for ((o, s), (&v, &m)) in out
        .iter_mut()
        .zip(sums.iter_mut())
        .zip(row.iter().zip(most))
    {
        let e = math::exp(v.load() - m);
        *o = e;
        *s = *s + e;
    }
}

/// `out[c] *= factor[c]`.
#[inline(always)]
fn scale_by<C: Real>(out: &mut [C], factor: &[C]) {
    for (o, &f) in out.iter_mut().zip(factor) {
        *o = *o * f;
    }
}

/// `most[c] = max(most[c], row[c])`, `nan[c] |= row[c]` is NaN.
#[inline(always)]
fn column_max<S: Lane>(row: &[S], most: &mut [S::C], nan: &mut [bool]) {
    for ((m, bad), &v) in most.iter_mut().zip(nan.iter_mut()).zip(row) {
        let v = v.load();
        *m = if v > *m { v } else { *m };
        *bad |= v.is_nan();
    }
}
