// The type of a view that merges named dims, as rustc prints it.
use tensor_view::{dims, typed::Infer, Tensor, D};

dims!(B, T);

fn rows(x: &Tensor<f32, (B, T, D<768>)>) -> Tensor<f32, (B, D<768>)> {
    x.view_to::<(Infer, D<768>)>()
}

fn main() {}
