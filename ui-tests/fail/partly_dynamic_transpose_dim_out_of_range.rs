// nanoGPT's heads transposed with dims counted from 1: a [B, T, 12, 64]
// tensor has dims 0 to 3.
use tensor_view::{dims, transpose, Shape, Tensor};

dims!(B, T);

fn heads(k: &Tensor<f32, Shape![B, T, 12, 64]>) {
    let _kt = transpose!(k, 2, 4);
}

fn main() {}
