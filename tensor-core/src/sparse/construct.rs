//! Building sparse tensors: PyTorch's `torch.sparse_coo_tensor(indices,
//! values, size=None, is_coalesced=None)` and `torch.sparse_coo_tensor(size)`.
//!
//! The checks run in PyTorch's order with `check_invariants=True`: the shape
//! of `indices`, the number of dims of `size`, every index inside `size`, the
//! order of the indices when `is_coalesced` is claimed, `numel`, then what
//! `SparseTensorImpl::set_indices_and_values_unsafe` checks (dtype of the
//! indices, equal `nnz`, the shape of `values`).

use super::check::{
    check_in_bounds, check_numel, check_sorted_unique, negative_index, values_size_error,
    IndexTable,
};
use super::SparseTensor;
use crate::error::IntList;
use crate::layout::check_numel_of_signed;
use crate::layout::Layout;
use crate::{DType, Element, ErrorKind, Int, Tensor, ViewError};

impl<T: Element> SparseTensor<T> {
    /// `torch.sparse_coo_tensor(indices, values, size, is_coalesced=...)`.
    ///
    /// `indices` must be an `int64` tensor of shape `[sparse_dim, nnz]` and
    /// `values` of shape `[nnz, *dense_shape]` (a 0-d `values` counts as `[1]`,
    /// a broadcast view of it). Both are kept as they are, not copied: writes
    /// to them show in the sparse tensor, as in PyTorch. Without `size`, each
    /// sparse size is one more than the largest index (0 without entries) and
    /// the dense sizes are those of `values`. `is_coalesced: None` marks the
    /// tensor coalesced only when it has at most one entry; `Some(true)` is
    /// checked against the indices.
    ///
    /// Indices are always checked against the shape (PyTorch does so with
    /// `check_invariants=True`): an index outside it could not be stored safely.
    /// A non-`int64` index tensor is refused right after its shape is checked.
    ///
    /// ```
    /// use tensor_core::{SparseTensor, Tensor};
    /// let i = Tensor::from_vec(vec![0i64, 1, 1, 2, 0, 5], &[2, 3]).unwrap();
    /// let v = Tensor::from_vec(vec![3.0f32, 4.0, 5.0], &[3]).unwrap();
    /// let s = SparseTensor::sparse_coo_tensor(&i, &v, None, None).unwrap();
    /// assert_eq!(s.shape(), &[2, 6]);
    /// assert!(s._values().shares_storage(&v));
    /// let e = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2, 3]), None).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "size is inconsistent with indices: for dim 1, size is 3 but found index 5"
    /// );
    /// let e = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2, 6, 1]), None).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "'len(size) == sparse_dim + dense_dim' is not satisfied: len(size) = 3, sparse_dim = 2, dense_dim = 0"
    /// );
    /// ```
    pub fn sparse_coo_tensor<I: Element>(
        indices: &Tensor<I>,
        values: &Tensor<T>,
        size: Option<&[usize]>,
        is_coalesced: Option<bool>,
    ) -> Result<SparseTensor<T>, ViewError> {
        let values = expand_zero_dim(values);
        if indices.dim() != 2 {
            return Err(ViewError::runtime(format!(
                "indices must be sparse_dim x nnz, but got: {}",
                IntList(indices.shape())
            )));
        }
        let indices = as_int64(indices)?;
        let table = IndexTable::read(&indices);
        let shape = match size {
            Some(size) => size.to_vec(),
            None => inferred_shape(&table, &values)?,
        };
        check_dims(&table, &values, &shape)?;
        check_in_bounds(&table, &shape)?;
        let claimed_coalesced = is_coalesced == Some(true);
        if claimed_coalesced && table.sparse_dim() > 0 && table.nnz() > 1 && values.shape()[0] > 1 {
            check_sorted_unique(&table)?;
        }
        check_numel(&shape)?;
        let nnz = values.shape()[0];
        if table.nnz() != nnz {
            return Err(ViewError::runtime(format!(
                "indices and values must have same nnz, but got nnz from indices: {}, nnz from values: {nnz}",
                table.nnz()
            )));
        }
        let dense_shape = &shape[table.sparse_dim()..];
        if &values.shape()[1..] != dense_shape {
            return Err(values_size_error(&values, dense_shape));
        }
        let coalesced = is_coalesced.unwrap_or(nnz < 2);
        Ok(SparseTensor::from_checked_parts(
            indices, values, &shape, coalesced,
        ))
    }

