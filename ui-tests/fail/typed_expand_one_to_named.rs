// `expand_to` of a `One` to a named dim: refused (its size is known only at
// run time), with what to write instead.
use tensor_view::{dims, One, Tensor, D};

dims!(B);

fn widen(x: &Tensor<f32, (One, D<4>)>) {
    let _y = x.expand_to::<(B, D<4>)>();
}

fn main() {}
