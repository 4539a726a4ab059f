// A padding mask built as [T, B] on [B, T] scores: PyTorch finds it only
// when it runs (or never, when B == T).
use tensor_view::{dims, masked_fill, Shape, Tensor, ViewError};

dims!(B, T);

fn mask_padding(
    scores: &Tensor<f32, Shape![B, T]>,
    padding: &Tensor<bool, Shape![T, B]>,
) -> Result<Tensor<f32, Shape![B, T]>, ViewError> {
    masked_fill!(scores: [B, T], padding: [T, B], f32::NEG_INFINITY)
}

fn main() {}
