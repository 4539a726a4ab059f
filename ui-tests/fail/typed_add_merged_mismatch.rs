// A merged dim broadcasts only with the identical merged dim or `One`:
// `B*T` against `T*B` fails while compiling, printed with the user's names.
use tensor_view::{dims, typed::Merged, Tensor, D};

dims!(B, T);

fn sum(a: &Tensor<f32, (Merged<(B, T)>, D<4>)>, b: &Tensor<f32, (Merged<(T, B)>, D<4>)>) {
    let _c = a + b;
}

fn main() {}
