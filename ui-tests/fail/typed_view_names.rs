// A typed view that swaps two named dims keeps the element count but not
// the elements' places: refused while compiling.
use tensor_view::{dims, Tensor, D};

dims!(B, T);

fn swapped(x: &Tensor<f32, (B, T, D<4>)>) {
    let _y = x.view_to::<(T, B, D<4>)>();
}

fn main() {}
