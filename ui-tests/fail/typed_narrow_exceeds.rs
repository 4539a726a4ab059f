// `narrow_to` of a static dim past its end: PyTorch's message, with the
// sizes in decimal, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<5>)>::zeros();
    let _y = x.narrow_to::<1, 3, 4>();
}
