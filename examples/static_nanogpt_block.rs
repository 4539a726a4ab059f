//! nanoGPT's `CausalSelfAttention.forward` with every shape static, written
//! with typed tensors only: no `into_dyn()` or `into_static()` in the model
//! code (the setup in `main` builds the typed inputs from data).
//!
//! ```python
//! q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
//! k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)  # same for q, v
//! att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
//! att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
//! att = F.softmax(att, dim=-1)
//! y = att @ v
//! y = y.transpose(1, 2).contiguous().view(B, T, C)
//! y = self.c_proj(y)
//! ```
//!
//! What the types decide while compiling: the four matrix products
//! (`matmul!` with the operands' shapes stated: inner dims and batch dims
//! compared, the result typed, no `Result`; the transposed keys are read in
//! place), the split into three parts of 48 (`split!`), the heads view
//! `[2, 8, 4, 12]` (12 divides 48; a part of a split is not row-major, so
//! PyTorch's stride rule runs at run time, a `Result`), the transposes
//! (their strides are in the type: `Layout![..]`), the softmax's dim
//! (`softmax!`), `contiguous()` (a typed row-major copy, no `Result`) and
//! the merge view `[2, 8, 48]`. The scaling and the mask run on the dynamic
//! core and their results' types are checked once at run time
//! (`mul_scalar`, `masked_fill`).
//!
//! The output is compared with the same block written with the dynamic API.
//!
//! Run with `cargo run --example static_nanogpt_block`.

use tensor_view::{matmul, softmax, split, transpose, view, Shape, Tensor, ViewError};

/// Batch 2, sequence 8, `n_embd` 48, 4 heads of 12 (the literals below).
type Tokens = Shape![2, 8, 48];
/// `c_attn(x)`: queries, keys and values side by side.
type Qkv = Shape![2, 8, 144];
/// Attention scores and weights per head.
type Scores = Shape![2, 4, 8, 8];
/// The attention output per head.
type HeadsOut = Shape![2, 4, 8, 12];
/// The heads transposed back, made row-major.
type Merged = Shape![2, 8, 4, 12];
/// The weights of `c_attn` and `c_proj`.
type AttnWeight = Shape![48, 144];
type ProjWeight = Shape![48, 48];

/// The block's weights.
pub struct Block {
    c_attn: Tensor<f32, AttnWeight>,
    c_proj: Tensor<f32, ProjWeight>,
}

impl Block {
    /// `CausalSelfAttention.forward(x)`, typed from end to end.
    pub fn forward(
        &self,
        x: &Tensor<f32, Tokens>,
        future: &Tensor<bool>,
    ) -> Result<Tensor<f32, Tokens>, ViewError> {
        let qkv: Tensor<f32, Qkv> = matmul!(x: [2, 8, 48], self.c_attn: [48, 144]);
        let (q, k, v) = split!(qkv: [2, 8, 144], 48, 2);
        let q = transpose!(view!(q, [2, 8, 4, 12])?, 1, 2);
        let k = transpose!(view!(k, [2, 8, 4, 12])?, 1, 2);
        let v = transpose!(view!(v, [2, 8, 4, 12])?, 1, 2);
        let kt = transpose!(k, 2, 3);
        let att: Tensor<f32, Scores> = matmul!(q: [2, 4, 8, 12], kt: [2, 4, 12, 8]);
        let att = att.mul_scalar(1.0 / 12f32.sqrt())?;
        let att = softmax!(att.masked_fill(future, f32::NEG_INFINITY)?, -1);
        let y: Tensor<f32, HeadsOut> = matmul!(att: [2, 4, 8, 8], v: [2, 4, 8, 12]);
        let y: Tensor<f32, Merged> = transpose!(y, 1, 2).contiguous();
        let y: Tensor<f32, Tokens> = view!(y, [2, 8, 48]);
        Ok(matmul!(y: [2, 8, 48], self.c_proj: [48, 48]))
    }

    /// The same block with the dynamic API, as a PyTorch user first writes it.
    pub fn forward_dynamic(
        &self,
        x: &Tensor<f32>,
        future: &Tensor<bool>,
    ) -> Result<Tensor<f32>, ViewError> {
        let (c_attn, c_proj) = (
            self.c_attn.clone().into_dyn(),
            self.c_proj.clone().into_dyn(),
        );
        let qkv = x.matmul(&c_attn)?;
        let parts = qkv.split(48, 2)?;
        let heads = |t: &Tensor<f32>| t.view(&[2, 8, 4, 12])?.transpose(1, 2);
        let (q, k, v) = (heads(&parts[0])?, heads(&parts[1])?, heads(&parts[2])?);
        let att = q
            .matmul(&k.transpose(-2, -1)?)?
            .mul_scalar(1.0 / 12f32.sqrt());
        let att = att.masked_fill(future, f32::NEG_INFINITY)?.softmax(-1)?;
        let y = att
            .matmul(&v)?
            .transpose(1, 2)?
            .contiguous()?
            .view(&[2, 8, 48])?;
        y.matmul(&c_proj)
    }
}

/// Positions after each query (`bias[:, :, :T, :T] == 0` in nanoGPT).
pub fn causal_mask(seq: usize) -> Result<Tensor<bool>, ViewError> {
    let positions = Tensor::<i64>::arange(seq);
    let (queries, keys) = (positions.view(&[seq, 1])?, positions.view(&[1, seq])?);
    keys.zip_map(&queries, |key, query| key > query)
}

// Each example is its own crate; tests/model_examples.rs includes several.
#[allow(clippy::duplicate_mod)]
#[path = "common/values.rs"]
mod common_values;
use common_values::values;

/// Builds the block and an input from seeded values, runs both forms, and
/// returns the largest difference between them.
pub fn max_difference() -> Result<f32, ViewError> {
    let block = Block {
        c_attn: Tensor::from_vec(values(48 * 144, 1), &[48, 144])?.into_static()?,
        c_proj: Tensor::from_vec(values(48 * 48, 2), &[48, 48])?.into_static()?,
    };
    let data = Tensor::from_vec(values(2 * 8 * 48, 3), &[2, 8, 48])?;
    let x: Tensor<f32, Tokens> = data.clone().into_static()?;
    let future = causal_mask(8)?;
    let typed = block.forward(&x, &future)?;
    let dynamic = block.forward_dynamic(&data, &future)?;
    assert_eq!(typed.shape(), dynamic.shape());
    Ok(typed
        .to_vec()
        .iter()
        .zip(dynamic.to_vec())
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f32::max))
}

#[allow(dead_code)] // `tests/model_examples.rs` includes this file for its functions only
fn main() -> Result<(), ViewError> {
    let diff = max_difference()?;
    println!("static block [2, 8, 48]: max |typed - dynamic| = {diff:.2e}");
    assert!(
        diff < 1e-5,
        "the typed block differs from the dynamic one by {diff}"
    );
    println!("ok");
    Ok(())
}
