// A named inner dim against a static one: a compile error (the name may
// hold any size), in PyTorch's words; the batch dims are folded, so the
// message writes `R` for the rows and its note says what `R` is.
use tensor_view::{dims, Tensor, D};

dims!(B, T, C);

fn project(x: &Tensor<f32, (B, T, C)>, w: &Tensor<f32, (D<768>, D<3072>)>) {
    let _y = x.matmul(w);
}

fn main() {}
