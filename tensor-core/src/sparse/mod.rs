//! [`SparseTensor`]: PyTorch's sparse COO layout (`torch.sparse_coo`), whose
//! `indices()` and `values()` are views of the tensor's own data.
//!
//! A sparse COO tensor of `shape` keeps two strided tensors:
//! - `indices`, `int64` of shape `[sparse_dim, nnz]`: column `k` names the
//!   position of the `k`-th specified element in the first `sparse_dim` dims;
//! - `values`, of shape `[nnz, *shape[sparse_dim..]]`: the element (or, for a
//!   hybrid tensor, the dense block) at that position.
//!
//! Indices may repeat and come in any order: the tensor is then *uncoalesced*
//! and stands for the sum of its entries. [`SparseTensor::coalesce`] sorts the
//! indices and sums duplicates into a new tensor.
//!
//! As in PyTorch, [`SparseTensor::indices`] and [`SparseTensor::values`] return
//! aliases of the stored tensors (same storage, shape, strides and offset) and
//! refuse an uncoalesced tensor, while [`SparseTensor::_indices`] and
//! [`SparseTensor::_values`] work on any. Writing through a values alias
//! changes what [`SparseTensor::to_dense`] returns.
//!
//! Files: `construct` (PyTorch's `sparse_coo_tensor` and its checks), `check`
//! (the invariants and PyTorch's messages for them), `coalesce`, `dense`
//! (`to_dense` and `Tensor::to_sparse`), `arith` (element sums as PyTorch's
//! CPU kernels compute them), `strides` (the layouts PyTorch gives the
//! tensors these ops allocate).
//!
//! ```
//! use tensor_core::{SparseTensor, Tensor};
//! let i = Tensor::from_vec(vec![0i64, 1, 1, 2, 0, 2], &[2, 3]).unwrap();
//! let v = Tensor::from_vec(vec![3.0f32, 4.0, 5.0], &[3]).unwrap();
//! let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2, 3]), None).unwrap();
//! assert_eq!(s.to_dense().unwrap().to_vec(), vec![0.0, 0.0, 3.0, 4.0, 0.0, 5.0]);
//! ```

mod arith;
mod check;
mod coalesce;
mod construct;
mod dense;
mod strides;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::layout::Dims;
use crate::{DType, Element, Tensor, ViewError};

/// A sparse COO tensor (`layout=torch.sparse_coo`) of element type `T`.
///
/// `Clone` is cheap and shares the indices and values, as a second Python
/// reference to the same sparse tensor would.
///
/// ```
/// use tensor_core::{SparseTensor, Tensor};
/// let x = Tensor::from_vec(vec![0i32, 7, 0, 0, 0, 9], &[2, 3]).unwrap();
/// let s = x.to_sparse().unwrap();
/// assert_eq!((s.nnz(), s.sparse_dim(), s.dense_dim()), (2, 2, 0));
/// assert!(s.is_coalesced());
/// assert_eq!(s.indices().unwrap().to_vec(), vec![0, 1, 1, 2]);
/// assert_eq!(s.values().unwrap().to_vec(), vec![7, 9]);
/// ```
pub struct SparseTensor<T: Element> {
    /// `[sparse_dim, nnz]`, int64.
    indices: Tensor<i64>,
    /// `[nnz, *shape[sparse_dim..]]`.
    values: Tensor<T>,
    /// The full shape, sparse dims first.
    shape: Dims,
    /// Number of leading sparse dims.
    sparse_dim: usize,
    /// PyTorch's `is_coalesced()` flag: indices known sorted and unique.
    coalesced: bool,
}

impl<T: Element> Clone for SparseTensor<T> {
    fn clone(&self) -> Self {
        SparseTensor {
            indices: self.indices.clone(),
            values: self.values.clone(),
            shape: self.shape.clone(),
            sparse_dim: self.sparse_dim,
            coalesced: self.coalesced,
        }
    }
}

impl<T: Element> SparseTensor<T> {
    /// Assembles a sparse tensor from parts that already satisfy every invariant.
    pub(crate) fn from_checked_parts(
        indices: Tensor<i64>,
        values: Tensor<T>,
        shape: &[usize],
        coalesced: bool,
    ) -> SparseTensor<T> {
        debug_assert_eq!(indices.dim(), 2);
        debug_assert_eq!(indices.shape()[1], values.shape()[0]);
        SparseTensor {
            sparse_dim: indices.shape()[0],
            indices,
            values,
            shape: shape.iter().copied().collect(),
            coalesced,
        }
    }

