//! Noise added to a [B, 200] mean, fixed: sampled with the mean's batch. And
//! two same-named dims broadcast as PyTorch does, in either order: B = 1
//! against B = 3 is 3; B = 2 against B = 3 is PyTorch's broadcast error.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{add, dims, Shape, Tensor, ViewError};

dims!(B);

fn reparameterize(
    mu: &Tensor<f32, Shape![B, 200]>,
) -> Result<Tensor<f32, Shape![B, 200]>, ViewError> {
    let eps: Tensor<f32, Shape![B, 200]> = Tensor::<f32>::ones(mu.shape())?.into_static()?;
    add!(mu: [B, 200], eps: [B, 200])
}

fn batch(b: usize) -> Tensor<f32, Shape![B, 4]> {
    Tensor::<f32>::ones(&[b, 4]).unwrap().into_static().unwrap()
}

fn main() -> Result<(), ViewError> {
    let mu = Tensor::<f32>::zeros(&[3, 200])?.into_static()?;
    assert_eq!(reparameterize(&mu)?.to_vec(), vec![1.0; 600]);
    let (one, three, two) = (batch(1), batch(3), batch(2));
    for (a, b) in [(&one, &three), (&three, &one)] {
        let sum: Tensor<f32, Shape![B, 4]> = add!(a: [B, 4], b: [B, 4])?;
        assert_eq!((sum.shape(), sum.sym_size::<B>()), (&[3, 4][..], Some(3)));
    }
    let e = add!(two: [B, 4], three: [B, 4]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    );
    let e = add!(three: [B, 4], two: [B, 4]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"
    );
    Ok(())
}
