// `chunk_into` 0 pieces: PyTorch's message, while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<6>)>::zeros();
    let _pieces = x.chunk_into::<0, -1>();
}
