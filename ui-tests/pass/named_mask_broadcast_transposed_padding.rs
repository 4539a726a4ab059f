//! A padding mask on [B, T] scores, fixed: the [T, B] mask transposed to
//! [B, T]; and a [T, T] causal mask on [B, H, T, T] attention scores.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{dims, masked_fill, transpose, where_, Shape, Strided, Tensor, ViewError};

dims!(B, T);

fn mask_padding(
    scores: &Tensor<f32, Shape![B, T]>,
    padding: &Tensor<bool, Shape![T, B]>,
) -> Result<Tensor<f32, Shape![B, T]>, ViewError> {
    let padding: Tensor<bool, Strided<Shape![B, T]>> = transpose!(padding, 0, 1);
    masked_fill!(scores: [B, T], padding: [B, T], f32::NEG_INFINITY)
}

fn causal(
    att: &Tensor<f32, Shape![B, 4, T, T]>,
    future: &Tensor<bool, Shape![T, T]>,
) -> Result<Tensor<f32, Shape![B, 4, T, T]>, ViewError> {
    masked_fill!(att: [B, 4, T, T], future: [T, T], f32::NEG_INFINITY)
}

fn main() -> Result<(), ViewError> {
    let scores = Tensor::<f32>::zeros(&[2, 3])?.into_static()?;
    let padding =
        Tensor::from_vec(vec![false, false, false, true, true, true], &[3, 2])?.into_static()?;
    let masked = mask_padding(&scores, &padding)?;
    let inf = f32::NEG_INFINITY;
    assert_eq!(masked.to_vec(), vec![0.0, 0.0, inf, 0.0, inf, inf]);
    let att = Tensor::<f32>::zeros(&[2, 4, 3, 3])?.into_static()?;
    let future = Tensor::from_vec(
        vec![false, true, true, false, false, true, false, false, false],
        &[3, 3],
    )?
    .into_static()?;
    let a = causal(&att, &future)?;
    assert_eq!(a.shape(), &[2, 4, 3, 3]);
    assert_eq!(a.to_vec()[..3], [0.0, inf, inf]);
    let ones = Tensor::<f32, Shape![1]>::ones();
    let pad: Tensor<bool, Strided<Shape![B, T]>> = transpose!(padding, 0, 1);
    let picked: Tensor<f32, Shape![B, T]> = where_!(pad: [B, T], ones: [1], scores: [B, T])?;
    assert_eq!(picked.to_vec(), vec![0.0, 0.0, 1.0, 0.0, 1.0, 1.0]);
    Ok(())
}
