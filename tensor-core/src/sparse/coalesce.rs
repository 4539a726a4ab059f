//! `coalesce()`: sorted indices, duplicates summed, in a new tensor (or the
//! same tensor when it is already coalesced, as PyTorch returns `self`).
//!
//! The layout of the result is PyTorch's: its kernel allocates indices
//! `[sparse_dim, nnz]` and values `[nnz, *dense]` for the input's `nnz` and
//! narrows both to the number of distinct positions, so the indices keep the
//! row stride `nnz` and the storages the input's size. A tensor of fewer than
//! two entries is cloned instead (strides preserved).

use super::arith::add_scaled_by_one;
use super::check::{check_in_bounds, IndexTable};
use super::strides::clone_preserving_strides;
use super::SparseTensor;
use crate::layout::{contiguous_strides, Layout};
use crate::storage::Storage;
use crate::{Element, Tensor, ViewError};

impl<T: Element> SparseTensor<T> {
    /// `tensor.coalesce()`: the same tensor if already coalesced, else a new
    /// one whose indices are sorted (row-major position order) and unique,
    /// each value the sum of the duplicates' values in their original order
    /// (wrapping for integers, logical or for `bool`).
    ///
    /// Fails, with PyTorch's invariant message, if an index written through
    /// `_indices()` no longer fits the shape.
    ///
    /// ```
    /// use tensor_core::{SparseTensor, Tensor};
    /// let i = Tensor::from_vec(vec![1i64, 0, 1], &[1, 3]).unwrap();
    /// let v = Tensor::from_vec(vec![1.0f32, 2.0, 3.0], &[3]).unwrap();
    /// let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2]), None).unwrap();
    /// let c = s.coalesce().unwrap();
    /// assert_eq!(c.indices().unwrap().to_vec(), vec![0, 1]);
    /// assert_eq!(c.values().unwrap().to_vec(), vec![2.0, 4.0]);
    /// assert_eq!(c.indices().unwrap().stride(), &[3, 1]);
    /// assert!(!c._values().shares_storage(&v));
    /// assert!(c.coalesce().unwrap()._values().shares_storage(&c._values()));
    /// ```
    pub fn coalesce(&self) -> Result<SparseTensor<T>, ViewError> {
        if self.coalesced {
            return Ok(self.clone());
        }
        let table = IndexTable::read(&self.indices);
        check_in_bounds(&table, &self.shape)?;
        if self.nnz() < 2 {
            let indices = clone_preserving_strides(&self.indices)?;
            let values = clone_preserving_strides(&self.values)?;
            return Ok(SparseTensor::from_checked_parts(
                indices,
                values,
                &self.shape,
                true,
            ));
        }
        let (indices, values) = merge_duplicates(&table, &self.values)?;
        Ok(SparseTensor::from_checked_parts(
            indices,
            values,
            &self.shape,
            true,
        ))
    }
}

/// Sorts the entries by position (stably) and sums the values of equal
/// positions into PyTorch's narrowed result layout.
fn merge_duplicates<T: Element>(
    table: &IndexTable,
    values: &Tensor<T>,
) -> Result<(Tensor<i64>, Tensor<T>), ViewError> {
    let (sparse_dim, nnz) = (table.sparse_dim(), table.nnz());
    let block: usize = values.shape()[1..].iter().product();
    let source = values.to_vec();
    let mut order: Vec<usize> = (0..nnz).collect();
    order.sort_by(|&a, &b| table.compare_entries(a, b));

    let mut new_indices = vec![0i64; sparse_dim * nnz];
    let mut new_values = vec![T::default().into_repr(); nnz * block];
    let mut distinct = 0usize;
    for (rank, &entry) in order.iter().enumerate() {
        let row = entry * block..(entry + 1) * block;
        let repeats_previous = rank > 0 && table.compare_entries(order[rank - 1], entry).is_eq();
        if repeats_previous {
            let target = &mut new_values[(distinct - 1) * block..distinct * block];
            for (slot, &x) in target.iter_mut().zip(&source[row]) {
                *slot = add_scaled_by_one(T::from_repr(*slot), x).into_repr();
            }
        } else {
            for dim in 0..sparse_dim {
                new_indices[dim * nnz + distinct] = table.at(dim, entry);
            }
            let target = &mut new_values[distinct * block..(distinct + 1) * block];
            for (slot, &x) in target.iter_mut().zip(&source[row]) {
                *slot = x.into_repr();
            }
            distinct += 1;
        }
    }

    let index_strides = contiguous_strides(&[sparse_dim, nnz]);
    let indices = Tensor::from_raw(
        Storage::from_elements(&new_indices)?,
        Layout::from_parts(&[sparse_dim, distinct], &index_strides, 0),
        false,
    );
    let mut value_shape = values.shape().to_vec();
    let value_strides = contiguous_strides(&value_shape);
    value_shape[0] = distinct;
    let values = Tensor::from_raw(
        Storage::from_elements(&new_values)?,
        Layout::from_parts(&value_shape, &value_strides, 0),
        false,
    );
    Ok((indices, values))
}
