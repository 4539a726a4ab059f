//! `softmax` and `log_softmax` of a contiguous tensor seen as
//! `[outer, n, inner]` (the dim reduced has size `n`), written once into
//! a contiguous result that may be uninitialised (a recycled or fresh
//! buffer, [`softmax_bytes`]: `MaybeUninit` places, read back only once
//! written), with no buffer beyond a few rows' worth.
//!
//! - Along the last dim (`inner == 1`): per row, its max (NaN noted) in 16
//!   lanes; then, in one pass, each term `e^(x - max)` written into the
//!   result and added into 16 lanes of sums (`f64` per chunk of `CHUNK`),
//!   while the same pass finds the next row's max (its reads from memory
//!   overlap the `exp` arithmetic; only the first row has a pass of its own);
//!   then the row, still in cache, scaled in place. `log_softmax` sums the
//!   terms without storing them, then writes `(x - max) - log(sum)`;
//!   `f16`/`bf16`, whose result cannot hold an unrounded term, make the
//!   terms again while scaling. All rows run in one call of the wide loop,
//!   so short rows do not each pay a call.
//! - Along another dim: a block of up to `BLOCK` columns at a time, each
//!   step a loop across the block's columns, which vectorises. The input
//!   is read once for the maxima and sums together: per tile of `TILE`
//!   rows, its maxima, the running sums rescaled to them, its terms added
//!   (and kept in the result); then one pass writes or scales the result.
//!   The block's maxima and sums, and each tile's maxima, are the only
//!   buffers.
//!   Lanes longer than `TILE` instead walk a block of up to
//!   `ONLINE_BLOCK` columns row by row in memory order with per-column
//!   state ("online softmax"): each column's running max and the sum of
//!   its terms relative to it, rescaled (in `f64`) when the max grows. One
//!   pass over the input finds the maxima and sums; a second reads it
//!   again and writes the result once (no scaling pass over the result).
//!
//! Each call runs compiled for AVX-512 or AVX2 where the CPU has it, with
//! FMA in `exp` where the CPU has it (`wide.rs`, `Level::run_fma`: results
//! within the same bounds, not the same bits). Values are computed in
//! `f32` (`f16`, `bf16`, `f32`) or `f64`, with the kernels of `math.rs`
//! (`exp_nonpositive_in`: every argument here is `x - max <= 0`);
//! sums of long rows are carried in `f64` per block of `CHUNK` elements, so
//! they do not drift.

use std::mem::MaybeUninit;

use half::{bf16, f16};

use super::math::{self, Fused, Mode, Plain, Real};
use super::runs::uninit_run;
use super::wide::Level;
use crate::storage::Bytes;
use crate::ViewError;

/// Columns of one block along a dim other than the last.
const BLOCK: usize = 512;
/// Rows whose maxima are found before their terms are made (see
/// `columns`); also the rows whose terms `online_columns` sums in the
/// compute type before its sums move to `f64`. Lanes of at most `TILE`
/// elements take `columns` (one tile: the block's result is still in
/// cache when it is scaled), longer ones `online_columns`.
const TILE: usize = 64;
/// Columns of one block of `online_columns`: each row's part (16 KiB of
/// `f32`) is read whole, in memory order, and the block's per-column state
/// stays in L1/L2.
const ONLINE_BLOCK: usize = 4096;
/// Elements summed in the compute type before the sum moves to `f64`.
const CHUNK: usize = 1024;
/// Partial sums and maxima kept side by side along a row.
const LANES: usize = 16;

/// An element type as stored, and the type it computes in.
pub(crate) trait Lane: bytemuck::Pod {
    /// `f32` or `f64`.
    type C: Real + Into<f64> + bytemuck::Pod;
    /// The lowest finite value of the compute type.
    const LOWEST: Self::C;
    /// The value in the compute type.
    fn load(self) -> Self::C;
    /// The nearest stored value.
    fn store(v: Self::C) -> Self;
    /// `v` as `C`, rounded from `f64`.
    fn from_f64(v: f64) -> Self::C;
    /// `out` as places of the compute type, when that is `Self`.
    fn same_uninit(out: &mut [MaybeUninit<Self>]) -> Option<&mut [MaybeUninit<Self::C>]>;
    /// `xs` as values of the compute type, when that is `Self`.
    fn same(xs: &[Self]) -> Option<&[Self::C]>;
}

