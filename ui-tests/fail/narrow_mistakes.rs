// Each mistake PyTorch would raise for a typed `narrow!`, in its words.
use tensor_view::{narrow, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![5, 8, 3]>::zeros();
    let _a = narrow!(x: [5, 8, 3], 1, 6, 4); // start + length past the dim
    let _b = narrow!(x: [5, 8, 3], 3, 0, 1); // dim out of range
    let _c = narrow!(x: [5, 8, 3], 0, -6, 1); // start out of range
    let _d = narrow!(x: [5, 8, 3], 0, 0, -1); // negative length
    let s = Tensor::<f32, Shape![]>::zeros();
    let _e = narrow!(s: [], 0, 0, 1); // 0-d
}
