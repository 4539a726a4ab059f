//! Flatten before a linear layer and back: `[B, 5, T, 60]` viewed as
//! `[-1, T, 60]` merges B with the 5 channels after it (`B*5`), and the view
//! back to `[B, 5, T, 60]` keeps every element's place.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn channels_as_batch(x: &Tensor<f32, Shape![B, 5, T, 60]>) -> Tensor<f32, Shape![B * 5, T, 60]> {
    view!(x, [-1, T, 60])
}

fn channels_back(y: &Tensor<f32, Shape![B * 5, T, 60]>) -> Tensor<f32, Shape![B, 5, T, 60]> {
    view!(y, [B, 5, T, 60])
}

// Flatten everything but the batch before a classifier.
fn features(x: &Tensor<f32, Shape![B, 5, T, 60]>) -> Tensor<f32, Shape![B, 5 * T * 60]> {
    view!(x, [B, -1])
}

fn main() {
    let x: Tensor<f32, Shape![B, 5, T, 60]> = Tensor::<f32>::arange(3 * 5 * 4 * 60)
        .view(&[3, 5, 4, 60])
        .unwrap()
        .into_static()
        .unwrap();
    let y = channels_as_batch(&x);
    assert_eq!(y.shape(), &[15, 4, 60]);
    let back = channels_back(&y);
    assert_eq!(back.shape(), &[3, 5, 4, 60]);
    assert_eq!(back.to_vec(), x.to_vec());
    assert_eq!(features(&x).shape(), &[3, 1200]);
}
