//! Layouts of the ops that reinterpret elements as another type:
//! `view(dtype)`, `view_as_real`, `view_as_complex`.
//!
//! A dtype view keeps the bytes where they are and only re-reads them, so
//! its layout is the old one measured in units of the new element size: a
//! smaller element splits each old element along the last dim, a larger one
//! merges consecutive elements of the last dim. PyTorch's checks run in
//! PyTorch's order so that the first failing one names the same problem.

use super::{Dims, Layout, Strides};
use crate::{DType, ViewError};

/// The error for a layout whose sizes, strides or offset no longer fit after
/// scaling (only reachable through layouts with huge strides on empty dims).
fn scaled_overflow(layout: &Layout) -> ViewError {
    ViewError::SizeOverflow {
        sizes: layout.shape().to_vec(),
    }
}

/// PyTorch's message tail naming the conversion: `Float as Short (different element sizes)`.
fn conversion(from: DType, to: DType) -> String {
    format!(
        "{} as {} (different element sizes)",
        from.scalar_type_name(),
        to.scalar_type_name()
    )
}

impl Layout {
    /// The layout of `tensor.view(dtype)` when the tensor's elements are
    /// `from` and the view's are `to`, in elements of `to`.
    ///
    /// Same element size: the layout is unchanged (0-d included). Smaller: the
    /// last dim must have stride 1; it grows by the size ratio, and the other
    /// strides and the offset are multiplied by it. Larger: the last dim's size,
    /// the offset, the last stride (must be 1) and the other strides must all
    /// divide by the ratio, checked in that order.
    ///
    /// ```
    /// use tensor_core::{layout::Layout, DType};
    /// let l = Layout::from_parts(&[2, 3], &[3, 1], 3);
    /// let bytes = l.view_dtype(DType::F32, DType::U8).unwrap();
    /// assert_eq!((bytes.shape(), bytes.strides(), bytes.offset()), (&[2usize, 12][..], &[12isize, 1][..], 12));
    /// let e = Layout::contiguous(&[2, 3]).view_dtype(DType::I16, DType::F32).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "self.size(-1) must be divisible by 2 to view Short as Float (different element sizes), but got 3"
    /// );
    /// ```
    pub fn view_dtype(&self, from: DType, to: DType) -> Result<Layout, ViewError> {
        let (old_size, new_size) = (from.size(), to.size());
        if old_size == new_size {
            return Ok(self.clone());
        }
        let ndim = self.ndim();
        if ndim == 0 {
            return Err(ViewError::runtime(format!(
                "self.dim() cannot be 0 to view {}",
                conversion(from, to)
            )));
        }
        let last = ndim - 1;
        if old_size > new_size {
            let ratio = old_size / new_size;
            self.check_last_stride_is_one(from, to)?;
            let mut shape: Dims = Dims::from_slice(self.shape());
            shape[last] = shape[last]
                .checked_mul(ratio)
                .ok_or_else(|| scaled_overflow(self))?;
            let mut strides: Strides = Strides::with_capacity(ndim);
            for &s in &self.strides()[..last] {
                strides.push(
                    s.checked_mul(ratio as isize)
                        .ok_or_else(|| scaled_overflow(self))?,
                );
            }
            strides.push(1);
            let offset = self
                .offset()
                .checked_mul(ratio)
                .ok_or_else(|| scaled_overflow(self))?;
            Ok(Layout::from_dims(shape, strides, offset))
        } else {
            let ratio = new_size / old_size;
            if !self.shape()[last].is_multiple_of(ratio) {
                return Err(ViewError::runtime(format!(
                    "self.size(-1) must be divisible by {ratio} to view {}, but got {}",
                    conversion(from, to),
                    self.shape()[last]
                )));
            }
            if !self.offset().is_multiple_of(ratio) {
                return Err(ViewError::runtime(format!(
                    "self.storage_offset() must be divisible by {ratio} to view {}, but got {}",
                    conversion(from, to),
                    self.offset()
                )));
            }
            self.check_last_stride_is_one(from, to)?;
            let mut strides: Strides = Strides::with_capacity(ndim);
            for (dim, &s) in self.strides()[..last].iter().enumerate() {
                if s % ratio as isize != 0 {
                    return Err(ViewError::runtime(format!(
                        "self.stride({dim}) must be divisible by {ratio} to view {}, but got {s}",
                        conversion(from, to)
                    )));
                }
                strides.push(s / ratio as isize);
            }
            strides.push(1);
            let mut shape: Dims = Dims::from_slice(self.shape());
            shape[last] /= ratio;
            Ok(Layout::from_dims(shape, strides, self.offset() / ratio))
        }
    }

