// ViT patchify with a 16 x 16 grid of 16-pixel patches: 256 pixels, not 224.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn grid(x: &Tensor<f32, Shape![B, 3, 224, 224]>) {
    let _g = view!(x, [B, 3, 16, 16, 16, 16]);
}

fn main() {}
