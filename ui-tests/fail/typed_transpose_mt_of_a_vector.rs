// `mT()` of a typed vector: PyTorch's message while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<3>,)>::zeros();
    let _y = x.mT();
}