    /// Sizes of each dimension (`tensor.shape`), sparse dims first.
    ///
    /// ```
    /// let s = tensor_core::SparseTensor::<f32>::zeros(&[2, 5]).unwrap();
    /// assert_eq!(s.shape(), &[2, 5]);
    /// ```
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// Number of dimensions (`tensor.dim()` = `sparse_dim() + dense_dim()`).
    ///
    /// ```
    /// let s = tensor_core::SparseTensor::<f32>::zeros(&[2, 5]).unwrap();
    /// assert_eq!(s.dim(), 2);
    /// ```
    pub fn dim(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements of the dense tensor it stands for (`tensor.numel()`,
    /// the product of the shape; construction keeps it within `i64::MAX`).
    ///
    /// ```
    /// let s = tensor_core::SparseTensor::<f32>::zeros(&[2, 5]).unwrap();
    /// assert_eq!(s.numel(), 10);
    /// ```
    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    /// Number of sparse dimensions (`tensor.sparse_dim()`): the rows of `indices`.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::ones(&[2, 3]).unwrap();
    /// assert_eq!(x.to_sparse_dim(1).unwrap().sparse_dim(), 1);
    /// ```
    pub fn sparse_dim(&self) -> usize {
        self.sparse_dim
    }

    /// Number of dense dimensions (`tensor.dense_dim()`): the dims of each value block.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::ones(&[2, 3]).unwrap();
    /// assert_eq!(x.to_sparse_dim(1).unwrap().dense_dim(), 1);
    /// ```
    pub fn dense_dim(&self) -> usize {
        self.shape.len() - self.sparse_dim
    }

    /// Number of specified entries (PyTorch's `tensor._nnz()`), duplicates included.
    ///
    /// ```
    /// let x = tensor_core::Tensor::from_vec(vec![0u8, 1, 2], &[3]).unwrap();
    /// assert_eq!(x.to_sparse().unwrap().nnz(), 2);
    /// ```
    pub fn nnz(&self) -> usize {
        self.values.shape()[0]
    }

    /// PyTorch's spelling of [`SparseTensor::nnz`].
    ///
    /// ```
    /// let s = tensor_core::SparseTensor::<f32>::zeros(&[4]).unwrap();
    /// assert_eq!(s._nnz(), 0);
    /// ```
    pub fn _nnz(&self) -> usize {
        self.nnz()
    }

    /// The element type (`tensor.dtype`).
    ///
    /// ```
    /// use tensor_core::{DType, SparseTensor};
    /// assert_eq!(SparseTensor::<i16>::zeros(&[1]).unwrap().dtype(), DType::I16);
    /// ```
    pub fn dtype(&self) -> DType {
        T::DTYPE
    }

    /// PyTorch's `is_coalesced()`: whether the indices are known to be sorted
    /// and free of duplicates. Tensors built with at most one entry, made by
    /// `to_sparse` or returned by `coalesce` are; others are unless built with
    /// `is_coalesced: Some(true)`.
    ///
    /// ```
    /// use tensor_core::{SparseTensor, Tensor};
    /// let i = Tensor::from_vec(vec![1i64, 0], &[1, 2]).unwrap();
    /// let v = Tensor::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
    /// let s = SparseTensor::sparse_coo_tensor(&i, &v, None, None).unwrap();
    /// assert!(!s.is_coalesced());
    /// assert!(s.coalesce().unwrap().is_coalesced());
    /// ```
    pub fn is_coalesced(&self) -> bool {
        self.coalesced
    }

    /// `tensor.indices()`: an alias of the stored indices (same storage, shape
    /// `[sparse_dim, nnz]`, strides and offset). Requires a coalesced tensor,
    /// as PyTorch does.
    ///
    /// ```
    /// use tensor_core::{SparseTensor, Tensor};
    /// let i = Tensor::from_vec(vec![1i64, 0], &[1, 2]).unwrap();
    /// let v = Tensor::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
    /// let s = SparseTensor::sparse_coo_tensor(&i, &v, None, None).unwrap();
    /// assert_eq!(
    ///     s.indices().unwrap_err().to_string(),
    ///     "Cannot get indices on an uncoalesced tensor, please call .coalesce() first"
    /// );
    /// assert!(s._indices().shares_storage(&i));
    /// assert_eq!(s.coalesce().unwrap().indices().unwrap().to_vec(), vec![0, 1]);
    /// ```
    pub fn indices(&self) -> Result<Tensor<i64>, ViewError> {
        if !self.coalesced {
            return Err(ViewError::runtime(
                "Cannot get indices on an uncoalesced tensor, please call .coalesce() first",
            ));
        }
        Ok(self.indices.clone())
    }

    /// `tensor.values()`: an alias of the stored values (same storage, shape
    /// `[nnz, *dense_shape]`, strides and offset); writes through it show in
    /// [`SparseTensor::to_dense`]. Requires a coalesced tensor, as PyTorch does.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let s = Tensor::from_vec(vec![0.0f32, 2.0, 0.0, 5.0], &[4]).unwrap().to_sparse().unwrap();
    /// s.values().unwrap().set(&[1], -1.0).unwrap();
    /// assert_eq!(s.to_dense().unwrap().to_vec(), vec![0.0, 2.0, 0.0, -1.0]);
    /// ```
    pub fn values(&self) -> Result<Tensor<T>, ViewError> {
        if !self.coalesced {
            return Err(ViewError::runtime(
                "Cannot get values on an uncoalesced tensor, please call .coalesce() first",
            ));
        }
        Ok(self.values.clone())
    }

    /// `tensor._indices()`: the stored indices, coalesced or not (an alias,
    /// like [`SparseTensor::indices`]).
    ///
    /// ```
    /// let s = tensor_core::SparseTensor::<f32>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(s._indices().shape(), &[2, 0]);
    /// ```
    pub fn _indices(&self) -> Tensor<i64> {
        self.indices.clone()
    }

    /// `tensor._values()`: the stored values, coalesced or not (an alias, like
    /// [`SparseTensor::values`]).
    ///
    /// ```
    /// let s = tensor_core::SparseTensor::<f32>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(s._values().shape(), &[0]);
    /// ```
    pub fn _values(&self) -> Tensor<T> {
        self.values.clone()
    }
}

impl<T: Element> fmt::Debug for SparseTensor<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SparseTensor")
            .field("dtype", &T::DTYPE)
            .field("shape", &self.shape())
            .field("sparse_dim", &self.sparse_dim)
            .field("nnz", &self.nnz())
            .field("coalesced", &self.coalesced)
            .field("indices", &self.indices)
            .field("values", &self.values)
            .finish()
    }
}
