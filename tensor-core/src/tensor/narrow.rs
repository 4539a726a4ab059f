//! Views of part of one dimension: `narrow` and `select`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.narrow(dim, start, length)`: a view of `length` entries of `dim`
    /// from `start` (negative `start` counts from the end).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(12).view(&[3, 4]).unwrap();
    /// let y = x.narrow(1, -2, 2).unwrap();
    /// assert_eq!(y.shape(), &[3, 2]);
    /// assert_eq!(y.storage_offset(), 2);
    /// assert_eq!(y.to_vec(), vec![2, 3, 6, 7, 10, 11]);
    /// assert_eq!(
    ///     x.narrow(0, 2, 2).unwrap_err().to_string(),
    ///     "start (2) + length (2) exceeds dimension size (3)."
    /// );
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn narrow(
        &self,
        dim: impl Int,
        start: impl Int,
        length: impl Int,
    ) -> Result<Tensor<T>, ViewError> {
        let (dim, start, length) = (dim.to_int()?, start.to_int()?, length.to_int()?);
        if let Some(layout) = self.layout.quick_narrow(dim, start, length) {
            return Ok(self.view_of(layout));
        }
        self.view_with(
            #[inline(always)]
            |layout| layout.narrow_in_place(dim, start, length),
        )
    }

    /// `tensor.select(dim, index)`: the entry `index` of `dim` (negative counts
    /// from the end), as a view without `dim`.
    ///
    /// ```
    /// use tensor_core::{ErrorKind, Tensor};
    /// let x = Tensor::<i32>::arange(8).view(&[4, 2]).unwrap();
    /// assert_eq!(x.select(1, -1).unwrap().to_vec(), vec![1, 3, 5, 7]);
    /// let e = x.select(0, 4).unwrap_err();
    /// assert_eq!(e.to_string(), "select(): index 4 out of range for tensor of size [4, 2] at dimension 0");
    /// assert_eq!(e.kind(), ErrorKind::IndexError);
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn select(&self, dim: impl Int, index: impl Int) -> Result<Tensor<T>, ViewError> {
        let (dim, index) = (dim.to_int()?, index.to_int()?);
        self.view_with(
            #[inline(always)]
            |layout| layout.select_in_place(dim, index),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn writes_through_a_narrowed_view_reach_the_base() {
        let x = Tensor::<f64>::zeros(&[3, 3]).unwrap();
        let row = x.narrow(0, 1, 1).unwrap().select(0, 0).unwrap();
        row.set(&[-1], 7.0).unwrap();
        assert_eq!(x.get(&[1, 2]).unwrap(), 7.0);
        assert!(row.shares_storage(&x));
    }

    #[test]
    fn empty_narrows_read_nothing() {
        let x = Tensor::<u8>::arange(6).view(&[2, 3]).unwrap();
        let end = x.narrow(0, 2, 0).unwrap();
        assert_eq!(end.shape(), &[0, 3]);
        assert_eq!(end.to_vec(), Vec::<u8>::new());
    }
}
