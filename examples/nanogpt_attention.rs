//! The view logic of nanoGPT's `CausalSelfAttention.forward`, with batch `B`
//! and sequence length `T` known only at run time:
//!
//! ```python
//! q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
//! k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)
//! ...                                                              # same for q, v
//! y = att @ v                                                      # (B, nh, T, hs)
//! y = y.transpose(1, 2).contiguous().view(B, T, C)
//! ```
//!
//! What is checked when:
//!
//! - `split` is the dynamic op (`split` of a typed tensor is not typed yet);
//!   each part is converted back with `into_static::<Strided<Shape![B, T, 768]>>()`,
//!   which checks its shape once at run time.
//! - `view!(k, [B, T, {N_HEAD}, -1])`: while compiling, that `N_HEAD` (12)
//!   divides `N_EMBD` (768; `-1` is 64) and that the view keeps `B` and `T`
//!   in place; with `N_HEAD = 10` it does not compile. A part of a split is
//!   not row-major, so PyTorch's stride rule runs at run time (`Result`); it
//!   passes, as in PyTorch.
//! - `transpose!(.., 1, 2)`: typed `Strided<Shape![B, 12, T, 64]>`, dims in
//!   range checked while compiling, no `Result`.
//! - the causal mask is nanoGPT's `self.bias[:, :, :T, :T]`: a static
//!   `[1, 1, 1024, 1024]` buffer narrowed twice with the run-time sequence
//!   length, `narrow!(bias: [..], 2, 0, T = seq)` then `narrow!(.., 3, 0, T)`,
//!   typed `Strided<Shape![1, 1, T, T]>`; a sequence longer than the buffer
//!   is PyTorch's run-time error (`start (0) + length (1025) exceeds
//!   dimension size (1024).`).
//! - `transpose!(y, 1, 2).contiguous()` is `Shape![B, T, 12, 64]` (a copy, as
//!   in PyTorch), and `view!(.., [B, T, 768])` of it is infallible. Without
//!   `contiguous()` the view returns PyTorch's error at run time
//!   ([`view_without_contiguous`]); merging the heads without the transpose
//!   back (`view!(y, [B, T, 768])` on `[B, 12, T, 64]`) does not compile.
//!
//! The output is checked against plain loops over `qkv[b][t][..]`.
//!
//! Run with `cargo run --example nanogpt_attention -- 2 5` (batch, sequence length).

use tensor_view::{dims, narrow, transpose, view, Shape, Strided, Tensor, ViewError};

dims!(pub B, pub T);

/// `n_embd` and `n_head` of GPT-2 small; in braces they are static dims
/// (`Shape![B, T, {N_EMBD}]` is `Shape![B, T, 768]`).
const N_EMBD: usize = 768;
const N_HEAD: usize = 12;
const HEAD_SIZE: usize = N_EMBD / N_HEAD;

/// `c_attn(x)`: queries, keys and values side by side.
type Qkv = Shape![B, T, { 3 * N_EMBD }];
/// One of q, k, v after the split (a strided part of `Qkv`).
type Part = Strided<Shape![B, T, { N_EMBD }]>;
/// Heads before the transpose.
type Split = Strided<Shape![B, T, { N_HEAD }, { HEAD_SIZE }]>;
/// Heads after the transpose.
type Heads = Strided<Shape![B, { N_HEAD }, T, { HEAD_SIZE }]>;
/// Heads transposed back and made contiguous.
type Merged = Shape![B, T, { N_HEAD }, { HEAD_SIZE }];
/// The attention output per head, row-major.
type HeadsOut = Shape![B, { N_HEAD }, T, { HEAD_SIZE }];
/// The layer's output.
type Out = Shape![B, T, { N_EMBD }];
/// `block_size`: the longest sequence the causal mask covers.
const BLOCK_SIZE: usize = 1024;
/// nanoGPT's `bias` buffer as `bias == 0`: true where key position `s`
/// comes after query position `t`.
type Bias = Shape![1, 1, { BLOCK_SIZE }, { BLOCK_SIZE }];
/// The mask of a sequence of length `T`.
type Mask = Strided<Shape![1, 1, T, T]>;

/// `torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size) == 0`.
pub fn causal_bias() -> Result<Tensor<bool, Bias>, ViewError> {
    let positions = Tensor::<i64>::arange(BLOCK_SIZE);
    let queries = positions.view(&[BLOCK_SIZE, 1])?;
    let keys = positions.view(&[1, BLOCK_SIZE])?;
    let future = keys.zip_map(&queries, |s, t| s > t)?;
    future.view(&[1, 1, BLOCK_SIZE, BLOCK_SIZE])?.into_static()
}

