//! `resize_`: PyTorch's in-place change of a tensor's shape and, when needed,
//! the size of its storage.

use super::Tensor;
use crate::error::IntList;
use crate::layout::{
    check_numel, check_numel_of_signed, checked_numel, contiguous_strides, dims_of, Dims, Layout,
};
use crate::{Element, Int, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.resize_(shape)`: gives this handle the contiguous layout of
    /// `shape` at its current storage offset, growing the shared storage when
    /// it is too small (every tensor sharing the storage then sees the larger
    /// storage; their own layouts do not change). The storage never shrinks.
    ///
    /// As in PyTorch, a tensor that already has this shape is left exactly as
    /// it is (its strides are not made contiguous), and an empty result does
    /// not touch the storage.
    ///
    /// PyTorch leaves the new elements uninitialised; here they are zero.
    /// The sizes are PyTorch's `int[]` in any integer type. Shapes whose
    /// element count overflows `int64` fail with `numel: integer
    /// multiplication overflow` (so do negative sizes, which PyTorch counts
    /// as huge unsigned ones), those whose storage size overflows with
    /// `Storage size calculation overflowed with sizes=[...]`, and the tensor
    /// is unchanged. A negative size beside a 0 (whose product is small),
    /// which PyTorch takes into a shape no `usize` holds, is `Trying to create
    /// tensor with negative dimension ..`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let mut x = Tensor::<i32>::arange(4);
    /// let alias = x.clone();
    /// x.resize_(&[2, 3]).unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 1, 2, 3, 0, 0]);
    /// assert_eq!(alias.storage_nbytes(), 24);
    /// x.resize_(&[2]).unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 1]);
    /// ```
    pub fn resize_<I: Int>(&mut self, shape: &[I]) -> Result<(), ViewError> {
        let ints = I::to_ints(shape)?;
        check_numel_of_signed(&ints)?;
        if let Some(&negative) = ints.iter().find(|&&s| s < 0) {
            return Err(ViewError::runtime(format!(
                "Trying to create tensor with negative dimension {negative}: {}",
                IntList(&ints)
            )));
        }
        let shape: Dims = ints.iter().map(|&s| s as usize).collect();
        self.resize_to(&shape)
    }

    /// [`Tensor::resize_`] to checked sizes.
    fn resize_to(&mut self, shape: &[usize]) -> Result<(), ViewError> {
        if self.shape() == shape {
            return Ok(());
        }
        let overflow = || ViewError::SizeOverflow {
            sizes: shape.to_vec(),
        };
        // PyTorch checks the element count (`numel: integer multiplication
        // overflow`) before the storage size.
        check_numel(shape)?;
        let numel = checked_numel(shape).map_err(|_| overflow())?;
        // As PyTorch's maybe_resize_storage_cpu: no elements, no storage
        // change (so a huge offset of an empty view cannot overflow here).
        if numel > 0 {
            let nbytes = numel
                .checked_add(self.storage_offset())
                .and_then(|n| n.checked_mul(T::DTYPE.size()))
                .filter(|&n| n <= isize::MAX as usize)
                .ok_or_else(overflow)?;
            self.storage.try_write()?.grow_to(nbytes)?;
        }
        super::construct::check_strides(shape)?;
        self.layout = Layout::from_dims(
            dims_of(shape),
            contiguous_strides(shape),
            self.storage_offset(),
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{s, Tensor, ViewError};

    #[test]
    fn keeps_the_offset_and_grows_from_it() {
        let base = Tensor::<u16>::arange(6);
        let mut tail = base.index(&s![4..]).unwrap();
        tail.resize_(&[2, 2]).unwrap();
        assert_eq!(tail.storage_offset(), 4);
        assert_eq!(tail.stride(), &[2, 1]);
        assert_eq!(tail.to_vec(), vec![4, 5, 0, 0]);
        assert_eq!(base.storage_nbytes(), 16);
        tail.set(&[1, 1], 9).unwrap();
        assert_eq!(base.to_vec(), vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn resizing_an_empty_view_with_a_huge_offset_to_no_elements_is_fine() {
        let base = Tensor::<i64>::arange(1);
        let mut far = base.as_strided(&[0], &[1], Some(1 << 62)).unwrap();
        far.resize_(&[0, 3]).unwrap();
        assert_eq!(
            (far.shape(), far.storage_offset()),
            (&[0usize, 3][..], 1 << 62)
        );
        assert_eq!(base.storage_nbytes(), 8);
    }

    #[test]
    fn same_shape_keeps_strides_and_empty_keeps_storage() {
        let mut t = Tensor::<f32>::arange(6)
            .view(&[2, 3])
            .unwrap()
            .transpose(0, 1)
            .unwrap();
        t.resize_(&[3, 2]).unwrap();
        assert_eq!(t.stride(), &[1, 3]);
        let mut e = Tensor::<f32>::arange(2);
        e.resize_(&[isize::MAX as usize, 0]).unwrap();
        assert_eq!((e.numel(), e.storage_nbytes()), (0, 8));
        let mut s = Tensor::<f32>::arange(3);
        s.resize_::<usize>(&[]).unwrap();
        assert_eq!(s.to_vec(), vec![0.0]);
    }

    #[test]
    fn overflow_is_an_error_and_changes_nothing() {
        let mut x = Tensor::<f64>::arange(3);
        // PyTorch 2.15: torch.arange(3.).resize_(2**62 - 1, 4) and
        // .resize_(3, 2**62) fail on the element count first
        for shape in [
            &[usize::MAX / 4, 4][..],
            &[3, 1 << 62],
            &[1 << 62, 1 << 62, 0],
        ] {
            let e = x.resize_(shape).unwrap_err();
            assert_eq!(e.to_string(), "numel: integer multiplication overflow");
        }
        // .resize_(2**61) (f64): the byte count overflows int64
        assert_eq!(
            x.resize_(&[1usize << 61]).unwrap_err().to_string(),
            "Storage size calculation overflowed with sizes=[2305843009213693952]"
        );
        assert!(x.resize_(&[usize::MAX / 16]).is_err());
        assert!(matches!(
            x.resize_(&[1usize << 60]),
            Err(ViewError::SizeOverflow { .. }) | Err(ViewError::OutOfMemory { .. })
        ));
        assert_eq!(x.shape(), &[3]);
        assert_eq!(x.storage_nbytes(), 24);
    }
}
