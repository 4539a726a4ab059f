// A linear layer's input must end in its in_features: `[B, T, 512]` into a
// `Linear<768, 3072>` fails while compiling, in PyTorch's words.
use tensor_view::{dims, typed::layers::Linear, Tensor, D};

dims!(B, T);

fn mlp(fc: &Linear<f32, 768, 3072>, x: &Tensor<f32, (B, T, D<512>)>) {
    let _h = fc.forward(x);
}

fn main() {}
