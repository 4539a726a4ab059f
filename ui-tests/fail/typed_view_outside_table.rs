// A typed view that must compute with a size the size table does not hold:
// the message says which size and what to write instead.
use tensor_view::{dims, typed::Infer, Tensor, D};

dims!(B);

fn split(x: &Tensor<f32, (B, D<50001>)>) {
    let _y = x.view_to::<(B, D<3>, Infer)>();
}

fn main() {}
