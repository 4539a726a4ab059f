// A layer norm over 768 features refuses a `[B, T, 512]` input while
// compiling, in PyTorch's words.
use tensor_view::{dims, typed::layers::LayerNorm, Tensor, D};

dims!(B, T);

fn block(ln: &LayerNorm<f32, 768>, x: &Tensor<f32, (B, T, D<512>)>) {
    let _h = ln.forward(x);
}

fn main() {}
