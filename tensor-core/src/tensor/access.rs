//! Element access: `get`, `set`, `to_vec`, `equal`.

use smallvec::SmallVec;

use super::Tensor;
use crate::copy::{fill_strided, gather};
use crate::layout::Layout;
use crate::{Element, IndexItem, Int, ViewError};

impl<T: Element, S> Tensor<T, S> {
    /// The layout `tensor[index]` addresses: one element when `index` names
    /// every dim, else the sub-tensor of the dims not named. Errors are
    /// PyTorch's for `tensor[i, j]`: `too many indices for tensor of
    /// dimension N` and `index 5 is out of bounds for dimension 0 with size 2`.
    fn indexed_layout(&self, index: &[isize]) -> Result<Layout, ViewError> {
        let ndim = self.shape().len();
        if index.len() > ndim {
            return Err(ViewError::WrongIndexCount {
                given: index.len(),
                ndim,
            });
        }
        let items: SmallVec<[IndexItem; 8]> = index.iter().map(|&i| IndexItem::Int(i)).collect();
        self.layout.index(&items)
    }

    /// The element at `index` (`tensor[i, j].item()`), conjugated if the tensor
    /// is a lazily conjugated view. An index naming fewer dims than the tensor
    /// has reads the one element of that sub-tensor, as `.item()` does (else
    /// `a Tensor with 3 elements cannot be converted to Scalar`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.get(&[1, -1]).unwrap(), 5);
    /// assert_eq!(
    ///     x.get(&[2, 0]).unwrap_err().to_string(),
    ///     "index 2 is out of bounds for dimension 0 with size 2"
    /// );
    /// assert_eq!(
    ///     x.get(&[0]).unwrap_err().to_string(),
    ///     "a Tensor with 3 elements cannot be converted to Scalar"
    /// );
    /// ```
    pub fn get<I: Int>(&self, index: &[I]) -> Result<T, ViewError> {
        let index = &*I::to_ints(index)?;
        let at = self.indexed_layout(index)?;
        let numel = at.numel();
        if numel != 1 {
            return Err(ViewError::runtime(format!(
                "a Tensor with {numel} elements cannot be converted to Scalar"
            )));
        }
        let repr = self.storage.read().as_elements::<T::Repr>()[at.offset()];
        Ok(self.read_repr(repr))
    }

    /// Writes `value` at `index` (`tensor[i, j] = value`); every tensor sharing
    /// the storage sees it. A conjugated view stores the conjugate (and a
    /// negated one the negation), as PyTorch does. An index naming fewer dims
    /// than the tensor has writes `value` into every element of that
    /// sub-tensor (`tensor[i] = value` fills a row).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::zeros(&[4]).unwrap();
    /// let v = x.view(&[2, 2]).unwrap();
    /// v.set(&[-1, -1], 9.0).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0, 0.0, 0.0, 9.0]);
    /// v.set(&[0], 1.0).unwrap();
    /// assert_eq!(x.to_vec(), vec![1.0, 1.0, 0.0, 9.0]);
    /// ```
    pub fn set<I: Int>(&self, index: &[I], value: T) -> Result<(), ViewError> {
        let index = &*I::to_ints(index)?;
        let at = self.indexed_layout(index)?;
        let repr = self.write_repr(value);
        fill_strided(
            self.storage.try_write()?.as_elements_mut::<T::Repr>(),
            &at,
            repr,
        );
        Ok(())
    }

