//! Sliding windows as a view: `unfold`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.unfold(dimension, size, step)`: a view of every window of `size`
    /// entries of `dimension`, `step` apart; the windows' entries form a new last dim.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(7);
    /// let w = x.unfold(0, 3, 2).unwrap();
    /// assert_eq!(w.shape(), &[3, 3]);
    /// assert_eq!(w.to_vec(), vec![0, 1, 2, 2, 3, 4, 4, 5, 6]);
    /// assert_eq!(x.unfold(0, 2, 0).unwrap_err().to_string(), "step is 0 but must be > 0");
    /// ```
    pub fn unfold(
        &self,
        dimension: impl Int,
        size: impl Int,
        step: impl Int,
    ) -> Result<Tensor<T>, ViewError> {
        let (dimension, size, step) = (dimension.to_int()?, size.to_int()?, step.to_int()?);
        Ok(self.with_layout(self.layout.unfold(dimension, size, step)?))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn overlapping_windows_alias_the_same_element() {
        let x = Tensor::<f32>::zeros(&[4]).unwrap();
        let w = x.unfold(0, 2, 1).unwrap();
        w.set(&[0, 1], 3.0).unwrap();
        assert_eq!(w.get(&[1, 0]).unwrap(), 3.0);
        assert_eq!(x.get(&[1]).unwrap(), 3.0);
    }
}
