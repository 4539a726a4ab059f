//! Advanced indexing: selections by index tensors and boolean masks, which
//! PyTorch returns as fresh copies (`index_select`, `masked_select`,
//! `tensor[mask]`), and the in-place assignment `index_put_`.
//!
//! Index tensors are `Tensor<i64>` (PyTorch's default `long` indices) and
//! masks `Tensor<bool>`, so PyTorch's dtype errors cannot arise. Copies hold
//! resolved values (a lazily conjugated input gives a plain result, as
//! PyTorch's conjugate fallback does). Every check, bounds included, runs
//! before anything is written.

use super::construct::storage_bytes;
use super::fresh::{result_vec, try_vec};
use super::write::partial_overlap_error;
use super::Tensor;
use crate::copy::{copy_strided, for_each_index, gather_into_spare};
use crate::error::IntList;
use crate::kernels::bounds::assert_in_bounds;
use crate::kernels::plan::Plan;
use crate::kernels::runs::for_each_run;
use crate::layout::overlap::{overlap_status, overlap_status_sized, Overlap};
use crate::layout::{
    broadcast_shapes, checked_numel, contiguous_strides, stretch_to, wrap_dim, Dims, Layout,
};
use crate::storage::Storage;
use crate::{Element, ErrorKind, Int, ViewError};

/// An IndexError with PyTorch's text.
fn index_error(message: impl Into<String>) -> ViewError {
    ViewError::with_kind(ErrorKind::IndexError, message)
}

impl<T: Element, S> Tensor<T, S> {
    /// The elements of this tensor broadcast to `shape` (which it
    /// broadcasts to), resolved, in a fallibly allocated buffer.
    fn resolved_reprs_as(&self, shape: &[usize]) -> Result<Vec<T::Repr>, ViewError> {
        let stretched = stretch_to(&self.layout, shape);
        let mut values = try_vec(checked_numel(shape)?)?;
        gather_into_spare(
            &mut values,
            self.storage.read().as_elements::<T::Repr>(),
            &stretched,
        );
        if self.lazy.conj() || self.lazy.neg() {
            for v in &mut values {
                *v = self.read_repr(*v).into_repr();
            }
        }
        Ok(values)
    }

    /// Calls `f` with the storage index of every element of `layout` (a
    /// layout of this tensor's storage) and the value there as this tensor
    /// reads it, in row-major order.
    fn for_each_read(&self, layout: &Layout, mut f: impl FnMut(T::Repr)) {
        let bytes = self.storage.read();
        let data = bytes.as_elements::<T::Repr>();
        if layout.numel() > 0 {
            assert_in_bounds(layout, data.len());
        }
        for_each_index(layout, |at| f(self.read_repr(data[at]).into_repr()));
    }
}

/// How many of the places `layout` (a stretched bool mask) addresses in
/// `bytes` hold true: broadcast (stride-0) dims repeat what the others
/// hold, so only the others are read, once each.
fn count_true(bytes: &[u8], layout: &Layout) -> usize {
    if layout.numel() == 0 {
        return 0;
    }
    let (mut shape, mut strides, mut repeats) = (Dims::new(), Vec::new(), 1usize);
    for (&size, &stride) in layout.shape().iter().zip(layout.strides()) {
        if stride == 0 {
            repeats *= size;
        } else {
            shape.push(size);
            strides.push(stride);
        }
    }
    let distinct = Layout::from_parts(&shape, &strides, layout.offset());
    assert_in_bounds(&distinct, bytes.len());
    let mut count = 0usize;
    for_each_index(&distinct, |at| count += usize::from(bytes[at] != 0));
    count * repeats
}

/// A fresh contiguous tensor of `shape` holding `values` (as many as its elements).
fn fresh<T: Element>(values: Vec<T::Repr>, shape: &[usize]) -> Result<Tensor<T>, ViewError> {
    let layout = Layout::from_dims(
        shape.iter().copied().collect(),
        contiguous_strides(shape),
        0,
    );
    Ok(Tensor::from_raw(Storage::from_vec(values)?, layout, false))
}

