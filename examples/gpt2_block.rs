//! GPT-2 small's transformer block, typed end to end in the readable tuple
//! form: each shape is written once, in a signature or a layer's sizes, and
//! every op's result type is computed while compiling.
//!
//! ```python
//! h = x + attn(ln_1(x))      # causal self-attention, 12 heads of 64
//! y = h + mlp(ln_2(h))       # mlp: c_proj(gelu_tanh(c_fc(.)))
//! ```
//!
//! The weights are written to a `.safetensors` file in GPT-2's own names and
//! its Conv1D layout (`[in, out]`), loaded into the crate's typed layers, and
//! the block's output is checked against the same block written with the
//! dynamic `Tensor<f32>` API. The model code (the forward pass and its
//! helpers) is between the `model code` markers: 29 non-blank, non-comment
//! lines (the causal mask is the crate's `typed::causal_mask`); the same
//! block written with candle 0.11 in `benches/block/src/theirs.rs` counts
//! 45, its mask included (imports and weight loading left out of both;
//! `tests/model_lines.rs` keeps the count).
//!
//! Run with `cargo run --example gpt2_block`.

#[path = "common/values.rs"]
mod values;

use tensor_view::io::{SafetensorsFile, SafetensorsWriter};
use tensor_view::typed::causal_mask;
use tensor_view::typed::layers::{LayerNorm, Linear};
use tensor_view::{dims, transpose, Tensor, ViewError, D};

dims!(pub B, pub T);

// model code
type Tokens = (B, T, D<768>);
type Heads = (B, T, D<12>, D<64>);
type Mask = Tensor<bool, (T, T)>;
type Out = Result<Tensor<f32, Tokens>, ViewError>;

struct Block {
    ln_1: LayerNorm<f32, 768>,
    qkv: [Linear<f32, 768, 768>; 3],
    attn_proj: Linear<f32, 768, 768>,
    ln_2: LayerNorm<f32, 768>,
    c_fc: Linear<f32, 768, 3072>,
    mlp_proj: Linear<f32, 3072, 768>,
}

impl Block {
    fn forward(&self, x: &Tensor<f32, Tokens>, mask: &Mask) -> Out {
        let h = (x + self.attention(&self.ln_1.forward(x), mask)?)?;
        let m = self.c_fc.forward(&self.ln_2.forward(&h)).gelu_tanh();
        h + self.mlp_proj.forward(&m)
    }

    fn attention(&self, x: &Tensor<f32, Tokens>, mask: &Mask) -> Out {
        let [q, k, v] = self
            .qkv
            .each_ref()
            .map(|l| transpose!(l.forward(x).view_to::<Heads>(), 1, 2));
        let att = (&q.matmul(&k.mT())? * 0.125).fill_masked(mask, f32::NEG_INFINITY)?;
        let y = att.softmax_along::<-1>().matmul(&v)?;
        let y = transpose!(y, 1, 2).contiguous().view_to::<Tokens>();
        Ok(self.attn_proj.forward(&y))
    }
}
// end of model code

/// Writes block 0 of a GPT-2 small checkpoint (GPT-2's names, Conv1D
/// layout) with deterministic values, and returns the file's bytes.
fn checkpoint() -> Loaded<Vec<u8>> {
    let mut writer = SafetensorsWriter::new();
    let mut seed = 1;
    let mut add = |name: &str, shape: &[usize], scale: f32| -> Loaded<()> {
        seed += 1;
        let n = shape.iter().product();
        let data = values::values(n, seed)
            .into_iter()
            .map(|v| v * scale)
            .collect();
        writer.add(&format!("h.0.{name}"), &Tensor::from_vec(data, shape)?)?;
        Ok(())
    };
    for (name, (rows, cols)) in [
        ("attn.c_attn", (768, 2304)),
        ("attn.c_proj", (768, 768)),
        ("mlp.c_fc", (768, 3072)),
        ("mlp.c_proj", (3072, 768)),
    ] {
        add(&format!("{name}.weight"), &[rows, cols], 0.05)?;
        add(&format!("{name}.bias"), &[cols], 0.02)?;
    }
    for norm in ["ln_1", "ln_2"] {
        add(&format!("{norm}.weight"), &[768], 1.0)?;
        add(&format!("{norm}.bias"), &[768], 0.1)?;
    }
    Ok(writer.to_bytes()?)
}

type Loaded<X> = Result<X, Box<dyn std::error::Error>>;

/// The weight `h.0.{name}` of `file`, dynamic.
fn weight(file: &SafetensorsFile, name: &str) -> Loaded<Tensor<f32>> {
    Ok(file.get::<Tensor<f32>>(&format!("h.0.{name}"))?)
}

