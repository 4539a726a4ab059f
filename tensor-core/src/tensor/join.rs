//! Joining tensors into a new one: `cat` and `stack` (`torch.cat`,
//! `torch.stack`), copies with PyTorch's checks and error texts.
//!
//! The result is laid out as PyTorch's: contiguous, unless every input is
//! channels-last (4-d) or channels-last-3d (5-d) by PyTorch's test, then
//! channels-last (see `result_layout.rs`); `stack` is a `cat` then a view, so
//! its result follows the same rule. Each input is copied into its slice of
//! the result through [`Tensor::copy_from`], which reads any strided view
//! where it lies. As in PyTorch, `cat` skips the legacy empty tensors of
//! shape `[0]`, which join anything.

use super::result_layout::cat_strides;
use super::Tensor;
use crate::error::IntList;
use crate::layout::{wrap_dim, Layout};
use crate::{Element, ErrorKind, ViewError};
use std::borrow::Borrow;

impl<T: Element> Tensor<T> {
    /// `torch.cat(tensors, dim)`: the tensors joined along `dim`, which
    /// every other dim must agree on.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let a = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// let b = Tensor::<i32>::zeros(&[2, 1]).unwrap();
    /// let c = Tensor::cat(&[&a, &b], 1).unwrap();
    /// assert_eq!(c.to_vec(), vec![0, 1, 2, 0, 3, 4, 5, 0]);
    /// let e = Tensor::cat(&[&a, &b], 0).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 1 for tensor number 1 in the list."
    /// );
    /// ```
    pub fn cat<B: Borrow<Tensor<T>>>(tensors: &[B], dim: isize) -> Result<Tensor<T>, ViewError> {
        if tensors.is_empty() {
            return Err(ViewError::with_kind(
                ErrorKind::ValueError,
                "torch.cat(): expected a non-empty list of Tensors",
            ));
        }
        let tensors: Vec<&Tensor<T>> = tensors.iter().map(Borrow::borrow).collect();
        if let Some(i) = tensors.iter().position(|t| t.dim() == 0) {
            return Err(ViewError::runtime(format!(
                "zero-dimensional tensor (at position {i}) cannot be concatenated"
            )));
        }
        let skipped = |t: &Tensor<T>| t.shape() == [0];
        let Some(first) = tensors.iter().copied().find(|t| !skipped(t)) else {
            return Tensor::zeros(&[0]); // only legacy empty tensors
        };
        let dim = wrap_dim(dim, first.dim())?;
        let mut shape = first.shape().to_vec();
        shape[dim] = 0;
        for (i, t) in tensors.iter().enumerate().filter(|(_, t)| !skipped(t)) {
            if t.dim() != first.dim() {
                return Err(ViewError::runtime(format!(
                    "Tensors must have same number of dimensions: got {} and {}",
                    first.dim(),
                    t.dim()
                )));
            }
            for d in (0..t.dim()).filter(|&d| d != dim) {
                if t.shape()[d] != first.shape()[d] {
                    return Err(ViewError::runtime(format!(
                        "Sizes of tensors must match except in dimension {dim}. Expected size {} but got size {} for tensor number {i} in the list.",
                        first.shape()[d],
                        t.shape()[d]
                    )));
                }
            }
            shape[dim] += t.shape()[dim];
        }
        let layouts: Vec<&Layout> = tensors.iter().map(|t| &t.layout).collect();
        let out = Tensor::zeros_with_strides(&shape, &cat_strides(&shape, &layouts))?;
        let mut at = 0;
        for t in tensors.into_iter().filter(|t| !skipped(t)) {
            let size = t.shape()[dim];
            out.narrow(dim as isize, at as isize, size as isize)?
                .copy_from(t)?;
            at += size;
        }
        Ok(out)
    }

