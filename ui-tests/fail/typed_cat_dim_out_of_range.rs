// `cat` along a dim the tensors do not have: PyTorch's IndexError message
// (the dim wrapped by the shared rule of `select_at` and `narrow_to`).
use tensor_view::{typed::Cat, Shape, Tensor, D};

fn main() {
    let a = Tensor::<f32, (D<2>, D<3>)>::ones();
    let b = Tensor::<f32, (D<2>, D<3>)>::ones();
    let c = Tensor::<f32, (D<2>, D<3>)>::ones();
    let _d = (&a, &b, &c).cat::<-3>();
}
