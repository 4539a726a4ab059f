// A result annotated with the wrong shape is a plain type mismatch, printed
// with the dims in decimal and the user's names.
use tensor_view::{dims, Tensor, D};

dims!(B);

fn bias(x: &Tensor<f32, (B, D<768>)>, b: &Tensor<f32, (D<768>,)>) -> Result<(), tensor_view::ViewError> {
    let _y: Tensor<f32, (B, D<512>)> = (x + b)?;
    Ok(())
}

fn main() {}
