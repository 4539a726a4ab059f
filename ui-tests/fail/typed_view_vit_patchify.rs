// ViT's patchify with a run-time batch: the image `[B, 3, 224, 224]` is cut
// into 16x16 patches by a view and a permute, then viewed as 196 tokens of
// 768. The permuted dims are not contiguous with each other, so the view
// needs a copy: PyTorch fails at run time, the typed form while compiling.
// (The fix, `.contiguous()` first, is in `ui-tests/pass/typed_view_fixes.rs`.)
use tensor_view::{dims, permute, Tensor, D};

dims!(B);

fn patchify(img: &Tensor<f32, (B, D<3>, D<224>, D<224>)>) {
    let grid = img.view_to::<(B, D<3>, D<14>, D<16>, D<14>, D<16>)>();
    let patches = permute!(grid, [0, 2, 4, 1, 3, 5]);
    let _tokens = patches.view_to::<(B, D<196>, D<768>)>();
}

fn main() {}
