// Flatten before a linear layer that forgets the sequence dim: T is missing,
// which is PyTorch's size error, not a reorder.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn classifier_input(h: &Tensor<f32, Shape![B, T, 768]>) {
    let _wrong = view!(h, [B, 768]);
}

fn main() {}
