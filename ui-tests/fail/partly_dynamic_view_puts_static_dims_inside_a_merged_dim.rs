// Nothing static lies between B and T in [B*T, 768]: [B, 2, T, 384] would
// move half of the 768 between them.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn split(h: &Tensor<f32, Shape![B * T, 768]>) {
    let _y = view!(h, [B, 2, T, 384]);
}

fn main() {}