    /// PyTorch's requirement that the last dim is dense before the element size changes.
    fn check_last_stride_is_one(&self, from: DType, to: DType) -> Result<(), ViewError> {
        let stride = self.strides()[self.ndim() - 1];
        if stride != 1 {
            return Err(ViewError::runtime(format!(
                "self.stride(-1) must be 1 to view {}, but got {stride}",
                conversion(from, to)
            )));
        }
        Ok(())
    }

    /// The layout of `torch.view_as_real` of a complex layout, in elements of
    /// the real type: a new last dim of size 2 (real, imaginary) with stride 1,
    /// the other strides and the offset doubled.
    ///
    /// ```
    /// let l = tensor_core::layout::Layout::from_parts(&[3, 2], &[1, 3], 1);
    /// let r = l.view_as_real().unwrap();
    /// assert_eq!((r.shape(), r.strides(), r.offset()), (&[3usize, 2, 2][..], &[2isize, 6, 1][..], 2));
    /// ```
    pub fn view_as_real(&self) -> Result<Layout, ViewError> {
        let mut shape: Dims = Dims::from_slice(self.shape());
        shape.push(2);
        let mut strides: Strides = Strides::with_capacity(self.ndim() + 1);
        for &s in self.strides() {
            strides.push(s.checked_mul(2).ok_or_else(|| scaled_overflow(self))?);
        }
        strides.push(1);
        let offset = self
            .offset()
            .checked_mul(2)
            .ok_or_else(|| scaled_overflow(self))?;
        Ok(Layout::from_dims(shape, strides, offset))
    }

