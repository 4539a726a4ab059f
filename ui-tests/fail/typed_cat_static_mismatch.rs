// `cat` of two typed tensors whose dims off the cat dim differ: PyTorch's
// message, with the sizes in decimal, while compiling.
use tensor_view::{typed::Cat, Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<2>, D<3>)>::ones();
    let b = Tensor::<f32, (D<2>, D<4>)>::ones();
    let _c = (&a, &b).cat::<0>();
}
