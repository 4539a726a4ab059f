//! Element-wise functions into new tensors: `map` and `zip_map` (with
//! PyTorch's broadcasting).
//!
//! The result is laid out as PyTorch lays out the result of `torch.exp(x)` or
//! `x + y`: in the inputs' memory order (see `result_layout.rs`),
//! so `x.t().map(f)` is transposed like `x.t()`. The kernels then walk the
//! result in memory order (dims sorted and merged as PyTorch's
//! `TensorIterator` does, an input read across the result's rows staged in
//! cache-sized blocks), so inputs sharing a permutation run at contiguous
//! speed. Lazily conjugated or negated inputs are read as they show
//! (conjugated, negated); results have neither bit set.

use super::construct::storage_bytes;
use super::fresh::or_abort;
use super::result_layout::elementwise_strides;
use super::Tensor;
use crate::copy::{map_to_storage, zip_to_storage};
use crate::kernels::map::WithFma;
use crate::layout::{broadcast_shapes, stretch_to, Layout};
use crate::storage::read_in_order;
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// A new tensor of `f` applied to every element, of the same shape, laid
    /// out as PyTorch lays out `torch.exp(x)` (PyTorch's `TensorIterator`
    /// rules): contiguous for a contiguous input, the same strides for a
    /// dense input (a transposed or permuted tensor stays so), else dense in
    /// the input's stride order (a sliced or expanded input). `f` runs once
    /// per element, in an unspecified order, over a copy of the input taken
    /// when the call begins (no lock is held while it runs): it may read
    /// and write any tensor, this one included, on any thread, and the
    /// result is computed from the values before its writes.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// let y = x.transpose(0, 1).unwrap().map(|v| v as f64 * 0.5);
    /// assert_eq!(y.shape(), &[3, 2]);
    /// assert_eq!(y.stride(), &[1, 3]); // transposed, as torch.exp(x.t())
    /// assert_eq!(y.to_vec(), vec![0.0, 1.5, 0.5, 2.0, 1.0, 2.5]);
    /// ```
    pub fn map<U: Element>(&self, f: impl FnMut(T) -> U) -> Tensor<U> {
        or_abort(self.try_map(f))
    }

    /// [`Tensor::map`] that returns PyTorch's allocator error when memory
    /// runs out, for the ops that return a `Result`. `f` is user code: it
    /// runs over a private copy, with no lock of a shared storage held, so
    /// it may read and write any tensor (storage/mod.rs, rule 2). The result
    /// is laid out by the input's layout, not the copy's: PyTorch's rule
    /// reads the strides of size-1 dims, which the copy does not keep.
    pub(crate) fn try_map<U: Element>(
        &self,
        f: impl FnMut(T) -> U,
    ) -> Result<Tensor<U>, ViewError> {
        let out = result_layout(self.shape(), &[&self.layout]);
        self.snapshot()?.map_into(out, f)
    }

    /// [`Tensor::map`] reading `self` in place under its read lock, for the
    /// library's own closures only: they run no user code (`Element` is
    /// sealed), so holding the lock meanwhile cannot deadlock.
    pub(crate) fn map_trusted<U: Element>(&self, f: impl FnMut(T) -> U) -> Tensor<U> {
        or_abort(self.try_map_trusted(f))
    }

    /// [`Tensor::map_trusted`] of a math op given in two forms: `plain`,
    /// and `fused`, the same function computing `a · b + c` as one FMA,
    /// which the dense runs use where their loop is compiled with FMA
    /// (`kernels::map::WithFma`; results within the same ulp bounds).
    pub(crate) fn map_math(
        &self,
        mut plain: impl FnMut(T) -> T,
        mut fused: impl FnMut(T) -> T,
    ) -> Tensor<T> {
        let out = result_layout(self.shape(), &[&self.layout]);
        let bytes = self.storage.read();
        let src = bytes.as_elements::<T::Repr>();
        // as in `map_into`: a plain closure when there are no lazy bits
        let storage = if self.has_lazy_bits() {
            map_to_storage(src, &self.layout, &out, |r| {
                plain(self.read_repr(r)).into_repr()
            })
        } else {
            map_to_storage(
                src,
                &self.layout,
                &out,
                WithFma(
                    #[inline(always)]
                    |r| plain(T::from_repr(r)).into_repr(),
                    #[inline(always)]
                    |r| fused(T::from_repr(r)).into_repr(),
                ),
            )
        };
        drop(bytes);
        or_abort(storage.map(|s| Tensor::from_raw(s, out, false)))
    }

    /// [`Tensor::map_trusted`] that returns PyTorch's allocator error when
    /// memory runs out.
    pub(crate) fn try_map_trusted<U: Element>(
        &self,
        f: impl FnMut(T) -> U,
    ) -> Result<Tensor<U>, ViewError> {
        let out = result_layout(self.shape(), &[&self.layout]);
        self.map_into(out, f)
    }

    /// [`Tensor::map_trusted`] into a fresh tensor of layout `out`, dense
    /// over this shape. Holds the read lock while `f` runs: `f` is the
    /// library's, or `self` is a private copy.
    fn map_into<U: Element>(
        &self,
        out: Layout,
        mut f: impl FnMut(T) -> U,
    ) -> Result<Tensor<U>, ViewError> {
        let bytes = self.storage.read();
        let src = bytes.as_elements::<T::Repr>();
        // Without lazy bits, elements are read as stored: a closure the
        // compiler can vectorise (the bits, read through `self` on every
        // element, kept it from doing so).
        let storage = if self.has_lazy_bits() {
            map_to_storage(src, &self.layout, &out, |r| {
                f(self.read_repr(r)).into_repr()
            })
        } else {
            // inlined whole into the kernel's loop (`kernels/wide.rs`)
            map_to_storage(
                src,
                &self.layout,
                &out,
                #[inline(always)]
                |r| f(T::from_repr(r)).into_repr(),
            )
        };
        drop(bytes);
        Ok(Tensor::from_raw(storage?, out, false))
    }

    /// A new tensor of `f(a, b)` for the elements of `self` and `other` at
    /// each position, after broadcasting both to their common shape as
    /// PyTorch does (dims aligned from the right; size-1 and missing dims
    /// stretch). The result is laid out as PyTorch lays out `a + b`: in the
    /// memory order of the inputs, `self` first (`x.t() + y.t()` is
    /// transposed, `x.t() + y` too, `x + y.t()` is not; a broadcast dim lets
    /// the other input decide). `f` runs once per element, in an unspecified
    /// order, over copies of both inputs taken together when the call
    /// begins, as in [`Tensor::map`]: it may read and write any tensor. A
    /// result too big for memory is PyTorch's allocator error
    /// (`ViewError::OutOfMemory`), a shape too big to count its
    /// `SizeOverflow`, never an abort.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
    /// let row = Tensor::from_vec(vec![10.0f32, 20.0, 30.0], &[3]).unwrap();
    /// let y = x.zip_map(&row, |a, b| a + b).unwrap();
    /// assert_eq!(y.to_vec(), vec![10.0, 21.0, 32.0, 13.0, 24.0, 35.0]);
    /// let xt = x.t().unwrap();
    /// assert_eq!(xt.zip_map(&xt, |a, b| a * b).unwrap().stride(), &[1, 3]);
    /// let col = Tensor::<u8>::zeros(&[4]).unwrap();
    /// assert_eq!(
    ///     x.zip_map(&col, |a, _| a).unwrap_err().to_string(),
    ///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
    /// );
    /// ```
    pub fn zip_map<U: Element, V: Element>(
        &self,
        other: &Tensor<U>,
        f: impl FnMut(T, U) -> V,
    ) -> Result<Tensor<V>, ViewError> {
        let shape = broadcast_shapes(self.shape(), other.shape())?;
        storage_bytes::<V>(&shape)?;
        let out = result_layout(&shape, &[&self.layout, &other.layout]);
        // user code, as in `map`: over private copies of both inputs
        let (a, b) = self.snapshot_pair(other)?;
        a.zip_map_into(&b, out, f)
    }

    /// [`Tensor::zip_map`] reading both inputs in place under their read
    /// locks, for the library's own closures only (as [`Tensor::map_trusted`]).
    pub(crate) fn zip_map_trusted<U: Element, V: Element>(
        &self,
        other: &Tensor<U>,
        f: impl FnMut(T, U) -> V,
    ) -> Result<Tensor<V>, ViewError> {
        let shape = broadcast_shapes(self.shape(), other.shape())?;
        storage_bytes::<V>(&shape)?;
        let out = result_layout(&shape, &[&self.layout, &other.layout]);
        self.zip_map_into(other, out, f)
    }

    /// [`Tensor::zip_map_trusted`] into a fresh tensor of layout `out`, dense
    /// over the inputs' broadcast shape (checked by the caller, sizes
    /// included), for ops whose result PyTorch lays out by another rule
    /// (`masked_fill`). Holds the inputs' read locks while `f` runs: `f` is
    /// the library's, or the inputs are private copies.
    pub(super) fn zip_map_into<U: Element, V: Element>(
        &self,
        other: &Tensor<U>,
        out: Layout,
        mut f: impl FnMut(T, U) -> V,
    ) -> Result<Tensor<V>, ViewError> {
        let shape = out.shape();
        let a_layout = stretch_to(&self.layout, shape);
        let b_layout = stretch_to(&other.layout, shape);
        // both reads at once, in the global lock order (storage/mod.rs)
        let reads = read_in_order([&self.storage, &other.storage]);
        let (a, b) = (
            reads.bytes(0).as_elements::<T::Repr>(),
            reads.bytes(1).as_elements::<U::Repr>(),
        );
        // as in `map`: a plain closure when neither input has lazy bits
        let storage = if self.has_lazy_bits() || other.has_lazy_bits() {
            zip_to_storage(a, &a_layout, b, &b_layout, &out, |x, y| {
                f(self.read_repr(x), other.read_repr(y)).into_repr()
            })
        } else {
            zip_to_storage(
                a,
                &a_layout,
                b,
                &b_layout,
                &out,
                #[inline(always)]
                |x, y| f(T::from_repr(x), U::from_repr(y)).into_repr(),
            )
        };
        drop(reads);
        Ok(Tensor::from_raw(storage?, out, false))
    }
}

