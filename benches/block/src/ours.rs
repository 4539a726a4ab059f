//! The block with tensor-view's public API: typed tensors (`Shape![B, T,
//! 768]`, shapes checked while compiling by `matmul!`, `add!`, `split!`,
//! `view!`, ...) wherever the typed API has the op, the dynamic
//! `Tensor<f32>` where it does not (the element-wise maps of LayerNorm's
//! `1 / sqrt(var + eps)` and of the tanh GELU).
//!
//! ```python
//! h = x + attn(ln_1(x))
//! y = h + mlp(ln_2(h))      # mlp: c_proj(gelu_tanh(c_fc(.)))
//! ```
//!
//! What the public API lacks, written here from its ops: LayerNorm (mean,
//! centre, mean of squares, scale, shift: six passes), GELU's tanh form
//! (`gelu` is the erf form), a linear layer with a bias (`matmul!` then
//! `add!`), and an additive causal mask of `-inf`.

use tensor_view::io::SafetensorsFile;
use tensor_view::{
    add, dims, matmul, mean, mul, softmax, split, sub, transpose, view, Shape, Tensor, ViewError,
};

use crate::weights::EPS;

dims!(pub B, pub T);

/// The block's input and output.
pub type Tokens = Shape![B, T, 768];
type Column = Shape![B, T, 1];
type Qkv = Shape![B, T, 2304];
type Hidden = Shape![B, T, 3072];
type Scores = Shape![B, 12, T, T];
type HeadsOut = Shape![B, 12, T, 64];
type Merged = Shape![B, T, 12, 64];
/// The causal mask: 0 on and below the diagonal, `-inf` above.
pub type Mask = Shape![T, T];
type Vector = Shape![768];

/// The weights of one block, typed as the checkpoint stores them.
pub struct Block {
    ln_1: (Tensor<f32, Vector>, Tensor<f32, Vector>),
    c_attn: (Tensor<f32, Shape![768, 2304]>, Tensor<f32, Shape![2304]>),
    attn_proj: (Tensor<f32, Shape![768, 768]>, Tensor<f32, Vector>),
    ln_2: (Tensor<f32, Vector>, Tensor<f32, Vector>),
    c_fc: (Tensor<f32, Shape![768, 3072]>, Tensor<f32, Shape![3072]>),
    mlp_proj: (Tensor<f32, Shape![3072, 768]>, Tensor<f32, Vector>),
}

impl Block {
    /// Loads block 0 of `file`; each shape is checked as it loads.
    pub fn load(file: &SafetensorsFile) -> Result<Block, Box<dyn std::error::Error>> {
        let w = |name: &str| format!("h.0.{name}.weight");
        let b = |name: &str| format!("h.0.{name}.bias");
        Ok(Block {
            ln_1: (file.get(&w("ln_1"))?, file.get(&b("ln_1"))?),
            c_attn: (file.get(&w("attn.c_attn"))?, file.get(&b("attn.c_attn"))?),
            attn_proj: (file.get(&w("attn.c_proj"))?, file.get(&b("attn.c_proj"))?),
            ln_2: (file.get(&w("ln_2"))?, file.get(&b("ln_2"))?),
            c_fc: (file.get(&w("mlp.c_fc"))?, file.get(&b("mlp.c_fc"))?),
            mlp_proj: (file.get(&w("mlp.c_proj"))?, file.get(&b("mlp.c_proj"))?),
        })
    }

    /// The block's output for `x`, with `mask` from [`causal_mask`].
    pub fn forward(
        &self,
        x: &Tensor<f32, Tokens>,
        mask: &Tensor<f32, Mask>,
    ) -> Result<Tensor<f32, Tokens>, ViewError> {
        let a = self.attention(&layer_norm(x, &self.ln_1)?, mask)?;
        let h: Tensor<f32, Tokens> = add!(x: [B, T, 768], a: [B, T, 768])?;
        let m = self.mlp(&layer_norm(&h, &self.ln_2)?)?;
        add!(h: [B, T, 768], m: [B, T, 768])
    }

