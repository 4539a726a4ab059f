// A typed view whose sizes do not multiply out: PyTorch's size error,
// quoting both shapes as written.
use tensor_view::{dims, typed::Infer, Tensor, D};

dims!(B, T);

fn heads(x: &Tensor<f32, (B, T, D<768>)>) {
    let _q = x.view_to::<(B, T, D<10>, Infer)>();
}

fn main() {}