impl Lane for f32 {
    type C = f32;
    const LOWEST: f32 = f32::MIN;
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
    #[inline(always)]
    fn same(xs: &[f32]) -> Option<&[f32]> {
        Some(xs)
    }
}

impl Lane for f64 {
    type C = f64;
    const LOWEST: f64 = f64::MIN;
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
    #[inline(always)]
    fn same(xs: &[f64]) -> Option<&[f64]> {
        Some(xs)
    }
}

macro_rules! half_lane {
    ($t:ty) => {
        impl Lane for $t {
            type C = f32;
            const LOWEST: f32 = f32::MIN;
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
            #[inline(always)]
            fn same(_: &[$t]) -> Option<&[f32]> {
                None
            }
        }
    };
}
half_lane!(f16);
half_lane!(bf16);

/// `softmax` (with `log`, `log_softmax`) of `src`, a row-major
/// `[outer, n, inner]`, along its middle dim, in a buffer of its own: a
/// recycled one when a big result was freed (`Bytes::filled_by`), else a
/// fresh one, left uninitialised until the kernel writes it.
pub(crate) fn softmax_bytes<S: Lane>(
    src: &[S],
    n: usize,
    inner: usize,
    log: bool,
) -> Result<Bytes, ViewError> {
    assert!(std::mem::align_of::<S>() <= 8, "buffers are 8-aligned");
    let write = |out: *mut u8| {
        // SAFETY: `out` is the buffer `Bytes::filled_by` hands over:
        // `size_of_val(src)` bytes, room for `src.len()` elements of `S`,
        // at an 8-aligned address (enough for `S`, asserted above), owned
        // by no one else while the kernel runs; its places are only
        // written, through `MaybeUninit`.
        let dst = unsafe { uninit_run(out.cast::<S>(), src.len()) };
        softmax(src, dst, n, inner, log);
    };
    // SAFETY: `softmax` writes every one of the `src.len()` elements (each
    // lane of `n` elements along the dim, for every place of the other
    // dims; with no element there is nothing to write) and reads none of
    // them before writing it (`assume_written`): a recycled buffer's old
    // contents are never read.
    unsafe { Bytes::filled_by(std::mem::size_of_val(src), write) }
}

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
    assert_eq!(
        src.len(),
        dst.len(),
        "softmax: the result holds the input's size"
    );
    if n == 0 || inner == 0 || src.is_empty() {
        return;
    }
    assert_eq!(src.len() % (n * inner), 0, "softmax: whole lanes");
    let level = Level::detect();
    if inner == 1 {
        level.run_fma(
            #[inline(always)]
            |fused| {
                if fused {
                    last_dim_rows::<S, Fused>(src, dst, n, log)
                } else {
                    last_dim_rows::<S, Plain>(src, dst, n, log)
                }
            },
        );
        return;
    }
    let step = n * inner;
    let online = n > TILE;
    let block = if online { ONLINE_BLOCK } else { BLOCK };
    for (block_in, block_out) in src.chunks_exact(step).zip(dst.chunks_exact_mut(step)) {
        for c0 in (0..inner).step_by(block) {
            let width = block.min(inner - c0);
            level.run_fma(
                #[inline(always)]
                |fused| match (online, fused) {
                    (true, true) => {
                        online_columns::<S, Fused>(block_in, block_out, n, inner, c0, width, log)
                    }
                    (true, false) => {
                        online_columns::<S, Plain>(block_in, block_out, n, inner, c0, width, log)
                    }
                    (false, true) => {
                        columns::<S, Fused>(block_in, block_out, n, inner, c0, width, log)
                    }
                    (false, false) => {
                        columns::<S, Plain>(block_in, block_out, n, inner, c0, width, log)
                    }
                },
            );
        }
    }
}

