//! Views of inputs with three to six named dims (counted with repeats): the
//! checks of three or more are the library's, written once; the views type
//! and run as those of fewer.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T, H);

fn merge_batch(x: &Tensor<f32, Shape![B, H, T, 8]>) -> Tensor<f32, Shape![B * H, T, 8]> {
    view!(x, [-1, T, 8])
}

fn scores_as_rows(s: &Tensor<f32, Shape![B, H, T, T]>) -> Tensor<f32, Shape![B * H * T, T]> {
    view!(s, [B * H * T, -1])
}

fn six(
    x: &Tensor<f32, Shape![B, T, H, B, T, H, 2]>,
) -> Tensor<f32, Shape![B * T * H, B * T * H * 2]> {
    view!(x, [B * T * H, -1])
}

fn main() {
    let x: Tensor<f32, Shape![B, H, T, 8]> = Tensor::<f32>::zeros(&[2, 3, 5, 8])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(merge_batch(&x).shape(), &[6, 5, 8]);
    let s: Tensor<f32, Shape![B, H, T, T]> = Tensor::<f32>::zeros(&[2, 3, 5, 5])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(scores_as_rows(&s).shape(), &[30, 5]);
    let y: Tensor<f32, Shape![B, T, H, B, T, H, 2]> = Tensor::<f32>::zeros(&[2, 3, 1, 2, 3, 1, 2])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(six(&y).shape(), &[6, 12]);
}
