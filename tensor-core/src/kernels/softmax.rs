//! `softmax` and `log_softmax` of a contiguous tensor seen as
//! `[outer, n, inner]` (the dim reduced has size `n`), written once into
//! a contiguous result that may be uninitialised (a recycled or fresh
//! buffer: `MaybeUninit` places, only written), with no buffer beyond a few
//! rows' worth.
//!
//! - Along the last dim (`inner == 1`): per row, its max (NaN noted), then
//!   `e^(x - max)` and their sum, per chunk of `CHUNK` elements into a
//!   buffer on the stack (in cache), then the scaling. A row of one chunk
//!   is scaled from the buffer into the result; a longer row's chunks are
//!   copied into the result as they are made (`write_copy_of_slice`, which
//!   hands back the written places) and scaled there, in cache
//!   (`f16`/`bf16`, whose rows cannot hold an unrounded `f32`, compute the
//!   exponentials twice instead). All rows run in one call of the wide
//!   loop, so short rows do not each pay a call.
//! - Along another dim: the same three steps over a block of up to
//!   `BLOCK` columns at a time, each step a loop across the block's
//!   columns, which vectorises (the terms kept in the result, each row's
//!   places handed back initialised by `write_copy_of_slice`); the block's
//!   maxima and sums are the only buffers.
//!
//! Each call runs compiled for AVX-512 or AVX2 where the CPU has it
//! (`wide.rs`). Values are computed in `f32` (`f16`, `bf16`, `f32`) or
//! `f64`, with the kernels of `math.rs`; sums of long rows are carried in
//! `f64` per block of `CHUNK` elements, so they do not drift.

use std::mem::MaybeUninit;

use half::{bf16, f16};

use super::math::{self, Real};
use super::wide::Level;

/// Columns of one block along a dim other than the last.
const BLOCK: usize = 512;
/// Rows of a block whose terms are kept in the result (see `columns`).
const KEEP_ROWS: usize = 4096;
/// Elements summed in the compute type before the sum moves to `f64`.
const CHUNK: usize = 1024;

/// An element type as stored, and the type it computes in.
pub(crate) trait Lane: bytemuck::Pod {
    /// `f32` or `f64`.
    type C: Real + Into<f64> + bytemuck::Pod;
    /// The value in the compute type.
    fn load(self) -> Self::C;
    /// The nearest stored value.
    fn store(v: Self::C) -> Self;
    /// `v` as `C`, rounded from `f64`.
    fn from_f64(v: f64) -> Self::C;
    /// `out` as places of the compute type, when that is `Self`.
    fn same_uninit(out: &mut [MaybeUninit<Self>]) -> Option<&mut [MaybeUninit<Self::C>]>;
}

impl Lane for f32 {
    type C = f32;
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
    #[inline(always)]
    fn same_uninit(out: &mut [MaybeUninit<f32>]) -> Option<&mut [MaybeUninit<f32>]> {
        Some(out)
    }
}

impl Lane for f64 {
    type C = f64;
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
    #[inline(always)]
    fn same_uninit(out: &mut [MaybeUninit<f64>]) -> Option<&mut [MaybeUninit<f64>]> {
        Some(out)
    }
}

macro_rules! half_lane {
    ($t:ty) => {
        impl Lane for $t {
            type C = f32;
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
            #[inline(always)]
            fn same_uninit(_: &mut [MaybeUninit<$t>]) -> Option<&mut [MaybeUninit<f32>]> {
                None
            }
        }
    };
}
half_lane!(f16);
half_lane!(bf16);

/// `softmax` (or with `log`, `log_softmax`) of `src`, a row-major
/// `[outer, n, inner]`, along its middle dim, into `dst` of the same size
/// (every place written once).
pub(crate) fn softmax<S: Lane>(
    src: &[S],
    dst: &mut [MaybeUninit<S>],
    n: usize,
    inner: usize,
    log: bool,
) {
    if n == 0 || inner == 0 || src.is_empty() {
        return;
    }
    let level = Level::detect();
    if inner == 1 {
        level.run(
            #[inline(always)]
            || last_dim_rows(src, dst, n, log),
        );
        return;
    }
    let step = n * inner;
    for (block_in, block_out) in src.chunks_exact(step).zip(dst.chunks_exact_mut(step)) {
        for c0 in (0..inner).step_by(BLOCK) {
            let width = BLOCK.min(inner - c0);
            level.run(
                #[inline(always)]
                || columns(block_in, block_out, n, inner, c0, width, log),
            );
        }
    }
}

