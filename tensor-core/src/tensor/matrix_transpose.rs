//! The named transposes: `swapaxes`, `swapdims` (aliases of `transpose`),
//! `t`, `T` and `mT`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.swapaxes(axis0, axis1)`: NumPy's name for `transpose`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
    /// assert_eq!(x.swapaxes(0, -1).unwrap().shape(), &[4, 3, 2]);
    /// ```
    pub fn swapaxes(&self, axis0: impl Int, axis1: impl Int) -> Result<Tensor<T>, ViewError> {
        self.transpose(axis0, axis1)
    }

    /// `tensor.swapdims(dim0, dim1)`: another name for `transpose`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(x.swapdims(1, 0).unwrap().stride(), &[1, 3]);
    /// ```
    pub fn swapdims(&self, dim0: impl Int, dim1: impl Int) -> Result<Tensor<T>, ViewError> {
        self.transpose(dim0, dim1)
    }

    /// `tensor.t()`: the transpose of a matrix; vectors and scalars unchanged.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.t().unwrap().to_vec(), vec![0, 3, 1, 4, 2, 5]);
    /// assert_eq!(
    ///     x.view(&[1, 2, 3]).unwrap().t().unwrap_err().to_string(),
    ///     "t() expects a tensor with <= 2 dimensions, but self is 3D"
    /// );
    /// ```
    pub fn t(&self) -> Result<Tensor<T>, ViewError> {
        Ok(self.with_layout(self.layout.t()?))
    }

    /// `tensor.T`: all dims reversed, for any rank. (PyTorch warns that ranks
    /// other than 2 are deprecated here; this prints nothing.)
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
    /// assert_eq!(x.T().unwrap().shape(), &[4, 3, 2]);
    /// assert_eq!(x.T().unwrap().stride(), &[1, 4, 12]);
    /// ```
    #[allow(non_snake_case)] // PyTorch's name
    pub fn T(&self) -> Result<Tensor<T>, ViewError> {
        Ok(self.with_layout(self.layout.T()?))
    }

    /// `tensor.mT`: the last two dims swapped (a batch of transposed matrices).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[5, 2, 3]).unwrap();
    /// assert_eq!(x.mT().unwrap().shape(), &[5, 3, 2]);
    /// assert_eq!(
    ///     Tensor::<f32>::arange(3).mT().unwrap_err().to_string(),
    ///     "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
    /// );
    /// ```
    #[allow(non_snake_case)] // PyTorch's name
    pub fn mT(&self) -> Result<Tensor<T>, ViewError> {
        Ok(self.with_layout(self.layout.mT()?))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn aliases_agree_with_transpose() {
        let x = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
        let t = x.transpose(0, 2).unwrap();
        for y in [
            x.swapaxes(0, 2).unwrap(),
            x.swapdims(-1, 0).unwrap(),
            x.T().unwrap(),
        ] {
            assert_eq!((y.shape(), y.stride()), (t.shape(), t.stride()));
        }
        assert!(x.swapaxes(0, 3).is_err());
    }

    #[test]
    fn m_t_of_a_matrix_is_t() {
        let x = Tensor::<u8>::arange(6).view(&[3, 2]).unwrap();
        assert_eq!(x.mT().unwrap().to_vec(), x.t().unwrap().to_vec());
        assert_eq!(x.T().unwrap().to_vec(), x.t().unwrap().to_vec());
    }
}
