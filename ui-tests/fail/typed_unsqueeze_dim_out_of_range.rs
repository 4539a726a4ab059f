// `unsqueeze_at` past the new rank: PyTorch's message, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<3>)>::zeros();
    let _y = x.unsqueeze_at::<-4>();
}
