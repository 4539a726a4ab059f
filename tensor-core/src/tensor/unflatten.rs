//! Splitting one dim into several: `unflatten`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.unflatten(dim, sizes)`: a view with `dim` split into dims of
    /// `sizes` (one may be `-1`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[2, 12]).unwrap();
    /// assert_eq!(x.unflatten(1, &[-1, 2, 3]).unwrap().shape(), &[2, 2, 2, 3]);
    /// assert_eq!(
    ///     Tensor::scalar(1.0f32).unflatten(0, &[1]).unwrap_err().to_string(),
    ///     "Dimension specified as 0 but tensor has no dimensions"
    /// );
    /// ```
    pub fn unflatten<I: Int>(&self, dim: impl Int, sizes: &[I]) -> Result<Tensor<T>, ViewError> {
        let (dim, sizes) = (dim.to_int()?, &*I::to_ints(sizes)?);
        Ok(self.with_layout(self.layout.unflatten(dim, sizes)?))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn unflatten_undoes_flatten() {
        let x = Tensor::<i8>::arange(24)
            .view(&[2, 3, 4])
            .unwrap()
            .permute(&[2, 0, 1])
            .unwrap();
        let f = x.flatten(1, 2).unwrap();
        let back = f.unflatten(1, &[2, 3]).unwrap();
        assert_eq!(back.shape(), x.shape());
        assert_eq!(back.to_vec(), x.to_vec());
    }
}
