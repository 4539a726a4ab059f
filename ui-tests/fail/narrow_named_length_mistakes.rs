// Mistakes of `narrow!` with a length that names the result's dim.
use tensor_view::{dims, narrow, Shape, Tensor};

dims!(T);

fn main() {
    let t = 5usize;
    let bias = Tensor::<f32, Shape![1, 1, 16, 16]>::zeros();
    let dynamic = Tensor::<f32>::zeros(&[16, 16]).unwrap();
    let _a = narrow!(dynamic, 0, 0, T = t); // no stated shape to type the result from
    let _b = narrow!(bias: [1, 1, 16, 16], 2, 0, T); // the input carries no size for T
    let _c = narrow!(bias: [1, 1, 16, 16], 4, 0, T = t); // dim out of range
    let _d = narrow!(bias: [1, 1, 16, 16], 2, 17, T = t); // start out of range
    let _e = narrow!(bias: [2, 16], 1, 0, T = t); // not the tensor's shape
}
