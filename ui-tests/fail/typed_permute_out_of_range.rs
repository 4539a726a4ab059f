// `permute!` of a typed tuple naming a dim beyond its rank (negative):
// PyTorch's message while compiling.
use tensor_view::{permute, Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<3>)>::zeros();
    let _y = permute!(x, [-3, 0]);
}
