// LeNet's flatten with the batch written as a number: the input's batch is
// the run-time dim B, so a view whose dims are all static cannot fit it.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn flatten(x: &Tensor<f32, Shape![B, 16, 5, 5]>) -> Tensor<f32, Shape![B, 400]> {
    view!(x, [4, 400])
}

fn main() {}