/// Every row (of `n` elements) of `src` along the last dim.
#[inline(always)]
fn last_dim_rows<S: Lane>(src: &[S], dst: &mut [MaybeUninit<S>], n: usize, log: bool) {
    for (row, out) in src.chunks_exact(n).zip(dst.chunks_exact_mut(n)) {
        last_dim(row, out, log);
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

/// `Σ e^(x - shift)` over `row`. Per chunk of [`CHUNK`] elements: the
/// terms first (into a buffer), then their sum in 8 lanes (two plain
/// loops, which vectorise where one loop doing both does not always),
/// each chunk's terms handed to `keep` before the next chunk's are made.
#[inline(always)]
fn exp_sum<S: Lane>(row: &[S], shift: S::C, mut keep: impl FnMut(usize, &[S::C])) -> f64 {
    let mut total = 0.0f64;
    let mut buffer = [S::C::ZERO; CHUNK];
    for (k, part) in row.chunks(CHUNK).enumerate() {
        let terms = &mut buffer[..part.len()];
        exps(part, shift, terms);
        total += lane_sum(terms);
        keep(k, terms);
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

/// One row along the last dim.
#[inline(always)]
fn last_dim<S: Lane>(row: &[S], out: &mut [MaybeUninit<S>], log: bool) {
    let m = row_max(row);
    if log {
        let lse = S::from_f64(exp_sum(row, m, |_, _| ()).ln());
        for (o, &v) in out.iter_mut().zip(row) {
            o.write(S::store((v.load() - m) - lse));
        }
        return;
    }
    match S::same_uninit(out) {
        // one chunk: scaled from the buffer into the result
        Some(out) if row.len() <= CHUNK => {
            let mut terms = [S::C::ZERO; CHUNK];
            let total = exp_sum(row, m, |_, t| terms[..t.len()].copy_from_slice(t));
            let scale = S::from_f64(1.0 / total);
            for (o, &e) in out.iter_mut().zip(&terms[..row.len()]) {
                o.write(e * scale);
            }
        }
        // longer: each chunk's terms written into the result, then scaled there
        Some(out) => {
            let mut places = out.chunks_mut(CHUNK);
            let mut kept: Vec<&mut [S::C]> = Vec::with_capacity(row.len().div_ceil(CHUNK));
            let total = exp_sum(row, m, |_, t| {
                if let Some(place) = places.next() {
                    kept.push(place.write_copy_of_slice(t));
                }
            });
            let scale = S::from_f64(1.0 / total);
            for part in kept {
                for o in part.iter_mut() {
                    *o = *o * scale;
                }
            }
        }
        None => {
            let scale = S::from_f64(1.0 / exp_sum(row, m, |_, _| ()));
            for (o, &v) in out.iter_mut().zip(row) {
                o.write(S::store(math::exp(v.load() - m) * scale));
            }
        }
    }
}

/// Columns `c0 .. c0 + width` of one `[n, inner]` block, along its rows.
#[inline(always)]
fn columns<S: Lane>(
    src: &[S],
    dst: &mut [MaybeUninit<S>],
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
    // and scaled in place below, instead of being computed a second time:
    // each row's places, once written, are kept as initialised slices (a
    // list of `n` of them, so only for up to `KEEP_ROWS` rows).
    let keep = !log && n <= KEEP_ROWS && S::same_uninit(&mut []).is_some();
    let mut kept: Vec<&mut [S::C]> = Vec::with_capacity(if keep { n } else { 0 });
    let mut terms = vec![S::C::ZERO; if keep { width } else { 0 }];
    for (r, out_row) in dst.chunks_exact_mut(inner).enumerate().take(n) {
        let places = &mut out_row[c0..c0 + width];
        match S::same_uninit(places) {
            Some(places) if keep => {
                shifted_exps(row(r), &most, &mut terms, &mut sums);
                kept.push(places.write_copy_of_slice(&terms));
            }
            _ => {
                for (s, (&v, &m)) in sums.iter_mut().zip(row(r).iter().zip(&most)) {
                    *s = *s + math::exp(v.load() - m);
                }
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
    if keep {
        for out in kept {
            scale_by(out, &factor);
        }
        return;
    }
    for r in 0..n {
        let out = &mut dst[r * inner + c0..r * inner + c0 + width];
        for ((o, &v), (&m, &f)) in out.iter_mut().zip(row(r)).zip(most.iter().zip(&factor)) {
            let x = v.load() - m;
            o.write(S::store(if log { x - f } else { math::exp(x) * f }));
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
