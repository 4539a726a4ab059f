// A 0-d tensor squeezes only at 0 and -1, as in PyTorch; 1 is out of its
// range [-1, 0].
use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, ()>::zeros();
    let _y = x.squeeze_at::<1>();
}
