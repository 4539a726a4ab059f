// A comparison of typed tensors whose static dims do not broadcast:
// PyTorch's message, with the sizes in decimal, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<2>, D<3>)>::zeros();
    let b = Tensor::<f32, (D<4>, D<3>)>::zeros();
    let _m = a.lt(&b);
}
