// `narrow_to` along a dim the tensor does not have: PyTorch's message.
use tensor_view::{dims, Tensor, D};

dims!(B);

fn rows(x: &Tensor<f32, (B, D<5>)>) {
    let _y = x.narrow_to::<2, 0, 1>();
}

fn main() {}