    /// The elements in logical row-major order (conjugation and negation applied).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.transpose(0, 1).unwrap().to_vec(), vec![0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn to_vec(&self) -> Vec<T> {
        let reprs = self.to_repr_vec();
        reprs.into_iter().map(|r| self.read_repr(r)).collect()
    }

    /// The stored representations in logical row-major order, conjugation and negation *not* applied.
    pub(crate) fn to_repr_vec(&self) -> Vec<T::Repr> {
        let bytes = self.storage.read();
        gather(bytes.as_elements::<T::Repr>(), &self.layout)
    }

    /// The bytes of the elements in logical row-major order, each element in
    /// native byte order (little-endian on x86 and ARM), conjugation and negation applied:
    /// what `tensor.resolve_conj().contiguous()` holds, as `numpy().tobytes()`.
    /// Bool elements are written as 0 or 1, as PyTorch's record of them shows,
    /// whatever byte a dtype view left in storage (any non-zero byte reads as `True`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u16>::arange(2);
    /// assert_eq!(x.to_bytes(), vec![0, 0, 1, 0]);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut reprs = self.to_repr_vec();
        if self.lazy.conj() || self.lazy.neg() || T::DTYPE == crate::DType::Bool {
            for r in &mut reprs {
                *r = self.read_repr(*r).into_repr();
            }
        }
        bytemuck::cast_slice(&reprs).to_vec()
    }

    /// `torch.equal`: same shape and the same values (NaN is unequal to itself).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let a = Tensor::<f32>::arange(4).view(&[2, 2]).unwrap();
    /// assert!(a.equal(&a.contiguous().unwrap()));
    /// assert!(!a.equal(&a.transpose(0, 1).unwrap()));
    /// ```
    pub fn equal<S2>(&self, other: &Tensor<T, S2>) -> bool {
        self.shape() == other.shape() && self.to_vec() == other.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;
    use num_complex::Complex;

    #[test]
    fn index_count_and_bounds_are_checked() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
        // PyTorch 2.15: x[0].item() and x[(0, 0, 0)] = 1 on a 2x3 tensor
        assert_eq!(
            x.get(&[0]).unwrap_err().to_string(),
            "a Tensor with 3 elements cannot be converted to Scalar"
        );
        let e = x.set(&[0, 0, 0], 1.0).unwrap_err();
        assert_eq!(e.to_string(), "too many indices for tensor of dimension 2");
        assert_eq!(e.kind(), crate::ErrorKind::IndexError);
        assert_eq!(
            x.get(&[0, -4]).unwrap_err().to_string(),
            "index -4 is out of bounds for dimension 1 with size 3"
        );
        assert!(x.get(&[0, isize::MIN]).is_err());
        assert!(x.set(&[isize::MAX, 0], 1.0).is_err());
        // Indices whose offsets overflow int64 (an empty view with a huge
        // stride; PyTorch's arithmetic is undefined there): an error, not a panic.
        let e = x
            .as_strided(&[1isize << 32, 2, 0], &[0, isize::MAX, 0], Some(1))
            .unwrap();
        assert!(e.set(&[-(1isize << 32), 1, 0], 1.0).is_err());
        assert_eq!(x.to_vec(), Tensor::<f32>::arange(6).to_vec());
    }

    #[test]
    fn partial_indices_address_sub_tensors() {
        // PyTorch 2.15: y = torch.zeros(2, 3); y[(0,)] = 1 fills row 0;
        // torch.zeros(2, 1)[1].item() reads the one element
        let y = Tensor::<f32>::zeros(&[2, 3]).unwrap();
        y.set(&[0], 1.0).unwrap();
        assert_eq!(y.to_vec(), vec![1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
        y.set::<isize>(&[], 2.0).unwrap();
        assert_eq!(y.to_vec(), vec![2.0; 6]);
        let col = Tensor::<i8>::arange(2).view(&[2, 1]).unwrap();
        assert_eq!(col.get(&[1]).unwrap(), 1);
        // an expanded row is filled (x[0] = 5 on zeros(1, 3).expand(2, 3))
        let e = Tensor::<i8>::zeros(&[1, 3])
            .unwrap()
            .expand(&[2, 3])
            .unwrap();
        e.set(&[0], 5).unwrap();
        assert_eq!(e.to_vec(), vec![5; 6]);
        let s = Tensor::scalar(1u8);
        assert_eq!(
            s.set(&[0], 2).unwrap_err().to_string(),
            "too many indices for tensor of dimension 0"
        );
    }

    #[test]
    fn bool_reads_any_nonzero_byte_as_true() {
        let x = Tensor::<bool>::from_vec(vec![false, true], &[2]).unwrap();
        x.set(&[0], true).unwrap();
        assert_eq!(x.to_vec(), vec![true, true]);
    }

    #[test]
    fn zero_d_and_empty() {
        let s = Tensor::scalar(Complex::new(1.0f64, 2.0));
        assert_eq!(s.to_vec(), vec![Complex::new(1.0, 2.0)]);
        assert!(Tensor::<i8>::zeros(&[0, 3]).unwrap().to_vec().is_empty());
    }
}
