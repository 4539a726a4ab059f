//! Basic indexing: `tensor[0, 2:, None, ..., 1:7:2]` as a view.

use super::Tensor;
use crate::{Element, IndexItem, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor[key]` for a basic key (ints, slices, new axes, ellipsis): always
    /// a view of the same storage. Write keys with [`s!`](crate::s).
    ///
    /// Errors are PyTorch's: `too many indices for tensor of dimension 2`,
    /// `index 4 is out of bounds for dimension 1 with size 2` (the dimension
    /// is the item's position in the key), `slice step cannot be zero` and
    /// `step must be greater than zero` (both `ValueError`s).
    ///
    /// Python's `x[key] = value` is this view followed by a write:
    /// `x.index(&s![..])?.fill(value)` or `.copy_from(&src)`.
    ///
    /// ```
    /// use tensor_core::{s, Tensor};
    /// let x = Tensor::<i32>::arange(12).view(&[3, 4]).unwrap();
    /// let col = x.index(&s![.., -1]).unwrap();
    /// assert_eq!(col.to_vec(), vec![3, 7, 11]);
    /// assert!(col.shares_storage(&x));
    /// assert_eq!(
    ///     x.index(&s![0, 4]).unwrap_err().to_string(),
    ///     "index 4 is out of bounds for dimension 1 with size 4"
    /// );
    /// x.index(&s![1.., ..;3]).unwrap().fill(-1).unwrap(); // x[1:, ::3] = -1
    /// assert_eq!(x.to_vec(), vec![0, 1, 2, 3, -1, 5, 6, -1, -1, 9, 10, -1]);
    /// ```
    // always inlined, its edit closure too (view_with.rs module docs)
    #[inline(always)]
    pub fn index(&self, key: &[IndexItem]) -> Result<Tensor<T>, ViewError> {
        self.view_with(
            #[inline(always)]
            |out| self.layout.index_into(out, key),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::{s, ErrorKind, Tensor};

    #[test]
    fn views_read_the_right_elements() {
        let x = Tensor::<i64>::arange(24).view(&[2, 3, 4]).unwrap();
        assert_eq!(
            x.index(&s![1, 1..;1, ..;3]).unwrap().to_vec(),
            vec![16, 19, 20, 23]
        );
        assert_eq!(x.index(&s![.., 0, 0]).unwrap().to_vec(), vec![0, 12]);
        let y = x.index(&s![..., None]).unwrap();
        assert_eq!(y.shape(), &[2, 3, 4, 1]);
        assert!(y.shares_storage(&x));
    }

    #[test]
    fn writes_through_an_index_view_show_in_the_base() {
        let x = Tensor::<f32>::zeros(&[3, 3]).unwrap();
        let d = x.index(&s![1.., ..;2]).unwrap();
        d.set(&[1, 1], 5.0).unwrap();
        assert_eq!(x.get(&[2, 2]).unwrap(), 5.0);
    }

    #[test]
    fn zero_d_size_zero_and_errors() {
        let s = Tensor::scalar(7u8);
        assert_eq!(s.index(&s![...]).unwrap().to_vec(), vec![7]);
        assert_eq!(s.index(&s![None]).unwrap().shape(), &[1]);
        let e = s.index(&s![0]).unwrap_err();
        assert_eq!(e.to_string(), "too many indices for tensor of dimension 0");
        assert_eq!(e.kind(), ErrorKind::IndexError);
        let z = Tensor::<u8>::zeros(&[0, 2]).unwrap();
        assert_eq!(z.index(&s![5.., 1]).unwrap().shape(), &[0]);
        let x = Tensor::<u8>::arange(4);
        assert_eq!(
            x.index(&s![..;0]).unwrap_err().kind(),
            ErrorKind::ValueError
        );
        assert!(x.index(&s![isize::MIN]).is_err());
    }
}
