//! Interop with `ndarray`: arrays become tensors without copying their buffer,
//! tensors are read as `ArrayViewD`s without copying, or copied out.
//!
//! Why the zero-copy view is a guard ([`NdarrayView`]) and not a bare
//! `ArrayViewD` borrowed from `&Tensor`: another handle to the same storage may
//! write through `set`/`copy_from` at any time, from any thread. A bare view
//! would read those bytes with no lock held, a data race. The guard holds the
//! storage's read lock for as long as it lives, so writers on other threads
//! wait. On the guard's own thread, reads of the same storage still work
//! (even with a writer waiting elsewhere), and writes to it fail at once
//! with [`ViewError::ReadHeldByThisThread`] rather than wait for ever
//! (`storage/mod.rs` explains the lock). The guard is the one lock a user
//! holds in their own hands: as with any lock guard, do not keep it alive
//! while waiting for another thread that writes to its storage.

use ndarray::{ArrayD, ArrayViewD, Dimension, IxDyn, ShapeBuilder};

use crate::layout::Layout;
use crate::storage::{HeldRead, Storage};
use crate::{Element, Tensor, ViewError};

impl<T: Element, D: Dimension> From<ndarray::Array<T, D>> for Tensor<T> {
    /// Takes over the array's buffer without copying when it is 8-byte aligned
    /// and its strides are non-negative (PyTorch has no negative strides);
    /// otherwise copies it into a standard-layout buffer. Shape and strides are
    /// kept: a transposed (Fortran-order) array becomes a transposed tensor.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let a = ndarray::Array2::<f64>::from_shape_fn((2, 3), |(i, j)| (3 * i + j) as f64);
    /// let ptr = a.as_ptr();
    /// let t = Tensor::from(a);
    /// assert_eq!(t.shape(), &[2, 3]);
    /// assert_eq!(t.storage_ptr(), ptr.cast());
    /// assert_eq!(t.get(&[1, 2]).unwrap(), 5.0);
    /// ```
    fn from(array: ndarray::Array<T, D>) -> Tensor<T> {
        let array = array.into_dyn();
        if array.strides().iter().any(|&s| s < 0) {
            let standard = array.as_standard_layout().into_owned();
            return Tensor::from(standard);
        }
        let shape: Vec<usize> = array.shape().to_vec();
        let strides: Vec<isize> = array.strides().to_vec();
        let (data, offset) = array.into_raw_vec_and_offset();
        let reprs: Vec<T::Repr> = data.into_iter().map(T::into_repr).collect();
        let storage = Storage::from_vec(reprs).expect("the array's buffer already exists");
        Tensor::from_raw(
            storage,
            Layout::from_parts(&shape, &strides, offset.unwrap_or(0)),
            false,
        )
    }
}

/// A zero-copy `ndarray` view of a tensor that holds the storage's read lock
/// while it lives; [`NdarrayView::view`] hands out the `ArrayViewD`. While
/// it lives, this thread can still read the storage through any handle, but
/// a write to it returns [`ViewError::ReadHeldByThisThread`].
///
/// ```
/// use tensor_core::{Tensor, ViewError};
/// let t = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap().transpose(0, 1).unwrap();
/// let guard = t.ndarray_view().unwrap();
/// let v = guard.view();
/// assert_eq!(v.shape(), &[3, 2]);
/// assert_eq!(v[[2, 1]], 5.0);
/// assert_eq!(t.get(&[2, 1]).unwrap(), 5.0);
/// assert_eq!(t.set(&[0, 0], 1.0), Err(ViewError::ReadHeldByThisThread));
/// drop(guard);
/// t.set(&[0, 0], 1.0).unwrap();
/// ```
pub struct NdarrayView<'a, T: Element> {
    guard: HeldRead<'a>,
    layout: &'a Layout,
    marker: std::marker::PhantomData<T>,
}

impl<'a, T: Element<Repr = T> + bytemuck::Pod> NdarrayView<'a, T> {
    /// The tensor as an `ArrayViewD` (same shape, strides and data; no copy).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let t = Tensor::<i32>::arange(4);
    /// assert_eq!(t.ndarray_view().unwrap().view().sum(), 6);
    /// ```
    pub fn view(&self) -> ArrayViewD<'_, T> {
        let data: &[T] = self.guard.as_elements::<T>();
        let shape = IxDyn(self.layout.shape());
        if self.layout.numel() == 0 {
            // Strides of an empty array address nothing; ndarray wants them to fit anyway.
            return ArrayViewD::from_shape(shape, &[]).expect("an empty view fits an empty slice");
        }
        let strides: Vec<usize> = self.layout.strides().iter().map(|&s| s as usize).collect();
        ArrayViewD::from_shape(
            shape.strides(IxDyn(&strides)),
            &data[self.layout.offset()..],
        )
        .expect("a tensor's layout addresses only elements inside its storage")
    }
}

