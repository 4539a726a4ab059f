//! [`LayerNorm<T, C>`](LayerNorm): PyTorch's `nn.LayerNorm(C)` over the last
//! dim of any typed input `[.., C]`, checked while compiling ([`EndsWith`]).
//! Only the input's dims are involved, so `forward` returns the tensor
//! itself.

use super::vector;
use crate::numeric::Float;
use crate::tensor::Tensor;
use crate::typed::list::TypedDims;
use crate::typed::rules::EndsWith;
use crate::typed::D;
use crate::ViewError;

/// A layer norm over `C` features: a weight `[C]`, an optional bias `[C]`
/// and `eps`.
///
/// ```
/// use tensor_view::{typed::layers::LayerNorm, Shape, Tensor, D};
/// let ln = LayerNorm::<f32, 2>::new(Shape::full(1.0), Some(Shape::full(0.5)), 0.0);
/// let y = ln.forward(&Tensor::<f32, (D<1>, D<2>)>::ones().into_dyn().add(
///     &Tensor::from_vec(vec![0.0f32, 2.0], &[2])?)?.into_static::<(D<1>, D<2>)>()?);
/// assert_eq!(y.to_vec(), vec![-0.5, 1.5]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LayerNorm<T: Float, const C: usize> {
    weight: Tensor<T, (D<C>,)>,
    bias: Option<Tensor<T, (D<C>,)>>,
    eps: f64,
}

impl<T: Float, const C: usize> LayerNorm<T, C> {
    /// The layer of a weight, an optional bias and `eps` (PyTorch's default
    /// is `1e-5`).
    ///
    /// ```
    /// use tensor_view::{typed::layers::LayerNorm, Shape, Tensor};
    /// let ln = LayerNorm::<f32, 768>::new(Shape::ones(), Some(Shape::zeros()), 1e-5);
    /// # let _ = ln;
    /// ```
    pub fn new(weight: Tensor<T, (D<C>,)>, bias: Option<Tensor<T, (D<C>,)>>, eps: f64) -> Self {
        LayerNorm { weight, bias, eps }
    }

    /// The layer of a dynamic weight and bias, each checked to be `[C]`.
    ///
    /// ```
    /// use tensor_view::{typed::layers::LayerNorm, Tensor};
    /// let e = LayerNorm::<f32, 4>::from_dyn(Tensor::ones(&[3])?, None, 1e-5).unwrap_err();
    /// assert_eq!(e.to_string(), "into_static(): expected a tensor of shape [4], but got shape [3]");
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn from_dyn(
        weight: Tensor<T>,
        bias: Option<Tensor<T>>,
        eps: f64,
    ) -> Result<Self, ViewError> {
        Ok(LayerNorm::new(
            vector(weight)?,
            bias.map(vector).transpose()?,
            eps,
        ))
    }

    /// `F.layer_norm(x, [C], weight, bias, eps)` for any typed `x` of shape
    /// `[.., C]`; the result is row-major with the same dims.
    ///
    /// ```
    /// use tensor_view::{dims, typed::layers::LayerNorm, Shape, Tensor, D};
    /// dims!(B, T);
    /// let ln = LayerNorm::<f32, 3>::new(Shape::ones(), None, 1e-5);
    /// let x: Tensor<f32, (B, T, D<3>)> = Tensor::<f32>::ones(&[2, 2, 3])?.into_static()?;
    /// let y: Tensor<f32, (B, T, D<3>)> = ln.forward(&x);
    /// assert_eq!(y.to_vec(), vec![0.0; 12]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn forward<S: TypedDims>(&self, x: &Tensor<T, S>) -> Tensor<T, S::List>
    where
        S::List: EndsWith<C>,
    {
        x.layer_norm(Some(&self.weight), self.bias.as_ref(), self.eps)
    }
}
