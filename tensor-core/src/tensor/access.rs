//! Element access: `get`, `set`, `to_vec`, `equal`.

use super::Tensor;
use crate::copy::gather;
use crate::{Element, ViewError};

impl<T: Element, S> Tensor<T, S> {
    /// Storage index of the element at `index` (negative entries count from the end).
    fn element_index(&self, index: &[isize]) -> Result<usize, ViewError> {
        let shape = self.shape();
        if index.len() != shape.len() {
            return Err(ViewError::WrongIndexCount {
                given: index.len(),
                ndim: shape.len(),
            });
        }
        let mut at = self.layout.offset() as isize;
        for (dim, ((&i, &size), &stride)) in index.iter().zip(shape).zip(self.stride()).enumerate()
        {
            let wrapped = if i < 0 {
                i.checked_add(size as isize)
            } else {
                Some(i)
            };
            match wrapped {
                Some(w) if w >= 0 && (w as usize) < size => at += w * stride,
                _ => {
                    return Err(ViewError::IndexOutOfBounds {
                        index: i,
                        dim,
                        size,
                    })
                }
            }
        }
        Ok(at as usize)
    }

    /// The element at `index` (`tensor[i, j].item()`), conjugated if the tensor
    /// is a lazily conjugated view.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.get(&[1, -1]).unwrap(), 5);
    /// assert_eq!(
    ///     x.get(&[2, 0]).unwrap_err().to_string(),
    ///     "index 2 is out of bounds for dimension 0 with size 2"
    /// );
    /// ```
    pub fn get(&self, index: &[isize]) -> Result<T, ViewError> {
        let at = self.element_index(index)?;
        let repr = self.storage.read().as_elements::<T::Repr>()[at];
        Ok(self.read_repr(repr))
    }

    /// Writes `value` at `index` (`tensor[i, j] = value`); every tensor sharing
    /// the storage sees it. A conjugated view stores the conjugate (and a
    /// negated one the negation), as PyTorch does.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::zeros(&[4]).unwrap();
    /// let v = x.view(&[2, 2]).unwrap();
    /// v.set(&[-1, -1], 9.0).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0, 0.0, 0.0, 9.0]);
    /// ```
    pub fn set(&self, index: &[isize], value: T) -> Result<(), ViewError> {
        let at = self.element_index(index)?;
        let repr = self.write_repr(value);
        self.storage.write().as_elements_mut::<T::Repr>()[at] = repr;
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
        if self.conj || self.neg || T::DTYPE == crate::DType::Bool {
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
        assert!(x.get(&[0]).is_err());
        assert_eq!(
            x.get(&[0, -4]).unwrap_err().to_string(),
            "index -4 is out of bounds for dimension 1 with size 3"
        );
        assert!(x.get(&[0, isize::MIN]).is_err());
        assert!(x.set(&[isize::MAX, 0], 1.0).is_err());
        assert_eq!(x.to_vec(), Tensor::<f32>::arange(6).to_vec());
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
