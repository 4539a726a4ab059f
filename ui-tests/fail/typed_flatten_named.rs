// `flatten_dims` over a named dim: refused (a merged name is not a dim of a
// tuple shape), with what to write instead.
use tensor_view::{dims, Tensor, D};

dims!(B, T);

fn rows(x: &Tensor<f32, (B, T, D<768>)>) {
    let _y = x.flatten_dims::<0, 1>();
}

fn main() {}
