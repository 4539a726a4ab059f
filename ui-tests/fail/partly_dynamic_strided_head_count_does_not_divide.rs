// nanoGPT's head split of a part of `split` (strides known at run time) with
// 10 heads: the counts are checked while compiling all the same.
use tensor_view::{dims, view, Shape, Strided, Tensor};

dims!(B, T);

fn heads(k: &Tensor<f32, Strided<Shape![B, T, 768]>>) {
    let _h = view!(k, [B, T, 10, -1]);
}

fn main() {}
