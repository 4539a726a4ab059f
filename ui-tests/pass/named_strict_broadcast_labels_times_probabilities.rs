//! Labels [B] times probabilities [B, 10], fixed: the label gets its own
//! dim, [B, 1], which broadcasts along the 10 classes.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, mul, unsqueeze, Shape, Tensor, ViewError};

dims!(B);

fn weighted(
    labels: &Tensor<f32, Shape![B]>,
    probs: &Tensor<f32, Shape![B, 10]>,
) -> Result<Tensor<f32, Shape![B, 10]>, ViewError> {
    let labels: Tensor<f32, Shape![B, 1]> = unsqueeze!(labels, 1);
    mul!(labels: [B, 1], probs: [B, 10])
}

fn main() -> Result<(), ViewError> {
    let labels = Tensor::<f32>::arange(3).into_static()?;
    let probs = Tensor::<f32>::ones(&[3, 10])?.into_static()?;
    let w = weighted(&labels, &probs)?;
    assert_eq!(w.shape(), &[3, 10]);
    assert_eq!(w.to_vec()[10..12], [1.0, 1.0]);
    assert_eq!(w.sym_size::<B>(), Some(3));
    Ok(())
}
