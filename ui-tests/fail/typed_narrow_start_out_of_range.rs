// `narrow_to` starting past a static dim: PyTorch's first check (the start),
// and only it, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<5>)>::zeros();
    let _y = x.narrow_to::<-1, 6, 0>();
}
