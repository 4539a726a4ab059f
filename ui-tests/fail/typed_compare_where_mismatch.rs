// `where_` checks the condition with the input first, as PyTorch does:
// the condition is tensor a.
use tensor_view::{typed::where_, Shape, Tensor, D};

fn main() {
    let c = Tensor::<bool, (D<3>,)>::zeros();
    let x = Tensor::<f32, (D<2>, D<4>)>::zeros();
    let y = Tensor::<f32, ()>::zeros();
    let _z = where_(&c, &x, &y);
}
