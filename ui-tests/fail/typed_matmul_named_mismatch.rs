// Inner dims of two different names: a compile error in PyTorch's words,
// with the user's names (a name matches only itself). The rows are named
// too, and printed by name.
use tensor_view::{dims, Tensor, D};

dims!(B, C, H);

fn project(x: &Tensor<f32, (B, C)>, w: &Tensor<f32, (H, D<64>)>) {
    let _y = x.matmul(w);
}

fn main() {}