impl<T: Element> Tensor<T> {
    /// `tensor.index_select(dim, index)`: a copy holding the entries `index`
    /// (a 0-d or 1-d tensor of non-negative indices) along `dim`, in that order.
    ///
    /// PyTorch's checks, in order: the dim, `index_select(): Index is supposed
    /// to be a vector` (IndexError), `index_select(): Index to scalar can have
    /// only 1 value, got 2 value(s)`, then every index against the dim
    /// (negative indices are out of range here, as in PyTorch): `index out of
    /// range in self` (an IndexError), or, where PyTorch's kernel takes its
    /// dim-1 or empty-input path, `INDICES element is out of DATA bounds,
    /// id=3 axis_dim=3`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// let idx = Tensor::<i64>::from_vec(vec![2, 0, 2], &[3]).unwrap();
    /// let y = x.index_select(1, &idx).unwrap();
    /// assert_eq!(y.shape(), &[2, 3]);
    /// assert_eq!(y.to_vec(), vec![2, 0, 2, 5, 3, 5]);
    /// assert!(!y.shares_storage(&x));
    /// let bad = Tensor::<i64>::from_vec(vec![2], &[1]).unwrap();
    /// assert_eq!(x.index_select(0, &bad).unwrap_err().to_string(), "index out of range in self");
    /// ```
    pub fn index_select<S2>(
        &self,
        dim: impl Int,
        index: &Tensor<i64, S2>,
    ) -> Result<Tensor<T>, ViewError> {
        let ndim = self.dim();
        let d = wrap_dim(dim.to_int()?, ndim)?;
        if index.dim() > 1 {
            return Err(index_error(
                "index_select(): Index is supposed to be a vector",
            ));
        }
        let count = index.numel();
        if ndim == 0 && count != 1 {
            return Err(ViewError::runtime(format!(
                "index_select(): Index to scalar can have only 1 value, got {count} value(s)"
            )));
        }
        let mut shape: Dims = self.shape().iter().copied().collect();
        if ndim > 0 {
            shape[d] = count;
        }
        storage_bytes::<T>(&shape)?;
        let indices = index.to_vec();
        let size = if ndim == 0 { 1 } else { self.shape()[d] };
        if ndim > 1 && count == 0 {
            return fresh(Vec::new(), &shape);
        }
        // PyTorch's CPU kernel checks the indices three ways: an empty input
        // and the dim-1 fast path name the offending index, other paths do not.
        let out_of_range = |i: i64| i < 0 || i as u64 >= size as u64;
        let data_bounds = |bad: i64| {
            ViewError::runtime(format!(
                "INDICES element is out of DATA bounds, id={bad} axis_dim={size}"
            ))
        };
        if ndim > 1 && self.numel() == 0 {
            if size == 0 {
                return Err(ViewError::runtime(
                    "index_select(): self indexing axis dim should be positive",
                ));
            }
            if let Some(&bad) = indices.iter().find(|&&i| out_of_range(i)) {
                return Err(data_bounds(bad));
            }
            return fresh(Vec::new(), &shape);
        }
        if let Some(&bad) = indices.iter().find(|&&i| out_of_range(i)) {
            return Err(if ndim > 1 && d == 1 {
                data_bounds(bad)
            } else {
                index_error("index out of range in self")
            });
        }
        let mut out = result_vec::<T>(&shape)?;
        if ndim == 0 {
            self.for_each_read(&self.layout, |v| out.push(v));
            return fresh(out, &shape);
        }
        // Read where the input lies: for each position of the dims before
        // `d`, the blocks after it at each index, in the order given.
        let (shape_in, strides) = (self.shape(), self.stride());
        let outer = Layout::from_parts(&shape_in[..d], &strides[..d], self.storage_offset());
        let mut starts = try_vec(outer.numel())?;
        for_each_index(&outer, |at| starts.push(at));
        for start in starts {
            for &i in &indices {
                let at = start as isize + i as isize * strides[d];
                let block = Layout::from_parts(&shape_in[d + 1..], &strides[d + 1..], at as usize);
                self.for_each_read(&block, |v| out.push(v));
            }
        }
        fresh(out, &shape)
    }

