// An input with four named dims (counted with repeats): its check is the
// library's, whose message gives the input's size but not the view's shape
// (the error points at the view).
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T, H);

fn scores(s: &Tensor<f32, Shape![B, H, T, T]>) {
    let wrong = view!(s, [B, H, -1, 3]);
}

fn main() {}
