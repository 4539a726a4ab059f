// ViT patchify's permute with the last pixel dim left out.
use tensor_view::{dims, permute, Shape, Tensor};

dims!(B);

fn patches(grid: &Tensor<f32, Shape![B, 3, 14, 16, 14, 16]>) {
    let _p = permute!(grid, [0, 2, 4, 3, 1]);
}

fn main() {}
