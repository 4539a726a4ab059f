// nanoGPT's y.transpose(1, 2).contiguous().view(B, T, C) written without the
// transpose: PyTorch runs it and mixes heads and positions; here the view
// would move T before the 12 heads, so it does not compile.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn merge(y: &Tensor<f32, Shape![B, 12, T, 64]>) {
    let _wrong = view!(y.contiguous(), [B, T, 768]);
}

fn main() {}
