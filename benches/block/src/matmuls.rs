//! The block's six matrix products alone, with tensor-view's API, on
//! operands of the block's shapes and layouts: the four linear layers
//! (`c_attn`, the attention's `c_proj`, `c_fc`, the MLP's `c_proj`) and the
//! two attention products (`q @ k^T` on the split, viewed, transposed
//! heads read in place; `att @ v`). Timing them apart from the block shows
//! what everything around the GEMMs costs.

use tensor_view::io::SafetensorsFile;
use tensor_view::{matmul, split, transpose, view, Shape, Strided, Tensor, ViewError};

use crate::ours::{Tokens, B, T};
use crate::weights::{Rng, EMBD, HEADS, HIDDEN};

type Heads = Strided<Shape![B, 12, T, 64]>;
type HeadsT = Strided<Shape![B, 12, 64, T]>;

/// The six products' operands.
pub struct Matmuls {
    x: Tensor<f32, Tokens>,
    hidden: Tensor<f32, Shape![B, T, 3072]>,
    q: Tensor<f32, Heads>,
    kt: Tensor<f32, HeadsT>,
    v: Tensor<f32, Heads>,
    att: Tensor<f32, Shape![B, 12, T, T]>,
    c_attn: Tensor<f32, Shape![768, 2304]>,
    attn_proj: Tensor<f32, Shape![768, 768]>,
    c_fc: Tensor<f32, Shape![768, 3072]>,
    mlp_proj: Tensor<f32, Shape![3072, 768]>,
}

impl Matmuls {
    /// Operands for `batch` sequences of `seq` tokens, the weights from
    /// `file`, the activations drawn from `seed`.
    pub fn new(
        file: &SafetensorsFile,
        batch: usize,
        seq: usize,
        seed: u64,
    ) -> Result<Matmuls, Box<dyn std::error::Error>> {
        let mut rng = Rng::new(seed);
        let mut draw = |shape: &[usize]| {
            let n = shape.iter().product();
            Tensor::from_vec(rng.values(n, 0.0, 1.0), shape)
        };
        let x = draw(&[batch, seq, EMBD])?.into_static()?;
        let hidden = draw(&[batch, seq, HIDDEN])?.into_static()?;
        let qkv: Tensor<f32, Shape![B, T, 2304]> = draw(&[batch, seq, 3 * EMBD])?.into_static()?;
        let (q, k, v) = split!(qkv: [B, T, 2304], 768, 2);
        let q = transpose!(view!(q, [B, T, 12, 64])?, 1, 2);
        let k = transpose!(view!(k, [B, T, 12, 64])?, 1, 2);
        let v = transpose!(view!(v, [B, T, 12, 64])?, 1, 2);
        let kt = transpose!(k, 2, 3);
        let att = draw(&[batch, HEADS, seq, seq])?.into_static()?;
        Ok(Matmuls {
            x,
            hidden,
            q: q.into_dyn().into_static()?,
            kt: kt.into_dyn().into_static()?,
            v: v.into_dyn().into_static()?,
            att,
            c_attn: file.get("h.0.attn.c_attn.weight")?,
            attn_proj: file.get("h.0.attn.c_proj.weight")?,
            c_fc: file.get("h.0.mlp.c_fc.weight")?,
            mlp_proj: file.get("h.0.mlp.c_proj.weight")?,
        })
    }

    /// The six products, one after another; returns the sum of one
    /// element of each (so none can be skipped).
    pub fn run(&self) -> Result<f32, ViewError> {
        let Matmuls {
            x,
            hidden,
            q,
            kt,
            v,
            att,
            ..
        } = self;
        let (w1, w2, w3, w4) = (&self.c_attn, &self.attn_proj, &self.c_fc, &self.mlp_proj);
        let a = matmul!(x: [B, T, 768], w1: [768, 2304]);
        let s = matmul!(q: [B, 12, T, 64], kt: [B, 12, 64, T])?;
        let y = matmul!(att: [B, 12, T, T], v: [B, 12, T, 64])?;
        let p = matmul!(x: [B, T, 768], w2: [768, 768]);
        let h = matmul!(x: [B, T, 768], w3: [768, 3072]);
        let o = matmul!(hidden: [B, T, 3072], w4: [3072, 768]);
        Ok(a.get(&[0, 0, 0])?
            + s.get(&[0, 0, 0, 0])?
            + y.get(&[0, 0, 0, 0])?
            + p.get(&[0, 0, 0])?
            + h.get(&[0, 0, 0])?
            + o.get(&[0, 0, 0])?)
    }

    /// Floating-point operations of the six products (2 per multiply-add).
    pub fn flops(batch: usize, seq: usize) -> f64 {
        let tokens = (batch * seq) as f64;
        let linear = tokens * (EMBD * 3 * EMBD + EMBD * EMBD + 2 * EMBD * HIDDEN) as f64;
        let attention = 2.0 * (batch * HEADS * seq * seq * (EMBD / HEADS)) as f64;
        2.0 * (linear + attention)
    }
}
