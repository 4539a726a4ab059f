//! [`Embedding<T, V, C>`](Embedding): PyTorch's `nn.Embedding(V, C)`, rows of
//! a `[V, C]` table looked up by `i64` ids of any typed shape `[..]`, giving
//! `[.., C]` ([`AppendDim`]).
//!
//! An id outside `0..V` is PyTorch's `IndexError` (`index out of range in
//! self`), known only when the ids are read, so `forward` returns a
//! `Result`: the one check left to run time.

use super::checked;
use crate::static_shape::{typed_result, Fallible};
use crate::tensor::Tensor;
use crate::typed::list::{AnyStrides, TypedDims};
use crate::typed::rules::AppendDim;
use crate::typed::D;
use crate::{Element, ViewError};

/// An embedding table of `V` rows of `C` features.
///
/// ```
/// use tensor_view::{dims, typed::layers::Embedding, Tensor, D};
/// dims!(B, T);
/// let wte = Embedding::<f32, 3, 2>::from_dyn(Tensor::from_vec(vec![0.0f32, 1.0, 2.0, 3.0, 4.0, 5.0], &[3, 2])?)?;
/// let ids: Tensor<i64, (B, T)> = Tensor::from_vec(vec![2i64, 0], &[1, 2])?.into_static()?;
/// let x: Tensor<f32, (B, T, D<2>)> = wte.forward(&ids)?;
/// assert_eq!(x.to_vec(), vec![4.0, 5.0, 0.0, 1.0]);
/// let bad: Tensor<i64, (B, T)> = Tensor::from_vec(vec![3i64], &[1, 1])?.into_static()?;
/// assert_eq!(wte.forward(&bad).unwrap_err().to_string(), "index out of range in self");
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Embedding<T: Element, const V: usize, const C: usize> {
    weight: Tensor<T, AnyStrides<(D<V>, D<C>)>>,
}

impl<T: Element, const V: usize, const C: usize> Embedding<T, V, C> {
    /// The layer of a `[V, C]` table (any strides).
    ///
    /// ```
    /// use tensor_view::{typed::layers::Embedding, Shape, Tensor, D};
    /// let wpe = Embedding::<f32, 1024, 768>::new(Tensor::<f32, (D<1024>, D<768>)>::zeros());
    /// assert_eq!(wpe.weight().shape(), &[1024, 768]);
    /// ```
    pub fn new<W: TypedDims<List = (D<V>, D<C>)>>(weight: Tensor<T, W>) -> Self {
        Embedding {
            weight: super::proven(weight.into_dyn()),
        }
    }

    /// The layer of a dynamic table, checked to be `[V, C]`.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Embedding, Tensor};
    /// let e = Embedding::<f32, 4, 2>::from_dyn(Tensor::zeros(&[2, 4])?).unwrap_err();
    /// assert_eq!(e.to_string(), "into_static(): expected a tensor of shape [4, 2], but got shape [2, 4]");
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn from_dyn(weight: Tensor<T>) -> Result<Self, ViewError> {
        Ok(Embedding {
            weight: checked(weight)?,
        })
    }

    /// The table, `[V, C]`.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Embedding, Shape, Tensor, D};
    /// let e = Embedding::<i32, 2, 1>::new(Tensor::<i32, (D<2>, D<1>)>::full(7));
    /// assert_eq!(e.weight().to_vec(), vec![7, 7]);
    /// ```
    pub fn weight(&self) -> &Tensor<T, AnyStrides<(D<V>, D<C>)>> {
        &self.weight
    }

    /// `F.embedding(ids, weight)`: row `ids[..]` of the table at each
    /// position, `[..]` to `[.., C]`, a fresh row-major tensor; an id outside
    /// `0..V` is PyTorch's `index out of range in self`.
    ///
    /// ```
    /// use tensor_view::{typed::layers::Embedding, Shape, Tensor, D};
    /// let e = Embedding::<f32, 2, 3>::new(Tensor::<f32, (D<2>, D<3>)>::ones());
    /// let ids = Tensor::<i64, (D<4>,)>::zeros();
    /// let x: Tensor<f32, (D<4>, D<3>)> = e.forward(&ids)?;
    /// assert_eq!(x.to_vec(), vec![1.0; 12]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn forward<S: TypedDims>(
        &self,
        ids: &Tensor<i64, S>,
    ) -> Result<Tensor<T, <S::List as AppendDim<D<C>>>::Out>, ViewError>
    where
        S::List: AppendDim<D<C>>,
    {
        let sizes = ids.symbols.clone();
        let ids = ids.clone().into_dyn();
        let mut shape = ids.shape().to_vec();
        shape.push(C);
        let rows = ids
            .reshape(&[ids.numel()])
            .and_then(|flat| self.weight.clone().into_dyn().index_select(0, &flat))
            .and_then(|rows| rows.view(&shape));
        typed_result::<_, Fallible, T>(crate::typed::ops::carry(rows, &sizes))
    }
}
