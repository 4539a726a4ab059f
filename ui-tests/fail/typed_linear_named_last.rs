// A named last dim may hold any size: a linear layer refuses it while
// compiling and says how to check it first.
use tensor_view::{dims, typed::layers::Linear, Tensor};

dims!(B, C);

fn project(fc: &Linear<f32, 64, 64>, x: &Tensor<f32, (B, C)>) {
    let _y = fc.forward(x);
}

fn main() {}
