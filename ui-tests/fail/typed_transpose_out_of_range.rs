// `transpose!` of a typed tuple with a dim beyond its rank: PyTorch's
// message, the range read from the tuple's rank, while compiling.
use tensor_view::{dims, transpose, Tensor, D};

dims!(B, T);

fn heads(x: &Tensor<f32, (B, T, D<64>)>) {
    let _y = transpose!(x, 0, 3);
}

fn main() {}
