// A layer norm over 768 features refuses a named last dim (any size) while
// compiling, and says how to check it first.
use tensor_view::{dims, typed::layers::LayerNorm, Tensor};

dims!(B, C);

fn block(ln: &LayerNorm<f32, 768>, x: &Tensor<f32, (B, C)>) {
    let _h = ln.forward(x);
}

fn main() {}
