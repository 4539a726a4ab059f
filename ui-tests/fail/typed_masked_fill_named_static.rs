// A causal mask typed `[T, T]` over scores whose last dim is static: a
// named dim broadcasts only with itself or `One`.
use tensor_view::{dims, Tensor, D};

dims!(B, T);

fn mask(scores: &Tensor<f32, (B, T, D<8>)>, causal: &Tensor<bool, (T, T)>) {
    let _y = scores.fill_masked(causal, f32::NEG_INFINITY);
}

fn main() {}
