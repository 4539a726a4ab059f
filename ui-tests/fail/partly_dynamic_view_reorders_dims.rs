// queries.view(B, H, L, -1) on a [B, L, H, D] tensor, meant as transpose(1, 2):
// PyTorch runs it with the wrong meaning; here it does not compile.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, L);

fn split_heads(q: &Tensor<f32, Shape![B, L, 8, 64]>) {
    let _wrong = view!(q, [B, 8, L, -1]);
}

fn main() {}
