// ViT patchify written with a patch dim of 700 instead of 768.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn patches(x: &Tensor<f32, Shape![B, 14, 14, 768]>) {
    let _y = view!(x, [B, 196, 700]);
}

fn main() {}
