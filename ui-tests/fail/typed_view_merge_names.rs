// Merging named dims is not a tuple shape: the typed view refuses it and
// points to the `Shape!` form.
use tensor_view::{dims, typed::Infer, Tensor, D};

dims!(B, T);

fn rows(x: &Tensor<f32, (B, T, D<768>)>) {
    let _y = x.view_to::<(Infer, D<768>)>();
}

fn main() {}
