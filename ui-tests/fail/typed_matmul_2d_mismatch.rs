// `a.matmul(&b)` of two typed matrices whose inner dims differ: PyTorch's
// message, with the sizes in decimal, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<4>, D<3>)>::zeros();
    let b = Tensor::<f32, (D<4>, D<5>)>::zeros();
    let _c = a.matmul(&b);
}
