//! Writes through any view: `fill` and `copy_from` (PyTorch's `fill_` and
//! `copy_`).
//!
//! Every check runs before the first element is written, so a failed write
//! leaves every tensor as it was. Within one storage, the source of a copy is
//! read completely before the destination is written, which makes copies
//! between overlapping views behave as if the source were cloned first.
//! Between two storages the copy runs in one pass, holding both locks, taken
//! in the global lock order (`storage::write_and_read`), so opposite copies
//! on two threads, or a copy against a `matmul`, cannot deadlock.

use super::Tensor;
use crate::copy::{copy_strided, fill_strided};
use crate::layout::overlap::{has_internal_overlap, overlap_status, Overlap};
use crate::layout::{broadcast_shapes, output_shape_mismatch, stretch_to, Layout};
use crate::storage::write_and_read;
use crate::{Element, ViewError};

/// PyTorch's message for writing into a tensor with broadcast (stride-0) dims.
pub(crate) fn internal_overlap_error() -> ViewError {
    ViewError::runtime(
        "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
    )
}

/// PyTorch's message for a source that partly overlaps the destination.
pub(crate) fn partial_overlap_error() -> ViewError {
    ViewError::runtime(
        "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.",
    )
}

impl<T: Element, S> Tensor<T, S> {
    /// `tensor.fill_(value)`: writes `value` into every element this view
    /// addresses; every tensor sharing the storage sees it. Broadcast views
    /// may be filled (filling is idempotent, as PyTorch notes). A conjugated
    /// or negated view stores the conjugate or negation, so that it reads
    /// `value`. Fails only with [`ViewError::ReadHeldByThisThread`], when
    /// this thread holds an `ndarray_view()` guard of the storage.
    ///
    /// ```
    /// use tensor_core::{s, Tensor};
    /// let x = Tensor::<i32>::zeros(&[2, 3]).unwrap();
    /// x.index(&s![.., 1..]).unwrap().fill(7).unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 7, 7, 0, 7, 7]);
    /// ```
    pub fn fill(&self, value: T) -> Result<(), ViewError> {
        // what to store so that this view reads `value` (conj and neg bits)
        let repr = self.write_repr(value);
        let mut bytes = self.storage.try_write()?;
        fill_strided(bytes.as_elements_mut::<T::Repr>(), &self.layout, repr);
        Ok(())
    }

