//! A model whose `forward` states its shapes in its signature, called with a
//! batch size read at run time: CIFAR-sized images `[B, 3, 32, 32]` in,
//! ten class scores `[B, 10]` out. The body average-pools 4 x 4 blocks
//! through views and applies a linear classifier:
//!
//! ```python
//! x = x.view(B, 3, 8, 4, 8, 4).mean((3, 5))  # (B, 3, 8, 8)
//! x = x.view(B, -1)                          # (B, 192)
//! return self.fc(x)                          # (B, 10)
//! ```
//!
//! What is checked when: both views are checked while compiling and cannot
//! fail (`-1` is 192); the signature's shapes are types, so a caller cannot
//! pass `[B, 1, 28, 28]` images without converting them (`into_static`,
//! checked once at run time), and a body that returns the wrong shape does
//! not compile (rustc's own "mismatched types", labelled `expected 10,
//! found 192`; docs/compile-time.md says why its notes cannot be shorter). The
//! pooled values and the linear layer make new tensors, whose shapes are
//! checked once at run time.
//!
//! The scores are checked against plain loops over `x[b][c][h][w]`.
//!
//! Run with `cargo run --example typed_forward -- 5` (the batch size).

use tensor_view::{dims, view, Shape, Tensor, ViewError};

dims!(pub B);

/// A batch of 32 x 32 RGB images.
pub type Images = Shape![B, 3, 32, 32];
/// Class scores.
pub type Scores = Shape![B, 10];
/// The images with rows and columns split into 8 blocks of 4.
type Blocks = Shape![B, 3, 8, 4, 8, 4];
/// The block means.
type Pooled = Shape![B, 3, 8, 8];
/// The flattened block means.
type Features = Shape![B, 192];
/// The classifier's weight.
type Weight = Shape![192, 10];

/// Pool, flatten, classify.
pub struct Classifier {
    weight: Tensor<f32, Weight>,
}

impl Classifier {
    /// The scores of a batch of images.
    pub fn forward(&self, x: &Tensor<f32, Images>) -> Result<Tensor<f32, Scores>, ViewError> {
        let blocks: Tensor<f32, Blocks> = view!(x, [B, 3, 8, 4, 8, 4]);
        let pooled = mean_of_blocks(&blocks)?;
        let features: Tensor<f32, Features> = view!(pooled, [B, -1]);
        self.linear(&features)
    }

    /// `x @ weight`.
    fn linear(&self, x: &Tensor<f32, Features>) -> Result<Tensor<f32, Scores>, ViewError> {
        let batch = x.shape()[0];
        let (xs, ws) = (x.to_vec(), self.weight.to_vec());
        let mut out = vec![0.0f32; batch * 10];
        for b in 0..batch {
            for j in 0..10 {
                out[b * 10 + j] = (0..192).map(|i| xs[b * 192 + i] * ws[i * 10 + j]).sum();
            }
        }
        Tensor::from_vec(out, &[batch, 10])?.into_static()
    }
}

/// `.mean((3, 5))` of the blocks: a new `[B, 3, 8, 8]` tensor.
fn mean_of_blocks(x: &Tensor<f32, Blocks>) -> Result<Tensor<f32, Pooled>, ViewError> {
    let batch = x.shape()[0];
    let v = x.to_vec();
    let mut out = vec![0.0f32; batch * 3 * 64];
    for (i, o) in out.iter_mut().enumerate() {
        let (bc, gh, gw) = (i / 64, (i / 8) % 8, i % 8);
        let mut sum = 0.0f32;
        for ph in 0..4 {
            for pw in 0..4 {
                sum += v[((bc * 8 + gh) * 4 + ph) * 32 + gw * 4 + pw];
            }
        }
        *o = sum / 16.0;
    }
    Tensor::from_vec(out, &[batch, 3, 8, 8])?.into_static()
}

// Each example is its own crate; tests/model_examples.rs includes several.
#[allow(clippy::duplicate_mod)]
#[path = "common/values.rs"]
mod common_values;
use common_values::values;

/// Classifies a batch of `batch` images and returns the largest difference
/// from plain loops over `x[b][c][h][w]`.
pub fn max_difference(batch: usize) -> Result<f32, ViewError> {
    let model = Classifier {
        weight: Tensor::from_vec(values(192 * 10, 2), &[192, 10])?.into_static()?,
    };
    let data = values(batch * 3 * 32 * 32, 9);
    let x: Tensor<f32, Images> =
        Tensor::from_vec(data.clone(), &[batch, 3, 32, 32])?.into_static()?;
    let scores = model.forward(&x)?;
    assert_eq!(scores.shape(), &[batch, 10]);
    let (got, w) = (scores.to_vec(), model.weight.to_vec());
    let mut worst = 0.0f32;
    for b in 0..batch {
        for j in 0..10 {
            let mut expected = 0.0f32;
            for c in 0..3 {
                for gh in 0..8 {
                    for gw in 0..8 {
                        let mut sum = 0.0f32;
                        for h in gh * 4..gh * 4 + 4 {
                            for v in gw * 4..gw * 4 + 4 {
                                sum += data[((b * 3 + c) * 32 + h) * 32 + v];
                            }
                        }
                        expected += sum / 16.0 * w[((c * 8 + gh) * 8 + gw) * 10 + j];
                    }
                }
            }
            worst = worst.max((got[b * 10 + j] - expected).abs());
        }
    }
    Ok(worst)
}

#[allow(dead_code)] // `tests/model_examples.rs` includes this file for `max_difference` only
fn main() -> Result<(), ViewError> {
    let batch = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let diff = max_difference(batch)?;
    println!(
        "forward: Tensor<f32, Shape![B, 3, 32, 32]> -> Tensor<f32, Shape![B, 10]> with B = {batch}"
    );
    println!("max |views - loops| = {diff:.2e}");
    assert!(diff < 1e-4, "forward differs from the loops by {diff}");
    println!("ok");
    Ok(())
}
