//! GPT-2 small's block weights, drawn from a fixed seed and written to one
//! `.safetensors` file with tensor-view's `io::SafetensorsWriter`; both
//! implementations load that file.
//!
//! Names and layouts are those of a Hugging Face GPT-2 checkpoint
//! (`h.0.attn.c_attn.weight` is `[768, 2304]`: GPT-2's `Conv1D` stores
//! `[in, out]`). Linear weights are uniform with GPT-2's standard deviation
//! 0.02; LayerNorm gains are near 1 and biases small, so every term of the
//! block moves the output.

use std::path::Path;

use tensor_view::io::SafetensorsWriter;
use tensor_view::Tensor;

/// Model width (`n_embd`).
pub const EMBD: usize = 768;
/// Attention heads (`n_head`).
pub const HEADS: usize = 12;
/// The MLP's hidden width (`4 * n_embd`).
pub const HIDDEN: usize = 3072;
/// LayerNorm's epsilon in GPT-2.
pub const EPS: f32 = 1e-5;

/// xorshift64*: reproducible values with no dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// Uniform in `[-1, 1)`.
    pub fn unit(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40; // 24 bits
        bits as f32 / (1u64 << 23) as f32 - 1.0
    }

    /// `n` values uniform with standard deviation `std` around `mean`.
    pub fn values(&mut self, n: usize, mean: f32, std: f32) -> Vec<f32> {
        let half_width = std * 3f32.sqrt();
        (0..n).map(|_| mean + half_width * self.unit()).collect()
    }
}

/// The block's tensors: name, shape, mean and standard deviation.
const TENSORS: &[(&str, &[usize], f32, f32)] = &[
    ("h.0.ln_1.weight", &[EMBD], 1.0, 0.1),
    ("h.0.ln_1.bias", &[EMBD], 0.0, 0.02),
    ("h.0.attn.c_attn.weight", &[EMBD, 3 * EMBD], 0.0, 0.02),
    ("h.0.attn.c_attn.bias", &[3 * EMBD], 0.0, 0.02),
    ("h.0.attn.c_proj.weight", &[EMBD, EMBD], 0.0, 0.02),
    ("h.0.attn.c_proj.bias", &[EMBD], 0.0, 0.02),
    ("h.0.ln_2.weight", &[EMBD], 1.0, 0.1),
    ("h.0.ln_2.bias", &[EMBD], 0.0, 0.02),
    ("h.0.mlp.c_fc.weight", &[EMBD, HIDDEN], 0.0, 0.02),
    ("h.0.mlp.c_fc.bias", &[HIDDEN], 0.0, 0.02),
    ("h.0.mlp.c_proj.weight", &[HIDDEN, EMBD], 0.0, 0.02),
    ("h.0.mlp.c_proj.bias", &[EMBD], 0.0, 0.02),
];

/// Writes the block's weights, drawn from `seed`, to `path`.
pub fn write(path: &Path, seed: u64) -> Result<(), Box<dyn std::error::Error>> {
    let mut rng = Rng::new(seed);
    let mut out = SafetensorsWriter::new();
    for &(name, shape, mean, std) in TENSORS {
        let n = shape.iter().product();
        out.add(name, &Tensor::from_vec(rng.values(n, mean, std), shape)?)?;
    }
    out.add_metadata("format", "pt");
    out.write(path)?;
    Ok(())
}

/// An input `[batch, seq, 768]` drawn from `seed`: unit-variance values.
pub fn input(batch: usize, seq: usize, seed: u64) -> Vec<f32> {
    Rng::new(seed).values(batch * seq * EMBD, 0.0, 1.0)
}
