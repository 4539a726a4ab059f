// nanoGPT's attention with 10 heads: 768 is not a multiple of 10.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn heads(q: &Tensor<f32, Shape![B, T, 768]>) -> Tensor<f32, Shape![B, T, 10, 76]> {
    view!(q, [B, T, 10, -1])
}

fn main() {}
