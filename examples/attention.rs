//! Multi-head self-attention written with tensor-view's views, checked
//! against a plain-loop computation of the same block.
//!
//! Batch size and sequence length are run-time values (a dynamic tensor);
//! the model width, heads and head dim are static: the weights are
//! `Tensor<f32, Shape![32, 32]>` and the head split `view!(q, [batch, seq, 4, 8])`
//! is checked while compiling as far as the literal dims allow (4 * 8 must
//! divide the input, with the rest checked at run time).
//!
//! Run with `cargo run --example attention`.

use tensor_view::{view, Shape, Tensor, ViewError};

/// Model width, heads and head dim (the literals in the `view!` calls and the
/// `Shape!` types below spell these numbers).
const D_MODEL: usize = 32;
const HEADS: usize = 4;
const HEAD_DIM: usize = 8;

/// A static `[32, 32]` projection weight (an alias keeps signatures short).
type Weight = Tensor<f32, Shape![32, 32]>;

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

/// A static `[32, 32]` weight with values from `seed`.
fn weight(seed: u64) -> Result<Weight, ViewError> {
    Tensor::from_vec(values(D_MODEL * D_MODEL, seed), &[D_MODEL, D_MODEL])?.into_static()
}

/// `x @ w` for `x` of shape `[.., k]` (any layout) and `w` of shape `[k, n]`.
fn matmul<S>(x: &Tensor<f32>, w: &Tensor<f32, S>) -> Result<Tensor<f32>, ViewError> {
    let k = *x.shape().last().expect("x has a last dim");
    let n = w.shape()[1];
    let rows = x.numel() / k.max(1);
    let (xs, ws) = (x.contiguous()?.to_vec(), w.to_vec());
    let mut out = vec![0.0f32; rows * n];
    for r in 0..rows {
        for j in 0..n {
            out[r * n + j] = (0..k).map(|i| xs[r * k + i] * ws[i * n + j]).sum();
        }
    }
    let mut shape = x.shape().to_vec();
    *shape.last_mut().expect("non-empty") = n;
    Tensor::from_vec(out, &shape)
}

/// Softmax over the last dim of a contiguous tensor.
fn softmax_last(x: &Tensor<f32>) -> Result<Tensor<f32>, ViewError> {
    let n = *x.shape().last().expect("x has a last dim");
    let mut v = x.contiguous()?.to_vec();
    for row in v.chunks_mut(n) {
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = row
            .iter_mut()
            .map(|e| {
                *e = (*e - max).exp();
                *e
            })
            .sum();
        row.iter_mut().for_each(|e| *e /= sum);
    }
    Tensor::from_vec(v, x.shape())
}

/// Batched `a @ b` over the last two dims (`[.., m, k] @ [.., k, n]`), any layouts.
fn batched_matmul(a: &Tensor<f32>, b: &Tensor<f32>) -> Result<Tensor<f32>, ViewError> {
    let nd = a.dim();
    let (m, k, n) = (a.shape()[nd - 2], a.shape()[nd - 1], b.shape()[nd - 1]);
    let batches = a.numel() / (m * k).max(1);
    let (av, bv) = (a.contiguous()?.to_vec(), b.contiguous()?.to_vec());
    let mut out = vec![0.0f32; batches * m * n];
    for bi in 0..batches {
        for i in 0..m {
            for j in 0..n {
                out[(bi * m + i) * n + j] = (0..k)
                    .map(|p| av[(bi * m + i) * k + p] * bv[(bi * k + p) * n + j])
                    .sum();
            }
        }
    }
    let mut shape = a.shape().to_vec();
    shape[nd - 1] = n;
    Tensor::from_vec(out, &shape)
}

/// The attention weights and the layer.
struct Attention {
    wq: Weight,
    wk: Weight,
    wv: Weight,
    wo: Weight,
}

impl Attention {
    /// Multi-head self-attention of `x` (`[batch, seq, 32]`), written with views.
    fn forward(&self, x: &Tensor<f32>) -> Result<Tensor<f32>, ViewError> {
        let (batch, seq) = (x.shape()[0], x.shape()[1]);
        // [batch, seq, 32] -> [batch, seq, heads, head_dim] -> [batch, heads, seq, head_dim]
        let split = |w: &Weight| -> Result<Tensor<f32>, ViewError> {
            let projected = matmul(x, w)?;
            view!(projected, [batch, seq, 4, 8])?.transpose(1, 2)
        };
        let (q, k, v) = (split(&self.wq)?, split(&self.wk)?, split(&self.wv)?);
        // scores: q @ k^T over the last two dims; k.transpose(-2, -1) is a view
        let scale = 1.0 / (HEAD_DIM as f32).sqrt();
        let scores = batched_matmul(&q, &k.transpose(-2, -1)?)?;
        let scores = Tensor::from_vec(
            scores.to_vec().iter().map(|s| s * scale).collect(),
            scores.shape(),
        )?;
        let context = batched_matmul(&softmax_last(&scores)?, &v)?;
        // [batch, heads, seq, head_dim] -> [batch, seq, heads, head_dim] -> [batch, seq, 32]
        let merged = context.permute(&[0, 2, 1, 3])?;
        // (a permuted tensor generally cannot be flattened by `view`: PyTorch and
        // tensor-view both want `contiguous()` first, which copies)
        let merged = view!(merged.contiguous()?, [batch, seq, -1])?;
        matmul(&merged, &self.wo)
    }

    /// The same computation with plain loops over indices, no views.
    fn reference(&self, x: &[f32], batch: usize, seq: usize) -> Vec<f32> {
        let w = |t: &Weight| t.to_vec();
        let (wq, wk, wv, wo) = (w(&self.wq), w(&self.wk), w(&self.wv), w(&self.wo));
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
}

/// Runs the layer on a `[batch, seq, 32]` input and returns the largest
/// difference between the view-based output and the plain loops.
pub fn max_difference(batch: usize, seq: usize) -> Result<f32, ViewError> {
    let layer = Attention {
        wq: weight(1)?,
        wk: weight(2)?,
        wv: weight(3)?,
        wo: weight(4)?,
    };
    let data = values(batch * seq * D_MODEL, 7);
    let x = Tensor::from_vec(data.clone(), &[batch, seq, D_MODEL])?;
    let out = layer.forward(&x)?;
    assert_eq!(out.shape(), &[batch, seq, D_MODEL]);
    let expected = layer.reference(&data, batch, seq);
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
