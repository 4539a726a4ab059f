//! [`Linear<T, I, O>`](Linear): PyTorch's `nn.Linear(I, O)`, `y = x Wᵀ + b`,
//! on any typed input whose last dim is `D<I>`; the result has the same
//! leading dims and `D<O>` last ([`ReplaceLast`]). The weight is a static
//! `[O, I]`, so only the input's dims are involved: `forward` returns the
//! tensor itself, for static and named leading dims alike.

use super::{checked, proven, vector};
use crate::numeric::Arithmetic;
use crate::static_shape::{typed_result, Infallible, MatmulElement, Outcome};
use crate::tensor::Tensor;
use crate::typed::list::{AnyStrides, TypedDims};
use crate::typed::rules::ReplaceLast;
use crate::typed::D;
use crate::ViewError;

/// A linear layer from `I` to `O` features, weights as PyTorch's
/// `nn.Linear` keeps them (`[O, I]`), with an optional bias `[O]`.
///
/// ```
/// use tensor_view::{dims, typed::layers::Linear, Shape, Tensor, D};
/// dims!(B);
/// let w = Tensor::<f32>::from_vec(vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[3, 2])?;
/// let fc = Linear::<f32, 2, 3>::from_dyn(w, Some(Tensor::from_vec(vec![0.0, 0.0, 10.0], &[3])?))?;
/// let x: Tensor<f32, (B, D<2>)> = Tensor::from_vec(vec![1.0f32, 2.0], &[1, 2])?.into_static()?;
/// let y: Tensor<f32, (B, D<3>)> = fc.forward(&x);
/// assert_eq!(y.to_vec(), vec![1.0, 2.0, 13.0]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Linear<T: MatmulElement + Arithmetic, const I: usize, const O: usize> {
    weight: Tensor<T, AnyStrides<(D<O>, D<I>)>>,
    bias: Option<Tensor<T, (D<O>,)>>,
}

impl<T: MatmulElement + Arithmetic, const I: usize, const O: usize> Linear<T, I, O> {
    /// The layer of a `[O, I]` weight (`nn.Linear`'s layout, any strides)
    /// and an optional `[O]` bias.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Linear, Shape, Tensor, D};
    /// let fc = Linear::<f32, 768, 3072>::new(Tensor::<f32, (D<3072>, D<768>)>::zeros(), None);
    /// assert_eq!(fc.weight().shape(), &[3072, 768]);
    /// ```
    pub fn new<W: TypedDims<List = (D<O>, D<I>)>>(
        weight: Tensor<T, W>,
        bias: Option<Tensor<T, (D<O>,)>>,
    ) -> Self {
        Linear {
            weight: proven(weight.into_dyn()),
            bias,
        }
    }

    /// The layer of a GPT-2 `Conv1D` weight, `[I, O]` (the transpose of
    /// `nn.Linear`'s), used as it lies (no copy).
    ///
    /// ```
    /// use tensor_view::{typed::layers::Linear, Shape, Tensor, D};
    /// let c_fc = Tensor::<f32, (D<768>, D<3072>)>::zeros();
    /// let fc = Linear::<f32, 768, 3072>::from_conv1d(c_fc, Some(Shape::zeros()));
    /// assert_eq!(fc.weight().stride(), &[1, 3072]);
    /// ```
    pub fn from_conv1d<W: TypedDims<List = (D<I>, D<O>)>>(
        weight: Tensor<T, W>,
        bias: Option<Tensor<T, (D<O>,)>>,
    ) -> Self {
        let transposed = Infallible::wrap(weight.into_dyn().t());
        Linear {
            weight: proven(transposed),
            bias,
        }
    }

    /// The layer of a dynamic `[O, I]` weight and `[O]` bias, checked.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Linear, Tensor};
    /// let e = Linear::<f32, 4, 2>::from_dyn(Tensor::zeros(&[4, 2])?, None).unwrap_err();
    /// assert_eq!(e.to_string(), "into_static(): expected a tensor of shape [2, 4], but got shape [4, 2]");
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn from_dyn(weight: Tensor<T>, bias: Option<Tensor<T>>) -> Result<Self, ViewError> {
        let weight = checked::<T, AnyStrides<(D<O>, D<I>)>>(weight)?;
        Ok(Linear::new(weight, bias.map(vector).transpose()?))
    }

    /// The layer of a dynamic GPT-2 `Conv1D` weight `[I, O]` and `[O]` bias,
    /// checked.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Linear, Tensor};
    /// let fc = Linear::<f32, 4, 2>::from_dyn_conv1d(Tensor::zeros(&[4, 2])?, None)?;
    /// assert_eq!(fc.weight().shape(), &[2, 4]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn from_dyn_conv1d(weight: Tensor<T>, bias: Option<Tensor<T>>) -> Result<Self, ViewError> {
        let weight = checked::<T, AnyStrides<(D<I>, D<O>)>>(weight)?;
        Ok(Linear::from_conv1d(weight, bias.map(vector).transpose()?))
    }

    /// The weight, `[O, I]`.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Linear, Shape, Tensor, D};
    /// let fc = Linear::<f32, 2, 1>::new(Tensor::<f32, (D<1>, D<2>)>::ones(), None);
    /// assert_eq!(fc.weight().to_vec(), vec![1.0, 1.0]);
    /// ```
    pub fn weight(&self) -> &Tensor<T, AnyStrides<(D<O>, D<I>)>> {
        &self.weight
    }

    /// The bias, `[O]`, if any.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Linear, Shape, Tensor, D};
    /// let fc = Linear::<f32, 2, 1>::new(Tensor::<f32, (D<1>, D<2>)>::ones(), Some(Shape::full(3.0)));
    /// assert_eq!(fc.bias().unwrap().to_vec(), vec![3.0]);
    /// ```
    pub fn bias(&self) -> Option<&Tensor<T, (D<O>,)>> {
        self.bias.as_ref()
    }

    /// `F.linear(x, W, b)`: `x Wᵀ + b` for any typed `x` of shape
    /// `[.., I]` (ranks 1 to 6, static or named leading dims, any strides),
    /// giving `[.., O]`. A last dim other than `D<I>` is a compile error
    /// in PyTorch's words (`mm: mat1 and mat2 shapes cannot be multiplied`).
    ///
    /// ```
    /// use tensor_view::{dims, typed::layers::Linear, Shape, Tensor, D};
    /// dims!(B, T);
    /// let fc = Linear::<f32, 3, 2>::new(Tensor::<f32, (D<2>, D<3>)>::ones(), None);
    /// let x: Tensor<f32, (B, T, D<3>)> = Tensor::<f32>::ones(&[4, 5, 3])?.into_static()?;
    /// let y: Tensor<f32, (B, T, D<2>)> = fc.forward(&x);
    /// assert_eq!(y.to_vec(), vec![3.0; 40]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn forward<S: TypedDims>(
        &self,
        x: &Tensor<T, S>,
    ) -> Tensor<T, <S::List as ReplaceLast<I, O>>::Out>
    where
        S::List: ReplaceLast<I, O>,
    {
        let w_t = Infallible::wrap(self.weight.clone().into_dyn().t());
        let y = x.clone().into_dyn().matmul(&w_t);
        let y = match &self.bias {
            Some(b) => y.and_then(|y| y.add(&b.clone().into_dyn())),
            None => y,
        };
        typed_result::<_, Infallible, T>(crate::typed::ops::carry(y, &x.symbols))
    }
}
