//! nanoGPT's `CausalSelfAttention.forward` up to `c_proj`, with batch `B`
//! and sequence length `T` known only at run time, typed in the tuple form:
//!
//! ```python
//! q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
//! k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)
//! ...                                                              # same for q, v
//! att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
//! att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
//! y = F.softmax(att, dim=-1) @ v                                   # (B, nh, T, hs)
//! y = y.transpose(1, 2).contiguous().view(B, T, C)
//! ```
//!
//! What is checked when:
//!
//! - `c_attn` is nanoGPT's `nn.Linear(768, 2304)`. Its weight `[2304, 768]`
//!   is cut at load time into its query, key and value rows: three typed
//!   `Linear<f32, 768, 768>`, so `self.c_attn(x).split(n_embd, dim=2)` is
//!   three `forward`s, each `(B, T, D<768>)`, with no `Result`.
//! - `view_to::<(B, T, D<12>, Infer)>()`: while compiling, that 12 divides
//!   768 (`Infer` is 64) and that the view keeps `B` and `T` in place; with
//!   `D<10>` it does not compile. The input is row-major: no `Result`.
//! - `transpose!(.., 1, 2)` and `k.mT()` are views, their dims checked while
//!   compiling. `q.matmul(&k.mT())?` compares the inner dims while
//!   compiling; its `Result` is the one check left to run time (two tensors
//!   typed with `B` and `T` may hold different sizes for them).
//! - the causal mask is `typed::causal_mask::<T>(seq)`, `(T, T)`: nanoGPT's
//!   `self.bias[:, :, :T, :T] == 0`; `fill_masked` checks its broadcast with
//!   the scores `(B, 12, T, T)` while compiling.
//! - `transpose!(y, 1, 2).contiguous()` is a row-major `(B, T, D<12>,
//!   D<64>)` (a copy, as in PyTorch), and `view_to::<(B, T, D<768>)>()` of
//!   it is infallible. Without `contiguous()` the view of the transposed
//!   heads does not compile: the transpose's strides are in its type
//!   (`Permuted`), and the compiler prints PyTorch's stride message; with
//!   the strides left to run time (`AnyStrides`) it is PyTorch's error at
//!   run time ([`view_without_contiguous`]). Merging the heads without the
//!   transpose back does not compile either.
//!
//! The output is checked against plain loops over `x` and `c_attn`'s weights.
//!
//! Run with `cargo run --example nanogpt_attention -- 2 5` (batch, sequence length).

use tensor_view::typed::layers::Linear;
use tensor_view::typed::{causal_mask, AnyStrides, Infer};
use tensor_view::{dims, transpose, Tensor, ViewError, D};

dims!(pub B, pub T);

/// `n_embd`, `n_head` and the head size of GPT-2 small (the types spell them).
const N_EMBD: usize = 768;
const N_HEAD: usize = 12;
const HEAD_SIZE: usize = N_EMBD / N_HEAD;

/// The layer's input and output.
type Tokens = (B, T, D<768>);
/// The attention output per head.
pub type HeadsOut = (B, D<12>, T, D<64>);
/// A third of `c_attn`: the query, key or value projection.
type Third = Linear<f32, 768, 768>;

/// `CausalSelfAttention` up to `c_proj`.
pub struct CausalSelfAttention {
    q: Third,
    k: Third,
    v: Third,
}

impl CausalSelfAttention {
    /// `c_attn` of `weight` `[2304, 768]` and `bias` `[2304]` (`nn.Linear`'s
    /// layout), cut into its query, key and value rows, each checked.
    pub fn load(weight: &Tensor<f32>, bias: &Tensor<f32>) -> Result<Self, ViewError> {
        let third = |i: usize| -> Result<Third, ViewError> {
            let rows = |t: &Tensor<f32>| t.narrow(0, i * N_EMBD, N_EMBD);
            Linear::from_dyn(rows(weight)?, Some(rows(bias)?))
        };
        Ok(CausalSelfAttention {
            q: third(0)?,
            k: third(1)?,
            v: third(2)?,
        })
    }

    /// `softmax(q @ k^T / sqrt(hs), masked causally) @ v`, heads merged.
    pub fn forward(&self, x: &Tensor<f32, Tokens>) -> Result<Tensor<f32, Tokens>, ViewError> {
        let heads = |c: &Third| transpose!(c.forward(x).view_to::<(B, T, D<12>, Infer)>(), 1, 2);
        let (q, k, v) = (heads(&self.q), heads(&self.k), heads(&self.v));
        let att = &q.matmul(&k.mT())? * (1.0 / (HEAD_SIZE as f32).sqrt());
        let future = causal_mask::<T>(x.shape()[1]);
        let att = att.fill_masked(&future, f32::NEG_INFINITY)?;
        let y = att.softmax_along::<-1>().matmul(&v)?;
        Ok(transpose!(y, 1, 2).contiguous().view_to::<Tokens>())
    }
}

