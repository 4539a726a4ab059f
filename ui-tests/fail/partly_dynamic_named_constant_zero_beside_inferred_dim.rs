// A named constant that is 0 beside a -1 on a partly-dynamic tensor.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

const N_HEAD: usize = 0;

fn heads(q: &Tensor<f32, Shape![B, T, 768]>) {
    let _heads = view!(q, [B, T, { N_HEAD }, -1]);
}

fn main() {}