    /// The layout of `torch.view_as_complex` of a real layout (the dtype check
    /// is the caller's), in elements of the complex type: the last dim (size 2,
    /// stride 1) goes; the other strides (of dims larger than 1) and the offset
    /// must be even and are halved. Checks run in PyTorch's order.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let c = Layout::contiguous(&[3, 2]).view_as_complex().unwrap();
    /// assert_eq!((c.shape(), c.strides()), (&[3usize][..], &[1isize][..]));
    /// let e = Layout::contiguous(&[2, 3]).view_as_complex().unwrap_err();
    /// assert_eq!(e.to_string(), "Tensor must have a last dimension of size 2");
    /// ```
    pub fn view_as_complex(&self) -> Result<Layout, ViewError> {
        let ndim = self.ndim();
        if ndim == 0 {
            return Err(ViewError::runtime(
                "Input tensor must have one or more dimensions",
            ));
        }
        let last = ndim - 1;
        if self.shape()[last] != 2 {
            return Err(ViewError::runtime(
                "Tensor must have a last dimension of size 2",
            ));
        }
        if self.strides()[last] != 1 {
            return Err(ViewError::runtime(
                "Tensor must have a last dimension with stride 1",
            ));
        }
        let mut strides: Strides = Strides::with_capacity(last);
        for (&size, &s) in self.shape()[..last].iter().zip(&self.strides()[..last]) {
            if size != 1 && s % 2 != 0 {
                return Err(ViewError::runtime(
                    "Tensor must have a stride divisible by 2 for all but last dimension",
                ));
            }
            // PyTorch divides truncating toward zero, also for odd strides of size-1 dims.
            strides.push(s / 2);
        }
        if !self.offset().is_multiple_of(2) {
            return Err(ViewError::runtime(
                "Tensor must have a storage_offset divisible by 2",
            ));
        }
        let shape: Dims = self.shape()[..last].iter().copied().collect();
        Ok(Layout::from_dims(shape, strides, self.offset() / 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_size_keeps_everything_even_0d() {
        let l = Layout::from_parts(&[], &[], 5);
        assert_eq!(l.view_dtype(DType::F32, DType::I32).unwrap(), l);
        let t = Layout::from_parts(&[3, 2], &[1, 3], 1);
        assert_eq!(t.view_dtype(DType::C64, DType::F64).unwrap(), t);
    }

    #[test]
    fn zero_d_with_other_size_is_refused() {
        let e = Layout::contiguous(&[])
            .view_dtype(DType::F32, DType::I16)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "self.dim() cannot be 0 to view Float as Short (different element sizes)"
        );
    }

    #[test]
    fn upsizing_checks_size_then_offset_then_strides() {
        // size and offset both wrong: size is reported
        let l = Layout::from_parts(&[2, 3], &[3, 1], 1);
        assert!(l
            .view_dtype(DType::I8, DType::I16)
            .unwrap_err()
            .to_string()
            .starts_with("self.size(-1)"));
        let l = Layout::from_parts(&[2, 4], &[4, 1], 1);
        assert_eq!(
            l.view_dtype(DType::I8, DType::U64).unwrap_err().to_string(),
            "self.size(-1) must be divisible by 8 to view Char as UInt64 (different element sizes), but got 4"
        );
        let l = Layout::from_parts(&[2, 8], &[8, 1], 1);
        assert_eq!(
            l.view_dtype(DType::I8, DType::U64).unwrap_err().to_string(),
            "self.storage_offset() must be divisible by 8 to view Char as UInt64 (different element sizes), but got 1"
        );
        // offset fine, last stride wrong
        let l = Layout::from_parts(&[2, 4], &[1, 2], 0);
        assert_eq!(
            l.view_dtype(DType::I32, DType::I64)
                .unwrap_err()
                .to_string(),
            "self.stride(-1) must be 1 to view Int as Long (different element sizes), but got 2"
        );
        let l = Layout::from_parts(&[2, 3, 4], &[24, 2, 1], 0);
        assert_eq!(
            l.view_dtype(DType::I8, DType::F32).unwrap_err().to_string(),
            "self.stride(1) must be divisible by 4 to view Char as Float (different element sizes), but got 2"
        );
    }

    #[test]
    fn upsizing_divides_and_downsizing_multiplies() {
        let l = Layout::from_parts(&[2, 16], &[32, 1], 16);
        let up = l.view_dtype(DType::U8, DType::C128).unwrap();
        assert_eq!(up, Layout::from_parts(&[2, 1], &[2, 1], 1));
        let down = up.view_dtype(DType::C128, DType::U8).unwrap();
        assert_eq!(down, l);
    }

    #[test]
    fn downsizing_needs_a_dense_last_dim() {
        let l = Layout::from_parts(&[3, 2], &[1, 3], 0);
        assert_eq!(
            l.view_dtype(DType::F32, DType::BF16)
                .unwrap_err()
                .to_string(),
            "self.stride(-1) must be 1 to view Float as BFloat16 (different element sizes), but got 3"
        );
    }

    #[test]
    fn huge_values_overflow_into_errors() {
        let l = Layout::from_parts(&[0, 1], &[isize::MAX, 1], 0);
        assert!(matches!(
            l.view_dtype(DType::C128, DType::U8),
            Err(ViewError::SizeOverflow { .. })
        ));
        let l = Layout::from_parts(&[0, usize::MAX / 2 + 1], &[1, 1], 0);
        assert!(l.view_dtype(DType::I16, DType::U8).is_err());
        let l = Layout::from_parts(&[1], &[1], usize::MAX);
        assert!(l.view_as_real().is_err());
        let l = Layout::from_parts(&[0, 1], &[isize::MIN, 1], 0);
        assert!(l.view_as_real().is_err());
    }

    #[test]
    fn view_as_complex_checks_in_order() {
        let msg = |l: Layout| l.view_as_complex().unwrap_err().to_string();
        assert_eq!(
            msg(Layout::contiguous(&[])),
            "Input tensor must have one or more dimensions"
        );
        assert_eq!(
            msg(Layout::from_parts(&[2, 2], &[1, 2], 0)),
            "Tensor must have a last dimension with stride 1"
        );
        assert_eq!(
            msg(Layout::from_parts(&[2, 2], &[3, 1], 0)),
            "Tensor must have a stride divisible by 2 for all but last dimension"
        );
        assert_eq!(
            msg(Layout::from_parts(&[2, 2], &[2, 1], 1)),
            "Tensor must have a storage_offset divisible by 2"
        );
        // an odd stride on a size-1 dim is allowed
        let c = Layout::from_parts(&[1, 2], &[3, 1], 2)
            .view_as_complex()
            .unwrap();
        assert_eq!(c, Layout::from_parts(&[1], &[1], 1));
    }
}
