//! nanoGPT's `CausalSelfAttention.forward` with every shape static, typed
//! in the tuple form: no `into_dyn()`, `into_static()` or `Result` in the
//! model code (the setup builds the typed layers and inputs from data).
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
//! What the types decide while compiling: the projections (`Linear` layers;
//! `c_attn`'s `[48, 144]` weight is cut into its query, key and value
//! columns at load time), the heads view `(D<2>, D<8>, D<4>, D<12>)` (12
//! divides 48), the transposes and `k.mT()` (views), the two matrix
//! products (inner and batch dims compared, the result typed), the mask's
//! broadcast with the scores (`fill_masked`), the softmax's dim
//! (`softmax_along::<-1>()`), `contiguous()` (a row-major copy) and the
//! merge view `(D<2>, D<8>, D<48>)`. Every dim is static, so nothing is
//! left to check at run time: the forward pass returns the tensor itself.
//!
//! The output is compared with the same block written with the dynamic API.
//!
//! Run with `cargo run --example static_nanogpt_block`.

use tensor_view::typed::layers::Linear;
use tensor_view::{transpose, Tensor, ViewError, D};

/// Batch 2, sequence 8, `n_embd` 48.
type Tokens = (D<2>, D<8>, D<48>);
/// 4 heads of 12, before the transpose.
type Heads = (D<2>, D<8>, D<4>, D<12>);
/// True where a key position comes after the query's.
type Mask = Tensor<bool, (D<8>, D<8>)>;
/// A `[48, 48]` projection: a third of `c_attn`, or `c_proj`.
type Projection = Linear<f32, 48, 48>;

/// The block's layers.
pub struct Block {
    qkv: [Projection; 3],
    c_proj: Projection,
}

impl Block {
    /// The layers of `c_attn` (`[48, 144]`, `x @ c_attn`) and `c_proj`
    /// (`[48, 48]`), each checked as it loads.
    pub fn load(c_attn: &Tensor<f32>, c_proj: &Tensor<f32>) -> Result<Block, ViewError> {
        let third = |i: usize| Linear::from_dyn_conv1d(c_attn.narrow(1, i * 48, 48)?, None);
        Ok(Block {
            qkv: [third(0)?, third(1)?, third(2)?],
            c_proj: Linear::from_dyn_conv1d(c_proj.clone(), None)?,
        })
    }

    /// `CausalSelfAttention.forward(x)`, typed from end to end.
    pub fn forward(&self, x: &Tensor<f32, Tokens>, future: &Mask) -> Tensor<f32, Tokens> {
        let [q, k, v] = self
            .qkv
            .each_ref()
            .map(|c| transpose!(c.forward(x).view_to::<Heads>(), 1, 2));
        let att = &q.matmul(&k.mT()) * (1.0 / 12f32.sqrt());
        let att = att.fill_masked(future, f32::NEG_INFINITY);
        let y = att.softmax_along::<-1>().matmul(&v);
        self.c_proj
            .forward(&transpose!(y, 1, 2).contiguous().view_to::<Tokens>())
    }
}

/// The same block with the dynamic API, as a PyTorch user first writes it.
pub fn forward_dynamic(
    c_attn: &Tensor<f32>,
    c_proj: &Tensor<f32>,
    x: &Tensor<f32>,
    future: &Tensor<bool>,
) -> Result<Tensor<f32>, ViewError> {
    let qkv = x.matmul(c_attn)?;
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
    y.matmul(c_proj)
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
    let c_attn = Tensor::from_vec(values(48 * 144, 1), &[48, 144])?;
    let c_proj = Tensor::from_vec(values(48 * 48, 2), &[48, 48])?;
    let block = Block::load(&c_attn, &c_proj)?;
    let data = Tensor::from_vec(values(2 * 8 * 48, 3), &[2, 8, 48])?;
    let x: Tensor<f32, Tokens> = data.clone().into_static()?;
    let future = causal_mask(8)?;
    let typed = block.forward(&x, &future.clone().into_static()?);
    let dynamic = forward_dynamic(&c_attn, &c_proj, &data, &future)?;
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
