// `split_by` with a split size of 0 along a non-empty dim: PyTorch's message.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<3>, D<6>)>::zeros();
    let _pieces = x.split_by::<0, -1>();
}
