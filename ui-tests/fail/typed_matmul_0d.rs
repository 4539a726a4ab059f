// A 0-d operand: PyTorch's message while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let s = Tensor::<f32, ()>::zeros();
    let m = Tensor::<f32, (D<2>, D<3>)>::zeros();
    let _c = s.matmul(&m);
}