    /// `tensor.masked_select(mask)`: a 1-d copy of the elements where `mask`
    /// is true, with `mask` and the tensor broadcast together (`The size of
    /// tensor a (2) must match the size of tensor b (3) at non-singleton
    /// dimension 0`, where a is the mask).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// let mask = Tensor::from_vec(vec![true, false, true], &[3]).unwrap();
    /// assert_eq!(x.masked_select(&mask).unwrap().to_vec(), vec![0, 2, 3, 5]);
    /// ```
    pub fn masked_select<S2>(&self, mask: &Tensor<bool, S2>) -> Result<Tensor<T>, ViewError> {
        let shape = broadcast_shapes(mask.shape(), self.shape())?;
        checked_numel(&shape)?;
        let (keep, values) = (
            stretch_to(&mask.layout, &shape),
            stretch_to(&self.layout, &shape),
        );
        let mask_bytes = mask.storage.read();
        let flags = mask_bytes.as_elements::<u8>();
        // Counted first (broadcast dims read once), so that the result is
        // allocated, fallibly, before the walk, and an all-false mask over
        // a huge broadcast returns at once.
        let count = count_true(flags, &keep);
        let mut picked = result_vec::<T>(&[count])?;
        if count > 0 {
            let bytes = self.storage.read();
            let data = bytes.as_elements::<T::Repr>();
            assert_in_bounds(&keep, flags.len());
            assert_in_bounds(&values, data.len());
            let plan = Plan::<2>::new(
                &shape,
                [keep.strides(), values.strides()],
                [keep.offset(), values.offset()],
                false,
            );
            for_each_run(&plan, |[m, v], len, [sm, sv]| {
                for t in 0..len as isize {
                    if flags[(m + t * sm) as usize] != 0 {
                        let r = data[(v + t * sv) as usize];
                        picked.push(self.read_repr(r).into_repr());
                    }
                }
            });
        }
        fresh(picked, &[count])
    }

    /// `tensor[mask]` for a boolean `mask` covering the leading dims: a copy
    /// of shape `[number of true entries, remaining dims...]`.
    ///
    /// Errors are PyTorch's IndexErrors: `too many indices for tensor of
    /// dimension 1` and `The shape of the mask [2, 2] at index 1 does not
    /// match the shape of the indexed tensor [2, 3] at index 1`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[3, 2]).unwrap();
    /// let rows = Tensor::from_vec(vec![true, false, true], &[3]).unwrap();
    /// let y = x.index_by_mask(&rows).unwrap();
    /// assert_eq!(y.shape(), &[2, 2]);
    /// assert_eq!(y.to_vec(), vec![0, 1, 4, 5]);
    /// ```
    pub fn index_by_mask<S2>(&self, mask: &Tensor<bool, S2>) -> Result<Tensor<T>, ViewError> {
        let (ndim, k) = (self.dim(), mask.dim());
        if k > ndim {
            return Err(index_error(format!(
                "too many indices for tensor of dimension {ndim}"
            )));
        }
        if let Some(j) = (0..k).find(|&j| mask.shape()[j] != self.shape()[j]) {
            return Err(index_error(format!(
                "The shape of the mask {} at index {j} does not match the shape of the indexed tensor {} at index {j}",
                IntList(mask.shape()),
                IntList(self.shape())
            )));
        }
        let (shape_in, strides) = (self.shape(), self.stride());
        let rest_numel = checked_numel(&shape_in[k..])?;
        let mask_bytes = mask.storage.read();
        let flags = mask_bytes.as_elements::<u8>();
        let count = count_true(flags, &mask.layout);
        let mut shape: Dims = Dims::new();
        shape.push(count);
        shape.extend_from_slice(&shape_in[k..]);
        let mut picked = result_vec::<T>(&shape)?;
        if count > 0 && rest_numel > 0 {
            // the mask's places and the input's blocks, side by side
            assert_in_bounds(&mask.layout, flags.len());
            let plan = Plan::<2>::new(
                mask.shape(),
                [mask.stride(), &strides[..k]],
                [mask.storage_offset(), self.storage_offset()],
                false,
            );
            for_each_run(&plan, |[m, x], len, [sm, sx]| {
                for t in 0..len as isize {
                    if flags[(m + t * sm) as usize] != 0 {
                        let at = (x + t * sx) as usize;
                        let block = Layout::from_parts(&shape_in[k..], &strides[k..], at);
                        self.for_each_read(&block, |v| picked.push(v));
                    }
                }
            });
        }
        fresh(picked, &shape)
    }

