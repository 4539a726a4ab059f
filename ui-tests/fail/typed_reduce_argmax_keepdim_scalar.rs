// A 0-d tensor takes the dims -1 and 0, as PyTorch's scalars do.
use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, ()>::zeros();
    let _i = x.argmax_keepdim::<1>();
}
