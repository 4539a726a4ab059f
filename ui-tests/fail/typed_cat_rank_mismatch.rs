// `cat` of two typed tensors of different ranks: PyTorch's message.
use tensor_view::{typed::Cat, Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<2>, D<3>)>::ones();
    let b = Tensor::<f32, (D<2>, D<3>, D<5>)>::ones();
    let _c = (&a, &b).cat::<0>();
}
