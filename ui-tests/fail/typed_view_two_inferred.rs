// Two `Infer`s in one typed view target: PyTorch's message.
use tensor_view::{typed::Infer, Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<4>, D<6>)>::zeros();
    let _y = x.view_to::<(Infer, D<2>, Infer)>();
}
