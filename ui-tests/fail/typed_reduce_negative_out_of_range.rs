// A negative dim counts from the end; `-4` of a rank-3 tensor is out of
// range, for `softmax_along` as for the reductions.
use tensor_view::{dims, Tensor};

dims!(B, T);

fn attention(scores: &Tensor<f32, (B, T, T)>) {
    let _p = scores.softmax_along::<-4>();
}

fn main() {}
