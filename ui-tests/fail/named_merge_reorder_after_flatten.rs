// Scores per example `[B, 6]` flattened for a loss and viewed back with the
// classes first: `[6, B]` is a transpose, not a view, and would pair each
// score with another example's class.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn per_class(scores: &Tensor<f32, Shape![B, 6]>) {
    let flat: Tensor<f32, Shape![B * 6]> = view!(scores, [-1]);
    let _wrong = view!(flat, [6, B]);
}

fn main() {}
