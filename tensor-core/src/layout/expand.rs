//! Broadcasting a layout to a larger shape without copying: `expand`.

use smallvec::{smallvec, SmallVec};

use super::as_strided::{check_numel_of_signed, strided_view_in_place};
use super::{Layout, INLINE_DIMS};
use crate::error::IntList;
use crate::{DType, ViewError};

impl Layout {
    /// The layout of `expand(sizes)`: size-1 dims stretched to any size and new
    /// leading dims added, all with stride 0; `-1` keeps a dim's size (not
    /// allowed for a new leading dim). `dtype` only names the tensor type in the
    /// error for too few sizes (PyTorch's Python layer writes `torch.FloatTensor`
    /// there, `CPUBFloat16Type` for types without a legacy tensor class).
    ///
    /// A negative target that PyTorch keeps (for a size-1 or 0-d input) reaches
    /// its element count check as a huge unsigned size, so it fails with
    /// `numel: integer multiplication overflow`; only when a zero before it
    /// keeps the product from overflowing does PyTorch 2.15 build a tensor with
    /// a negative size, which has no counterpart here (`Trying to create tensor
    /// with negative dimension`).
    ///
    /// ```
    /// use tensor_core::{layout::Layout, DType};
    /// let l = Layout::contiguous(&[3, 1]).expand(&[2, -1, 4], DType::F32).unwrap();
    /// assert_eq!((l.shape(), l.strides()), (&[2usize, 3, 4][..], &[0isize, 1, 0][..]));
    /// assert_eq!(
    ///     Layout::contiguous(&[2]).expand(&[3], DType::F32).unwrap_err().to_string(),
    ///     "The expanded size of the tensor (3) must match the existing size (2) at \
    ///      non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]"
    /// );
    /// ```
    pub fn expand(&self, sizes: &[isize], dtype: DType) -> Result<Layout, ViewError> {
        self.edited(|out| out.expand_in_place(sizes, dtype))
    }

    /// [`expand`](Self::expand) of this layout itself. On error the layout is unchanged.
    ///
    /// Inlined into every view call: the sizes of a rank up to
    /// [`INLINE_DIMS`] are worked out in arrays on the stack; other ranks,
    /// 0-d inputs and too few sizes take
    /// [`expand_in_place_general`](Self::expand_in_place_general).
    #[inline(always)]
    pub(crate) fn expand_in_place(
        &mut self,
        sizes: &[isize],
        dtype: DType,
    ) -> Result<(), ViewError> {
        let (ndim, new_ndim) = (self.ndim(), sizes.len());
        if ndim > 0 && ndim <= new_ndim && new_ndim <= INLINE_DIMS {
            let (mut new_sizes, mut new_strides) = ([0isize; INLINE_DIMS], [0isize; INLINE_DIMS]);
            return self.expand_into(
                sizes,
                &mut new_sizes[..new_ndim],
                &mut new_strides[..new_ndim],
            );
        }
        self.expand_in_place_general(sizes, dtype)
    }

    /// [`expand_in_place`](Self::expand_in_place) of the other cases.
    #[inline(never)]
    fn expand_in_place_general(&mut self, sizes: &[isize], dtype: DType) -> Result<(), ViewError> {
        let ndim = self.ndim();
        if sizes.len() < ndim {
            return Err(ViewError::runtime(format!(
                "expand({}{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({ndim})",
                python_type_name(dtype),
                IntList(self.shape()),
                IntList(sizes),
                sizes.len()
            )));
        }
        // inline up to `INLINE_DIMS` (a 0-d input expanded allocates nothing)
        let mut new_sizes: SmallVec<[isize; INLINE_DIMS]> = SmallVec::from_slice(sizes);
        let mut new_strides: SmallVec<[isize; INLINE_DIMS]> = smallvec![0; sizes.len()];
        if ndim == 0 {
            // PyTorch takes the sizes as given here, -1 included, and lets
            // `as_strided` judge them.
            let offset = self.offset() as isize;
            return strided_view_in_place(self, &new_sizes, &new_strides, offset);
        }
        self.expand_into(sizes, &mut new_sizes, &mut new_strides)
    }

    /// The expansion itself (`sizes` at least as many as this layout's
    /// dims, which are at least one), with the new sizes and strides
    /// worked out in `new_sizes` and `new_strides` (as long as `sizes`).
    #[inline(always)]
    fn expand_into(
        &mut self,
        sizes: &[isize],
        new_sizes: &mut [isize],
        new_strides: &mut [isize],
    ) -> Result<(), ViewError> {
        let (ndim, new_ndim) = (self.ndim(), sizes.len());
        // sign bits of every new size and stride
        let mut signs: isize = 0;
        for i in (0..new_ndim).rev() {
            // dim of the input aligned with dim `i` of the result, counted from the right
            let existing = (i + ndim).checked_sub(new_ndim);
            let (mut size, mut stride) = match existing {
                Some(d) => (self.shape()[d] as isize, self.strides()[d]),
                None => (1, new_sizes[i + 1].wrapping_mul(new_strides[i + 1])),
            };
            let mut target = sizes[i];
            if target == -1 {
                if existing.is_none() {
                    return Err(minus_one_in_a_new_dim(i));
                }
                target = size;
            }
            if size != target {
                if size != 1 {
                    return Err(size_mismatch(target, size, i, sizes, self.shape()));
                }
                size = target;
                stride = 0;
            }
            new_sizes[i] = size;
            new_strides[i] = stride;
            signs |= size | stride;
        }
        let offset = self.offset() as isize;
        if (signs | offset) >= 0 {
            // nothing negative: of `as_strided`'s checks only the element
            // count can fail, and the offset stays
            check_numel_of_signed(new_sizes)?;
            self.dims.assign_signed_sizes(new_sizes, new_strides);
            return Ok(());
        }
        strided_view_in_place(self, new_sizes, new_strides, offset)
    }
}

