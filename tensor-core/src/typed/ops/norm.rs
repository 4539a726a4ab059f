//! `layer_norm` and `rms_norm` of a typed tensor over its last dim,
//! `[.., C]`: the last dim is checked against the weight's `C` while
//! compiling ([`EndsWith`]); the values are the dynamic core's (PyTorch's
//! CPU kernels' numerics). One tensor's dims are involved (the weight and
//! bias are static), so no `Result`.

use super::retype::carry;
use crate::numeric::Float;
use crate::static_shape::{typed_result, Infallible};
use crate::tensor::Tensor;
use crate::typed::list::TypedDims;
use crate::typed::rules::EndsWith;
use crate::typed::D;

/// A weight or bias of `C` features, as the dynamic op takes it.
fn features<T: Float, const C: usize>(t: Option<&Tensor<T, (D<C>,)>>) -> Option<Tensor<T>> {
    t.map(|t| t.clone().into_dyn())
}

impl<T: Float, S: TypedDims> Tensor<T, S> {
    /// `F.layer_norm(x, [C], weight, bias, eps)` over the last dim, `D<C>`,
    /// of a typed tensor; the result is row-major with the same dims. With
    /// neither weight nor bias, name `C`: `x.layer_norm::<768>(None, None, 1e-5)`.
    ///
    /// ```
    /// use tensor_view::{dims, Shape, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, D<3>)> =
    ///     Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 0.0, 0.0, 3.0], &[2, 3])?.into_static()?;
    /// let w = Tensor::<f32, (D<3>,)>::full(2.0);
    /// let y: Tensor<f32, (B, D<3>)> = x.layer_norm(Some(&w), None, 1e-5);
    /// let want = x.clone().into_dyn().layer_norm(&[3], Some(&w.into_dyn()), None, 1e-5)?;
    /// assert_eq!(y.to_vec(), want.to_vec());
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn layer_norm<const C: usize>(
        &self,
        weight: Option<&Tensor<T, (D<C>,)>>,
        bias: Option<&Tensor<T, (D<C>,)>>,
        eps: f64,
    ) -> Tensor<T, S::List>
    where
        S::List: EndsWith<C>,
    {
        let (w, b) = (features(weight), features(bias));
        let y = self
            .clone()
            .into_dyn()
            .layer_norm(&[C], w.as_ref(), b.as_ref(), eps);
        typed_result::<S::List, Infallible, T>(carry(y, &self.symbols))
    }

    /// `F.rms_norm(x, [C], weight, eps)` over the last dim, `D<C>`, of a
    /// typed tensor (`eps = None`: PyTorch's default, the epsilon of `f32`
    /// for `f16`, `bf16` and `f32`).
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor, D};
    /// let x = Tensor::<f32, (D<2>, D<4>)>::full(3.0);
    /// let y: Tensor<f32, (D<2>, D<4>)> = x.rms_norm::<4>(None, Some(0.0));
    /// assert_eq!(y.to_vec(), vec![1.0; 8]);
    /// ```
    pub fn rms_norm<const C: usize>(
        &self,
        weight: Option<&Tensor<T, (D<C>,)>>,
        eps: Option<f64>,
    ) -> Tensor<T, S::List>
    where
        S::List: EndsWith<C>,
    {
        let w = features(weight);
        let y = self.clone().into_dyn().rms_norm(&[C], w.as_ref(), eps);
        typed_result::<S::List, Infallible, T>(carry(y, &self.symbols))
    }
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::static_shape::Shape;
    use crate::typed::{AnyStrides, D};
    use crate::Tensor;

    test_symbol!(B, crate::typenum::U1);

    #[test]
    fn typed_norms_equal_the_dynamic_ones_on_any_strides() {
        let d = Tensor::<f64>::from_fn(12, |i| ((i * 5) % 7) as f64 - 2.5);
        let t = d.view(&[4, 3]).unwrap().t().unwrap(); // [3, 4], transposed
        let x: Tensor<f64, AnyStrides<(B, D<4>)>> = t.clone().into_static().unwrap();
        let w = Tensor::<f64, (D<4>,)>::full(0.5);
        let b = Tensor::<f64, (D<4>,)>::full(-1.0);
        let y: Tensor<f64, (B, D<4>)> = x.layer_norm(Some(&w), Some(&b), 1e-5);
        let (wd, bd) = (w.clone().into_dyn(), b.into_dyn());
        let want = t.layer_norm(&[4], Some(&wd), Some(&bd), 1e-5).unwrap();
        assert_eq!(y.to_vec(), want.to_vec());
        let r: Tensor<f64, (B, D<4>)> = x.rms_norm(Some(&w), None);
        assert_eq!(
            r.to_vec(),
            t.rms_norm(&[4], Some(&wd), None).unwrap().to_vec()
        );
    }
}
