//! Multi-head self-attention written with tensor-view's typed tensors,
//! checked against a plain-loop computation of the same block.
//!
//! Batch size and sequence length are run-time values, named `B` and `T`
//! with `dims!`: the input is a `Tensor<f32, (B, T, D<32>)>`, and every op
//! below has its result type computed while compiling. The projections are
//! the crate's `Linear` layers; the head split `view_to::<(B, T, D<4>,
//! D<8>)>()` and the merge `view_to::<(B, T, D<32>)>()` cannot fail (no
//! `Result`), and a head count that does not divide 32, or a merge that
//! forgets the transpose back, does not compile. `transpose!` and `mT()`
//! are views; `matmul` reads them in place and returns a `Result` only
//! because two tensors typed with `B` and `T` could hold different sizes
//! (checked once at run time); `softmax_along::<-1>()` is typed.
//!
//! Run with `cargo run --example attention`.

use tensor_view::typed::layers::Linear;
use tensor_view::{dims, transpose, Tensor, ViewError, D};

dims!(pub B, pub T);

/// The layer's input and output.
type Tokens = (B, T, D<32>);
/// The heads, before the transpose.
type Heads = (B, T, D<4>, D<8>);

/// Model width, heads and head dim (the types above spell these numbers).
const D_MODEL: usize = 32;
const HEADS: usize = 4;
const HEAD_DIM: usize = 8;

/// A `[32, 32]` projection, `x @ w` with `w` stored `[in, out]`.
type Projection = Linear<f32, 32, 32>;

/// Deterministic pseudo-random values in [-1, 1) (no dependency needed).
fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

/// The `[in, out]` weight of seed `seed`, as its values.
fn weight_values(seed: u64) -> Vec<f32> {
    values(D_MODEL * D_MODEL, seed)
}

/// The projection `x @ w` of the weight of seed `seed`, its shape checked.
fn projection(seed: u64) -> Result<Projection, ViewError> {
    let w = Tensor::from_vec(weight_values(seed), &[D_MODEL, D_MODEL])?;
    Linear::from_dyn_conv1d(w, None)
}

/// The attention weights and the layer.
struct Attention {
    wq: Projection,
    wk: Projection,
    wv: Projection,
    wo: Projection,
}

impl Attention {
    /// Multi-head self-attention of `x` (`[B, T, 32]`):
    /// `softmax(q @ k^T / sqrt(8)) @ v` per batch and head.
    fn forward(&self, x: &Tensor<f32, Tokens>) -> Result<Tensor<f32, Tokens>, ViewError> {
        // [B, T, 32] -> [B, T, 4, 8] -> [B, 4, T, 8]
        let heads = |w: &Projection| transpose!(w.forward(x).view_to::<Heads>(), 1, 2);
        let (q, k, v) = (heads(&self.wq), heads(&self.wk), heads(&self.wv));
        let scores = &q.matmul(&k.mT())? * (1.0 / (HEAD_DIM as f32).sqrt());
        let context = scores.softmax_along::<-1>().matmul(&v)?;
        // [B, 4, T, 8] -> [B, T, 4, 8] -> [B, T, 32]. A transposed tensor
        // generally cannot be merged by a view: PyTorch and tensor-view both
        // want `contiguous()` first, which copies.
        let merged = transpose!(context, 1, 2).contiguous().view_to::<Tokens>();
        Ok(self.wo.forward(&merged))
    }
}

/// The same computation with plain loops over indices, no views.
fn reference(x: &[f32], batch: usize, seq: usize) -> Vec<f32> {
    let (wq, wk, wv, wo) = (
        weight_values(1),
        weight_values(2),
        weight_values(3),
        weight_values(4),
    );
    let project = |w: &[f32], b: usize, s: usize, o: usize| -> f32 {
        (0..D_MODEL)
            .map(|i| x[(b * seq + s) * D_MODEL + i] * w[i * D_MODEL + o])
            .sum()
    };
    let mut merged = vec![0.0f32; batch * seq * D_MODEL];
    for b in 0..batch {
        for h in 0..HEADS {
            for s in 0..seq {
                let q: Vec<f32> = (0..HEAD_DIM)
                    .map(|d| project(&wq, b, s, h * HEAD_DIM + d))
                    .collect();
                let scores: Vec<f32> = (0..seq)
                    .map(|t| {
                        (0..HEAD_DIM)
                            .map(|d| q[d] * project(&wk, b, t, h * HEAD_DIM + d))
                            .sum::<f32>()
                            / (HEAD_DIM as f32).sqrt()
                    })
                    .collect();
                let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let exps: Vec<f32> = scores.iter().map(|e| (e - max).exp()).collect();
                let total: f32 = exps.iter().sum();
                for d in 0..HEAD_DIM {
                    merged[(b * seq + s) * D_MODEL + h * HEAD_DIM + d] = (0..seq)
                        .map(|t| exps[t] / total * project(&wv, b, t, h * HEAD_DIM + d))
                        .sum();
                }
            }
        }
    }
    let mut out = vec![0.0f32; batch * seq * D_MODEL];
    for r in 0..batch * seq {
        for o in 0..D_MODEL {
            out[r * D_MODEL + o] = (0..D_MODEL)
                .map(|i| merged[r * D_MODEL + i] * wo[i * D_MODEL + o])
                .sum();
        }
    }
    out
}

/// Runs the layer on a `[batch, seq, 32]` input and returns the largest
/// difference between the view-based output and the plain loops.
pub fn max_difference(batch: usize, seq: usize) -> Result<f32, ViewError> {
    let layer = Attention {
        wq: projection(1)?,
        wk: projection(2)?,
        wv: projection(3)?,
        wo: projection(4)?,
    };
    let data = values(batch * seq * D_MODEL, 7);
    let x: Tensor<f32, Tokens> =
        Tensor::from_vec(data.clone(), &[batch, seq, D_MODEL])?.into_static()?;
    let out = layer.forward(&x)?;
    assert_eq!(out.shape(), &[batch, seq, D_MODEL]);
    let expected = reference(&data, batch, seq);
    Ok(out
        .to_vec()
        .iter()
        .zip(&expected)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max))
}

#[allow(dead_code)] // `tests/attention.rs` includes this file for `max_difference` only
fn main() -> Result<(), ViewError> {
    // run-time batch and sequence length: `cargo run --example attention -- 3 7`
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (batch, seq) = (
        args.first().copied().unwrap_or(2),
        args.get(1).copied().unwrap_or(5),
    );
    let max_diff = max_difference(batch, seq)?;
    println!("attention output [{batch}, {seq}, {D_MODEL}], max |views - loops| = {max_diff:.2e}");
    assert!(
        max_diff < 1e-4,
        "the view-based attention differs from the loops by {max_diff}"
    );
    println!("ok: the view-based attention matches the plain loops");
    Ok(())
}
