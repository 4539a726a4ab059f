//! The diagonal of two dims as a view: `diagonal`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.diagonal(offset, dim1, dim2)`: a view of the diagonal of `dim1`
    /// and `dim2` (both removed; the diagonal becomes the last dim), shifted
    /// above (`offset > 0`) or below (`offset < 0`) the main one.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i64>::arange(9).view(&[3, 3]).unwrap();
    /// assert_eq!(x.diagonal(0, 0, 1).unwrap().to_vec(), vec![0, 4, 8]);
    /// assert_eq!(x.diagonal(-1, 0, 1).unwrap().to_vec(), vec![3, 7]);
    /// assert_eq!(x.diagonal(5, 0, 1).unwrap().shape(), &[0]);
    /// ```
    pub fn diagonal(
        &self,
        offset: impl Int,
        dim1: impl Int,
        dim2: impl Int,
    ) -> Result<Tensor<T>, ViewError> {
        let (offset, dim1, dim2) = (offset.to_int()?, dim1.to_int()?, dim2.to_int()?);
        Ok(self.with_layout(self.layout.diagonal(offset, dim1, dim2)?))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn batched_diagonals_read_the_right_elements() {
        let x = Tensor::<u32>::arange(12).view(&[2, 2, 3]).unwrap();
        // diagonal of dims 0 and 2, offset 1: x[i, j, i + 1]
        let d = x.diagonal(1, 0, 2).unwrap();
        assert_eq!(d.shape(), &[2, 2]);
        assert_eq!(d.to_vec(), vec![1, 8, 4, 11]);
    }
}
