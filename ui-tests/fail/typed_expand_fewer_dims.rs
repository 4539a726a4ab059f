// `expand_to` a target of fewer dims than the tensor: PyTorch's message.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<3>, D<2>)>::zeros();
    let _y = x.expand_to::<(D<2>,)>();
}
