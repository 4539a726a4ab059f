// The result's type is computed: annotating it with the input's last dim
// instead of the output's is a plain mismatch, printed in readable dims.
use tensor_view::{dims, typed::layers::Linear, Tensor, D};

dims!(B, T);

fn mlp(fc: &Linear<f32, 768, 3072>, x: &Tensor<f32, (B, T, D<768>)>) {
    let _h: Tensor<f32, (B, T, D<768>)> = fc.forward(x);
}

fn main() {}
