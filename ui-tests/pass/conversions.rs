//! into_dyn() is free; into_static() checks at run time.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{Shape, Tensor, ViewError};

fn main() -> Result<(), ViewError> {
    let d = Tensor::<f32>::arange(16);
    let s: Tensor<f32, Shape![2, 2, 4]> = d.view(&[2, 2, 4])?.into_static()?;
    let back: Tensor<f32> = s.into_dyn();
    assert_eq!(back.shape(), &[2, 2, 4]);
    let e = d.into_static::<Shape![4, 4]>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "into_static(): expected a tensor of shape [4, 4], but got shape [16]"
    );
    Ok(())
}