impl<T: Element, S> Tensor<T, S> {
    /// Whether reading an element takes more than converting its stored form
    /// (a lazy conjugation or negation).
    fn has_lazy_bits(&self) -> bool {
        self.lazy.conj() || self.lazy.neg()
    }
}

/// PyTorch's layout of an element-wise result of `shape` over `inputs`.
fn result_layout(shape: &[usize], inputs: &[&Layout]) -> Layout {
    Layout::from_parts(shape, &elementwise_strides(shape, inputs), 0)
}

#[cfg(test)]
mod tests {
    use crate::Tensor;
    use num_complex::Complex;

    #[test]
    fn map_reads_conjugated_and_negated_views_as_they_show() {
        let z = Tensor::from_vec(vec![Complex::new(1.0f32, 2.0)], &[1]).unwrap();
        let zc = z.conj();
        assert_eq!(zc.map(|v| v.im).to_vec(), vec![-2.0]);
        assert!(!zc.map(|v| v).is_conj());
        let im = zc.imag().unwrap(); // a negated view of the imaginary parts
        assert!(im.is_neg());
        assert_eq!(im.map(|v| v).to_vec(), vec![-2.0]);
        assert_eq!(im.zip_map(&im, |a, b| a + b).unwrap().to_vec(), vec![-4.0]);
    }

