// `split!` with a list, `split_with_sizes!` and `tensor_split!`: PyTorch's
// errors for literal arguments, and the argument forms.
use tensor_view::{chunk, split, split_with_sizes, tensor_split, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 6]>::zeros();
    let _a = split_with_sizes!(x: [4, 6], [2, 2], 1); // the sizes do not sum to the dim
    let _b = split_with_sizes!(x: [4, 6], [7, -1], 1); // a negative size
    let _c = split!(x: [4, 6], [1, 2], -2); // split with a list is split_with_sizes
    let _d = tensor_split!(x: [4, 6], 0, 1); // no section
    let s = Tensor::<f32, Shape![]>::zeros();
    let _e = tensor_split!(s: [], 2, 0); // 0-d
    let _f = split_with_sizes!(x: [4, 6], 3, 1); // sizes are a list
    let _g = chunk!(x: [4, 6], [1], 1); // chunks is an integer
    let a = 2;
    let _h = split!(x: [4, 6], [a, 4], 1); // a typed result needs literal sizes
}