/// Every row (of `n` elements) of `src` along the last dim. The max of
/// each row after the first is found in the pass that makes the terms of
/// the row before (`ahead`), so its reads from memory overlap that pass's
/// arithmetic instead of following it.
#[inline(always)]
fn last_dim_rows<S: Lane, M: Mode>(src: &[S], dst: &mut [MaybeUninit<S>], n: usize, log: bool) {
    let mut m = row_max(&src[..n.min(src.len())]);
    for (i, (row, out)) in src.chunks_exact(n).zip(dst.chunks_exact_mut(n)).enumerate() {
        let ahead = src.get((i + 1) * n..(i + 2) * n).unwrap_or(&[]);
        m = last_dim::<S, M>(row, m, ahead, out, log);
    }
}

/// The running max of a row, [`LANES`] lanes wide, with NaN noted.
struct RunningMax<C> {
    most: [C; LANES],
    nan: [bool; LANES],
}

impl<C: Real> RunningMax<C> {
    /// Nothing seen yet.
    #[inline(always)]
    fn new() -> Self {
        RunningMax {
            most: [-C::INFINITY; LANES],
            nan: [false; LANES],
        }
    }

    /// One group of the row (padded with `-inf`).
    #[inline(always)]
    fn add(&mut self, v: [C; LANES]) {
        for ((m, bad), &x) in self.most.iter_mut().zip(&mut self.nan).zip(&v) {
            *m = if x > *m { x } else { *m };
            *bad |= x.is_nan();
        }
    }

    /// The group of `row` that starts at element `at` (padded with
    /// `-inf`), if the row reaches it; `row` may be empty (no next row).
    #[inline(always)]
    fn add_group_of<S: Lane<C = C>>(&mut self, row: &[S], at: usize) {
        if let Some(g) = row.get(at..at + LANES) {
            let g: &[S; LANES] = g.try_into().expect("LANES elements");
            let mut v = [-C::INFINITY; LANES];
            for (slot, &x) in v.iter_mut().zip(g) {
                *slot = x.load();
            }
            self.add(v);
        } else if at < row.len() {
            let mut v = [-C::INFINITY; LANES];
            for (k, &x) in row[at..].iter().enumerate() {
                v[k] = x.load();
            }
            self.add(v);
        }
    }

    /// The greatest value seen, or NaN if one was.
    #[inline(always)]
    fn finish(&self) -> C {
        let lowest = -C::INFINITY;
        let m = self
            .most
            .iter()
            .fold(lowest, |m, &v| if v > m { v } else { m });
        if self.nan.iter().any(|&b| b) {
            C::NAN
        } else {
            m
        }
    }
}

/// `f(j, group)` for each group of [`LANES`] elements of `xs` (group `j`
/// starts at element `j · LANES`), loaded in the compute type; the last,
/// shorter group is padded with `pad`. Whole groups are straight-line code
/// of a fixed width, whose lanes LLVM keeps in whole vector registers (see
/// `run_total` in `tensor/reduce/runs.rs`).
#[inline(always)]
fn each_group<X: Copy, C: Copy>(
    xs: &[X],
    pad: C,
    load: impl Fn(X) -> C,
    mut f: impl FnMut(usize, [C; LANES]),
) {
    let chunks = xs.chunks_exact(LANES);
    let rest = chunks.remainder();
    let whole = chunks.len();
    for (j, chunk) in chunks.enumerate() {
        let chunk: &[X; LANES] = chunk.try_into().expect("chunks_exact gives LANES");
        let mut v = [pad; LANES];
        for k in 0..LANES {
            v[k] = load(chunk[k]);
        }
        f(j, v);
    }
    if !rest.is_empty() {
        let mut v = [pad; LANES];
        for (k, &x) in rest.iter().enumerate() {
            v[k] = load(x);
        }
        f(whole, v);
    }
}