/// `self.bias[:, :, :T, :T] == 0` for a sequence of `seq` positions.
pub fn future_positions(
    bias: &Tensor<bool, Bias>,
    seq: usize,
) -> Result<Tensor<bool, Mask>, ViewError> {
    let rows = narrow!(bias: [1, 1, 1024, 1024], 2, 0, T = seq)?;
    narrow!(rows: [1, 1, T, 1024], 3, 0, T)
}

/// `qkv.split(n_embd, dim=2)`.
fn split_qkv(qkv: &Tensor<f32, Qkv>) -> Result<[Tensor<f32, Part>; 3], ViewError> {
    let parts = qkv.clone().into_dyn().split(N_EMBD as isize, 2)?;
    let [q, k, v]: [Tensor<f32>; 3] = parts.try_into().expect("2304 / 768 is 3 parts");
    Ok([q.into_static()?, k.into_static()?, v.into_static()?])
}

/// `x.view(B, T, n_head, -1).transpose(1, 2)`.
fn heads(x: &Tensor<f32, Part>) -> Result<Tensor<f32, Heads>, ViewError> {
    let split: Tensor<f32, Split> = view!(x, [B, T, { N_HEAD }, -1])?;
    Ok(transpose!(split, 1, 2))
}

/// `softmax(q @ k^T / sqrt(hs), masked causally) @ v`, per batch and head,
/// as nanoGPT writes it: `k^T` is a transposed view, the mask is
/// `masked_fill` of the positions after each query with `-inf`, the softmax
/// runs along the last dim. The result is a new tensor, so its shape is
/// checked once at run time.
fn causal_attention(
    q: &Tensor<f32, Heads>,
    k: &Tensor<f32, Heads>,
    v: &Tensor<f32, Heads>,
    bias: &Tensor<bool, Bias>,
) -> Result<Tensor<f32, HeadsOut>, ViewError> {
    let future = future_positions(bias, q.shape()[2])?.into_dyn();
    let (q, k, v) = (
        q.clone().into_dyn(),
        k.clone().into_dyn(),
        v.clone().into_dyn(),
    );
    let att = q
        .matmul(&k.transpose(-2, -1)?)?
        .mul_scalar(1.0 / (HEAD_SIZE as f32).sqrt());
    let att = att.masked_fill(&future, f32::NEG_INFINITY)?.softmax(-1)?;
    att.matmul(&v)?.into_static()
}

/// The attention of `CausalSelfAttention.forward` after `c_attn`, before `c_proj`.
pub fn attend(
    qkv: &Tensor<f32, Qkv>,
    bias: &Tensor<bool, Bias>,
) -> Result<Tensor<f32, Out>, ViewError> {
    let [q, k, v] = split_qkv(qkv)?;
    let (q, k, v) = (heads(&q)?, heads(&k)?, heads(&v)?);
    let y = causal_attention(&q, &k, &v, bias)?;
    let y: Tensor<f32, Merged> = transpose!(y, 1, 2).contiguous()?;
    Ok(view!(y, [B, T, { N_EMBD }]))
}

/// The mistake of viewing the transposed heads without `contiguous()`:
/// PyTorch's run-time error (for `T` above 1), returned as a `ViewError`.
pub fn view_without_contiguous(
    y: &Tensor<f32, HeadsOut>,
) -> Result<Tensor<f32, Strided<Out>>, ViewError> {
    view!(transpose!(y, 1, 2), [B, T, { N_EMBD }])
}

// Each example is its own crate; tests/model_examples.rs includes several.
#[allow(clippy::duplicate_mod)]
#[path = "common/values.rs"]
mod common_values;
use common_values::values;

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
    let data = values(batch * seq * 3 * N_EMBD, 11);
    let qkv: Tensor<f32, Qkv> =
        Tensor::from_vec(data.clone(), &[batch, seq, 3 * N_EMBD])?.into_static()?;
    let y = attend(&qkv, &causal_bias()?)?;
    assert_eq!(
        (y.shape(), y.stride()),
        (
            &[batch, seq, N_EMBD][..],
            &[(seq * N_EMBD) as isize, N_EMBD as isize, 1][..]
        )
    );
    let expected = reference(&data, batch, seq);
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
    println!("nanoGPT attention: qkv [{batch}, {seq}, 2304] -> q, k, v [{batch}, 12, {seq}, 64] -> y [{batch}, {seq}, 768]");
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