    /// `tensor.index_put_(indices, values)` (also `tensor[i0, i1] = values`
    /// with index tensors): for every position of the index tensors
    /// (broadcast together), writes into the element (or sub-tensor) at
    /// `[i0[p], i1[p], ...]` of the leading dims. `values` broadcasts to the
    /// indexing result's shape `[index shape..., remaining dims...]`. Negative
    /// indices count from the end; when a place is named twice the last
    /// value wins.
    ///
    /// Errors (all raised before anything is written): `too many indices for
    /// tensor of dimension 1 (got 2)`, `shape mismatch: indexing tensors could
    /// not be broadcast together with shapes [2], [3]`, `shape mismatch: value
    /// tensor of shape [2] cannot be broadcast to indexing result of shape
    /// [3]`, `index 5 is out of bounds for dimension 0 with size 3`, and
    /// PyTorch's refusal of `values` or an index tensor overlapping the
    /// tensor (`unsupported operation: some elements of the input tensor and
    /// the written-to tensor refer to a single memory location. ...`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::zeros(&[3, 2]).unwrap();
    /// let rows = Tensor::<i64>::from_vec(vec![2, -3], &[2]).unwrap();
    /// x.index_put_(&[&rows], &Tensor::from_vec(vec![7, 8], &[2]).unwrap()).unwrap();
    /// assert_eq!(x.to_vec(), vec![7, 8, 0, 0, 7, 8]);
    /// ```
    pub fn index_put_<S2>(
        &self,
        indices: &[&Tensor<i64>],
        values: &Tensor<T, S2>,
    ) -> Result<(), ViewError> {
        let (ndim, k) = (self.dim(), indices.len());
        if k > ndim {
            return Err(index_error(format!(
                "too many indices for tensor of dimension {ndim} (got {k})"
            )));
        }
        if self.storage.same(&values.storage)
            && matches!(
                overlap_status(&self.layout, &values.layout),
                Overlap::Partial | Overlap::Full
            )
        {
            return Err(ViewError::runtime(
                "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.",
            ));
        }
        // PyTorch refuses index tensors overlapping the destination too,
        // compared by bytes (an index may be a dtype view of it)
        let overlaps_self = |index: &&Tensor<i64>| {
            self.storage.same(&index.storage)
                && matches!(
                    overlap_status_sized(&self.layout, T::DTYPE.size(), &index.layout, 8),
                    Overlap::Partial | Overlap::Full
                )
        };
        if indices.iter().any(overlaps_self) {
            return Err(partial_overlap_error());
        }
        let mut index_shape = Dims::new();
        for (j, index) in indices.iter().enumerate() {
            index_shape = if j == 0 {
                index.shape().iter().copied().collect()
            } else {
                broadcast_shapes(&index_shape, index.shape()).map_err(|_| {
                    let shapes: Vec<String> =
                        indices.iter().map(|i| IntList(i.shape()).to_string()).collect();
                    index_error(format!(
                        "shape mismatch: indexing tensors could not be broadcast together with shapes {}",
                        shapes.join(", ")
                    ))
                })?
            };
        }
        let rest = &self.shape()[k..];
        let mut result_shape = index_shape.clone();
        result_shape.extend_from_slice(rest);
        let expandable = values.dim() <= result_shape.len()
            && values
                .shape()
                .iter()
                .rev()
                .zip(result_shape.iter().rev())
                .all(|(&v, &r)| v == 1 || v == r);
        if !expandable {
            return Err(ViewError::runtime(format!(
                "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                IntList(values.shape()),
                IntList(&result_shape)
            )));
        }
        let positions = checked_numel(&index_shape)?;
        checked_numel(&result_shape)?;
        if positions == 0 {
            return Ok(()); // every check is done and nothing is written
        }
        // Each index tensor broadcast to the common index shape, then every
        // position's storage offset, bounds-checked before any write.
        let columns: Vec<Vec<i64>> = indices
            .iter()
            .map(|i| i.resolved_reprs_as(&index_shape))
            .collect::<Result<_, _>>()?;
        let mut bases = try_vec(positions)?;
        for p in 0..positions {
            let mut at = self.storage_offset() as isize;
            for (j, column) in columns.iter().enumerate() {
                let (i, size) = (column[p], self.shape()[j]);
                let wrapped = if i < 0 {
                    i as i128 + size as i128
                } else {
                    i as i128
                };
                if wrapped < 0 || wrapped >= size as i128 {
                    return Err(index_error(format!(
                        "index {i} is out of bounds for dimension {j} with size {size}"
                    )));
                }
                at += wrapped as isize * self.stride()[j];
            }
            bases.push(at as usize);
        }
        let mut data = values.resolved_reprs_as(&result_shape)?;
        if self.lazy.conj() || self.lazy.neg() {
            // stored so that this (conjugated or negated) view reads the values
            for v in &mut data {
                *v = self.write_repr(T::from_repr(*v));
            }
        }
        let inner = checked_numel(rest)?;
        let block = Layout::contiguous(rest);
        let mut bytes = self.storage.try_write()?;
        let dst = bytes.as_elements_mut::<T::Repr>();
        for (p, &base) in bases.iter().enumerate() {
            let target = Layout::from_dims(
                rest.iter().copied().collect(),
                self.stride()[k..].iter().copied().collect(),
                base,
            );
            copy_strided(dst, &target, &data[p * inner..(p + 1) * inner], &block);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{s, Complex, ErrorKind, Tensor};

    fn idx(v: &[i64]) -> Tensor<i64> {
        Tensor::from_vec(v.to_vec(), &[v.len()]).unwrap()
    }

    fn mask(v: &[bool], shape: &[usize]) -> Tensor<bool> {
        Tensor::from_vec(v.to_vec(), shape).unwrap()
    }

    #[test]
    fn index_select_edge_cases() {
        let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
        let t = x.transpose(0, 1).unwrap();
        assert_eq!(t.index_select(0, &idx(&[2])).unwrap().to_vec(), vec![2, 5]);
        assert_eq!(x.index_select(0, &idx(&[])).unwrap().shape(), &[0, 3]);
        let s = Tensor::scalar(4i32);
        let zero_d = Tensor::<i64>::scalar(0);
        assert_eq!(s.index_select(0, &zero_d).unwrap().to_vec(), vec![4]);
        assert_eq!(
            s.index_select(-1, &idx(&[0])).unwrap().shape(),
            &[] as &[usize]
        );
        assert_eq!(
            s.index_select(0, &idx(&[0, 0])).unwrap_err().to_string(),
            "index_select(): Index to scalar can have only 1 value, got 2 value(s)"
        );
        let e = x
            .index_select(0, &idx(&[0, 1]).view(&[1, 2]).unwrap())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "index_select(): Index is supposed to be a vector"
        );
        assert_eq!(e.kind(), ErrorKind::IndexError);
        assert_eq!(
            x.index_select(0, &idx(&[-1])).unwrap_err().to_string(),
            "index out of range in self"
        );
        assert!(x.index_select(2, &idx(&[0])).is_err());
        let empty = Tensor::<i32>::zeros(&[0, 3]).unwrap();
        assert_eq!(
            empty.index_select(1, &idx(&[3])).unwrap_err().to_string(),
            "INDICES element is out of DATA bounds, id=3 axis_dim=3"
        );
        let e = x.index_select(1, &idx(&[0, 3])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "INDICES element is out of DATA bounds, id=3 axis_dim=3"
        );
        assert_eq!(e.kind(), ErrorKind::RuntimeError);
        let e = x.index_select(0, &idx(&[2])).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::IndexError);
        assert_eq!(
            empty.index_select(0, &idx(&[0])).unwrap_err().to_string(),
            "index_select(): self indexing axis dim should be positive"
        );
        assert!(x.index_select(0, &idx(&[i64::MIN])).is_err());
    }

