// `flatten_dims` with the start after the end: PyTorch's message.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<3>, D<4>)>::zeros();
    let _y = x.flatten_dims::<2, 1>();
}
