// One named dim written for another: `[B, B]` has the size B*B, not B*T, so
// this is PyTorch's size error, not a reorder.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn mask(m: &Tensor<f32, Shape![B * T]>) {
    let _wrong = view!(m, [B, B]);
}

fn main() {}
