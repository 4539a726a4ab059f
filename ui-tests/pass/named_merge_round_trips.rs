//! A merged dim remembers its factors in order, so the natural round trips of
//! model code compile: flatten everything and view it back, split a batch
//! merged with a static factor, and merge heads back into the embedding.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, flatten, unsqueeze, view, Shape, Tensor};

dims!(B, T);

// Flatten a batch of tokens to one vector (a loss over all elements) and
// view it back: `[-1]` is `B*T*768`, B outermost.
fn flatten_all(x: &Tensor<f32, Shape![B, T, 768]>) -> Tensor<f32, Shape![B * T * 768]> {
    view!(x, [-1])
}

fn unflatten_all(flat: &Tensor<f32, Shape![B * T * 768]>) -> Tensor<f32, Shape![B, T, 768]> {
    view!(flat, [B, T, 768])
}

// A batch of 4 crops per image, merged as `B*4` (the image outer, the crop
// inner), then split back per image.
fn crops_per_image(logits: &Tensor<f32, Shape![B * 4]>) -> Tensor<f32, Shape![B, 4]> {
    view!(logits, [B, 4])
}

// The inferred merge and the one a signature writes are one type.
fn merge_crops(x: &Tensor<f32, Shape![B, 4]>) -> Tensor<f32, Shape![B * 4]> {
    view!(x, [-1])
}

// Attention output as rows of heads `[B*T*12, 64]`, merged back to tokens.
fn merge_head_rows(o: &Tensor<f32, Shape![B * T * 12, 64]>) -> Tensor<f32, Shape![B, T, 768]> {
    view!(o, [B, T, 768])
}

fn main() {
    let x: Tensor<f32, Shape![B, T, 768]> = Tensor::<f32>::arange(2 * 3 * 768)
        .view(&[2, 3, 768])
        .unwrap()
        .into_static()
        .unwrap();
    let flat = flatten_all(&x);
    assert_eq!(flat.shape(), &[2 * 3 * 768]);
    let back = unflatten_all(&flat);
    assert_eq!(back.shape(), &[2, 3, 768]);
    assert_eq!(back.to_vec(), x.to_vec());

    let crops: Tensor<f32, Shape![B, 4]> = Tensor::<f32>::arange(12)
        .view(&[3, 4])
        .unwrap()
        .into_static()
        .unwrap();
    let merged = merge_crops(&crops);
    assert_eq!(merged.shape(), &[12]);
    let split = crops_per_image(&merged);
    assert_eq!(split.shape(), &[3, 4]);
    // Image 1, crop 2 is element 1 * 4 + 2 of the merged batch.
    assert_eq!(split.to_vec()[4 + 2], 6.0);

    // flatten! merges in the same order, and a dim of 1 changes nothing.
    let by_flatten: Tensor<f32, Shape![B * 4]> = flatten!(crops, 0, 1);
    let column: Tensor<f32, Shape![B * 4, 1]> = unsqueeze!(by_flatten, 1);
    let same: Tensor<f32, Shape![B * 4]> = flatten!(column, 0, 1);
    assert_eq!(same.to_vec(), merged.to_vec());

    let rows: Tensor<f32, Shape![B * T * 12, 64]> = view!(x, [-1, 64]);
    assert_eq!(rows.shape(), &[72, 64]);
    let tokens = merge_head_rows(&rows);
    assert_eq!(tokens.shape(), &[2, 3, 768]);
    assert!(tokens.shares_storage(&x));
}