    #[test]
    fn zip_broadcasts_both_ways_and_shares_one_lock() {
        let col = Tensor::<i64>::arange(3).view(&[3, 1]).unwrap();
        let row = Tensor::<i64>::arange(4);
        let y = col.zip_map(&row, |a, b| a * 10 + b).unwrap();
        assert_eq!(y.shape(), &[3, 4]);
        assert_eq!(y.get(&[2, 3]).unwrap(), 23);
        let t = row.view(&[2, 2]).unwrap();
        let s = t
            .zip_map(&t.transpose(0, 1).unwrap(), |a, b| a - b)
            .unwrap();
        assert_eq!(s.to_vec(), vec![0, -1, 1, 0]);
    }

    #[test]
    fn zero_d_and_empty_inputs() {
        let s = Tensor::scalar(2u8);
        assert_eq!(s.map(|v| v + 1).shape(), &[] as &[usize]);
        let e = Tensor::<f32>::zeros(&[0, 3]).unwrap();
        let z = e.zip_map(&s, |a, b| a + b as f32).unwrap();
        assert_eq!(z.shape(), &[0, 3]);
        assert_eq!(
            e.zip_map(&Tensor::<f32>::zeros(&[2, 1]).unwrap(), |a, _| a)
                .unwrap_err()
                .to_string(),
            "The size of tensor a (0) must match the size of tensor b (2) at non-singleton dimension 0"
        );
    }
}
