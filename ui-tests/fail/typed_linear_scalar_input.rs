// A 0-d input has no features: PyTorch's words for `F.linear` on a scalar.
use tensor_view::{typed::layers::Linear, Tensor};

fn project(fc: &Linear<f32, 4, 2>, x: &Tensor<f32, ()>) {
    let _y = fc.forward(x);
}

fn main() {}
