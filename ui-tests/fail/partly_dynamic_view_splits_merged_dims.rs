// [B*T, 768] holds B and T in one dim: their sizes are not known apart.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn split(h: &Tensor<f32, Shape![B * T, 768]>) {
    let _y = view!(h, [B, T, 768]);
}

fn main() {}