    /// `tensor.copy_(src)`: writes `src`'s values (broadcast to this tensor's
    /// shape) into this view; every tensor sharing the storage sees them.
    ///
    /// PyTorch's checks, in its order: a destination with broadcast dims is
    /// refused (`unsupported operation: more than one element of the written-to
    /// tensor refers to a single memory location. ...`), as is a dense source
    /// partly overlapping a dense destination; then `src` must broadcast to
    /// this shape (`The size of tensor a (3) must match the size of tensor b
    /// (4) at non-singleton dimension 1`, `output with shape [3] doesn't match
    /// the broadcast shape [2, 3]`). Overlaps PyTorch does not detect are
    /// copied as if `src` were cloned first.
    ///
    /// ```
    /// use tensor_core::{s, Tensor};
    /// let x = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    /// let row = Tensor::<f32>::arange(3);
    /// x.copy_from(&row).unwrap(); // broadcast over the rows
    /// assert_eq!(x.to_vec(), vec![0., 1., 2., 0., 1., 2.]);
    /// let e = x.copy_from(&Tensor::<f32>::arange(4)).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
    /// );
    /// ```
    pub fn copy_from<S2>(&self, src: &Tensor<T, S2>) -> Result<(), ViewError> {
        let same_storage = self.storage.same(&src.storage);
        if same_storage
            && self.layout == src.layout
            && (self.lazy.conj(), self.lazy.neg()) == (src.lazy.conj(), src.lazy.neg())
        {
            return Ok(()); // the same data, read the same way: nothing to do
        }
        if has_internal_overlap(&self.layout) {
            return Err(internal_overlap_error());
        }
        if same_storage && overlap_status(&self.layout, &src.layout) == Overlap::Partial {
            return Err(partial_overlap_error());
        }
        let shape = broadcast_shapes(self.shape(), src.shape())?;
        if shape.as_slice() != self.shape() {
            return Err(output_shape_mismatch(self.shape(), &shape));
        }
        if self.numel() == 0 {
            return Ok(());
        }
        if !same_storage && (self.lazy.conj(), self.lazy.neg()) == (src.lazy.conj(), src.lazy.neg())
        {
            // Distinct storages cannot overlap: one pass straight from the
            // source's layout, with the dims of both sorted and merged (views
            // sharing a permutation copy as one contiguous run).
            let src_layout = stretch_to(&src.layout, self.shape());
            let copy = |dst: &mut [T::Repr], from: &[T::Repr]| {
                copy_strided(dst, &self.layout, from, &src_layout)
            };
            let (mut dst, from) = write_and_read(&self.storage, &src.storage)?;
            copy(dst.as_elements_mut(), from.as_elements());
            return Ok(());
        }
        let mut values = src.to_repr_vec();
        if (self.lazy.conj(), self.lazy.neg()) != (src.lazy.conj(), src.lazy.neg()) {
            // the values `src` reads, stored so that this view reads them
            for v in &mut values {
                *v = self.write_repr(src.read_repr(*v));
            }
        }
        let values_layout = stretch_to(&Layout::contiguous(src.shape()), self.shape());
        let mut bytes = self.storage.try_write()?;
        copy_strided(
            bytes.as_elements_mut::<T::Repr>(),
            &self.layout,
            &values,
            &values_layout,
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{s, Complex, Tensor};

    #[test]
    fn copies_between_storages_pair_elements_by_position() {
        let src = Tensor::<i64>::arange(24).view(&[2, 3, 4]).unwrap();
        let src = src.permute(&[2, 0, 1]).unwrap(); // [4, 2, 3]
        let base = Tensor::<i64>::zeros(&[3, 4, 2]).unwrap();
        let dst = base.permute(&[1, 2, 0]).unwrap(); // [4, 2, 3]
        dst.copy_from(&src).unwrap();
        assert_eq!(dst.to_vec(), src.to_vec());
        dst.copy_from(&Tensor::<i64>::arange(3)).unwrap();
        assert_eq!(dst.to_vec(), (0..8).flat_map(|_| 0..3).collect::<Vec<_>>());
    }

    #[test]
    fn opposite_copies_on_two_threads_do_not_deadlock() {
        let a = Tensor::<f32>::arange(64).view(&[8, 8]).unwrap();
        let b = Tensor::<f32>::zeros(&[8, 8]).unwrap();
        std::thread::scope(|scope| {
            scope.spawn(|| (0..2000).for_each(|_| a.copy_from(&b.t().unwrap()).unwrap()));
            scope.spawn(|| (0..2000).for_each(|_| b.copy_from(&a).unwrap()));
        });
    }

    #[test]
    fn fill_reaches_every_sharing_tensor() {
        let x = Tensor::<u8>::zeros(&[4]).unwrap();
        let v = x.view(&[2, 2]).unwrap().transpose(0, 1).unwrap();
        v.index(&s![0]).unwrap().fill(3).unwrap();
        assert_eq!(x.to_vec(), vec![3, 0, 3, 0]);
        Tensor::<u8>::zeros(&[0]).unwrap().fill(1).unwrap();
        let s = Tensor::scalar(true);
        s.fill(false).unwrap();
        assert_eq!(s.to_vec(), vec![false]);
    }

    #[test]
    fn overlapping_copies_read_the_source_first() {
        // non-dense views: PyTorch lets them through, and the result is as if cloned
        let x = Tensor::<i32>::arange(10).view(&[2, 5]).unwrap();
        let dst = x.index(&s![.., 1..]).unwrap();
        let src = x.index(&s![.., ..4]).unwrap();
        dst.copy_from(&src).unwrap();
        assert_eq!(x.to_vec(), vec![0, 0, 1, 2, 3, 5, 5, 6, 7, 8]);
        // a transpose onto itself
        let y = Tensor::<i32>::arange(4).view(&[2, 2]).unwrap();
        y.copy_from(&y.transpose(0, 1).unwrap()).unwrap_err();
        assert_eq!(y.to_vec(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn refusals_leave_the_tensor_unchanged() {
        let x = Tensor::<i32>::arange(6);
        let a = x.index(&s![1..5]).unwrap();
        let b = x.index(&s![..4]).unwrap();
        assert_eq!(
            a.copy_from(&b).unwrap_err().to_string(),
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation."
        );
        let small = Tensor::<i32>::zeros(&[3]).unwrap();
        assert_eq!(
            small
                .copy_from(&Tensor::<i32>::zeros(&[2, 3]).unwrap())
                .unwrap_err()
                .to_string(),
            "output with shape [3] doesn't match the broadcast shape [2, 3]"
        );
        assert_eq!(x.to_vec(), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(small.to_vec(), vec![0, 0, 0]);
    }

    #[test]
    fn identical_views_and_disjoint_halves() {
        let x = Tensor::<i32>::arange(6);
        x.copy_from(&x.view(&[6]).unwrap()).unwrap();
        let (lo, hi) = (x.index(&s![..3]).unwrap(), x.index(&s![3..]).unwrap());
        lo.copy_from(&hi).unwrap();
        assert_eq!(x.to_vec(), vec![3, 4, 5, 3, 4, 5]);
        let s = Tensor::scalar(9i32);
        x.copy_from(&s).unwrap();
        assert_eq!(x.to_vec(), vec![9; 6]);
        Tensor::<i32>::zeros(&[0, 2])
            .unwrap()
            .copy_from(&Tensor::<i32>::zeros(&[2]).unwrap())
            .unwrap();
    }

    #[test]
    fn conjugate_bits_are_respected() {
        let z = Tensor::<Complex<f32>>::from_vec(vec![Complex::new(1.0, 2.0)], &[1]).unwrap();
        let mut lazy = z.clone();
        lazy.lazy.set_conj(true); // a lazily conjugated view
        let out = Tensor::<Complex<f32>>::zeros(&[1]).unwrap();
        out.copy_from(&lazy).unwrap();
        assert_eq!(out.to_vec(), vec![Complex::new(1.0, -2.0)]);
        lazy.fill(Complex::new(0.0, 1.0)).unwrap();
        assert_eq!(z.to_vec(), vec![Complex::new(0.0, -1.0)]);
        assert_eq!(lazy.to_vec(), vec![Complex::new(0.0, 1.0)]);
    }

    #[test]
    fn negated_views_store_the_negation() {
        // PyTorch 2.15, z = torch.complex(torch.arange(2.), torch.arange(2.) + 10):
        // z.conj().imag.fill_(5) -> z = [0-5j, 1-5j]
        let z = Tensor::from_fn(2, |i| Complex::new(i as f32, i as f32 + 10.0));
        let im = z.conj().imag().unwrap();
        assert!(im.is_neg());
        im.fill(5.0).unwrap();
        assert_eq!(
            z.to_vec(),
            vec![Complex::new(0.0, -5.0), Complex::new(1.0, -5.0)]
        );
        // z.conj().imag.copy_(torch.tensor([1., 2.])) -> z = [0-1j, 1-2j]
        im.copy_from(&Tensor::from_vec(vec![1.0f32, 2.0], &[2]).unwrap())
            .unwrap();
        assert_eq!(
            z.to_vec(),
            vec![Complex::new(0.0, -1.0), Complex::new(1.0, -2.0)]
        );
        // torch.zeros(2).copy_(z.conj().imag) -> [1, 2] (what the view reads)
        let out = Tensor::<f32>::zeros(&[2]).unwrap();
        out.copy_from(&im).unwrap();
        assert_eq!(out.to_vec(), vec![1.0, 2.0]);
    }
}
