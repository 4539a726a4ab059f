// `squeeze_at` of a dim the tensor does not have: PyTorch's IndexError
// message, while compiling.
use tensor_view::{dims, One, Tensor};

dims!(B);

fn drop_last(x: &Tensor<f32, (B, One)>) {
    let _y = x.squeeze_at::<2>();
}

fn main() {}