    /// `torch.stack(tensors, dim)`: tensors of one shape joined along a new
    /// dim inserted at `dim` (in `[-ndim - 1, ndim]`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let a = Tensor::<f32>::arange(3);
    /// let s = Tensor::stack(&[a.clone(), a.clone()], 1).unwrap();
    /// assert_eq!(s.shape(), &[3, 2]);
    /// assert_eq!(s.to_vec(), vec![0.0, 0.0, 1.0, 1.0, 2.0, 2.0]);
    /// let e = Tensor::stack(&[a, Tensor::<f32>::zeros(&[2]).unwrap()], 0).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "stack expects each tensor to be equal size, but got [3] at entry 0 and [2] at entry 1"
    /// );
    /// ```
    pub fn stack<B: Borrow<Tensor<T>>>(tensors: &[B], dim: isize) -> Result<Tensor<T>, ViewError> {
        let Some(first) = tensors.first().map(Borrow::borrow) else {
            return Err(ViewError::runtime("stack expects a non-empty TensorList"));
        };
        let dim = wrap_dim(dim, first.dim() + 1)?;
        for (i, t) in tensors.iter().map(Borrow::borrow).enumerate() {
            if t.shape() != first.shape() {
                return Err(ViewError::runtime(format!(
                    "stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {i}",
                    IntList(first.shape()),
                    IntList(t.shape())
                )));
            }
        }
        if dim == first.dim() {
            // a new last dim: PyTorch cats the tensors unsqueezed there
            let rows = tensors
                .iter()
                .map(|t| t.borrow().unsqueeze(dim as isize))
                .collect::<Result<Vec<_>, _>>()?;
            return Tensor::cat(&rows, dim as isize);
        }
        // As PyTorch: cat along `dim`, then split it in two by a view (which
        // always succeeds), so channels-last inputs give a channels-last
        // result with the new dim in it.
        let mut shape = first.shape().to_vec();
        shape.insert(dim, tensors.len());
        Tensor::cat(tensors, dim as isize)?.view(&shape)
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    fn z(shape: &[usize]) -> Tensor<f32> {
        Tensor::zeros(shape).unwrap()
    }

    fn cat_err(tensors: &[Tensor<f32>], dim: isize) -> String {
        Tensor::cat(tensors, dim).unwrap_err().to_string()
    }

    #[test]
    fn cat_checks_in_pytorchs_order() {
        assert_eq!(
            cat_err(&[z(&[2, 3]), z(&[])], 0),
            "zero-dimensional tensor (at position 1) cannot be concatenated"
        );
        assert_eq!(
            cat_err(&[z(&[2, 3]), z(&[2, 3, 1])], 0),
            "Tensors must have same number of dimensions: got 2 and 3"
        );
        assert_eq!(
            cat_err(&[z(&[2, 3]), z(&[4, 3]), z(&[2, 4])], 0),
            "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 for tensor number 2 in the list."
        );
        assert_eq!(
            cat_err(&[z(&[2, 3])], 5),
            "Dimension out of range (expected to be in range of [-2, 1], but got 5)"
        );
        let none: [Tensor<f32>; 0] = [];
        assert_eq!(
            cat_err(&none, 0),
            "torch.cat(): expected a non-empty list of Tensors"
        );
    }

    #[test]
    fn legacy_empty_tensors_are_skipped() {
        assert_eq!(Tensor::cat(&[z(&[0]), z(&[0])], 1).unwrap().shape(), &[0]);
        assert_eq!(
            Tensor::cat(&[z(&[0]), z(&[2, 3])], 1).unwrap().shape(),
            &[2, 3]
        );
        assert_eq!(
            Tensor::cat(&[z(&[2, 3]), z(&[0, 3])], 0).unwrap().shape(),
            &[2, 3]
        );
    }

    #[test]
    fn strided_inputs_are_copied_where_they_lie() {
        let x = Tensor::<i64>::arange(6).view(&[2, 3]).unwrap();
        let c = Tensor::cat(&[x.t().unwrap(), x.t().unwrap()], 0).unwrap();
        assert_eq!(c.shape(), &[6, 2]);
        assert_eq!(&c.to_vec()[..6], &[0, 3, 1, 4, 2, 5]);
        let s = Tensor::stack(&[&x, &x], -1).unwrap();
        assert_eq!(s.shape(), &[2, 3, 2]);
        assert_eq!(s.get(&[1, 2, 1]).unwrap(), 5);
        assert_eq!(
            Tensor::stack(&[&x], -4).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-3, 2], but got -4)"
        );
        assert_eq!(
            Tensor::stack(&[Tensor::scalar(1i64), Tensor::scalar(2)], 0)
                .unwrap()
                .to_vec(),
            vec![1, 2]
        );
    }

    /// A channels-last `[2, 3, 2, 2]` tensor: a row-major `[2, 2, 2, 3]`
    /// with its channels moved to dim 1.
    fn channels_last(start: i64) -> Tensor<i64> {
        let nhwc = Tensor::<i64>::arange(24).view(&[2, 2, 2, 3]).unwrap();
        nhwc.map(|v| v + start).permute(&[0, 3, 1, 2]).unwrap()
    }

    // Expected strides: PyTorch 2.15 (tests/golden/ops.jsonl records more)
    #[test]
    fn channels_last_inputs_give_a_channels_last_result() {
        let (a, b) = (channels_last(0), channels_last(100));
        assert_eq!(a.stride(), &[12, 1, 6, 3]);
        let c = Tensor::cat(&[&a, &b], 1).unwrap();
        assert_eq!(c.shape(), &[2, 6, 2, 2]);
        assert_eq!(c.stride(), &[24, 1, 12, 6]);
        assert_eq!(c.get(&[1, 4, 1, 0]).unwrap(), b.get(&[1, 1, 1, 0]).unwrap());
        assert!(c.view(&[-1]).is_err()); // as PyTorch's
                                         // one contiguous input (or a legacy empty one) makes it contiguous
        let rowmajor = b.contiguous().unwrap();
        let mixed = Tensor::cat(&[&a, &rowmajor], 1).unwrap();
        assert_eq!(mixed.stride(), &[24, 4, 2, 1]);
        assert_eq!(mixed.to_vec(), c.to_vec());
        let empty = Tensor::<i64>::zeros(&[0]).unwrap();
        assert!(Tensor::cat(&[&a, &empty], 0).unwrap().is_contiguous());
        // stack: cat along the dim, then a view that splits it
        let s = Tensor::stack(&[&a, &b], 1).unwrap();
        assert_eq!(s.shape(), &[2, 2, 3, 2, 2]);
        assert_eq!(s.stride(), &[24, 3, 1, 12, 6]);
        assert_eq!(
            s.get(&[0, 1, 2, 1, 1]).unwrap(),
            b.get(&[0, 2, 1, 1]).unwrap()
        );
        let last = Tensor::stack(&[&a, &b], -1).unwrap();
        assert!(last.is_contiguous());
        assert_eq!(
            last.get(&[1, 2, 0, 1, 1]).unwrap(),
            b.get(&[1, 2, 0, 1]).unwrap()
        );
    }

    #[test]
    fn other_permutations_give_a_contiguous_result() {
        let x = Tensor::<i64>::arange(24).view(&[2, 3, 4]).unwrap();
        let p = x.permute(&[2, 0, 1]).unwrap();
        let c = Tensor::cat(&[&p, &p], 0).unwrap();
        assert_eq!(c.stride(), &[6, 3, 1]);
        assert_eq!(&c.to_vec()[..6], &p.to_vec()[..6]);
        assert!(Tensor::stack(&[&p, &p], 1).unwrap().is_contiguous());
    }
}
