//! movedim! keeps a static shape static and records the strides, as permute! does.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{movedim, view, Layout, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let m: Tensor<f32, Layout![[3, 4, 2], [4, 1, 12]]> = movedim!(x, 0, -1);
    let n: Tensor<f32, Layout![[4, 2, 3], [1, 12, 4]]> = movedim!(x, [2, 0], [0, 1]);
    let merged: Tensor<f32, Layout![[12, 2], [1, 12]]> = view!(m, [12, 2]);
    let d = x.clone().into_dyn().movedim(&[2, 0], &[0, 1]).unwrap();
    assert_eq!((n.shape(), n.stride()), (d.shape(), d.stride()));
    assert_eq!(merged.stride(), &[1, 12]);
    let dynamic = movedim!(x.clone().into_dyn(), [0], [2]).unwrap();
    assert_eq!(dynamic.shape(), &[3, 4, 2]);
}
