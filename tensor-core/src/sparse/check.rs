//! The invariants of a sparse COO tensor, checked with PyTorch's messages
//! (those of `_validate_sparse_coo_tensor_args`, which PyTorch runs when
//! `check_invariants=True` and this library always runs: an index outside
//! the shape could not be stored safely).

use std::cmp::Ordering;

use crate::{Element, Tensor, ViewError};

/// The indices of a sparse tensor read out row by row (`[sparse_dim, nnz]`),
/// whatever the strides of the tensor holding them.
pub(crate) struct IndexTable {
    sparse_dim: usize,
    nnz: usize,
    data: Vec<i64>,
}

impl IndexTable {
    /// Reads a 2-d indices tensor.
    pub(crate) fn read(indices: &Tensor<i64>) -> IndexTable {
        let shape = indices.shape();
        debug_assert_eq!(shape.len(), 2);
        IndexTable {
            sparse_dim: shape[0],
            nnz: shape[1],
            data: indices.to_vec(),
        }
    }

    /// Number of rows (sparse dims).
    pub(crate) fn sparse_dim(&self) -> usize {
        self.sparse_dim
    }

    /// Number of columns (entries).
    pub(crate) fn nnz(&self) -> usize {
        self.nnz
    }

    /// The indices of sparse dim `dim`, one per entry.
    pub(crate) fn row(&self, dim: usize) -> &[i64] {
        &self.data[dim * self.nnz..(dim + 1) * self.nnz]
    }

    /// Index of entry `entry` in sparse dim `dim`.
    pub(crate) fn at(&self, dim: usize, entry: usize) -> i64 {
        self.data[dim * self.nnz + entry]
    }

    /// Lexicographic order of two entries' positions: the order of PyTorch's
    /// flattened (row-major linear) indices for in-bounds entries, without
    /// forming the possibly overflowing linear index.
    pub(crate) fn compare_entries(&self, a: usize, b: usize) -> Ordering {
        (0..self.sparse_dim)
            .map(|d| self.at(d, a).cmp(&self.at(d, b)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    }

    /// Smallest and largest index of each sparse dim; `None` without entries.
    pub(crate) fn min_max(&self, dim: usize) -> Option<(i64, i64)> {
        let row = self.row(dim);
        let min = row.iter().copied().min()?;
        let max = row.iter().copied().max()?;
        Some((min, max))
    }
}

/// PyTorch's error for a negative index met while checking or inferring sizes.
pub(crate) fn negative_index(min: i64, dim: usize) -> ViewError {
    ViewError::runtime(format!("found negative index {min} for dim {dim}"))
}

/// Checks every index against `shape`, dim by dim, the smallest index first:
/// PyTorch's "found negative index" and "size is inconsistent with indices".
pub(crate) fn check_in_bounds(table: &IndexTable, shape: &[usize]) -> Result<(), ViewError> {
    for (dim, &size) in shape.iter().enumerate().take(table.sparse_dim()) {
        let Some((min, max)) = table.min_max(dim) else {
            return Ok(());
        };
        if min < 0 {
            return Err(negative_index(min, dim));
        }
        if u64::try_from(max).is_ok_and(|m| m >= size as u64) {
            return Err(ViewError::runtime(format!(
                "size is inconsistent with indices: for dim {dim}, size is {size} but found index {max}"
            )));
        }
    }
    Ok(())
}

/// Checks that the entries' positions strictly increase (sorted, no
/// duplicates), as PyTorch requires of a tensor built with `is_coalesced=True`.
pub(crate) fn check_sorted_unique(table: &IndexTable) -> Result<(), ViewError> {
    let increasing = (1..table.nnz()).all(|k| table.compare_entries(k - 1, k).is_lt());
    if increasing {
        Ok(())
    } else {
        Err(ViewError::runtime(
            "cannot set is_coalesced to true if indices correspond to uncoalesced COO tensor",
        ))
    }
}

pub(crate) use crate::layout::check_numel;

/// PyTorch's error when the values' shape is not `[nnz, *dense_shape]`.
pub(crate) fn values_size_error<T: Element>(
    values: &Tensor<T>,
    dense_shape: &[usize],
) -> ViewError {
    let mut expected = vec![values.shape()[0]];
    expected.extend_from_slice(dense_shape);
    ViewError::runtime(format!(
        "values has incorrect size, expected {}, got {}",
        crate::error::IntList(&expected),
        crate::error::IntList(values.shape())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[i64]]) -> IndexTable {
        let nnz = rows.first().map_or(0, |r| r.len());
        let data: Vec<i64> = rows.iter().flat_map(|r| r.iter().copied()).collect();
        let t = Tensor::from_vec(data, &[rows.len(), nnz]).unwrap();
        IndexTable::read(&t)
    }

    #[test]
    fn bounds_are_checked_dim_by_dim_smallest_first() {
        let t = table(&[&[0, 1, 1], &[2, 0, 5]]);
        assert_eq!(
            check_in_bounds(&t, &[2, 3]).unwrap_err().to_string(),
            "size is inconsistent with indices: for dim 1, size is 3 but found index 5"
        );
        let t = table(&[&[0, -2, 7], &[0, 0, 0]]);
        assert_eq!(
            check_in_bounds(&t, &[2, 3]).unwrap_err().to_string(),
            "found negative index -2 for dim 0"
        );
        assert!(check_in_bounds(&table(&[&[0, 1], &[2, 2]]), &[2, 3]).is_ok());
        assert!(check_in_bounds(&table(&[&[], &[]]), &[0, 0]).is_ok());
    }

    #[test]
    fn sorted_unique_means_strictly_increasing_positions() {
        assert!(check_sorted_unique(&table(&[&[0, 0, 1], &[1, 2, 0]])).is_ok());
        let e = check_sorted_unique(&table(&[&[0, 0], &[1, 1]])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot set is_coalesced to true if indices correspond to uncoalesced COO tensor"
        );
        assert!(check_sorted_unique(&table(&[&[1, 0]])).is_err());
    }

    #[test]
    fn numel_is_limited_to_i64() {
        assert!(check_numel(&[1 << 31, 1 << 31]).is_ok());
        assert_eq!(
            check_numel(&[1 << 32, 1 << 32]).unwrap_err().to_string(),
            "numel: integer multiplication overflow"
        );
        assert!(check_numel(&[0, usize::MAX, usize::MAX]).is_ok());
        assert!(check_numel(&[1 << 40, 1 << 40, 0]).is_err());
    }
}
