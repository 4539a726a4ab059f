//! Multi-head self-attention written with tensor-view's views, checked
//! against a plain-loop computation of the same block.
//!
//! Batch size and sequence length are run-time values, named `B` and `T`
//! with `dims!`: the input is a `Tensor<f32, Shape![B, T, 32]>`, so every view
//! below is checked while compiling. The head split
//! `view!(projected, [B, T, 4, -1])` (`-1` is 8) and the merge
//! `view!(.., [B, T, 32])` cannot fail (no `Result`); a head count that does
//! not divide 32, or a merge that forgets the transpose back, does not
//! compile. `transpose!` is typed (`Strided<Shape![B, 4, T, 8]>`) and
//! `contiguous()` gives back a row-major typed tensor. The products and the
//! softmax are the crate's `matmul` and `softmax`, which read the strided
//! views in place (no hand-written loops); they make new tensors, whose
//! shapes are checked once at run time (`into_static`).
//!
//! Run with `cargo run --example attention`.

use tensor_view::{dims, transpose, view, Shape, Strided, Tensor, ViewError};

dims!(pub B, pub T);

/// The layer's input and output.
type Tokens = Shape![B, T, 32];
/// The heads, before and after the transpose.
type Split = Shape![B, T, 4, 8];
type Heads = Strided<Shape![B, 4, T, 8]>;
/// The attention output per head, row-major.
type HeadsOut = Shape![B, 4, T, 8];

/// Model width, heads and head dim (the literals in the `view!` calls and the
/// `Shape!` types spell these numbers).
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

/// `x @ w` for `x` of shape `[.., k]` (any layout: `matmul` reads strided
/// views in place) and `w` of shape `[k, n]`, as a new tensor of the type
/// `Out` (its shape checked once at run time).
fn matmul<Out, S, W>(x: &Tensor<f32, S>, w: &Tensor<f32, W>) -> Result<Tensor<f32, Out>, ViewError>
where
    Out: tensor_view::static_shape::TypedShape,
{
    x.clone()
        .into_dyn()
        .matmul(&w.clone().into_dyn())?
        .into_static()
}

/// `softmax(q @ k^T / sqrt(head_dim)) @ v` per batch and head, as a new
/// tensor: `k^T` is a transposed view (no copy), the softmax runs along the
/// last dim, numerically stable.
fn attention(
    q: &Tensor<f32, Heads>,
    k: &Tensor<f32, Heads>,
    v: &Tensor<f32, Heads>,
) -> Result<Tensor<f32, HeadsOut>, ViewError> {
    let (q, k, v) = (
        q.clone().into_dyn(),
        k.clone().into_dyn(),
        v.clone().into_dyn(),
    );
    let scores = q.matmul(&k.transpose(-2, -1)?)?;
    let weights = scores
        .mul_scalar(1.0 / (HEAD_DIM as f32).sqrt())
        .softmax(-1)?;
    weights.matmul(&v)?.into_static()
}

/// The attention weights and the layer.
struct Attention {
    wq: Weight,
    wk: Weight,
    wv: Weight,
    wo: Weight,
}

impl Attention {
    /// Multi-head self-attention of `x` (`[B, T, 32]`), written with views.
    fn forward(&self, x: &Tensor<f32, Tokens>) -> Result<Tensor<f32, Tokens>, ViewError> {
        // [B, T, 32] -> [B, T, 4, 8] -> [B, 4, T, 8]
        let split = |w: &Weight| -> Result<Tensor<f32, Heads>, ViewError> {
            let projected: Tensor<f32, Tokens> = matmul(x, w)?;
            let split: Tensor<f32, Split> = view!(projected, [B, T, 4, -1]);
            Ok(transpose!(split, 1, 2))
        };
        let (q, k, v) = (split(&self.wq)?, split(&self.wk)?, split(&self.wv)?);
        let context = attention(&q, &k, &v)?;
        // [B, 4, T, 8] -> [B, T, 4, 8] -> [B, T, 32]. A transposed tensor
        // generally cannot be merged by `view`: PyTorch and tensor-view both
        // want `contiguous()` first, which copies.
        let merged: Tensor<f32, Split> = transpose!(context, 1, 2).contiguous()?;
        let merged: Tensor<f32, Tokens> = view!(merged, [B, T, 32]);
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
    let x: Tensor<f32, Tokens> =
        Tensor::from_vec(data.clone(), &[batch, seq, D_MODEL])?.into_static()?;
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
