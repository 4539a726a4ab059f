// The common PyTorch mistake: channels-last, then a view that would need a
// copy. Here the strides are in the type, so it is a compile error.
use tensor_view::{permute, view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![5, 4, 3, 2]>::zeros();
    let channels_last = permute!(x, [0, 2, 3, 1]);
    let _rows = view!(channels_last, [-1, 4]);
}