/// The greatest value of `row`, or NaN if it holds one (as PyTorch's
/// softmax turns a lane with a NaN into NaNs).
#[inline(always)]
fn row_max<S: Lane>(row: &[S]) -> S::C {
    let mut most = RunningMax::new();
    each_group(
        row,
        -S::C::INFINITY,
        S::load,
        #[inline(always)]
        |_, v| most.add(v),
    );
    most.finish()
}

/// `e^(v - shift)` of each lane.
#[inline(always)]
fn terms<C: Real, M: Mode>(v: [C; LANES], shift: C) -> [C; LANES] {
    // a plain loop, not `array::map`: its closure might not be inlined
    // into the FMA function, and a `Fused` kernel outside it calls libm
    let mut e = v;
    for i in 0..LANES {
        e[i] = math::exp_nonpositive_in::<C, M>(v[i] - shift);
    }
    e
}

/// `Σ e^(x - shift)` over `row`, in [`LANES`] lanes of the compute type
/// per chunk of [`CHUNK`] elements, the chunks' totals joined in `f64`.
/// The last partial group is padded with `-inf`, whose term is 0.
/// Each group of `ahead` (the next row, or empty) at the same place goes
/// into `next`.
#[inline(always)]
fn exp_total<S: Lane, M: Mode>(
    row: &[S],
    shift: S::C,
    ahead: &[S],
    next: &mut RunningMax<S::C>,
) -> f64 {
    let mut total = 0.0f64;
    for (c, part) in row.chunks(CHUNK).enumerate() {
        let mut sums = [S::C::ZERO; LANES];
        each_group(
            part,
            -S::C::INFINITY,
            S::load,
            #[inline(always)]
            |j, v| {
                next.add_group_of(ahead, c * CHUNK + j * LANES);
                let e = terms::<_, M>(v, shift);
                for i in 0..LANES {
                    sums[i] = sums[i] + e[i];
                }
            },
        );
        total += pairwise(sums);
    }
    total
}

/// [`exp_total`], each term also written into `places` (as long as
/// `row`), in the same pass.
#[inline(always)]
fn exp_total_into<S: Lane<C = C>, C: Real + Into<f64>, M: Mode>(
    row: &[C],
    shift: C,
    places: &mut [MaybeUninit<C>],
    ahead: &[S],
    next: &mut RunningMax<C>,
) -> f64 {
    let mut total = 0.0f64;
    for (c, (part, out)) in row.chunks(CHUNK).zip(places.chunks_mut(CHUNK)).enumerate() {
        let mut sums = [C::ZERO; LANES];
        each_group(
            part,
            -C::INFINITY,
            #[inline(always)]
            |x| x,
            #[inline(always)]
            |j, v| {
                next.add_group_of(ahead, c * CHUNK + j * LANES);
                let e = terms::<_, M>(v, shift);
                for i in 0..LANES {
                    sums[i] = sums[i] + e[i];
                }
                let out = &mut out[j * LANES..];
                let width = LANES.min(out.len());
                match <&mut [MaybeUninit<C>; LANES]>::try_from(&mut out[..width]) {
                    Ok(group) => {
                        for i in 0..LANES {
                            group[i].write(e[i]);
                        }
                    }
                    Err(_) => {
                        for (o, &t) in out.iter_mut().zip(&e) {
                            o.write(t);
                        }
                    }
                }
            },
        );
        total += pairwise(sums);
    }
    total
}

/// The sum of the lanes, joined pairwise in `f64`.
#[inline(always)]
fn pairwise<C: Real + Into<f64>>(lanes: [C; LANES]) -> f64 {
    let mut wide: [f64; LANES] = lanes.map(Into::into);
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for k in 0..width {
            wide[k] += wide[k + width];
        }
    }
    wide[0]
}

/// `places` as the values written there.
///
/// # Safety
/// Every place of `places` has been written.
#[inline(always)]
unsafe fn assume_written<C>(places: &mut [MaybeUninit<C>]) -> &mut [C] {
    // SAFETY: `MaybeUninit<C>` has `C`'s size and alignment, and every
    // place holds a written `C` (caller), so the slice is one of valid `C`s.
    unsafe { &mut *(places as *mut [MaybeUninit<C>] as *mut [C]) }
}

