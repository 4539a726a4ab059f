//! Conversions between the sparse and strided layouts: `to_dense()` of a
//! sparse tensor, and `to_sparse()` / `to_sparse(sparse_dim)` of a strided one.
//!
//! Both read their input through its layout, so any strides, offsets or
//! lazily conjugated views convert. The tensors they build have PyTorch's
//! layouts: `to_dense` is contiguous; `to_sparse` keeps the indices
//! `nonzero()` produces (`[ndim, nnz]` with strides `[1, ndim]`) when every
//! dim is sparse and makes them contiguous otherwise, and lays the values of
//! a hybrid tensor out as advanced indexing does (dense dims in the input's
//! stride order).

use super::arith::{add_scaled_by_one, is_nonzero};
use super::check::{check_in_bounds, IndexTable};
use super::strides::{iterator_output_strides, tensor_with_strides};
use super::SparseTensor;
use crate::layout::{compute_stride, contiguous_strides};
use crate::{Element, Int, Tensor, ViewError};

impl<T: Element> SparseTensor<T> {
    /// `tensor.to_dense()`: a new contiguous tensor holding, at each entry's
    /// position, the sum of the values given there (duplicates add up, as in
    /// PyTorch, which adds the entries into zeros), and zeros elsewhere.
    ///
    /// Fails, with PyTorch's invariant message, if an index written through
    /// `_indices()` no longer fits the shape, and when the dense tensor cannot
    /// be allocated.
    ///
    /// ```
    /// use tensor_core::{SparseTensor, Tensor};
    /// let i = Tensor::from_vec(vec![2i64, 0, 2], &[1, 3]).unwrap();
    /// let v = Tensor::from_vec(vec![1i32, 10, 5, 20, 100, 300], &[3, 2]).unwrap();
    /// let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[3, 2]), None).unwrap();
    /// let d = s.to_dense().unwrap();
    /// assert_eq!(d.shape(), &[3, 2]);
    /// assert_eq!(d.to_vec(), vec![5, 20, 0, 0, 101, 310]);
    /// ```
    pub fn to_dense(&self) -> Result<Tensor<T>, ViewError> {
        let table = IndexTable::read(&self.indices);
        check_in_bounds(&table, &self.shape)?;
        let dense = Tensor::<T>::zeros(&self.shape)?;
        let block: usize = self.shape[self.sparse_dim..].iter().product();
        if block == 0 {
            return Ok(dense);
        }
        let strides = contiguous_strides(&self.shape);
        let values = self.values.to_vec();
        {
            let mut guard = dense.storage.write();
            let slots = guard.as_elements_mut::<T::Repr>();
            for (entry, chunk) in values.chunks_exact(block).enumerate() {
                // In bounds (checked above), so every term and the sum fit the allocation.
                let base: usize = (0..self.sparse_dim)
                    .map(|dim| table.at(dim, entry) as usize * strides[dim] as usize)
                    .sum();
                for (slot, &x) in slots[base..base + block].iter_mut().zip(chunk) {
                    *slot = add_scaled_by_one(T::from_repr(*slot), x).into_repr();
                }
            }
        }
        Ok(dense)
    }
}

impl<T: Element> Tensor<T> {
    /// `tensor.to_sparse()`: the sparse COO form with every dim sparse; the
    /// entries are the non-zero elements (`x != 0`, so NaN counts and `-0.0`
    /// does not), in row-major order. The result is coalesced and shares
    /// nothing with `self`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![0.0f32, 1.5, 0.0, -2.0], &[2, 2]).unwrap();
    /// let s = x.transpose(0, 1).unwrap().to_sparse().unwrap();
    /// // the transpose is [[0, 0], [1.5, -2]]: entries at (1, 0) and (1, 1)
    /// assert_eq!(s.indices().unwrap().to_vec(), vec![1, 1, 0, 1]);
    /// assert_eq!(s.indices().unwrap().stride(), &[1, 2]);
    /// assert_eq!(s.values().unwrap().to_vec(), vec![1.5, -2.0]);
    /// assert!(s.to_dense().unwrap().equal(&x.transpose(0, 1).unwrap()));
    /// ```
    pub fn to_sparse(&self) -> Result<SparseTensor<T>, ViewError> {
        self.to_sparse_dim(self.dim() as isize)
    }

