use tensor_view::{dims, reshape, Shape, Tensor};

dims!(B);

fn rows(x: &Tensor<f32, Shape![B, 4, 8]>) {
    let _r = reshape!(x, [B, -1]);
}

fn main() {}
