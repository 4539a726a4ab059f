//! View-or-copy ops: `view`, `view_as`, `reshape`, `reshape_as`, `flatten`,
//! `ravel`, `contiguous`, `detach`.

use super::construct::storage_bytes;
use super::Tensor;
use crate::copy::gather_to_storage;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.view(shape)`: the same data with another shape, never a copy.
    /// One dim may be `-1` (inferred). Fails with PyTorch's message when the
    /// element count differs or the strides cannot express the new shape.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(16).view(&[4, 4]).unwrap();
    /// let z = x.view(&[-1, 8]).unwrap();
    /// assert_eq!(z.shape(), &[2, 8]);
    /// let t = x.transpose(0, 1).unwrap();
    /// assert_eq!(
    ///     t.view(&[16]).unwrap_err().to_string(),
    ///     "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
    /// );
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn view<I: Int>(&self, shape: &[I]) -> Result<Tensor<T>, ViewError> {
        let shape = &*I::to_ints(shape)?;
        self.view_with(
            #[inline(always)]
            |layout| layout.view_in_place(shape),
        )
    }

    /// `tensor.view_as(other)`: `view(other.shape())`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6);
    /// let like = Tensor::<u8>::zeros(&[3, 2]).unwrap();
    /// assert_eq!(x.view_as(&like).unwrap().shape(), &[3, 2]);
    /// ```
    pub fn view_as<U: Element, S2>(&self, other: &Tensor<U, S2>) -> Result<Tensor<T>, ViewError> {
        let shape: smallvec::SmallVec<[isize; 8]> =
            other.shape().iter().map(|&d| d as isize).collect();
        self.view(&shape)
    }

    /// `tensor.reshape(shape)`: a view when `view` would succeed, else a
    /// contiguous copy, exactly when PyTorch copies.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
    /// assert!(x.reshape(&[3, 2]).unwrap().shares_storage(&x));
    /// let t = x.transpose(0, 1).unwrap().reshape(&[-1]).unwrap();
    /// assert!(!t.shares_storage(&x));
    /// assert_eq!(t.to_vec(), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    /// ```
    pub fn reshape<I: Int>(&self, shape: &[I]) -> Result<Tensor<T>, ViewError> {
        let shape = &*I::to_ints(shape)?;
        match self.view(shape) {
            // the one failure of `view` that `reshape` answers with a copy
            Err(ViewError::IncompatibleViewStrides) => self.copy_contiguous()?.view(shape),
            result => result,
        }
    }

    /// `tensor.reshape_as(other)`: `reshape(other.shape())`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6);
    /// let like = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(x.reshape_as(&like).unwrap().stride(), &[3, 1]);
    /// ```
    pub fn reshape_as<U: Element, S2>(
        &self,
        other: &Tensor<U, S2>,
    ) -> Result<Tensor<T>, ViewError> {
        let shape: smallvec::SmallVec<[isize; 8]> =
            other.shape().iter().map(|&d| d as isize).collect();
        self.reshape(&shape)
    }

    /// `tensor.flatten(start_dim, end_dim)`: merges dims `start_dim..=end_dim`
    /// with `reshape` (a view when possible). A 0-d tensor becomes `[1]`; when
    /// `start_dim == end_dim` the tensor itself is returned, as in PyTorch.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
    /// assert_eq!(x.flatten(1, -1).unwrap().shape(), &[2, 12]);
    /// assert_eq!(x.flatten(0, -1).unwrap().shape(), &[24]);
    /// ```
    pub fn flatten(&self, start_dim: impl Int, end_dim: impl Int) -> Result<Tensor<T>, ViewError> {
        let (start_dim, end_dim) = (start_dim.to_int()?, end_dim.to_int()?);
        let shape = self.layout.flatten_shape(start_dim, end_dim)?;
        if self.dim() > 0 && shape.len() == self.dim() && shape.as_slice() == self.shape() {
            return Ok(self.clone());
        }
        let shape: smallvec::SmallVec<[isize; 8]> = shape.iter().map(|&d| d as isize).collect();
        self.reshape(&shape)
    }

    /// `tensor.ravel()`: a 1-D view of a contiguous tensor, else a 1-D copy.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(4).view(&[2, 2]).unwrap();
    /// assert!(x.ravel().unwrap().shares_storage(&x));
    /// assert_eq!(x.transpose(0, 1).unwrap().ravel().unwrap().to_vec(), vec![0, 2, 1, 3]);
    /// ```
    pub fn ravel(&self) -> Result<Tensor<T>, ViewError> {
        self.contiguous()?.view(&[-1])
    }

    /// `tensor.contiguous()`: this tensor (same storage) when already
    /// contiguous, else a row-major copy.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
    /// assert!(x.contiguous().unwrap().shares_storage(&x));
    /// let c = x.transpose(0, 1).unwrap().contiguous().unwrap();
    /// assert!(c.is_contiguous() && !c.shares_storage(&x));
    /// ```
    pub fn contiguous(&self) -> Result<Tensor<T>, ViewError> {
        if self.is_contiguous() {
            Ok(self.clone())
        } else {
            self.copy_contiguous()
        }
    }

    /// `tensor.detach()`: the same data and layout (there is no autograd here,
    /// so it is an alias of the tensor, as PyTorch's is).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(3);
    /// assert!(x.detach().shares_storage(&x));
    /// ```
    pub fn detach(&self) -> Tensor<T> {
        self.clone()
    }

    /// A fresh row-major copy holding the values as read, with the conj and
    /// neg bits cleared: PyTorch's `clone()` (and so `reshape`'s and
    /// `contiguous`'s copies) never propagates the lazy bits, it materialises them.
    ///
    /// The copy goes through the strided kernels (`crate::copy::gather_to_storage`)
    /// into a buffer allocated fallibly before anything is read, so a copy
    /// too big for memory (a huge broadcast view) is PyTorch's allocator
    /// error, not an abort. Big results may reuse a recycled buffer
    /// (`storage/recycled.rs`).
    pub(crate) fn copy_contiguous(&self) -> Result<Tensor<T>, ViewError> {
        let nbytes = storage_bytes::<T>(self.shape())?;
        let source = self.storage.read();
        let src = source.as_elements::<T::Repr>();
        let storage = gather_to_storage(src, &self.layout, nbytes)?;
        drop(source);
        if self.lazy.conj() || self.lazy.neg() {
            for r in storage.write().as_elements_mut::<T::Repr>() {
                *r = self.read_repr(*r).into_repr();
            }
        }
        Ok(Tensor::from_raw(
            storage,
            self.layout.to_contiguous(),
            false,
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn flatten_returns_self_when_nothing_merges() {
        let x = Tensor::<f32>::arange(6)
            .view(&[2, 3])
            .unwrap()
            .transpose(0, 1)
            .unwrap();
        let f = x.flatten(1, 1).unwrap();
        assert_eq!(f.stride(), x.stride());
        assert!(f.shares_storage(&x));
        let s = Tensor::scalar(3u8).flatten(0, -1).unwrap();
        assert_eq!((s.shape(), s.stride()), (&[1usize][..], &[1isize][..]));
    }

    #[test]
    fn reshape_copies_exactly_when_view_fails() {
        let x = Tensor::<f32>::arange(24).view(&[2, 3, 4]).unwrap();
        let p = x.permute(&[0, 2, 1]).unwrap();
        assert!(p.view(&[2, -1]).is_err());
        let r = p.reshape(&[2, -1]).unwrap();
        assert!(!r.shares_storage(&x));
        assert_eq!(r.to_vec(), p.to_vec());
        assert!(p.reshape(&[2, 4, 3, 1]).unwrap().shares_storage(&x));
        assert_eq!(
            x.reshape(&[5, -1]).unwrap_err().to_string(),
            "shape '[5, -1]' is invalid for input of size 24"
        );
    }

    #[test]
    fn copies_too_big_for_memory_are_errors() {
        // PyTorch 2.15: torch.zeros(1).expand(2**48).contiguous() and
        // torch.zeros(1).expand(2**61).contiguous()
        let one = Tensor::<f32>::zeros(&[1]).unwrap();
        assert_eq!(
            one.expand(&[1isize << 48]).unwrap().contiguous().unwrap_err().to_string(),
            "[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 1125899906842624 bytes. Error code 12 (Cannot allocate memory)"
        );
        assert_eq!(
            one.expand(&[1isize << 61])
                .unwrap()
                .contiguous()
                .unwrap_err()
                .to_string(),
            "Storage size calculation overflowed with sizes=[2305843009213693952]"
        );
        let wide = one.expand(&[1 << 24, 1 << 24]).unwrap();
        assert!(wide.reshape(&[-1]).unwrap().shares_storage(&one));
    }
}
