// What the typed form needs of its arguments.
use tensor_view::{narrow, select, split, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![5, 8]>::zeros();
    let d = 1;
    let _a = narrow!(x: [5, 8], d, 0, 2); // the dim as a run-time value
    let _b = split!(x: [5, 8], 4); // an argument missing
    let _c = select!(x: [5, 8], 0, 9223372036854775808); // beyond PyTorch's int
    let n = 8;
    let _e = narrow!(x: [5, n], 0, 0, 2); // a stated dim that is a run-time value
}
