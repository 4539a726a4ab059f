// A named dim broadcasts only with itself or `One`: `[B, T]` with
// `[T, B]` fails while compiling, with the user's names.
use tensor_view::{dims, Tensor, D};

dims!(B, T);

fn scores(a: &Tensor<f32, (B, T, D<4>)>, b: &Tensor<f32, (T, B, D<4>)>) {
    let _c = a + b;
}

fn main() {}
