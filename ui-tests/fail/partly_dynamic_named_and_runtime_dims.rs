// A run-time value beside a named dim.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn mixed(x: &Tensor<f32, Shape![B, 8]>, heads: usize) {
    let _y = view!(x, [B, heads, -1]);
}

fn main() {}