/// The Conv1D layer `name` (weight `[I, O]`, bias `[O]`), its sizes checked.
fn conv1d<const I: usize, const O: usize>(
    file: &SafetensorsFile,
    name: &str,
) -> Loaded<Linear<f32, I, O>> {
    let (w, b) = (
        weight(file, &format!("{name}.weight"))?,
        weight(file, &format!("{name}.bias"))?,
    );
    Ok(Linear::from_dyn_conv1d(w, Some(b))?)
}

/// The LayerNorm `name` with GPT-2's epsilon.
fn norm(file: &SafetensorsFile, name: &str) -> Loaded<LayerNorm<f32, 768>> {
    let (w, b) = (
        weight(file, &format!("{name}.weight"))?,
        weight(file, &format!("{name}.bias"))?,
    );
    Ok(LayerNorm::from_dyn(w, Some(b), 1e-5)?)
}

impl Block {
    /// Loads block 0 of `file`; each weight's shape is checked as it loads.
    /// The fused `c_attn` weight `[768, 2304]` is cut into its query, key and
    /// value thirds.
    fn load(file: &SafetensorsFile) -> Loaded<Block> {
        let (w, b) = (
            weight(file, "attn.c_attn.weight")?,
            weight(file, "attn.c_attn.bias")?,
        );
        let third = |i: usize| -> Result<Linear<f32, 768, 768>, ViewError> {
            Linear::from_dyn_conv1d(w.narrow(1, i * 768, 768)?, Some(b.narrow(0, i * 768, 768)?))
        };
        Ok(Block {
            ln_1: norm(file, "ln_1")?,
            qkv: [third(0)?, third(1)?, third(2)?],
            attn_proj: conv1d(file, "attn.c_proj")?,
            ln_2: norm(file, "ln_2")?,
            c_fc: conv1d(file, "mlp.c_fc")?,
            mlp_proj: conv1d(file, "mlp.c_proj")?,
        })
    }
}

/// The same block with the dynamic API, for the check.
fn reference(file: &SafetensorsFile, x: &Tensor<f32>, seq: usize) -> Loaded<Tensor<f32>> {
    let get = |name: &str| weight(file, name);
    let norm = |x: &Tensor<f32>, name: &str| -> Loaded<Tensor<f32>> {
        let (w, b) = (
            get(&format!("{name}.weight"))?,
            get(&format!("{name}.bias"))?,
        );
        Ok(x.layer_norm(&[768], Some(&w), Some(&b), 1e-5)?)
    };
    let linear = |x: &Tensor<f32>, name: &str| -> Loaded<Tensor<f32>> {
        Ok(x.matmul(&get(&format!("{name}.weight"))?)?
            .add(&get(&format!("{name}.bias"))?)?)
    };
    let batch = x.shape()[0];
    let qkv = linear(&norm(x, "ln_1")?, "attn.c_attn")?;
    let heads = |i: usize| -> Result<Tensor<f32>, ViewError> {
        qkv.narrow(2, i * 768, 768)?
            .reshape(&[batch, seq, 12, 64])?
            .transpose(1, 2)
    };
    let (q, k, v) = (heads(0)?, heads(1)?, heads(2)?);
    let att = q.matmul(&k.transpose(2, 3)?)?.mul_scalar(0.125);
    let hidden = causal_mask::<T>(seq).into_dyn();
    let att = att.masked_fill(&hidden, f32::NEG_INFINITY)?.softmax(-1)?;
    let y = att
        .matmul(&v)?
        .transpose(1, 2)?
        .reshape(&[batch, seq, 768])?;
    let h = x.add(&linear(&y, "attn.c_proj")?)?;
    let m = linear(
        &linear(&norm(&h, "ln_2")?, "mlp.c_fc")?.gelu_tanh(),
        "mlp.c_proj",
    )?;
    Ok(h.add(&m)?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = SafetensorsFile::from_bytes(&checkpoint()?)?;
    let block = Block::load(&file)?;
    let (batch, seq) = (2, 16);
    let x: Tensor<f32, Tokens> =
        Tensor::from_vec(values::values(batch * seq * 768, 7), &[batch, seq, 768])?
            .into_static()?;
    let y = block.forward(&x, &causal_mask::<T>(seq))?;
    let expected = reference(&file, &x.clone().into_dyn(), seq)?;
    let worst = y
        .to_vec()
        .iter()
        .zip(expected.to_vec())
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    println!(
        "GPT-2 block, typed: output {:?}, largest difference from the dynamic API {worst:.2e}",
        y.shape()
    );
    assert!(
        worst < 1e-4,
        "the typed block differs from the dynamic one by {worst}"
    );
    Ok(())
}
