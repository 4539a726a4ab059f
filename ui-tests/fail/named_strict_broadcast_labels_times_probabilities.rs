// Labels [B] times probabilities [B, 10]: PyTorch accepts it only when B
// happens to be 10 or 1. The label needs its own dim: [B, 1].
use tensor_view::{dims, mul, Shape, Tensor, ViewError};

dims!(B);

fn weighted(
    labels: &Tensor<f32, Shape![B]>,
    probs: &Tensor<f32, Shape![B, 10]>,
) -> Result<Tensor<f32, Shape![B, 10]>, ViewError> {
    mul!(labels: [B], probs: [B, 10])
}

fn main() {
    let labels = Tensor::<f32>::ones(&[3]).unwrap().into_static().unwrap();
    let probs = Tensor::<f32>::ones(&[3, 10]).unwrap().into_static().unwrap();
    let _ = weighted(&labels, &probs);
}
