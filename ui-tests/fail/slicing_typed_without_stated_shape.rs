// The typed form needs the input's shape stated (the result's element count
// is part of its type); a typed tensor without it is a compile error.
use tensor_view::{narrow, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![5, 8, 3]>::zeros();
    let _a = narrow!(x, 1, 0, 4);
}
