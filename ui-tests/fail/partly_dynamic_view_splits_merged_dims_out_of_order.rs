// [B*T, 768] holds B before T: splitting it as [T, B, 768] would reorder them.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn split(h: &Tensor<f32, Shape![B * T, 768]>) {
    let _y = view!(h, [T, B, 768]);
}

fn main() {}
