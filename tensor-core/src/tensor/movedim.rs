//! Moving dims to new positions: `movedim` (and its alias `moveaxis`).

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.movedim(source, destination)`: a view with dim `source[i]` at
    /// position `destination[i]`, the other dims in their order. PyTorch's
    /// single-int form `movedim(a, b)` is `movedim(&[a], &[b])`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
    /// assert_eq!(x.movedim(&[0], &[-1]).unwrap().shape(), &[3, 4, 2]);
    /// assert_eq!(x.movedim(&[0, 1], &[2, 0]).unwrap().stride(), &[4, 1, 12]);
    /// ```
    pub fn movedim<I: Int, J: Int>(
        &self,
        source: &[I],
        destination: &[J],
    ) -> Result<Tensor<T>, ViewError> {
        let (source, destination) = (&*I::to_ints(source)?, &*J::to_ints(destination)?);
        Ok(self.with_layout(self.layout.movedim(source, destination)?))
    }

    /// `tensor.moveaxis(source, destination)`: NumPy's name for [`movedim`](Self::movedim).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(x.moveaxis(&[1], &[0]).unwrap().shape(), &[3, 2]);
    /// ```
    pub fn moveaxis<I: Int, J: Int>(
        &self,
        source: &[I],
        destination: &[J],
    ) -> Result<Tensor<T>, ViewError> {
        self.movedim(source, destination)
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn movedim_is_a_permute() {
        let x = Tensor::<u16>::arange(24).view(&[2, 3, 4]).unwrap();
        let m = x.movedim(&[2, 0], &[0, 1]).unwrap();
        let p = x.permute(&[2, 0, 1]).unwrap();
        assert_eq!((m.shape(), m.stride()), (p.shape(), p.stride()));
        assert_eq!(m.to_vec(), p.to_vec());
    }
}