impl<T: Element> Tensor<T> {
    /// A zero-copy `ndarray` view (see [`NdarrayView`] for why it is a guard).
    /// Fails, as PyTorch's `numpy()` does, on a lazily conjugated or negated tensor.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let t = Tensor::<f32>::arange(8).view(&[2, 4]).unwrap();
    /// let guard = t.ndarray_view().unwrap();
    /// assert_eq!(guard.view()[[1, 2]], 6.0);
    /// ```
    pub fn ndarray_view(&self) -> Result<NdarrayView<'_, T>, ViewError>
    where
        T: Element<Repr = T> + bytemuck::Pod,
    {
        if self.lazy.conj() {
            return Err(ViewError::runtime(
                "Can't call numpy() on Tensor that has conjugate bit set. Use tensor.resolve_conj().numpy() instead.",
            ));
        }
        if self.lazy.neg() {
            return Err(ViewError::runtime(
                "Can't call numpy() on Tensor that has negative bit set. Use tensor.resolve_neg().numpy() instead.",
            ));
        }
        Ok(NdarrayView {
            guard: self.storage.read_held(),
            layout: &self.layout,
            marker: std::marker::PhantomData,
        })
    }

    /// A standard-layout `ndarray` copy of the tensor's values (conjugation and negation applied).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let t = Tensor::<bool>::arange(3);
    /// assert_eq!(t.to_ndarray().into_raw_vec_and_offset().0, vec![false, true, true]);
    /// ```
    pub fn to_ndarray(&self) -> ArrayD<T> {
        ArrayD::from_shape_vec(IxDyn(self.shape()), self.to_vec())
            .expect("to_vec holds numel elements")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fortran_order_arrays_become_transposed_tensors() {
        let a = ndarray::Array2::<f64>::from_shape_vec((2, 3).f(), (0..6).map(f64::from).collect())
            .unwrap();
        let expected: Vec<f64> = a.iter().copied().collect();
        let t = Tensor::from(a);
        assert_eq!(t.stride(), &[1, 2]);
        assert_eq!(t.to_vec(), expected);
    }

    #[test]
    fn negative_strides_are_copied_into_standard_layout() {
        let mut a = ndarray::Array1::<f64>::from_vec(vec![1.0, 2.0, 3.0]);
        a.invert_axis(ndarray::Axis(0));
        let t = Tensor::from(a);
        assert_eq!(t.stride(), &[1]);
        assert_eq!(t.to_vec(), vec![3.0, 2.0, 1.0]);
    }

    #[test]
    fn sliced_arrays_keep_their_offset() {
        let a = ndarray::Array1::<f64>::from_vec((0..10).map(f64::from).collect());
        let ptr = a.as_ptr();
        let sliced = a.slice_move(ndarray::s![3..7]);
        let t = Tensor::from(sliced);
        assert_eq!(t.storage_offset(), 3);
        assert_eq!(t.storage_ptr(), ptr.cast());
        assert_eq!(t.to_vec(), vec![3.0, 4.0, 5.0, 6.0]);
    }

    #[test]
    fn views_of_expanded_empty_and_scalar_tensors() {
        let e = Tensor::<f32>::zeros(&[0, 3]).unwrap();
        assert_eq!(e.ndarray_view().unwrap().view().len(), 0);
        let s = Tensor::scalar(4u8);
        assert_eq!(s.ndarray_view().unwrap().view().sum(), 4);
        let b = Tensor::<f32>::arange(3).view(&[1, 3]).unwrap();
        let g = b.ndarray_view().unwrap();
        assert_eq!(g.view().shape(), &[1, 3]);
        // a broadcast (stride 0) layout, as `expand` makes
        let x = Tensor::<f32>::arange(3);
        let expanded: Tensor<f32> = x.with_layout(Layout::from_parts(&[2, 3], &[0, 1], 0));
        let g = expanded.ndarray_view().unwrap();
        assert_eq!(
            g.view().iter().copied().collect::<Vec<_>>(),
            vec![0.0, 1.0, 2.0, 0.0, 1.0, 2.0]
        );
    }

    #[test]
    fn views_share_the_tensors_data() {
        let t = Tensor::<f64>::zeros(&[4]).unwrap();
        let guard = t.ndarray_view().unwrap();
        assert_eq!(guard.view().as_ptr().cast::<u8>(), t.storage_ptr());
    }

    #[test]
    fn lazily_negated_tensors_refuse_a_zero_copy_view() {
        let z = Tensor::from_vec(vec![num_complex::Complex::new(1.0f32, 2.0)], &[1, 1]).unwrap();
        let im = z.mH().unwrap().imag().unwrap();
        let Err(e) = im.ndarray_view() else {
            panic!("a negated view must not be exposed raw");
        };
        assert_eq!(
            e.to_string(),
            "Can't call numpy() on Tensor that has negative bit set. Use tensor.resolve_neg().numpy() instead."
        );
        assert_eq!(im.to_ndarray()[[0, 0]], -2.0);
    }
}