    #[test]
    fn masks_select_copies() {
        let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
        let col = mask(&[true, false], &[2, 1]);
        assert_eq!(x.masked_select(&col).unwrap().to_vec(), vec![0, 1, 2]);
        assert_eq!(
            x.masked_select(&mask(&[true, false], &[2])).unwrap_err().to_string(),
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
        );
        let scalar_mask = Tensor::scalar(true);
        assert_eq!(x.index_by_mask(&scalar_mask).unwrap().shape(), &[1, 2, 3]);
        assert_eq!(
            x.index_by_mask(&Tensor::scalar(false)).unwrap().shape(),
            &[0, 2, 3]
        );
        let full = mask(&[false, true, true, false, false, true], &[2, 3]);
        assert_eq!(x.index_by_mask(&full).unwrap().to_vec(), vec![1, 2, 5]);
        let e = x.index_by_mask(&mask(&[true; 4], &[2, 2])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "The shape of the mask [2, 2] at index 1 does not match the shape of the indexed tensor [2, 3] at index 1"
        );
        assert_eq!(e.kind(), ErrorKind::IndexError);
        assert_eq!(
            Tensor::scalar(1i32)
                .index_by_mask(&mask(&[true], &[1]))
                .unwrap_err()
                .to_string(),
            "too many indices for tensor of dimension 0"
        );
    }

