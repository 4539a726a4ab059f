// Two named dims swapped by a view.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn swap(x: &Tensor<f32, Shape![B, T, 768]>) {
    let _wrong = view!(x, [T, B, 768]);
}

fn main() {}
