// The typed op takes `C` from the input's last dim (rustc reads it first): a
// weight of another size is a plain mismatch, `expected 512, found 768`.
use tensor_view::{dims, Tensor, D};

dims!(B);

fn norm(x: &Tensor<f32, (B, D<512>)>, w: &Tensor<f32, (D<768>,)>) {
    let _y = x.layer_norm(Some(w), None, 1e-5);
}

fn main() {}
