//! Any strided view of the storage: `as_strided`.

use super::Tensor;
use crate::{Element, Int, IntoStorageOffset, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.as_strided(size, stride, storage_offset)`: a view of the
    /// storage with the given layout (offset defaults to this tensor's:
    /// `None`; else `Some(offset)` or an offset of any integer type). Sizes,
    /// strides and offset are PyTorch's ints in any integer type. Every
    /// element must lie inside the storage; strides must not be negative.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6);
    /// let y = x.as_strided(&[2, 2], &[1, 2], Some(1)).unwrap();
    /// assert_eq!(y.to_vec(), vec![1.0, 3.0, 2.0, 4.0]);
    /// let (n, at) = (2usize, 4usize);
    /// assert_eq!(x.as_strided(&[n], &[1usize], at).unwrap().to_vec(), vec![4.0, 5.0]);
    /// assert_eq!(
    ///     x.as_strided(&[2], &[1], -1).unwrap_err().to_string(),
    ///     "Tensor: invalid storage offset -1"
    /// );
    /// assert_eq!(
    ///     x.as_strided(&[2, 3], &[3, 4], None).unwrap_err().to_string(),
    ///     "setStorage: sizes [2, 3], strides [3, 4], storage offset 0, and itemsize 4 \
    ///      requiring a storage size of 48 are out of bounds for storage of size 24"
    /// );
    /// ```
    pub fn as_strided<I: Int, J: Int>(
        &self,
        size: &[I],
        stride: &[J],
        storage_offset: impl IntoStorageOffset,
    ) -> Result<Tensor<T>, ViewError> {
        let (size, stride) = (&*I::to_ints(size)?, &*J::to_ints(stride)?);
        let storage_offset = storage_offset.into_storage_offset()?;
        let layout = self.layout.as_strided(
            size,
            stride,
            storage_offset,
            T::DTYPE.size(),
            self.storage.nbytes(),
        )?;
        Ok(self.with_layout(layout))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn the_bound_is_the_whole_storage_not_the_view() {
        let x = Tensor::<i32>::arange(6);
        let tail = x.narrow(0, 4, 2).unwrap();
        // the view starts at 4 but as_strided may reach back to 0
        let all = tail.as_strided(&[6], &[1], Some(0)).unwrap();
        assert_eq!(all.to_vec(), vec![0, 1, 2, 3, 4, 5]);
        assert!(tail.as_strided(&[3], &[1], None).is_err());
    }

    #[test]
    fn huge_strides_on_size_one_dims_read_safely() {
        let x = Tensor::<u8>::arange(4);
        let y = x.as_strided(&[2, 1], &[2, isize::MAX], Some(0)).unwrap();
        assert_eq!(y.to_vec(), vec![0, 2]);
        let z = x.as_strided(&[0, 3], &[1, 1], Some(1000)).unwrap();
        assert_eq!(z.to_vec(), Vec::<u8>::new());
    }
}