    /// `tensor.to_sparse(sparse_dim)`: the first `sparse_dim` dims sparse,
    /// the others dense (a hybrid tensor). An entry is kept for each position
    /// of the sparse dims whose dense block holds a non-zero element; its
    /// value is the whole block.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![0u8, 0, 3, 0, 0, 0, 0, 4], &[4, 2]).unwrap();
    /// let s = x.to_sparse_dim(1).unwrap();
    /// assert_eq!(s.indices().unwrap().to_vec(), vec![1, 3]);
    /// assert_eq!(s.values().unwrap().shape(), &[2, 2]);
    /// assert_eq!(s.values().unwrap().to_vec(), vec![3, 0, 0, 4]);
    /// assert_eq!(
    ///     x.to_sparse_dim(3).unwrap_err().to_string(),
    ///     "dense_to_sparse: sparse_dim argument must be in [0,2] range, but 3 is given"
    /// );
    /// ```
    pub fn to_sparse_dim(&self, sparse_dim: impl Int) -> Result<SparseTensor<T>, ViewError> {
        let sparse_dim = sparse_dim.to_int()?;
        let ndim = self.dim();
        if sparse_dim == 0 && ndim > 0 {
            return Err(ViewError::runtime(
                "dense_to_sparse: sparse_dim argument must be in >0 when self.dim()>0",
            ));
        }
        let sparse_dim = match usize::try_from(sparse_dim) {
            Ok(d) if d <= ndim => d,
            _ => {
                return Err(ViewError::runtime(format!(
                    "dense_to_sparse: sparse_dim argument must be in [0,{ndim}] range, but {sparse_dim} is given"
                )))
            }
        };
        let shape = self.shape();
        let elements = self.to_vec();
        let block: usize = shape[sparse_dim..].iter().product();
        let positions: Vec<usize> = if block == 0 {
            Vec::new()
        } else {
            elements
                .chunks_exact(block)
                .enumerate()
                .filter(|(_, chunk)| chunk.iter().any(|&x| is_nonzero(x)))
                .map(|(position, _)| position)
                .collect()
        };
        let nnz = positions.len();
        let dense_shape = &shape[sparse_dim..];
        let mut value_shape = vec![nnz];
        value_shape.extend_from_slice(dense_shape);
        if nnz == 0 {
            let indices = Tensor::<i64>::zeros(&[sparse_dim, 0])?;
            let values = Tensor::<T>::zeros(&value_shape)?;
            return Ok(SparseTensor::from_checked_parts(
                indices, values, shape, true,
            ));
        }

        let coords = unravel(&positions, &shape[..sparse_dim]).concat();
        let indices = if sparse_dim == ndim {
            // `nonzero()` is `[nnz, ndim]` row-major; PyTorch keeps its transpose.
            let nonzero_strides = contiguous_strides(&[nnz, sparse_dim]);
            let strides = [nonzero_strides[1], nonzero_strides[0]];
            tensor_with_strides(&coords, &[sparse_dim, nnz], &strides)?
        } else {
            Tensor::from_vec(coords, &[sparse_dim, nnz])?
        };
        let value_data: Vec<T> = positions
            .iter()
            .flat_map(|&p| elements[p * block..(p + 1) * block].iter().copied())
            .collect();
        let value_strides = indexed_values_strides::<T>(self, sparse_dim, nnz);
        let values = tensor_with_strides(&value_data, &value_shape, &value_strides)?;
        Ok(SparseTensor::from_checked_parts(
            indices, values, shape, true,
        ))
    }
}

/// The coordinates of each row-major `position` in `sizes`, one row per dim.
fn unravel(positions: &[usize], sizes: &[usize]) -> Vec<Vec<i64>> {
    let mut coords = vec![Vec::with_capacity(positions.len()); sizes.len()];
    for &position in positions {
        let mut rest = position;
        for (dim, &size) in sizes.iter().enumerate().rev() {
            coords[dim].push((rest % size) as i64);
            rest /= size;
        }
    }
    coords
}

/// Strides of `self[indices...]` for the first `sparse_dim` dims, squeezed:
/// TensorIterator orders the output dims `[1, nnz, *dense]` by the strides of
/// the restrided input (`0, 0, *dense strides`) and then of the index tensors
/// (`[1, nnz]` viewed as `[1, nnz, 1, ...]`, broadcast over the dense dims).
fn indexed_values_strides<T: Element>(
    input: &Tensor<T>,
    sparse_dim: usize,
    nnz: usize,
) -> Vec<isize> {
    let dense_shape = &input.shape()[sparse_dim..];
    let mut shape = vec![1, nnz];
    shape.extend_from_slice(dense_shape);
    let mut source = vec![0, 0];
    source.extend_from_slice(&input.stride()[sparse_dim..]);
    let mut index_view = vec![1, nnz];
    index_view.extend(std::iter::repeat_n(1, dense_shape.len()));
    // A chunk of the contiguous `[sparse_dim, nnz]` indices is `[1, nnz]` with strides `[nnz, 1]`.
    let index_strides = compute_stride(&[1, nnz], &[nnz as isize, 1], &index_view)
        .map(|s| s.to_vec())
        .unwrap_or_else(|| contiguous_strides(&index_view).to_vec());
    let index: Vec<isize> = index_strides
        .iter()
        .zip(&index_view)
        .zip(&shape)
        .map(|((&stride, &own), &full)| if own == 1 && full != 1 { 0 } else { stride })
        .collect();
    let strides = iterator_output_strides(&shape, &[&source, &index]);
    strides[1..].to_vec()
}
