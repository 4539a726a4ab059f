// A stated shape must be the tensor's: the compiler checks it.
use tensor_view::{narrow, split, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![5, 8, 3]>::zeros();
    let _a = narrow!(x: [5, 3, 8], 1, 0, 2);
    let d = Tensor::<f32>::zeros(&[5, 8, 3]).unwrap();
    let _b = split!(d: [5, 8, 3], 4, 1); // a dynamic tensor has no shape in its type
}
