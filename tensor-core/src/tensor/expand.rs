//! Broadcasting without copying: `expand` and `expand_as`.

use super::Tensor;
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.expand(sizes)`: a view with size-1 dims repeated (stride 0) and
    /// new leading dims; `-1` keeps a dim's size.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(3).view(&[3, 1]).unwrap();
    /// let y = x.expand(&[2, -1, 2]).unwrap();
    /// assert_eq!(y.shape(), &[2, 3, 2]);
    /// assert_eq!(y.stride(), &[0, 1, 0]);
    /// assert_eq!(y.to_vec(), vec![0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]);
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn expand<I: Int>(&self, sizes: &[I]) -> Result<Tensor<T>, ViewError> {
        let sizes = &*I::to_ints(sizes)?;
        self.view_with(
            #[inline(always)]
            |layout| layout.expand_in_place(sizes, T::DTYPE),
        )
    }

    /// `tensor.expand_as(other)`: `expand` to `other`'s shape (of any element type).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(3);
    /// let other = Tensor::<u8>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(x.expand_as(&other).unwrap().stride(), &[0, 1]);
    /// ```
    pub fn expand_as<U: Element, S>(&self, other: &Tensor<U, S>) -> Result<Tensor<T>, ViewError> {
        let sizes: smallvec::SmallVec<[isize; 8]> =
            other.shape().iter().map(|&s| s as isize).collect();
        self.expand(&sizes)
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn a_write_through_an_expanded_view_shows_in_every_copy() {
        let x = Tensor::<f32>::zeros(&[1, 2]).unwrap();
        let y = x.expand(&[3, 2]).unwrap();
        x.set(&[0, 1], 5.0).unwrap();
        assert_eq!(y.to_vec(), vec![0.0, 5.0, 0.0, 5.0, 0.0, 5.0]);
    }

    #[test]
    fn too_few_sizes_names_the_tensor_type() {
        let x = Tensor::<num_complex::Complex<f64>>::zeros(&[2, 2]).unwrap();
        assert_eq!(
            x.expand(&[2]).unwrap_err().to_string(),
            "expand(CPUComplexDoubleType{[2, 2]}, size=[2]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"
        );
    }
}
