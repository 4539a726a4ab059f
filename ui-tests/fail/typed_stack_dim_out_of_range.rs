// `stack` at a position past the new rank: PyTorch's message, while compiling.
use tensor_view::{typed::Stack, Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<2>, D<3>)>::ones();
    let _s = [&a, &a].stack::<3>();
}
