// LeNet's flatten with the wrong feature count: 16 * 5 * 5 is 400, not 500.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn flatten(x: &Tensor<f32, Shape![B, 16, 5, 5]>) -> Tensor<f32, Shape![B, 500]> {
    view!(x, [-1, 500])
}

fn main() {}
