// reshape! with literal dims of a partly-dynamic tensor: its size depends
// on B, so no literal shape fits; refused while compiling, as view! is.
use tensor_view::{dims, reshape, Shape, Tensor};

dims!(B);

fn flatten(x: &Tensor<f32, Shape![B, 16, 5, 5]>) {
    let _y = reshape!(x, [4, 400]);
}

fn main() {}
