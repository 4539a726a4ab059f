// The dot product of two typed vectors of different lengths: PyTorch's
// message while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<3>,)>::zeros();
    let b = Tensor::<f32, (D<4>,)>::zeros();
    let _c = a.matmul(&b);
}
