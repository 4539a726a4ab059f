//! Constructors of dynamic tensors: `arange`, `zeros`, `ones`, `full`, `from_vec`, `scalar`.

use super::Tensor;
use crate::layout::Layout;
use crate::storage::Storage;
use crate::{Element, ViewError};

/// Bytes of a contiguous tensor of `shape`, with PyTorch's overflow rule
/// (`computeStorageNbytesContiguous`): the product of the sizes taken left to
/// right (an overflow before a later 0 still counts), times the element size,
/// at most `isize::MAX`; otherwise the overflow error naming `shape`.
pub(crate) fn storage_bytes<T: Element>(shape: &[usize]) -> Result<usize, ViewError> {
    let mut numel: u64 = 1;
    let mut overflowed = false;
    for &size in shape {
        let (product, o) = numel.overflowing_mul(size as u64);
        numel = product;
        overflowed |= o;
    }
    match numel.checked_mul(T::DTYPE.size() as u64) {
        Some(bytes) if !overflowed && bytes <= isize::MAX as u64 => Ok(bytes as usize),
        _ => Err(ViewError::SizeOverflow {
            sizes: shape.to_vec(),
        }),
    }
}

impl<T: Element> Tensor<T> {
    /// `torch.arange(n)`: shape `[n]`, values `0, 1, ..., n-1` converted to `T`
    /// (for `bool`, `false` then `true`s; for complex, zero imaginary parts).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<i64>::arange(4);
    /// assert_eq!(x.to_vec(), vec![0, 1, 2, 3]);
    /// ```
    pub fn arange(n: usize) -> Tensor<T> {
        Tensor::from_fn(n, |i| T::from_parts(i as f64, 0.0))
    }

    /// A 1-D tensor of `n` elements computed from their index.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::from_fn(3, |i| (i * i) as f32);
    /// assert_eq!(x.to_vec(), vec![0.0, 1.0, 4.0]);
    /// ```
    pub fn from_fn(n: usize, f: impl FnMut(usize) -> T) -> Tensor<T> {
        let data: Vec<T::Repr> = (0..n).map(f).map(T::into_repr).collect();
        let storage = Storage::from_vec(data).expect("the data is already allocated");
        Tensor::from_raw(storage, Layout::contiguous(&[n]), false)
    }

    /// `torch.zeros(shape)`.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::zeros(&[2, 2]).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0; 4]);
    /// assert!(tensor_core::Tensor::<f32>::zeros(&[usize::MAX, 2]).is_err());
    /// ```
    pub fn zeros(shape: &[usize]) -> Result<Tensor<T>, ViewError> {
        let storage = Storage::zeroed(storage_bytes::<T>(shape)?)?;
        Ok(Tensor::from_raw(storage, Layout::contiguous(shape), false))
    }

    /// `torch.ones(shape)`.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::ones(&[3]).unwrap();
    /// assert_eq!(x.to_vec(), vec![1, 1, 1]);
    /// ```
    pub fn ones(shape: &[usize]) -> Result<Tensor<T>, ViewError> {
        Tensor::full(shape, T::one())
    }

    /// `torch.full(shape, value)`.
    ///
    /// ```
    /// let x = tensor_core::Tensor::full(&[2], 7i32).unwrap();
    /// assert_eq!(x.to_vec(), vec![7, 7]);
    /// ```
    pub fn full(shape: &[usize], value: T) -> Result<Tensor<T>, ViewError> {
        let x = Self::zeros(shape)?;
        x.storage
            .write()
            .as_elements_mut::<T::Repr>()
            .fill(value.into_repr());
        Ok(x)
    }

    /// A contiguous tensor of `shape` holding `data` in row-major order.
    ///
    /// ```
    /// let x = tensor_core::Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    /// assert_eq!(x.get(&[1, 0]).unwrap(), 3.0);
    /// let e = tensor_core::Tensor::from_vec(vec![1u8; 16], &[3, 3]).unwrap_err();
    /// assert_eq!(e.to_string(), "shape '[3, 3]' is invalid for input of size 16");
    /// ```
    pub fn from_vec(data: Vec<T>, shape: &[usize]) -> Result<Tensor<T>, ViewError> {
        let numel = storage_bytes::<T>(shape)? / T::DTYPE.size();
        if numel != data.len() {
            return Err(ViewError::DataLengthMismatch {
                shape: shape.to_vec(),
                len: data.len(),
            });
        }
        // For every type but bool, `Repr` is the type itself and this collect
        // reuses `data`'s buffer, which the storage then adopts without a copy.
        let reprs: Vec<T::Repr> = data.into_iter().map(T::into_repr).collect();
        let storage = Storage::from_vec(reprs)?;
        Ok(Tensor::from_raw(storage, Layout::contiguous(shape), false))
    }

    /// A 0-d tensor holding `value` (`torch.tensor(value)`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::scalar(2.5f64);
    /// assert_eq!(x.shape(), &[] as &[usize]);
    /// assert_eq!(x.get::<isize>(&[]).unwrap(), 2.5);
    /// ```
    pub fn scalar(value: T) -> Tensor<T> {
        let storage = Storage::from_elements(&[value.into_repr()]).expect("one element");
        Tensor::from_raw(storage, Layout::contiguous(&[]), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_complex::Complex;

    #[test]
    fn arange_converts_like_pytorch() {
        assert_eq!(Tensor::<bool>::arange(3).to_vec(), vec![false, true, true]);
        assert_eq!(
            Tensor::<Complex<f32>>::arange(2).to_vec(),
            vec![Complex::new(0.0, 0.0), Complex::new(1.0, 0.0)]
        );
        assert_eq!(Tensor::<half::bf16>::arange(0).numel(), 0);
    }

    #[test]
    fn overflowing_shapes_are_errors_not_allocations() {
        let e = Tensor::<f64>::zeros(&[usize::MAX / 4, 4]).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("Storage size calculation overflowed"));
        let e = Tensor::<u8>::from_vec(vec![], &[usize::MAX, 3]).unwrap_err();
        assert!(matches!(e, ViewError::SizeOverflow { .. }));
        assert_eq!(Tensor::<u8>::zeros(&[usize::MAX, 0]).unwrap().numel(), 0);
        // PyTorch's product runs left to right: a 0 after an overflow is too late.
        let huge = 1usize << 40;
        assert!(Tensor::<u8>::zeros(&[huge, huge, 0]).is_err());
        assert!(Tensor::<u8>::zeros(&[huge, 0, huge]).is_ok());
        // More bytes than isize::MAX is an overflow, not an allocation failure.
        let e = Tensor::<u16>::zeros(&[1 << 62]).unwrap_err();
        assert!(matches!(e, ViewError::SizeOverflow { .. }));
    }
}