/// The mistake of viewing the transposed heads without `contiguous()`,
/// with the strides left to run time: PyTorch's run-time error (for `T`
/// above 1), returned as a `ViewError`. With the transpose's own type,
/// `transpose!(y, 1, 2).view_to::<Tokens>()` does not compile.
pub fn view_without_contiguous(
    y: &Tensor<f32, HeadsOut>,
) -> Result<Tensor<f32, AnyStrides<Tokens>>, ViewError> {
    let heads: Tensor<f32, AnyStrides<(B, T, D<12>, D<64>)>> =
        transpose!(y, 1, 2).into_dyn().into_static()?;
    heads.view_to::<Tokens>()
}

// Each example is its own crate; tests/model_examples.rs includes several.
#[allow(clippy::duplicate_mod)]
#[path = "common/values.rs"]
mod common_values;
use common_values::values;

/// `c_attn(x)` with plain loops: `qkv[r][o] = sum_i x[r][i] w[o][i] + b[o]`
/// for every row `r` of `x` (`[.., 768]`), `w` `[2304, 768]`.
fn c_attn(x: &[f32], w: &[f32], b: &[f32]) -> Vec<f32> {
    x.chunks(N_EMBD)
        .flat_map(|row| {
            (0..3 * N_EMBD).map(move |o| {
                let weights = &w[o * N_EMBD..(o + 1) * N_EMBD];
                row.iter().zip(weights).map(|(a, c)| a * c).sum::<f32>() + b[o]
            })
        })
        .collect()
}

/// The same attention with plain loops over `qkv[b][t][..]`: head `h` of q
/// is `qkv[b][t][h * 64 + d]`, of k `qkv[b][t][768 + ..]`, of v `qkv[b][t][1536 + ..]`.
fn reference(qkv: &[f32], batch: usize, seq: usize) -> Vec<f32> {
    let at = |b: usize, t: usize, part: usize, h: usize, d: usize| {
        qkv[(b * seq + t) * 3 * N_EMBD + part * N_EMBD + h * HEAD_SIZE + d]
    };
    let mut out = vec![0.0f32; batch * seq * N_EMBD];
    for b in 0..batch {
        for h in 0..N_HEAD {
            for t in 0..seq {
                let scores: Vec<f32> = (0..=t)
                    .map(|s| {
                        (0..HEAD_SIZE)
                            .map(|d| at(b, t, 0, h, d) * at(b, s, 1, h, d))
                            .sum::<f32>()
                            / (HEAD_SIZE as f32).sqrt()
                    })
                    .collect();
                let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let exps: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
                let total: f32 = exps.iter().sum();
                for d in 0..HEAD_SIZE {
                    out[(b * seq + t) * N_EMBD + h * HEAD_SIZE + d] =
                        (0..=t).map(|s| exps[s] / total * at(b, s, 2, h, d)).sum();
                }
            }
        }
    }
    out
}

/// Runs the attention for a run-time batch and sequence length and returns
/// the largest difference from the plain loops.
pub fn max_difference(batch: usize, seq: usize) -> Result<f32, ViewError> {
    let scaled = |n: usize, seed: u64, scale: f32| -> Vec<f32> {
        values(n, seed).into_iter().map(|v| v * scale).collect()
    };
    let (w, b) = (
        scaled(3 * N_EMBD * N_EMBD, 12, 0.05),
        scaled(3 * N_EMBD, 13, 0.02),
    );
    let layer = CausalSelfAttention::load(
        &Tensor::from_vec(w.clone(), &[3 * N_EMBD, N_EMBD])?,
        &Tensor::from_vec(b.clone(), &[3 * N_EMBD])?,
    )?;
    let data = values(batch * seq * N_EMBD, 11);
    let x: Tensor<f32, Tokens> =
        Tensor::from_vec(data.clone(), &[batch, seq, N_EMBD])?.into_static()?;
    let y = layer.forward(&x)?;
    assert_eq!(
        (y.shape(), y.stride()),
        (
            &[batch, seq, N_EMBD][..],
            &[(seq * N_EMBD) as isize, N_EMBD as isize, 1][..]
        )
    );
    let expected = reference(&c_attn(&data, &w, &b), batch, seq);
    Ok(y.to_vec()
        .iter()
        .zip(&expected)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f32::max))
}

/// The message of the view without `contiguous()` for a run-time batch and
/// sequence length (`None` when PyTorch accepts it: `T` = 1).
pub fn missing_contiguous_error(batch: usize, seq: usize) -> Result<Option<String>, ViewError> {
    let y: Tensor<f32, HeadsOut> =
        Tensor::<f32>::zeros(&[batch, N_HEAD, seq, HEAD_SIZE])?.into_static()?;
    Ok(view_without_contiguous(&y).err().map(|e| e.to_string()))
}

#[allow(dead_code)] // `tests/model_examples.rs` includes this file for its functions only
fn main() -> Result<(), ViewError> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (batch, seq) = (
        args.first().copied().unwrap_or(2),
        args.get(1).copied().unwrap_or(5),
    );
    let diff = max_difference(batch, seq)?;
    println!("nanoGPT attention: x [{batch}, {seq}, 768] -> q, k, v [{batch}, 12, {seq}, 64] -> y [{batch}, {seq}, 768]");
    println!("max |views - loops| = {diff:.2e}");
    assert!(
        diff < 1e-4,
        "the attention differs from the loops by {diff}"
    );
    if let Some(message) = missing_contiguous_error(batch, seq)? {
        println!("without contiguous(): {message}");
    }
    println!("ok");
    Ok(())
}