/// PyTorch's error for `-1` given for a dim `expand` adds.
#[cold]
fn minus_one_in_a_new_dim(dim: usize) -> ViewError {
    ViewError::runtime(format!(
        "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {dim}"
    ))
}

/// PyTorch's error for a target size that differs from a dim's size other than 1.
#[cold]
fn size_mismatch(
    target: isize,
    size: isize,
    dim: usize,
    sizes: &[isize],
    shape: &[usize],
) -> ViewError {
    ViewError::runtime(format!(
        "The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {dim}.  Target sizes: {}.  Tensor sizes: {}",
        IntList(sizes),
        IntList(shape)
    ))
}

/// How PyTorch's Python layer names a CPU tensor type in messages: the legacy
/// tensor classes (`torch.FloatTensor`, ...) where one exists, else ATen's
/// `CPU<Scalar>Type`.
fn python_type_name(dtype: DType) -> String {
    match dtype {
        DType::U8
        | DType::I8
        | DType::I16
        | DType::I32
        | DType::I64
        | DType::F16
        | DType::F32
        | DType::F64 => {
            format!("torch.{}Tensor", dtype.scalar_type_name())
        }
        _ => format!("CPU{}Type", dtype.scalar_type_name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(shape: &[usize], strides: &[isize], sizes: &[isize]) -> Result<Layout, ViewError> {
        Layout::from_parts(shape, strides, 0).expand(sizes, DType::F32)
    }

    #[test]
    fn new_leading_dims_take_the_next_dims_extent_as_stride() {
        // leading size-1 dims get size * stride of the dim after them
        let l = expand(&[3], &[2], &[1, 1, 3]).unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[1usize, 1, 3][..], &[6isize, 6, 2][..])
        );
        let l = expand(&[3], &[2], &[1, 5, 3]).unwrap();
        assert_eq!(l.strides(), &[0, 0, 2]);
    }

    #[test]
    fn zero_d_inputs_expand_to_anything() {
        let scalar = Layout::contiguous(&[]);
        let l = scalar.expand(&[2, 0, 3], DType::U8).unwrap();
        assert_eq!(
            (l.shape(), l.strides()),
            (&[2usize, 0, 3][..], &[0isize, 0, 0][..])
        );
        assert_eq!(scalar.expand(&[], DType::U8).unwrap(), scalar);
        // PyTorch 2.15: torch.zeros(()).expand([-1, 5]) and .expand([2, -1])
        // raise the element count error (the -1 is read as 2^64 - 1).
        for sizes in [&[-1, 5][..], &[2, -1], &[-1]] {
            assert_eq!(
                scalar.expand(sizes, DType::U8).unwrap_err().to_string(),
                "numel: integer multiplication overflow"
            );
        }
    }

    #[test]
    fn errors_match_pytorch() {
        assert_eq!(
            expand(&[2, 3], &[3, 1], &[3]).unwrap_err().to_string(),
            "expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"
        );
        assert_eq!(
            expand(&[2], &[1], &[-1, 2]).unwrap_err().to_string(),
            "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"
        );
        assert_eq!(
            expand(&[2, 3], &[3, 1], &[-1, 3, 6]).unwrap_err().to_string(),
            "The expanded size of the tensor (6) must match the existing size (3) at non-singleton dimension 2.  Target sizes: [-1, 3, 6].  Tensor sizes: [2, 3]"
        );
        assert_eq!(
            expand(&[2], &[1], &[-2]).unwrap_err().to_string(),
            "The expanded size of the tensor (-2) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [-2].  Tensor sizes: [2]"
        );
    }

    #[test]
    fn huge_and_negative_targets_are_errors() {
        // PyTorch 2.15: torch.zeros(1).expand([-2]) -> numel: integer multiplication overflow
        assert_eq!(
            expand(&[1], &[1], &[-2]).unwrap_err().to_string(),
            "numel: integer multiplication overflow"
        );
        assert_eq!(
            expand(&[1, 1], &[1, 1], &[1 << 32, 1 << 32])
                .unwrap_err()
                .to_string(),
            "numel: integer multiplication overflow"
        );
        let big = expand(&[1], &[1], &[isize::MAX]).unwrap();
        assert_eq!(
            (big.shape(), big.strides()),
            (&[isize::MAX as usize][..], &[0isize][..])
        );
        // a zero first keeps the product from overflowing: PyTorch builds a
        // tensor of size [0, -3], which cannot exist here
        assert_eq!(
            expand(&[0, 1], &[1, 1], &[0, -3]).unwrap_err().to_string(),
            "Trying to create tensor with negative dimension -3: [0, -3]"
        );
    }

    #[test]
    fn too_few_sizes_names_the_python_tensor_class() {
        // PyTorch 2.15: torch.zeros(3, 1, dtype=...).expand([2])
        for (dtype, name) in [
            (DType::I32, "torch.IntTensor"),
            (DType::U8, "torch.ByteTensor"),
            (DType::F16, "torch.HalfTensor"),
            (DType::Bool, "CPUBoolType"),
            (DType::BF16, "CPUBFloat16Type"),
            (DType::U16, "CPUUInt16Type"),
            (DType::C64, "CPUComplexFloatType"),
        ] {
            let e = Layout::contiguous(&[3, 1]).expand(&[2], dtype).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with(&format!("expand({name}{{[3, 1]}}, size=[2]): ")),
                "{e}"
            );
        }
    }
}
