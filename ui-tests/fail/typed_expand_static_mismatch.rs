// `expand_to` of a static dim to another size: PyTorch's message, with the
// sizes in decimal and both shapes as their types, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<3>, D<2>)>::zeros();
    let _y = x.expand_to::<(D<3>, D<4>)>();
}
