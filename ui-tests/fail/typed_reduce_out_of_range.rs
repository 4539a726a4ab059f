// `sum` along a dim a rank-3 tensor does not have: PyTorch's message, with
// the range and the dim in decimal, while compiling.
use tensor_view::{dims, Tensor, D};

dims!(B);

fn pool(x: &Tensor<f32, (B, D<3>, D<4>)>) {
    let _s = x.sum::<3>();
}

fn main() {}
