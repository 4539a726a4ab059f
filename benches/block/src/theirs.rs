//! The same block with candle (`candle-core` and `candle-nn`, CPU), written
//! as candle's own models write it: `candle_nn::LayerNorm` and `Linear`
//! (whose weight is `[out, in]`, so GPT-2's `[in, out]` `Conv1D` weights
//! are transposed once when loading), `narrow`/`reshape`/`transpose` into
//! heads, `softmax_last_dim`, candle's `gelu` (the tanh form) and an
//! additive causal mask.

use std::path::Path;

use candle_core::{DType, Device, Result, Tensor, D};
use candle_nn::ops::softmax_last_dim;
use candle_nn::{LayerNorm, Linear, Module};

use crate::weights::{EMBD, EPS, HEADS};

/// The weights of one block.
pub struct Block {
    ln_1: LayerNorm,
    c_attn: Linear,
    attn_proj: Linear,
    ln_2: LayerNorm,
    c_fc: Linear,
    mlp_proj: Linear,
}

impl Block {
    /// Loads block 0 of the `.safetensors` file at `path`.
    pub fn load(path: &Path) -> Result<Block> {
        let tensors = candle_core::safetensors::load(path, &Device::Cpu)?;
        let get = |name: String| {
            tensors
                .get(&name)
                .cloned()
                .ok_or_else(|| candle_core::Error::Msg(format!("{name} is missing")))
        };
        let norm = |name: &str| -> Result<LayerNorm> {
            let (w, b) = (
                get(format!("h.0.{name}.weight"))?,
                get(format!("h.0.{name}.bias"))?,
            );
            Ok(LayerNorm::new(w, b, EPS as f64))
        };
        let linear = |name: &str| -> Result<Linear> {
            let w = get(format!("h.0.{name}.weight"))?.t()?.contiguous()?;
            Ok(Linear::new(w, Some(get(format!("h.0.{name}.bias"))?)))
        };
        Ok(Block {
            ln_1: norm("ln_1")?,
            c_attn: linear("attn.c_attn")?,
            attn_proj: linear("attn.c_proj")?,
            ln_2: norm("ln_2")?,
            c_fc: linear("mlp.c_fc")?,
            mlp_proj: linear("mlp.c_proj")?,
        })
    }

    /// The block's output for `x` (`[B, T, 768]`), with `mask` from
    /// [`causal_mask`].
    pub fn forward(&self, x: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let h = (x + self.attention(&self.ln_1.forward(x)?, mask)?)?;
        let m = self
            .mlp_proj
            .forward(&self.c_fc.forward(&self.ln_2.forward(&h)?)?.gelu()?)?;
        h + m
    }

    /// Causal self-attention, 12 heads of 64.
    fn attention(&self, x: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let (b, t, c) = x.dims3()?;
        let head = EMBD / HEADS;
        let qkv = self.c_attn.forward(x)?;
        let heads = |i: usize| {
            qkv.narrow(D::Minus1, i * c, c)?
                .reshape((b, t, HEADS, head))?
                .transpose(1, 2)?
                .contiguous()
        };
        let (q, k, v) = (heads(0)?, heads(1)?, heads(2)?);
        let att = (q.matmul(&k.t()?)? * (1.0 / (head as f64).sqrt()))?;
        let att = softmax_last_dim(&att.broadcast_add(mask)?)?;
        let y = att.matmul(&v)?.transpose(1, 2)?.reshape((b, t, c))?;
        self.attn_proj.forward(&y)
    }
}

/// The additive causal mask of `seq` positions: `-inf` where a key comes
/// after its query.
pub fn causal_mask(seq: usize) -> Result<Tensor> {
    let cells: Vec<f32> = (0..seq * seq)
        .map(|i| {
            if i % seq > i / seq {
                f32::NEG_INFINITY
            } else {
                0.0
            }
        })
        .collect();
    Tensor::from_vec(cells, (seq, seq), &Device::Cpu)
}

/// `[batch, seq, 768]` values as a candle tensor.
pub fn tokens(values: Vec<f32>, batch: usize, seq: usize) -> Result<Tensor> {
    Tensor::from_vec(values, (batch, seq, EMBD), &Device::Cpu)
}

/// The elements of `t`, row-major.
pub fn values(t: &Tensor) -> Result<Vec<f32>> {
    t.to_dtype(DType::F32)?.flatten_all()?.to_vec1()
}
