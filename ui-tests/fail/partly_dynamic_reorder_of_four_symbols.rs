// An input with four named dims whose view moves a named dim across
// another: the library's order check, in the view's words.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T, H);

fn scores(s: &Tensor<f32, Shape![B, H, T, T]>) {
    let swapped = view!(s, [H, B, T, T]);
}

fn main() {}
