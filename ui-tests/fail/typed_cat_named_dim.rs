// `cat` along a named dim: refused (the sum of two run-time sizes is not a
// name), with what to write instead.
use tensor_view::{dims, typed::Cat, Tensor, D};

dims!(T);

fn join(a: &Tensor<f32, (T, D<4>)>, b: &Tensor<f32, (T, D<4>)>) {
    let _c = (a, b).cat::<0>();
}

fn main() {}
