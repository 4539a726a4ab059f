// `select_at` past a static dim: PyTorch's message, quoting the shape as
// its type (a message cannot list a type's sizes), while compiling.
use tensor_view::{dims, Tensor, D};

dims!(B);

fn last(x: &Tensor<f32, (B, D<5>)>) {
    let _y = x.select_at::<1, 5>();
}

fn main() {}
