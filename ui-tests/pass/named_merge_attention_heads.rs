//! Attention with a run-time batch, in the layouts real models use: fairseq's
//! time-major head split (`[T, B, 512]` as `[T, B*8, 64]`, the batch outer and
//! the heads inner in the merged dim) and back.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, transpose, view, Shape, Strided, Tensor};

dims!(B, T);

fn split_heads(q: &Tensor<f32, Shape![T, B, 512]>) -> Tensor<f32, Shape![T, B * 8, 64]> {
    view!(q, [T, B * 8, 64])
}

fn per_batch_head(
    q: &Tensor<f32, Shape![T, B * 8, 64]>,
) -> Tensor<f32, Strided<Shape![B * 8, T, 64]>> {
    transpose!(q, 0, 1)
}

fn merge_heads(o: &Tensor<f32, Shape![T, B * 8, 64]>) -> Tensor<f32, Shape![T, B, 512]> {
    view!(o, [T, B, -1])
}

fn main() {
    let q: Tensor<f32, Shape![T, B, 512]> = Tensor::<f32>::arange(5 * 2 * 512)
        .view(&[5, 2, 512])
        .unwrap()
        .into_static()
        .unwrap();
    let heads = split_heads(&q);
    assert_eq!(heads.shape(), &[5, 16, 64]);
    // Batch 1, head 3 of step 0 starts at element 1 * 512 + 3 * 64.
    assert_eq!(heads.to_vec()[(8 + 3) * 64], (512 + 3 * 64) as f32);
    assert_eq!(per_batch_head(&heads).shape(), &[16, 5, 64]);
    let back = merge_heads(&heads);
    assert_eq!(back.shape(), &[5, 2, 512]);
    assert_eq!(back.to_vec(), q.to_vec());
}