/// One row along the last dim, given its max `m`: for `log_softmax` the
/// sum of the terms and `(x - max) - log(sum)`; for `softmax` of
/// `f32`/`f64`, the terms written into the result as they are summed (one
/// pass), then scaled there (the row is still in cache); of `f16`/`bf16`
/// (whose result cannot hold an unrounded term) the terms made again while
/// scaling. The pass that sums the terms also finds the max of `ahead`
/// (the next row, or empty), which it returns.
#[inline(always)]
fn last_dim<S: Lane, M: Mode>(
    row: &[S],
    m: S::C,
    ahead: &[S],
    out: &mut [MaybeUninit<S>],
    log: bool,
) -> S::C {
    let mut next = RunningMax::new();
    if log {
        let lse = S::from_f64(exp_total::<S, M>(row, m, ahead, &mut next).ln());
        for (o, &v) in out.iter_mut().zip(row) {
            o.write(S::store((v.load() - m) - lse));
        }
        return next.finish();
    }
    match (S::same(row), S::same_uninit(out)) {
        (Some(row), Some(places)) => {
            let total = exp_total_into::<S, S::C, M>(row, m, places, ahead, &mut next);
            let scale = S::from_f64(1.0 / total);
            // SAFETY: `exp_total_into` wrote every place of `places` (as
            // long as `row`: both are chunks of `n`).
            let terms = unsafe { assume_written(places) };
            for o in terms.iter_mut() {
                *o = *o * scale;
            }
        }
        _ => {
            let scale = S::from_f64(1.0 / exp_total::<S, M>(row, m, ahead, &mut next));
            for (o, &v) in out.iter_mut().zip(row) {
                o.write(S::store(
                    math::exp_nonpositive_in::<_, M>(v.load() - m) * scale,
                ));
            }
        }
    }
    next.finish()
}