    #[test]
    fn conjugated_inputs_give_resolved_copies() {
        let mut z = Tensor::<Complex<f64>>::from_vec(vec![Complex::new(1.0, 1.0)], &[1]).unwrap();
        z.lazy.set_conj(true);
        let y = z.index_select(0, &idx(&[0])).unwrap();
        assert!(!y.is_conj());
        assert_eq!(y.to_vec(), vec![Complex::new(1.0, -1.0)]);
    }

    #[test]
    fn index_put_validates_everything_first() {
        let x = Tensor::<i32>::zeros(&[3, 2]).unwrap();
        let vals = Tensor::from_vec(vec![1, 2], &[2]).unwrap();
        assert_eq!(
            x.index_put_(&[&idx(&[0, 5])], &vals)
                .unwrap_err()
                .to_string(),
            "index 5 is out of bounds for dimension 0 with size 3"
        );
        assert_eq!(
            x.index_put_(&[&idx(&[0, 1]), &idx(&[0, 1, 0])], &vals)
                .unwrap_err()
                .to_string(),
            "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"
        );
        assert_eq!(
            x.index_put_(&[&idx(&[0, 1, 2])], &Tensor::<i32>::zeros(&[3]).unwrap())
                .unwrap_err()
                .to_string(),
            "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [3, 2]"
        );
        assert_eq!(
            x.index_put_(&[&idx(&[0]), &idx(&[0]), &idx(&[0])], &vals)
                .unwrap_err()
                .to_string(),
            "too many indices for tensor of dimension 2 (got 3)"
        );
        assert_eq!(x.to_vec(), vec![0; 6]);
    }

    #[test]
    fn index_put_writes_points_rows_and_through_views() {
        let base = Tensor::<i32>::zeros(&[4, 3]).unwrap();
        let x = base.index(&s![1.., ..;2]).unwrap(); // [3, 2] view
        x.index_put_(&[&idx(&[0, 2]), &idx(&[1, -2])], &Tensor::scalar(5))
            .unwrap();
        assert_eq!(base.to_vec(), vec![0, 0, 0, 0, 0, 5, 0, 0, 0, 5, 0, 0]);
        x.index_put_(
            &[&idx(&[1, 1])],
            &Tensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap(),
        )
        .unwrap();
        assert_eq!(x.index(&s![1]).unwrap().to_vec(), vec![3, 4]);
        let self_values = base.index(&s![0]).unwrap();
        assert!(base
            .index(&s![0])
            .unwrap()
            .index_put_(&[&idx(&[0])], &self_values)
            .is_err());
    }

    #[test]
    fn negated_views_read_and_store_the_negation() {
        // PyTorch 2.15, z = torch.complex(torch.arange(4.), torch.arange(4.) + 10),
        // n = z.conj().imag (a negated view)
        let z = Tensor::from_fn(4, |i| crate::Complex::new(i as f32, i as f32 + 10.0));
        let n = z.conj().imag().unwrap();
        // n.index_select(0, tensor([3, 0])) -> [-13, -10]
        assert_eq!(
            n.index_select(0, &idx(&[3, 0])).unwrap().to_vec(),
            vec![-13.0, -10.0]
        );
        // n.masked_select(tensor([True, False, True, False])) -> [-10, -12]
        let mask = Tensor::from_vec(vec![true, false, true, false], &[4]).unwrap();
        assert_eq!(n.masked_select(&mask).unwrap().to_vec(), vec![-10.0, -12.0]);
        // n.index_put_((tensor([1, 2]),), tensor([7., 8.])) -> z = [10j, 1-7j, 2-8j, 3+13j]
        n.index_put_(
            &[&idx(&[1, 2])],
            &Tensor::from_vec(vec![7.0f32, 8.0], &[2]).unwrap(),
        )
        .unwrap();
        let im: Vec<f32> = z.to_vec().iter().map(|c| c.im).collect();
        assert_eq!(im, vec![10.0, -7.0, -8.0, 13.0]);
    }
}
