//! Adding and removing size-1 dims: `squeeze`, `squeeze_dim`, `squeeze_dims`, `unsqueeze`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.squeeze()`: a view without any size-1 dim.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[1, 3, 1]).unwrap();
    /// assert_eq!(x.squeeze().unwrap().shape(), &[3]);
    /// ```
    pub fn squeeze(&self) -> Result<Tensor<T>, ViewError> {
        Ok(self.with_layout(self.layout.squeeze()))
    }

    /// `tensor.squeeze(dim)`: a view without `dim` if its size is 1, else the same shape.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[1, 3, 1]).unwrap();
    /// assert_eq!(x.squeeze_dim(-1).unwrap().shape(), &[1, 3]);
    /// assert_eq!(x.squeeze_dim(1).unwrap().shape(), &[1, 3, 1]);
    /// ```
    pub fn squeeze_dim(&self, dim: impl Int) -> Result<Tensor<T>, ViewError> {
        let dim = dim.to_int()?;
        Ok(self.with_layout(self.layout.squeeze_dim(dim)?))
    }

    /// `tensor.squeeze(dims)`: a view without those of `dims` whose size is 1.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[1, 3, 1]).unwrap();
    /// assert_eq!(x.squeeze_dims(&[0, 1]).unwrap().shape(), &[3, 1]);
    /// assert_eq!(
    ///     x.squeeze_dims(&[0, -3]).unwrap_err().to_string(),
    ///     "dim 0 appears multiple times in the list of dims"
    /// );
    /// ```
    pub fn squeeze_dims<I: Int>(&self, dims: &[I]) -> Result<Tensor<T>, ViewError> {
        let dims = &*I::to_ints(dims)?;
        Ok(self.with_layout(self.layout.squeeze_dims(dims)?))
    }

    /// `tensor.unsqueeze(dim)`: a view with a size-1 dim inserted at `dim`
    /// (in `[-dim() - 1, dim()]`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    /// let y = x.unsqueeze(-1).unwrap();
    /// assert_eq!(y.shape(), &[2, 3, 1]);
    /// assert_eq!(y.stride(), &[3, 1, 1]);
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn unsqueeze(&self, dim: impl Int) -> Result<Tensor<T>, ViewError> {
        let dim = dim.to_int()?;
        self.view_with(
            #[inline(always)]
            |layout| layout.unsqueeze_in_place(dim),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn squeeze_and_unsqueeze_keep_the_data() {
        let x = Tensor::<i16>::arange(6).view(&[1, 2, 1, 3]).unwrap();
        let s = x.squeeze().unwrap();
        assert_eq!(s.to_vec(), x.to_vec());
        let u = s.unsqueeze(1).unwrap();
        assert_eq!(u.shape(), &[2, 1, 3]);
        assert_eq!(u.to_vec(), x.to_vec());
        assert!(u.shares_storage(&x));
    }
}