/// Columns `c0 .. c0 + width` of one `[n, inner]` block, along its rows,
/// reading the input once for the sums: per tile of [`TILE`] rows, the
/// running maxima raised to the tile's (the tile then sits in cache), then
/// the tile's terms `e^(x - max so far)` summed (and, for `softmax` of
/// `f32`/`f64`, written into the result), each tile's sums and maxima
/// kept; the lane's sum is then `Σ tile sum · e^(tile max - max)`. Then
/// one pass writes the result: `(x - max) - log(sum)`, or the terms kept
/// scaled by `e^(max then - max) / sum` (one factor per column per tile;
/// exactly `1 / sum` in tiles whose max was the final one), or (`f16`,
/// `bf16`) the terms made again and scaled.
#[inline(always)]
fn columns<S: Lane, M: Mode>(
    src: &[S],
    dst: &mut [MaybeUninit<S>],
    n: usize,
    inner: usize,
    c0: usize,
    width: usize,
    log: bool,
) {
    let row = |r: usize| &src[r * inner + c0..r * inner + c0 + width];
    let lowest = -S::C::INFINITY;
    let mut most = vec![lowest; width];
    let mut nan = vec![false; width];
    let mut sums = vec![S::C::ZERO; width];
    // each tile's maxima and the sums of its terms, made with them
    let tiles = n.div_ceil(TILE) * width;
    let mut shifts: Vec<S::C> = Vec::with_capacity(tiles);
    let mut tile_sums: Vec<f64> = Vec::with_capacity(tiles);
    // the terms kept in the result
    let keep = !log && S::same_uninit(&mut []).is_some();
    for t0 in (0..n).step_by(TILE) {
        let rows = t0..n.min(t0 + TILE);
        for r in rows.clone() {
            column_max(row(r), &mut most, &mut nan);
        }
        for r in rows {
            let out_row = &mut dst[r * inner..(r + 1) * inner];
            match S::same_uninit(&mut out_row[c0..c0 + width]) {
                Some(places) if keep => shifted_exps::<S, M>(row(r), &most, places, &mut sums),
                _ => {
                    for (s, (&v, &m)) in sums.iter_mut().zip(row(r).iter().zip(&most)) {
                        *s = *s + math::exp_nonpositive_in::<_, M>(v.load() - m);
                    }
                }
            }
        }
        shifts.extend_from_slice(&most);
        tile_sums.extend(sums.iter().map(|&s| s.into()));
        sums.fill(S::C::ZERO);
    }
    // each tile's sum rescaled to the lane's max, `e^(then - max)` in `f64`
    // (one per column per tile; each sum rescaled once, so the errors do
    // not compound)
    let mut totals = vec![0.0f64; width];
    for (then, part) in shifts
        .chunks_exact(width)
        .zip(tile_sums.chunks_exact(width))
    {
        for ((t, &s), (&a, &m)) in totals.iter_mut().zip(part).zip(then.iter().zip(&most)) {
            let (a, m): (f64, f64) = (a.into(), m.into());
            *t += if a == m {
                s
            } else {
                s * math::exp_nonpositive_in::<f64, M>(a - m)
            };
        }
    }
    for (m, &bad) in most.iter_mut().zip(&nan) {
        if bad {
            *m = S::C::NAN;
        }
    }
    // per column: the log of the sum, or its reciprocal
    let factor: Vec<S::C> = totals
        .iter()
        .map(|&t| S::from_f64(if log { t.ln() } else { 1.0 / t }))
        .collect();
    if keep {
        let mut scale = vec![S::C::ZERO; width];
        for (k, then) in shifts.chunks_exact(width).enumerate() {
            for (((g, &t), &m), &f) in scale.iter_mut().zip(then).zip(&most).zip(&factor) {
                // e^0 is exactly 1: tiles with the final max scale by 1/sum
                *g = math::exp_nonpositive_in::<_, M>(t - m) * f;
            }
            for r in k * TILE..n.min((k + 1) * TILE) {
                let out_row = &mut dst[r * inner..(r + 1) * inner];
                if let Some(places) = S::same_uninit(&mut out_row[c0..c0 + width]) {
                    // SAFETY: the loop over this tile above wrote every
                    // place of these (`shifted_exps` writes the whole row).
                    let terms = unsafe { assume_written(places) };
                    scale_by(terms, &scale);
                }
            }
        }
        return;
    }
    for r in 0..n {
        let out = &mut dst[r * inner + c0..r * inner + c0 + width];
        for ((o, &v), (&m, &f)) in out.iter_mut().zip(row(r)).zip(most.iter().zip(&factor)) {
            let x = v.load() - m;
            o.write(S::store(if log {
                x - f
            } else {
                math::exp_nonpositive_in::<_, M>(x) * f
            }));
        }
    }
}