    /// `torch.sparse_coo_tensor(size)`: a sparse tensor of `size` (in any
    /// integer type) with no entries (all zeros), every dim sparse;
    /// coalesced, as PyTorch marks it. A negative size fails as PyTorch's
    /// `numel` check does; a size beyond `int64` with the message of
    /// PyTorch's argument parser.
    ///
    /// ```
    /// use tensor_core::SparseTensor;
    /// let s = SparseTensor::<f64>::zeros(&[2, 3]).unwrap();
    /// assert_eq!((s.sparse_dim(), s.dense_dim(), s.nnz()), (2, 0, 0));
    /// assert!(s.is_coalesced());
    /// assert_eq!(s.to_dense().unwrap().to_vec(), vec![0.0; 6]);
    /// assert!(SparseTensor::<f64>::zeros(&[1usize << 32, 1 << 32]).is_err());
    /// let e = SparseTensor::<f64>::zeros(&[2i64, -3]).unwrap_err();
    /// assert_eq!(e.to_string(), "numel: integer multiplication overflow");
    /// let e = SparseTensor::<f64>::zeros(&[2, usize::MAX]).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "sparse_coo_tensor(): argument 'size' failed to unpack the object at pos 2 \
    ///      with error \"Overflow when unpacking long long\""
    /// );
    /// ```
    pub fn zeros<I: Int>(size: &[I]) -> Result<SparseTensor<T>, ViewError> {
        let mut ints: Vec<isize> = Vec::with_capacity(size.len());
        for (pos, &item) in size.iter().enumerate() {
            ints.push(item.to_int().map_err(|_| {
                ViewError::with_kind(
                    ErrorKind::TypeError,
                    format!(
                        "sparse_coo_tensor(): argument 'size' failed to unpack the object \
                         at pos {} with error \"Overflow when unpacking long long\"",
                        pos + 1
                    ),
                )
            })?);
        }
        check_numel_of_signed(&ints)?;
        let size: Vec<usize> = ints.iter().map(|&s| s as usize).collect();
        let size = size.as_slice();
        let indices = Tensor::<i64>::zeros(&[size.len(), 0])?;
        let values = Tensor::<T>::zeros(&[0])?;
        Ok(SparseTensor::from_checked_parts(
            indices, values, size, true,
        ))
    }
}

/// PyTorch's `expand_values_if_needed`: a 0-d `values` is used as `[1]`
/// (stride 0, the same storage); others as they are.
fn expand_zero_dim<T: Element>(values: &Tensor<T>) -> Tensor<T> {
    if values.dim() == 0 {
        values.with_layout(Layout::from_parts(&[1], &[0], values.storage_offset()))
    } else {
        values.clone()
    }
}

/// The same tensor typed as `int64`, or PyTorch's error for another dtype.
fn as_int64<I: Element>(indices: &Tensor<I>) -> Result<Tensor<i64>, ViewError> {
    if I::DTYPE != DType::I64 {
        return Err(ViewError::runtime("indices must be an int64 tensor"));
    }
    // Same dtype, so the same bytes: the storage read as i64 is the tensor itself.
    Ok(Tensor {
        storage: indices.storage.clone(),
        layout: indices.layout.clone(),
        lazy: indices.lazy,
        symbols: indices.symbols.clone(),
        marker: std::marker::PhantomData,
    })
}

/// The shape PyTorch infers without `size`: per sparse dim one past the
/// largest index (0 without entries), then the dense sizes of `values`.
fn inferred_shape<T: Element>(
    table: &IndexTable,
    values: &Tensor<T>,
) -> Result<Vec<usize>, ViewError> {
    let mut shape = Vec::with_capacity(table.sparse_dim() + values.dim() - 1);
    for dim in 0..table.sparse_dim() {
        let size = match table.min_max(dim) {
            None => 0,
            Some((min, _)) if min < 0 => return Err(negative_index(min, dim)),
            Some((_, max)) => usize::try_from(max.unsigned_abs() + 1)
                .map_err(|_| ViewError::runtime("numel: integer multiplication overflow"))?,
        };
        shape.push(size);
    }
    shape.extend_from_slice(&values.shape()[1..]);
    Ok(shape)
}

/// PyTorch's check that `size` has `sparse_dim + dense_dim` dims.
fn check_dims<T: Element>(
    table: &IndexTable,
    values: &Tensor<T>,
    shape: &[usize],
) -> Result<(), ViewError> {
    let (sparse_dim, dense_dim) = (table.sparse_dim(), values.dim() - 1);
    if shape.len() == sparse_dim + dense_dim {
        return Ok(());
    }
    Err(ViewError::runtime(format!(
        "'len(size) == sparse_dim + dense_dim' is not satisfied: len(size) = {}, sparse_dim = {sparse_dim}, dense_dim = {dense_dim}",
        shape.len()
    )))
}
