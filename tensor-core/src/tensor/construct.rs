//! Constructors of dynamic tensors: `arange`, `zeros`, `ones`, `full`, `from_vec`, `scalar`.

use super::Tensor;
use crate::error::IntList;
use crate::layout::{Dims, Layout};
use crate::storage::Storage;
use crate::{Element, Int, ViewError};

/// The sizes of a new tensor given as PyTorch's `int[]` in any [`Int`] type
/// (a value beyond `int64` is `Overflow when unpacking long`); a negative
/// size is PyTorch's `Trying to create tensor with negative dimension ..`,
/// or `message` when the op has its own.
pub(crate) fn new_sizes<I: Int>(shape: &[I], message: Option<&str>) -> Result<Dims, ViewError> {
    let ints = I::to_ints(shape)?;
    if let Some(&negative) = ints.iter().find(|&&s| s < 0) {
        return Err(ViewError::runtime(match message {
            Some(message) => message.to_string(),
            None => format!(
                "Trying to create tensor with negative dimension {negative}: {}",
                IntList(&ints)
            ),
        }));
    }
    Ok(ints.iter().map(|&s| s as usize).collect())
}

/// Bytes of a new contiguous tensor of `shape` (any dtype's `T`), after
/// PyTorch's checks of a new tensor's sizes: see [`new_tensor_bytes`].
pub(crate) fn storage_bytes<T: Element>(shape: &[usize]) -> Result<usize, ViewError> {
    new_tensor_bytes(shape, T::DTYPE.size())
}

/// The one check of the sizes of every new contiguous tensor (constructors,
/// op results, tensors read from `.npy` and `.safetensors` files), in
/// PyTorch's order (`at::empty`):
///
/// 1. `computeStorageNbytesContiguous`: the product of the sizes taken left
///    to right (an overflow before a later 0 still counts), times the
///    element size, at most `isize::MAX`; else `Storage size calculation
///    overflowed with sizes=[..]`;
/// 2. `empty_tensor_restride`: every row-major stride (size-0 dims count
///    as 1) fits in `int64`; else `Stride calculation overflowed`, which
///    PyTorch 2.15 raises for `torch.zeros(0, 2**62, 2**62)` and for
///    `safetensors.torch.load` of a file of that shape.
///
/// Returns the bytes.
pub(crate) fn new_tensor_bytes(shape: &[usize], element_size: usize) -> Result<usize, ViewError> {
    let mut numel: u64 = 1;
    let mut overflowed = false;
    for &size in shape {
        let (product, o) = numel.overflowing_mul(size as u64);
        numel = product;
        overflowed |= o;
    }
    let bytes = match numel.checked_mul(element_size as u64) {
        Some(bytes) if !overflowed && bytes <= isize::MAX as u64 => bytes as usize,
        _ => {
            return Err(ViewError::SizeOverflow {
                sizes: shape.to_vec(),
            })
        }
    };
    check_strides(shape)?;
    Ok(bytes)
}

