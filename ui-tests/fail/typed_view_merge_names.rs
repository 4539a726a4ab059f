// A merged dim lists its factors in order: `[B, T, 768]` views as
// `[B*T, 768]`, never as `[T*B, 768]` (that would move elements between
// the named dims).
use tensor_view::{dims, typed::Merged, Tensor, D};

dims!(B, T);

fn rows(x: &Tensor<f32, (B, T, D<768>)>) {
    let _y = x.view_to::<(Merged<(T, B)>, D<768>)>();
}

fn main() {}
