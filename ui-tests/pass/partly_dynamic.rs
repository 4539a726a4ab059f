//! Views of partly-dynamic tensors: typed results, no Result, checked while compiling.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

type Tokens = Shape![B, T, 768];

fn lenet_flatten(x: &Tensor<f32, Shape![B, 16, 5, 5]>) -> Tensor<f32, Shape![B, 400]> {
    view!(x, [-1, 16 * 5 * 5])
}

fn split_heads(q: &Tensor<f32, Tokens>) -> Tensor<f32, Shape![B, T, 12, 64]> {
    view!(q, [B, T, 12, -1])
}

fn rows(x: &Tensor<f32, Tokens>) -> Tensor<f32, Shape![B * T, 768]> {
    view!(x, [-1, 768])
}

fn rows_as_heads(x: &Tensor<f32, Shape![B * T, 768]>) -> Tensor<f32, Shape![B * T, 12, 64]> {
    view!(x, [B * T, 12, -1])
}

// The split back: B and T are the sizes the tensor's chain carries.
fn unmerge(h: &Tensor<f32, Shape![B * T, 768]>) -> Tensor<f32, Tokens> {
    view!(h, [B, T, 768])
}

fn unmerge_heads(h: &Tensor<f32, Shape![B * T, 768]>) -> Tensor<f32, Shape![B, T, 12, 64]> {
    view!(h, [B, T, 12, -1])
}

fn main() {
    let x = Tensor::<f32>::arange(2 * 16 * 25)
        .view(&[2, 16, 5, 5])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(lenet_flatten(&x).shape(), &[2, 400]);
    let q: Tensor<f32, Tokens> = Tensor::<f32>::zeros(&[3, 5, 768])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(split_heads(&q).shape(), &[3, 5, 12, 64]);
    let r = rows(&q);
    assert_eq!(r.shape(), &[15, 768]);
    assert_eq!(rows_as_heads(&r).stride(), &[768, 64, 1]);
    let back: Tensor<f32, Tokens> = view!(split_heads(&q), [B, T, -1]);
    assert!(back.shares_storage(&q));
    let unmerged = unmerge(&r);
    assert_eq!(unmerged.shape(), &[3, 5, 768]);
    assert!(unmerged.shares_storage(&q));
    assert_eq!(unmerge_heads(&r).shape(), &[3, 5, 12, 64]);
}