/// PyTorch's `empty_tensor_restride` check: the row-major strides of
/// `shape` (size-0 dims count as 1) fit in `int64`, else `Stride
/// calculation overflowed` (also `resize_`'s check).
pub(crate) fn check_strides(shape: &[usize]) -> Result<(), ViewError> {
    let mut stride: i64 = 1;
    for &size in shape.iter().skip(1).rev() {
        stride = i64::try_from(size.max(1))
            .ok()
            .and_then(|size| stride.checked_mul(size))
            .ok_or_else(|| ViewError::runtime("Stride calculation overflowed"))?;
    }
    Ok(())
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

    /// `torch.zeros(shape)`: the sizes in any integer type (`usize`,
    /// `isize`, `i32`, `i64`, ...), as PyTorch's `int[]`.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::zeros(&[2, 2]).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0; 4]);
    /// let n = 3usize;
    /// assert_eq!(tensor_core::Tensor::<f32>::zeros(&[n, 2]).unwrap().shape(), &[3, 2]);
    /// assert!(tensor_core::Tensor::<f32>::zeros(&[1usize << 62, 2]).is_err());
    /// let e = tensor_core::Tensor::<f32>::zeros(&[2, -1]).unwrap_err();
    /// assert_eq!(e.to_string(), "zeros: Dimension size must be non-negative.");
    /// let scalar = tensor_core::Tensor::<f32>::zeros::<usize>(&[]).unwrap(); // an empty list names its type
    /// assert_eq!(scalar.numel(), 1);
    /// ```
    pub fn zeros<I: Int>(shape: &[I]) -> Result<Tensor<T>, ViewError> {
        let shape = new_sizes(shape, Some("zeros: Dimension size must be non-negative."))?;
        Self::zeros_of(&shape)
    }

    /// [`Tensor::zeros`] of checked sizes.
    fn zeros_of(shape: &[usize]) -> Result<Tensor<T>, ViewError> {
        let storage = Storage::zeroed(storage_bytes::<T>(shape)?)?;
        Ok(Tensor::from_raw(storage, Layout::contiguous(shape), false))
    }

    /// `torch.ones(shape)`: the sizes in any integer type.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::ones(&[3]).unwrap();
    /// assert_eq!(x.to_vec(), vec![1, 1, 1]);
    /// let e = tensor_core::Tensor::<u8>::ones(&[2, -3]).unwrap_err();
    /// assert_eq!(e.to_string(), "Trying to create tensor with negative dimension -3: [2, -3]");
    /// ```
    pub fn ones<I: Int>(shape: &[I]) -> Result<Tensor<T>, ViewError> {
        Tensor::full(shape, T::one())
    }

    /// `torch.full(shape, value)`: the sizes in any integer type.
    ///
    /// ```
    /// let x = tensor_core::Tensor::full(&[2], 7i32).unwrap();
    /// assert_eq!(x.to_vec(), vec![7, 7]);
    /// let e = tensor_core::Tensor::full(&[-2i64], 7i32).unwrap_err();
    /// assert_eq!(e.to_string(), "Trying to create tensor with negative dimension -2: [-2]");
    /// ```
    pub fn full<I: Int>(shape: &[I], value: T) -> Result<Tensor<T>, ViewError> {
        let x = Self::zeros_of(&new_sizes(shape, None)?)?;
        x.storage
            .write()
            .as_elements_mut::<T::Repr>()
            .fill(value.into_repr());
        Ok(x)
    }

    /// A contiguous tensor of `shape` (sizes in any integer type) holding
    /// `data` in row-major order.
    ///
    /// ```
    /// let x = tensor_core::Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    /// assert_eq!(x.get(&[1, 0]).unwrap(), 3.0);
    /// let e = tensor_core::Tensor::from_vec(vec![1u8; 16], &[3, 3]).unwrap_err();
    /// assert_eq!(e.to_string(), "shape '[3, 3]' is invalid for input of size 16");
    /// ```
    pub fn from_vec<I: Int>(data: Vec<T>, shape: &[I]) -> Result<Tensor<T>, ViewError> {
        let shape = &new_sizes(shape, None)?;
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
    fn sizes_of_any_integer_type_make_the_same_tensor() {
        let (rows, cols) = (2usize, 3i64);
        let a = Tensor::<f32>::zeros(&[rows as i32, cols as i32]).unwrap();
        let b = Tensor::<f32>::full(&[cols as u8, rows as u8], 1.0).unwrap();
        let c = Tensor::<f32>::from_vec(vec![0.0; 6], &[rows, 3]).unwrap();
        let dims: Vec<i64> = [cols].to_vec();
        let d = Tensor::<f32>::ones(&dims).unwrap();
        assert_eq!(
            (a.shape(), b.shape(), c.shape()),
            (&[2usize, 3][..], &[3usize, 2][..], &[2usize, 3][..])
        );
        assert_eq!(d.to_vec(), vec![1.0; 3]);
        let e = Tensor::<u8>::from_vec(vec![], &[0, -2]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Trying to create tensor with negative dimension -2: [0, -2]"
        );
    }

    #[test]
    fn overflowing_shapes_are_errors_not_allocations() {
        let e = Tensor::<f64>::zeros(&[usize::MAX / 4, 4]).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("Storage size calculation overflowed"));
        let e = Tensor::<u8>::from_vec(vec![], &[isize::MAX as usize, 3]).unwrap_err();
        assert!(matches!(e, ViewError::SizeOverflow { .. }));
        assert_eq!(
            Tensor::<u8>::zeros(&[isize::MAX as usize, 0])
                .unwrap()
                .numel(),
            0
        );
        let e = Tensor::<u8>::zeros(&[usize::MAX, 0]).unwrap_err(); // beyond int64
        assert_eq!(e.to_string(), "Overflow when unpacking long");
        // PyTorch's product runs left to right: a 0 after an overflow is too late.
        let huge = 1usize << 40;
        assert!(Tensor::<u8>::zeros(&[huge, huge, 0]).is_err());
        assert!(Tensor::<u8>::zeros(&[huge, 0, huge]).is_ok());
        // More bytes than isize::MAX is an overflow, not an allocation failure.
        let e = Tensor::<u16>::zeros(&[1usize << 62]).unwrap_err();
        assert!(matches!(e, ViewError::SizeOverflow { .. }));
    }
}
