//! transpose!, permute!, unsqueeze!, squeeze!, flatten! and contiguous() of
//! partly-dynamic tensors keep the named dims in the type.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{
    dims, flatten, permute, squeeze, transpose, unsqueeze, view, Shape, Strided, Tensor,
};

dims!(B, T);

type Heads = Shape![B, T, 12, 64];
type HeadsT = Strided<Shape![B, 12, T, 64]>;

fn split_and_transpose(q: &Tensor<f32, Shape![B, T, 768]>) -> Tensor<f32, HeadsT> {
    let h: Tensor<f32, Heads> = view!(q, [B, T, 12, -1]);
    transpose!(h, 1, 2)
}

fn merge(y: &Tensor<f32, Shape![B, 12, T, 64]>) -> Tensor<f32, Shape![B, T, 768]> {
    view!(transpose!(y, 1, 2).contiguous().unwrap(), [B, T, 768])
}

fn main() {
    let q: Tensor<f32, Shape![B, T, 768]> = Tensor::<f32>::zeros(&[2, 3, 768])
        .unwrap()
        .into_static()
        .unwrap();
    let k = split_and_transpose(&q);
    assert_eq!(k.stride(), &[2304, 64, 768, 1]);
    let back: Tensor<f32, Shape![B, T, 12, 64]> = transpose!(k, 2, -3).contiguous().unwrap();
    assert!(back.shares_storage(&q));
    let y: Tensor<f32, Shape![B, 12, T, 64]> = k.contiguous().unwrap();
    assert_eq!(merge(&y).shape(), &[2, 3, 768]);
    let p: Tensor<f32, Strided<Shape![T, B, 12, 64]>> = permute!(back, [1, 0, 2, 3]);
    let v: Tensor<f32, Strided<Shape![T, B, 768]>> = view!(p, [T, B, -1]).unwrap();
    assert_eq!(v.stride(), &[768, 2304, 1]);
    let u: Tensor<f32, Shape![B, 1, T, 768]> = unsqueeze!(q, 1);
    let s: Tensor<f32, Shape![B, T, 768]> = squeeze!(u, 1);
    let f: Tensor<f32, Shape![B * T, 768]> = flatten!(s, 0, 1);
    assert_eq!(f.shape(), &[6, 768]);
    let d: Tensor<f32> = squeeze!(s, 0).unwrap();
    assert_eq!(d.shape(), &[2, 3, 768]);
}
