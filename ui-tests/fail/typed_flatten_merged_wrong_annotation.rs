// `flatten_dims` over named dims gives their merged dim, as a view's `Infer`
// does; a wrong annotation of the result prints it readably.
use tensor_view::{dims, Tensor, D};

dims!(B, T);

fn rows(x: &Tensor<f32, (B, T, D<768>)>) -> Tensor<f32, (B, D<768>)> {
    x.flatten_dims::<0, 1>()
}

fn main() {}