/// `out[c] = e^(row[c] - most[c])`, written, and added into `sums[c]`.
#[inline(always)]
fn shifted_exps<S: Lane, M: Mode>(
    row: &[S],
    most: &[S::C],
    out: &mut [MaybeUninit<S::C>],
    sums: &mut [S::C],
) {
    for ((o, s), (&v, &m)) in out
        .iter_mut()
        .zip(sums.iter_mut())
        .zip(row.iter().zip(most))
    {
        let e = math::exp_nonpositive_in::<_, M>(v.load() - m);
        o.write(e);
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

/// Columns `c0 .. c0 + width` of one `[n, inner]` block, reading each
/// row's part whole and in memory order (so the hardware prefetcher
/// streams it), with per-column state ("online softmax"): the running max
/// `most` (floored at the lowest finite value, so a `-inf` entry never
/// meets a `-inf` max), the terms `e^(x - most)` summed in the compute type
/// (`part`, up to [`TILE`] rows) and then in `f64` (`total`). Where an
/// element passes its column's max, that group's sums are rescaled by
/// `e^(old - new)` computed in `f64` (so repeated rescaling does not
/// compound an `f32` error), which after the first rows is rare. Then one
/// pass writes `(x - max) - log(sum)` or `e^(x - max) / sum`: the input is
/// read twice and the result written once. A NaN makes its column's sum
/// NaN, so every result of the column is NaN; so does a `+inf`
/// (`e^(inf - inf)`), and a column of only `-inf` has max the lowest
/// finite value and sum 0, whose results `0 · inf` and `-inf + inf` are NaN,
/// as PyTorch's are.
#[inline(always)]
fn online_columns<S: Lane, M: Mode>(
    src: &[S],
    dst: &mut [MaybeUninit<S>],
    n: usize,
    inner: usize,
    c0: usize,
    width: usize,
    log: bool,
) {
    let row = |r: usize| &src[r * inner + c0..r * inner + c0 + width];
    let groups = width.div_ceil(LANES);
    let mut most: Vec<[S::C; LANES]> = Vec::with_capacity(groups);
    let mut part: Vec<[S::C; LANES]> = Vec::with_capacity(groups);
    let mut total: Vec<[f64; LANES]> = vec![[0.0; LANES]; groups];
    // the first row sets the maxima (padding lanes read `-inf`)
    each_group(
        row(0),
        -S::C::INFINITY,
        S::load,
        #[inline(always)]
        |_, v| {
            let mut m = v;
            let mut t = v;
            for k in 0..LANES {
                m[k] = if v[k] > S::LOWEST { v[k] } else { S::LOWEST };
                t[k] = math::exp_nonpositive_in::<_, M>(v[k] - m[k]);
            }
            most.push(m);
            part.push(t);
        },
    );
    for r in 1..n {
        if r % TILE == 0 {
            fold(&mut part, &mut total);
        }
        each_group(
            row(r),
            -S::C::INFINITY,
            S::load,
            #[inline(always)]
            |j, v| {
                let (m, p) = (&mut most[j], &mut part[j]);
                let mut grows = false;
                for k in 0..LANES {
                    grows |= v[k] > m[k];
                }
                if grows {
                    raise::<S::C, M>(m, p, &mut total[j], v);
                }
                for k in 0..LANES {
                    p[k] = p[k] + math::exp_nonpositive_in::<_, M>(v[k] - m[k]);
                }
            },
        );
    }
    fold(&mut part, &mut total);
    // per column: the max, and the log of the sum or its reciprocal
    let most: Vec<S::C> = most.iter().flatten().copied().collect();
    let factor: Vec<S::C> = total
        .iter()
        .flatten()
        .map(|&t| S::from_f64(if log { t.ln() } else { 1.0 / t }))
        .collect();
    for r in 0..n {
        let out = &mut dst[r * inner + c0..r * inner + c0 + width];
        if log {
            for ((o, &v), (&m, &f)) in out.iter_mut().zip(row(r)).zip(most.iter().zip(&factor)) {
                o.write(S::store((v.load() - m) - f));
            }
        } else {
            for ((o, &v), (&m, &f)) in out.iter_mut().zip(row(r)).zip(most.iter().zip(&factor)) {
                o.write(S::store(math::exp_nonpositive_in::<_, M>(v.load() - m) * f));
            }
        }
    }
}

/// The group's maxima raised to `v` where it is greater, its sums so far
/// (`part` added into `total`) rescaled to the new maxima by
/// `e^(old - new)` in `f64`: exactly 1 where the max stays.
#[inline(always)]
fn raise<C: Real + Into<f64>, M: Mode>(
    most: &mut [C; LANES],
    part: &mut [C; LANES],
    total: &mut [f64; LANES],
    v: [C; LANES],
) {
    for k in 0..LANES {
        let new = if v[k] > most[k] { v[k] } else { most[k] };
        let (old, wide): (f64, f64) = (most[k].into(), new.into());
        let sum = total[k] + part[k].into();
        total[k] = sum * math::exp_nonpositive_in::<f64, M>(old - wide);
        part[k] = C::ZERO;
        most[k] = new;
    }
}

/// `part` added into `total` (in `f64`), and cleared.
#[inline(always)]
fn fold<C: Real + Into<f64>>(part: &mut [[C; LANES]], total: &mut [[f64; LANES]]) {
    for (p, t) in part.iter_mut().zip(total.iter_mut()) {
        for k in 0..LANES {
            t[k] += p[k].into();
            p[k] = C::ZERO;
        }
    }
}
