//! The split family: `unbind`, `split`, `split_with_sizes`, `tensor_split`,
//! `hsplit`, `vsplit`, `dsplit`, `chunk`. Every piece is a view of the same
//! storage.

use super::Tensor;
use crate::layout::Layout;
use crate::{Element, Int, IntoSections, IntoSplitSize, SplitSize, ViewError};

impl<T: Element> Tensor<T> {
    /// Wraps each piece layout as a view of this tensor's storage.
    fn views_of(&self, layouts: Vec<Layout>) -> Vec<Tensor<T>> {
        layouts.into_iter().map(|l| self.with_layout(l)).collect()
    }

    /// `tensor.unbind(dim)`: the slices `select(dim, i)` for every `i`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// let cols = x.unbind(1).unwrap();
    /// assert_eq!(cols.len(), 3);
    /// assert_eq!(cols[1].to_vec(), vec![1, 4]);
    /// ```
    pub fn unbind(&self, dim: impl Int) -> Result<Vec<Tensor<T>>, ViewError> {
        Ok(self.views_of(self.layout.unbind(dim.to_int()?)?))
    }

    /// `tensor.split(split_size_or_sections, dim)`: pieces of one size (the
    /// last may be shorter) for an integer, or of the listed sizes for a list
    /// (as [`split_with_sizes`](Tensor::split_with_sizes)). See [`SplitSize`]
    /// for why the argument is an enum.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(5);
    /// let parts = x.split(2, 0).unwrap();
    /// assert_eq!(parts[2].to_vec(), vec![4]);
    /// let parts = x.split(&[1, 4], 0).unwrap();
    /// assert_eq!(parts[1].to_vec(), vec![1, 2, 3, 4]);
    /// ```
    pub fn split<'a>(
        &self,
        split_size_or_sections: impl IntoSplitSize<'a>,
        dim: impl Int,
    ) -> Result<Vec<Tensor<T>>, ViewError> {
        let dim = dim.to_int()?;
        split_size_or_sections.with_split_size(|split| match split {
            SplitSize::Each(size) => Ok(self.views_of(self.layout.split(size, dim)?)),
            SplitSize::Sizes(sizes) => self.split_with_sizes(sizes, dim),
        })
    }

    /// `tensor.split_with_sizes(split_sizes, dim)`: consecutive pieces of
    /// exactly these sizes (non-negative, summing to the dim's size).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[3, 2]).unwrap();
    /// let parts = x.split_with_sizes(&[2, 1], 0).unwrap();
    /// assert_eq!(parts[1].to_vec(), vec![4, 5]);
    /// assert!(x.split_with_sizes(&[2, 2], 0).is_err());
    /// ```
    pub fn split_with_sizes<I: Int>(
        &self,
        split_sizes: &[I],
        dim: impl Int,
    ) -> Result<Vec<Tensor<T>>, ViewError> {
        let split_sizes = &*I::to_ints(split_sizes)?;
        Ok(self.views_of(self.layout.split_with_sizes(split_sizes, dim.to_int()?)?))
    }

    /// `tensor.tensor_split(indices_or_sections, dim)`: an integer gives that
    /// many pieces as equal as possible, a list the pieces between those
    /// indices (clamped like slices). See [`Sections`](crate::Sections).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(7);
    /// let sizes = |p: Vec<Tensor<i32>>| p.iter().map(|t| t.numel()).collect::<Vec<_>>();
    /// assert_eq!(sizes(x.tensor_split(3, 0).unwrap()), vec![3, 2, 2]);
    /// assert_eq!(sizes(x.tensor_split(&[1, 5], 0).unwrap()), vec![1, 4, 2]);
    /// ```
    pub fn tensor_split<'a>(
        &self,
        indices_or_sections: impl IntoSections<'a>,
        dim: impl Int,
    ) -> Result<Vec<Tensor<T>>, ViewError> {
        let dim = dim.to_int()?;
        indices_or_sections.with_sections(|s| Ok(self.views_of(self.layout.tensor_split(s, dim)?)))
    }

    /// `tensor.hsplit(indices_or_sections)`: `tensor_split` along dim 1 (dim 0
    /// of a 1-d tensor); a section count must divide the dim.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(8).view(&[2, 4]).unwrap();
    /// assert_eq!(x.hsplit(2).unwrap()[1].to_vec(), vec![2, 3, 6, 7]);
    /// assert!(x.hsplit(3).is_err());
    /// ```
    pub fn hsplit<'a>(
        &self,
        indices_or_sections: impl IntoSections<'a>,
    ) -> Result<Vec<Tensor<T>>, ViewError> {
        indices_or_sections.with_sections(|s| Ok(self.views_of(self.layout.hsplit(s)?)))
    }

    /// `tensor.vsplit(indices_or_sections)`: `tensor_split` along dim 0 of a
    /// tensor of at least 2 dims; a section count must divide the dim.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(8).view(&[4, 2]).unwrap();
    /// assert_eq!(x.vsplit(&[3]).unwrap()[1].to_vec(), vec![6, 7]);
    /// ```
    pub fn vsplit<'a>(
        &self,
        indices_or_sections: impl IntoSections<'a>,
    ) -> Result<Vec<Tensor<T>>, ViewError> {
        indices_or_sections.with_sections(|s| Ok(self.views_of(self.layout.vsplit(s)?)))
    }

    /// `tensor.dsplit(indices_or_sections)`: `tensor_split` along dim 2 of a
    /// tensor of at least 3 dims; a section count must divide the dim.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(8).view(&[2, 2, 2]).unwrap();
    /// assert_eq!(x.dsplit(2).unwrap()[0].to_vec(), vec![0, 2, 4, 6]);
    /// ```
    pub fn dsplit<'a>(
        &self,
        indices_or_sections: impl IntoSections<'a>,
    ) -> Result<Vec<Tensor<T>>, ViewError> {
        indices_or_sections.with_sections(|s| Ok(self.views_of(self.layout.dsplit(s)?)))
    }

    /// `tensor.chunk(chunks, dim)`: pieces of `ceil(size / chunks)`, which may
    /// be fewer than `chunks` (6 into 4 gives 3 pieces of 2), as in PyTorch.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let parts = Tensor::<i32>::arange(6).chunk(4, 0).unwrap();
    /// assert_eq!(parts.len(), 3);
    /// assert_eq!(parts[2].to_vec(), vec![4, 5]);
    /// ```
    pub fn chunk(&self, chunks: impl Int, dim: impl Int) -> Result<Vec<Tensor<T>>, ViewError> {
        Ok(self.views_of(self.layout.chunk(chunks.to_int()?, dim.to_int()?)?))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn pieces_share_storage_and_conj() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
        for p in x.split(1, 1).unwrap() {
            assert!(p.shares_storage(&x));
        }
        let parts = x.unbind(0).unwrap();
        parts[1].set(&[0], 9.0).unwrap();
        assert_eq!(x.get(&[1, 0]).unwrap(), 9.0);
    }

    #[test]
    fn list_and_count_forms() {
        let x = Tensor::<u8>::arange(6);
        let v = vec![2isize, 4];
        assert_eq!(x.split(&v, 0).unwrap().len(), 2);
        assert_eq!(x.tensor_split(&v, 0).unwrap().len(), 3);
        let empty: &[isize] = &[];
        assert_eq!(x.tensor_split(empty, -1).unwrap()[0].numel(), 6);
        assert!(x.split(&[7], 0).is_err());
        assert!(x.chunk(2, 1).is_err());
        assert!(Tensor::scalar(1u8).unbind(0).is_err());
    }
}
