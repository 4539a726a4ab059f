// nanoGPT's attention with the head count a named constant: 10 heads do
// not divide 768.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

const N_EMBD: usize = 768;
const N_HEAD: usize = 10;

fn heads(q: &Tensor<f32, Shape![B, T, { N_EMBD }]>) -> Tensor<f32, Shape![B, T, { N_HEAD }, 76]> {
    view!(q, [B, T, { N_HEAD }, -1])
}

fn main() {}
