// `cat` of three typed tensors whose third differs off the cat dim:
// PyTorch's message numbers it 2 in the list, while compiling.
use tensor_view::{typed::Cat, One, Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<2>, D<3>)>::ones();
    let b = Tensor::<f32, (One, D<3>)>::ones();
    let c = Tensor::<f32, (D<2>, D<4>)>::ones();
    let _d = (&a, &b, &c).cat::<0>();
}
