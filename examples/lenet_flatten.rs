//! LeNet's flatten, `x.view(-1, 16 * 5 * 5)`, with the batch known only at
//! run time, followed by the first fully connected layer.
//!
//! What is checked while compiling: `B` is a named run-time dim, so the
//! feature map is `Shape![B, 16, 5, 5]` and `view!(x, [-1, 16 * 5 * 5])` is
//! `Shape![B, 400]`: the static dims cancel, so `-1` is exactly `B`, and the
//! view cannot fail (no `Result`). `[-1, 500]` does not compile
//! (`ui-tests/fail/partly_dynamic_flatten_does_not_divide.rs`). At run time
//! only the input's conversion (`into_static`) checks its shape, once.
//!
//! The output is checked against plain loops over the 4-d indices.
//!
//! Run with `cargo run --example lenet_flatten -- 3` (the batch size).

use tensor_view::{dims, view, Shape, Tensor, ViewError};

dims!(B);

/// The output of LeNet's second pooling layer.
type Features = Shape![B, 16, 5, 5];
/// The flattened features.
type Flat = Shape![B, 400];
/// `fc1` of the LeNet in PyTorch's tutorial, 400 to 120 features.
type Fc1Weight = Shape![400, 120];
/// Its output.
type Hidden = Shape![B, 120];

/// `x.view(-1, 16 * 5 * 5)`: typed, no `Result`.
fn flatten(x: &Tensor<f32, Features>) -> Tensor<f32, Flat> {
    view!(x, [-1, 16 * 5 * 5])
}

/// `relu(x @ w)`: a new tensor (not a view), so its shape is checked once at run time.
fn fc1_relu(
    x: &Tensor<f32, Flat>,
    w: &Tensor<f32, Fc1Weight>,
) -> Result<Tensor<f32, Hidden>, ViewError> {
    let batch = x.shape()[0];
    let (xs, ws) = (x.to_vec(), w.to_vec());
    let mut out = vec![0.0f32; batch * 120];
    for b in 0..batch {
        for j in 0..120 {
            let sum: f32 = (0..400).map(|i| xs[b * 400 + i] * ws[i * 120 + j]).sum();
            out[b * 120 + j] = sum.max(0.0);
        }
    }
    Tensor::from_vec(out, &[batch, 120])?.into_static()
}

// Each example is its own crate; tests/model_examples.rs includes several.
#[allow(clippy::duplicate_mod)]
#[path = "common/values.rs"]
mod common_values;
use common_values::values;

/// Runs flatten and `fc1` for a run-time `batch` and returns the largest
/// difference from plain loops over `x[b][c][h][w]`.
pub fn max_difference(batch: usize) -> Result<f32, ViewError> {
    let data = values(batch * 400, 3);
    let x: Tensor<f32, Features> =
        Tensor::from_vec(data.clone(), &[batch, 16, 5, 5])?.into_static()?;
    let w: Tensor<f32, Fc1Weight> =
        Tensor::from_vec(values(400 * 120, 5), &[400, 120])?.into_static()?;
    let flat = flatten(&x);
    assert_eq!(
        (flat.shape(), flat.stride()),
        (&[batch, 400][..], &[400isize, 1][..])
    );
    assert!(flat.shares_storage(&x), "a view moves no data");
    let hidden = fc1_relu(&flat, &w)?;
    let (got, ws) = (hidden.to_vec(), w.to_vec());
    let mut worst = 0.0f32;
    for b in 0..batch {
        for j in 0..120 {
            let mut sum = 0.0f32;
            for c in 0..16 {
                for h in 0..5 {
                    for v in 0..5 {
                        let feature = c * 25 + h * 5 + v;
                        sum += data[((b * 16 + c) * 5 + h) * 5 + v] * ws[feature * 120 + j];
                    }
                }
            }
            worst = worst.max((got[b * 120 + j] - sum.max(0.0)).abs());
        }
    }
    Ok(worst)
}

#[allow(dead_code)] // `tests/model_examples.rs` includes this file for `max_difference` only
fn main() -> Result<(), ViewError> {
    let batch = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let diff = max_difference(batch)?;
    println!("LeNet flatten: [{batch}, 16, 5, 5] -> view(-1, 16 * 5 * 5) = [{batch}, 400] -> fc1 [{batch}, 120]");
    println!("max |views - loops| = {diff:.2e}");
    assert!(diff < 1e-4, "flatten + fc1 differ from the loops by {diff}");
    println!("ok");
    Ok(())
}