    /// Causal self-attention, 12 heads of 64.
    fn attention(
        &self,
        x: &Tensor<f32, Tokens>,
        mask: &Tensor<f32, Mask>,
    ) -> Result<Tensor<f32, Tokens>, ViewError> {
        let (w, b) = &self.c_attn;
        let qkv: Tensor<f32, Qkv> = matmul!(x: [B, T, 768], w: [768, 2304]);
        let qkv: Tensor<f32, Qkv> = add!(qkv: [B, T, 2304], b: [2304]);
        let (q, k, v) = split!(qkv: [B, T, 2304], 768, 2);
        let q = transpose!(view!(q, [B, T, 12, 64])?, 1, 2);
        let k = transpose!(view!(k, [B, T, 12, 64])?, 1, 2);
        let v = transpose!(view!(v, [B, T, 12, 64])?, 1, 2);
        let kt = transpose!(k, 2, 3);
        let att: Tensor<f32, Scores> = matmul!(q: [B, 12, T, 64], kt: [B, 12, 64, T])?;
        let att = att.mul_scalar(0.125)?; // 1 / sqrt(64)
        let att: Tensor<f32, Scores> = add!(att: [B, 12, T, T], mask: [T, T])?;
        let att: Tensor<f32, Scores> = softmax!(att, -1);
        let y: Tensor<f32, HeadsOut> = matmul!(att: [B, 12, T, T], v: [B, 12, T, 64])?;
        let y: Tensor<f32, Merged> = transpose!(y, 1, 2).contiguous()?;
        let y: Tensor<f32, Tokens> = view!(y, [B, T, 768]);
        let (w, b) = &self.attn_proj;
        let y: Tensor<f32, Tokens> = matmul!(y: [B, T, 768], w: [768, 768]);
        Ok(add!(y: [B, T, 768], b: [768]))
    }

    /// `c_proj(gelu_tanh(c_fc(x)))`.
    fn mlp(&self, x: &Tensor<f32, Tokens>) -> Result<Tensor<f32, Tokens>, ViewError> {
        let (w, b) = &self.c_fc;
        let h: Tensor<f32, Hidden> = matmul!(x: [B, T, 768], w: [768, 3072]);
        let h: Tensor<f32, Hidden> = add!(h: [B, T, 3072], b: [3072]);
        let h: Tensor<f32, Hidden> = gelu_tanh(&h.into_dyn())?.into_static()?;
        let (w, b) = &self.mlp_proj;
        let y: Tensor<f32, Tokens> = matmul!(h: [B, T, 3072], w: [3072, 768]);
        Ok(add!(y: [B, T, 768], b: [768]))
    }
}

/// `torch.nn.LayerNorm(768)` with GPT-2's epsilon: the mean and the biased
/// variance over the last dim, then the gain and the bias.
fn layer_norm(
    x: &Tensor<f32, Tokens>,
    (gain, bias): &(Tensor<f32, Vector>, Tensor<f32, Vector>),
) -> Result<Tensor<f32, Tokens>, ViewError> {
    let mean: Tensor<f32, Column> = mean!(x: [B, T, 768], -1, keepdim = true);
    let centred: Tensor<f32, Tokens> = sub!(x: [B, T, 768], mean: [B, T, 1])?;
    let squares: Tensor<f32, Tokens> = mul!(centred: [B, T, 768], centred: [B, T, 768])?;
    let var: Tensor<f32, Column> = mean!(squares: [B, T, 768], -1, keepdim = true);
    let scale: Tensor<f32, Column> = var
        .into_dyn()
        .map(|v| 1.0 / (v + EPS).sqrt())
        .into_static()?;
    let y: Tensor<f32, Tokens> = mul!(centred: [B, T, 768], scale: [B, T, 1])?;
    let y: Tensor<f32, Tokens> = mul!(y: [B, T, 768], gain: [768]);
    Ok(add!(y: [B, T, 768], bias: [768]))
}

/// GELU's tanh form (`F.gelu(x, approximate='tanh')`, GPT-2's `gelu_new`):
/// `x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3)))`, with the
/// library's `tanh`.
fn gelu_tanh(x: &Tensor<f32>) -> Result<Tensor<f32>, ViewError> {
    const SQRT_2_OVER_PI: f32 = 0.797_884_6;
    let inner = x.map(|v| SQRT_2_OVER_PI * (v + 0.044_715 * v * v * v));
    x.zip_map(&inner.tanh(), |v, t| 0.5 * v * (1.0 + t))
}

/// The additive causal mask of `seq` positions: `-inf` where a key comes
/// after its query.
pub fn causal_mask(seq: usize) -> Result<Tensor<f32, Mask>, ViewError> {
    let cells = (0..seq * seq)
        .map(|i| {
            if i % seq > i / seq {
                f32::NEG_INFINITY
            } else {
                0.0
            }
        })
        .collect();
    Tensor::from_vec(cells, &[seq, seq])?.into_static()
}

/// `[batch, seq, 768]` values as the block's typed input.
pub fn tokens(
    values: Vec<f32>,
    batch: usize,
    seq: usize,
) -> Result<Tensor<f32, Tokens>, ViewError> {
    Tensor::from_vec(values, &[batch, seq, 768])?.into_static()
}
