//! ViT's patchify with a batch known only at run time: 224 x 224 images cut
//! into 14 x 14 patches of 16 x 16 pixels, each patch flattened to 768
//! values (pixel row, pixel column, channel):
//!
//! ```python
//! x = x.view(B, 3, 14, 16, 14, 16)      # (B, C, gh, ph, gw, pw)
//! x = x.permute(0, 2, 4, 3, 5, 1)       # (B, gh, gw, ph, pw, C)
//! x = x.contiguous().view(B, 196, 768)  # (B, patches, patch values)
//! ```
//!
//! What is checked when: both views are checked while compiling (counts and
//! the place of `B`) and cannot fail: no `Result`. A wrong patch size
//! (`[B, 3, 16, 16, 16, 16]`) or patch length (`[B, 196, 700]`) does not
//! compile. `permute!` is typed `Strided<Shape![B, 14, 14, 16, 16, 3]>`, its
//! length checked while compiling; `contiguous()` copies, as in PyTorch,
//! and gives back a row-major `Shape![..]` tensor. At run time only the
//! input's conversion (`into_static`) checks its shape.
//!
//! The patches are checked value by value against plain index arithmetic.
//!
//! Run with `cargo run --example vit_patchify -- 2` (the batch size).

use tensor_view::{dims, permute, view, Shape, Strided, Tensor, ViewError};

dims!(pub B);

/// A batch of RGB images.
type Images = Shape![B, 3, 224, 224];
/// The images with their rows and columns split into (grid, pixel).
type Grid = Shape![B, 3, 14, 16, 14, 16];
/// The grid with the patch dims next to each other, channel last.
type Patches = Strided<Shape![B, 14, 14, 16, 16, 3]>;
/// The patch sequence a ViT embeds.
type Sequence = Shape![B, 196, 768];

/// Patchify: two views and a permute, typed all the way.
pub fn patchify(x: &Tensor<f32, Images>) -> Result<Tensor<f32, Sequence>, ViewError> {
    let grid: Tensor<f32, Grid> = view!(x, [B, 3, 14, 16, 14, 16]);
    let patches: Tensor<f32, Patches> = permute!(grid, [0, 2, 4, 3, 5, 1]);
    // contiguous() copies (it fails only if the copy cannot be allocated).
    Ok(view!(patches.contiguous()?, [B, 196, 768]))
}

/// Patchifies a batch of `batch` images and counts the values that differ
/// from `x[b][c][gh * 16 + ph][gw * 16 + pw]` at
/// `out[b][gh * 14 + gw][(ph * 16 + pw) * 3 + c]`.
pub fn mismatches(batch: usize) -> Result<usize, ViewError> {
    let n = batch * 3 * 224 * 224;
    let data: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x: Tensor<f32, Images> =
        Tensor::from_vec(data.clone(), &[batch, 3, 224, 224])?.into_static()?;
    let out = patchify(&x)?;
    assert_eq!(
        (out.shape(), out.stride()),
        (&[batch, 196, 768][..], &[196isize * 768, 768, 1][..])
    );
    let got = out.to_vec();
    let mut wrong = 0;
    for b in 0..batch {
        for (gh, gw, ph, pw, c) in (0..14usize).flat_map(|gh| {
            (0..14usize).flat_map(move |gw| {
                (0..16usize).flat_map(move |ph| {
                    (0..16usize).flat_map(move |pw| (0..3usize).map(move |c| (gh, gw, ph, pw, c)))
                })
            })
        }) {
            let pixel = data[((b * 3 + c) * 224 + gh * 16 + ph) * 224 + gw * 16 + pw];
            let patch = got[(b * 196 + gh * 14 + gw) * 768 + (ph * 16 + pw) * 3 + c];
            wrong += usize::from(pixel != patch);
        }
    }
    Ok(wrong)
}

#[allow(dead_code)] // `tests/model_examples.rs` includes this file for `mismatches` only
fn main() -> Result<(), ViewError> {
    let batch = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let wrong = mismatches(batch)?;
    println!("ViT patchify: [{batch}, 3, 224, 224] -> [{batch}, 3, 14, 16, 14, 16] -> permute -> [{batch}, 196, 768]");
    assert_eq!(wrong, 0, "{wrong} patch values are misplaced");
    println!("ok: every patch value is the pixel it should be");
    Ok(())
}
