//! `as_strided` as a layout function, and the checks PyTorch applies to every
//! view it builds through `as_strided` (expand, unfold, diagonal, narrow, ...).
//!
//! PyTorch does its size arithmetic here in 64-bit integers, partly unsigned
//! (`computeStorageNbytes`, the `numel` product). The helpers below reproduce
//! that arithmetic exactly, so that huge or negative arguments fail with the
//! same message PyTorch gives, and never overflow or panic here.

use super::dims::check_numel;
use super::{Dims, Layout, INLINE_DIMS};
use crate::error::IntList;
use crate::ViewError;

/// PyTorch's `computeStorageNbytes(sizes, strides, itemsize, storage_offset)`:
/// the bytes a storage needs to hold every element, in PyTorch's unsigned
/// 64-bit arithmetic (negative values wrap as they do in C++). `None` when
/// PyTorch reports an overflow (also for a need beyond `int64`, its
/// `storage_max()`); `Some(0)` when a size is 0.
fn required_nbytes(
    sizes: &[isize],
    strides: &[isize],
    itemsize: usize,
    offset: isize,
) -> Option<u64> {
    let mut overflowed = false;
    let mut needed = (offset as i64 as u64).wrapping_add(1);
    for (&size, &stride) in sizes.iter().zip(strides) {
        if size == 0 {
            return Some(0);
        }
        let last = (size as i64).wrapping_sub(1) as u64;
        let (strided, mul_overflow) = (stride as i64 as u64).overflowing_mul(last);
        let (sum, add_overflow) = needed.overflowing_add(strided);
        overflowed |= mul_overflow | add_overflow;
        needed = sum;
    }
    let (bytes, mul_overflow) = needed.overflowing_mul(itemsize as u64);
    (!(overflowed | mul_overflow) && bytes <= i64::MAX as u64).then_some(bytes)
}

/// PyTorch's `computeStorageNbytes(sizes, strides, 1)` check alone: `Storage
/// size calculation overflowed with sizes=[..] and strides=[..]` when the
/// storage the sizes and strides need cannot be counted in `int64`. For
/// derived views whose int64 arithmetic wrapped (a slice with a step near
/// 2^63), ahead of [`strided_view`].
pub(crate) fn check_storage_size(sizes: &[isize], strides: &[isize]) -> Result<(), ViewError> {
    required_nbytes(sizes, strides, 1, 0)
        .map(|_| ())
        .ok_or_else(|| {
            ViewError::runtime(format!(
                "Storage size calculation overflowed with sizes={} and strides={}",
                IntList(sizes),
                IntList(strides)
            ))
        })
}

/// `base + steps * stride` in PyTorch's int64 arithmetic (which wraps, to be
/// caught by [`strided_view`] as a negative offset). Only the offsets of
/// empty views (a slice starting at the end of a dim of huge stride) can come near.
pub(crate) fn offset_plus(base: usize, steps: isize, stride: isize) -> isize {
    (base as isize).wrapping_add(steps.wrapping_mul(stride))
}

/// The checks PyTorch's `as_strided` makes besides the storage bounds check,
/// and the layout it then builds: no negative stride, no negative offset, no
/// negative size (PyTorch would build a broken tensor there, which a [`Layout`]
/// cannot hold), and an element count that fits an `int64` ([`check_numel`]).
///
/// Callers that derive `sizes`/`strides` from an in-bounds layout (expand,
/// unfold, diagonal, ...) call this directly: their result is in bounds by
/// construction, as PyTorch's bounds check would confirm.
pub(crate) fn strided_view(
    sizes: &[isize],
    strides: &[isize],
    offset: isize,
) -> Result<Layout, ViewError> {
    let mut layout = Layout::contiguous(&[]);
    strided_view_in_place(&mut layout, sizes, strides, offset)?;
    Ok(layout)
}

/// [`strided_view`] written into `layout` (unchanged on error).
#[inline]
pub(crate) fn strided_view_in_place(
    layout: &mut Layout,
    sizes: &[isize],
    strides: &[isize],
    offset: isize,
) -> Result<(), ViewError> {
    check_strides(strides)?;
    finish_in_place(layout, sizes, strides, offset)
}

pub(crate) fn check_strides(strides: &[isize]) -> Result<(), ViewError> {
    if strides.iter().any(|&s| s < 0) {
        return Err(ViewError::runtime(format!(
            "as_strided: Negative strides are not supported at the moment, got strides: {}",
            IntList(strides)
        )));
    }
    Ok(())
}

fn finish(sizes: &[isize], strides: &[isize], offset: isize) -> Result<Layout, ViewError> {
    let mut layout = Layout::contiguous(&[]);
    finish_in_place(&mut layout, sizes, strides, offset)?;
    Ok(layout)
}

#[inline]
fn finish_in_place(
    layout: &mut Layout,
    sizes: &[isize],
    strides: &[isize],
    offset: isize,
) -> Result<(), ViewError> {
    if offset < 0 {
        return Err(ViewError::runtime(format!(
            "Tensor: invalid storage offset {offset}"
        )));
    }
    // PyTorch counts the elements first, reading a negative size as a huge
    // unsigned one (`numel: integer multiplication overflow`); only when a
    // zero keeps that product small does it build a tensor with a negative
    // size, which a `Layout` cannot hold.
    check_numel_of_signed(sizes)?;
    if let Some(&negative) = sizes.iter().find(|&&s| s < 0) {
        return Err(ViewError::runtime(format!(
            "Trying to create tensor with negative dimension {negative}: {}",
            IntList(sizes)
        )));
    }
    layout.dims.assign_signed_sizes(sizes, strides);
    *layout.parts_mut().2 = offset as usize;
    Ok(())
}

/// [`check_numel`] of sizes read as unsigned, as PyTorch's `numel` reads them.
#[inline(always)]
pub(crate) fn check_numel_of_signed(sizes: &[isize]) -> Result<(), ViewError> {
    if sizes.len() <= INLINE_DIMS {
        let mut unsigned = [0usize; INLINE_DIMS];
        for (slot, size) in unsigned.iter_mut().zip(sizes) {
            *slot = *size as usize;
        }
        check_numel(&unsigned[..sizes.len()])
    } else {
        let unsigned: Dims = sizes.iter().map(|&s| s as usize).collect();
        check_numel(&unsigned)
    }
}

impl Layout {
    /// The layout of `as_strided(size, stride, storage_offset)` over a storage of
    /// `storage_nbytes` bytes holding elements of `itemsize` bytes, with
    /// PyTorch's checks in PyTorch's order (`checkAsStridedArgs`, then
    /// `checkInBoundsForStorage`): equal lengths, no negative stride, a
    /// non-negative offset, a storage size that fits `int64` (`Storage size
    /// calculation overflowed ...`), every element inside the storage
    /// (`setStorage: ...`), then the element count. `storage_offset` defaults
    /// to this layout's offset, as in PyTorch.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let base = Layout::contiguous(&[6]);
    /// let l = base.as_strided(&[2, 2], &[1, 2], Some(1), 4, 24).unwrap();
    /// assert_eq!((l.shape(), l.strides(), l.offset()), (&[2usize, 2][..], &[1isize, 2][..], 1));
    /// assert_eq!(
    ///     base.as_strided(&[2, 3], &[3, 4], None, 4, 24).unwrap_err().to_string(),
    ///     "setStorage: sizes [2, 3], strides [3, 4], storage offset 0, and itemsize 4 \
    ///      requiring a storage size of 48 are out of bounds for storage of size 24"
    /// );
    /// ```
    pub fn as_strided(
        &self,
        size: &[isize],
        stride: &[isize],
        storage_offset: Option<isize>,
        itemsize: usize,
        storage_nbytes: usize,
    ) -> Result<Layout, ViewError> {
        let offset = storage_offset.unwrap_or(self.offset() as isize);
        if size.len() != stride.len() {
            return Err(ViewError::runtime(
                "mismatch in length of strides and shape",
            ));
        }
        check_strides(stride)?;
        if offset < 0 {
            return Err(ViewError::runtime(format!(
                "Tensor: invalid storage offset {offset}"
            )));
        }
        let overflow = || {
            ViewError::runtime(format!(
                "Storage size calculation overflowed with sizes={} and strides={}",
                IntList(size),
                IntList(stride)
            ))
        };
        let without_offset = required_nbytes(size, stride, itemsize, 0).ok_or_else(overflow)?;
        let with_offset = required_nbytes(size, stride, itemsize, offset).ok_or_else(overflow)?;
        // both needs are at most int64's maximum here, so the comparison is exact
        if without_offset != 0 && with_offset > storage_nbytes as u64 {
            return Err(ViewError::runtime(format!(
                "setStorage: sizes {}, strides {}, storage offset {offset}, and itemsize {itemsize} requiring a storage size of {with_offset} are out of bounds for storage of size {storage_nbytes}",
                IntList(size),
                IntList(stride),
            )));
        }
        finish(size, stride, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(size: &[isize], stride: &[isize], offset: Option<isize>, nbytes: usize) -> String {
        Layout::contiguous(&[nbytes / 4])
            .as_strided(size, stride, offset, 4, nbytes)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn the_bound_counts_the_offset_and_the_last_element() {
        let base = Layout::contiguous(&[6]);
        // last element at 1 + 1*3 + 2*1 = 6 needs 7 elements
        assert!(base.as_strided(&[2, 3], &[3, 1], Some(1), 4, 24).is_err());
        let ok = base.as_strided(&[2, 3], &[3, 1], Some(0), 4, 24).unwrap();
        assert_eq!(ok.required_storage(), Some(6));
        assert_eq!(
            err(&[2, 3], &[3, 1], Some(1), 24),
            "setStorage: sizes [2, 3], strides [3, 1], storage offset 1, and itemsize 4 requiring a storage size of 28 are out of bounds for storage of size 24"
        );
    }

    #[test]
    fn the_offset_defaults_to_the_inputs() {
        let base = Layout::from_parts(&[2], &[1], 3);
        assert_eq!(base.as_strided(&[1], &[1], None, 1, 4).unwrap().offset(), 3);
        assert!(base.as_strided(&[2], &[1], None, 1, 4).is_err());
    }

    #[test]
    fn empty_results_may_lie_anywhere() {
        let base = Layout::contiguous(&[1]);
        let l = base
            .as_strided(&[0, 5], &[1000, 1000], Some(99), 4, 4)
            .unwrap();
        assert_eq!((l.shape(), l.offset()), (&[0usize, 5][..], 99));
        // a 0-d result needs one element
        assert_eq!(
            Layout::contiguous(&[0]).as_strided(&[], &[], None, 4, 0).unwrap_err().to_string(),
            "setStorage: sizes [], strides [], storage offset 0, and itemsize 4 requiring a storage size of 4 are out of bounds for storage of size 0"
        );
    }

    #[test]
    fn bad_arguments_get_pytorchs_messages_in_order() {
        assert_eq!(
            err(&[2], &[1, 1], None, 16),
            "mismatch in length of strides and shape"
        );
        assert_eq!(
            err(&[2, 2], &[-1, 1], None, 16),
            "as_strided: Negative strides are not supported at the moment, got strides: [-1, 1]"
        );
        assert_eq!(
            err(&[2], &[1], Some(-1), 16),
            "Tensor: invalid storage offset -1"
        );
        assert_eq!(
            err(&[isize::MAX, 3], &[2, 1], None, 16),
            format!(
                "Storage size calculation overflowed with sizes=[{}, 3] and strides=[2, 1]",
                isize::MAX
            )
        );
        assert_eq!(
            err(&[1 << 40, 1 << 40], &[0, 0], None, 16),
            "numel: integer multiplication overflow"
        );
        // PyTorch 2.15: torch.zeros(2, dtype=int16).as_strided([-3], [0], 0)
        assert_eq!(
            err(&[-3], &[0], None, 16),
            "numel: integer multiplication overflow"
        );
        assert_eq!(
            err(&[-1], &[1], None, 16),
            "Storage size calculation overflowed with sizes=[-1] and strides=[1]"
        );
        assert_eq!(
            err(&[0, -3], &[0, 0], None, 16),
            "Trying to create tensor with negative dimension -3: [0, -3]"
        );
        assert!(err(&[2], &[isize::MAX], Some(isize::MAX), 16).contains("overflowed"));
        assert!(Layout::contiguous(&[4])
            .as_strided(&[1], &[1], Some(isize::MIN), 1, 4)
            .is_err());
    }

    #[test]
    fn needs_beyond_the_int64_range_are_refused() {
        // PyTorch 2.15, x = torch.zeros(2, dtype=int16):
        // x.as_strided([2], [2**62], 0): 2 * (1 + 2^62) bytes exceed int64
        let int16 = |size: &[isize], stride: &[isize], offset: isize| {
            Layout::contiguous(&[2])
                .as_strided(size, stride, Some(offset), 2, 4)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            int16(&[2], &[1 << 62], 0),
            "Storage size calculation overflowed with sizes=[2] and strides=[4611686018427387904]"
        );
        // x.as_strided([2], [1], 2**62) and (.., 2**63 - 1): the offset counts
        for offset in [1 << 62, isize::MAX] {
            assert_eq!(
                int16(&[2], &[1], offset),
                "Storage size calculation overflowed with sizes=[2] and strides=[1]"
            );
        }
        // x.as_strided([2], [2**61], 5): within int64, out of bounds
        assert_eq!(
            int16(&[2], &[1 << 61], 5),
            "setStorage: sizes [2], strides [2305843009213693952], storage offset 5, and itemsize 2 requiring a storage size of 4611686018427387916 are out of bounds for storage of size 4"
        );
        // x.as_strided([2], [1], -2**63): the offset is checked first
        assert_eq!(
            int16(&[2], &[1], isize::MIN),
            format!("Tensor: invalid storage offset {}", isize::MIN)
        );
    }

    #[test]
    fn numel_overflow_is_checked_left_to_right() {
        let huge = 1usize << 40;
        assert!(check_numel(&[0, huge, huge]).is_ok());
        assert!(check_numel(&[huge, huge, 0]).is_err());
        assert!(check_numel(&[i64::MAX as usize]).is_ok());
        assert!(check_numel(&[i64::MAX as usize, 2, 0]).is_ok()); // fits 64 unsigned bits
        assert!(check_numel(&[i64::MAX as usize, 3, 0]).is_err());
        assert!(check_numel(&[]).is_ok());
    }

    #[test]
    fn derived_views_reject_negative_strides() {
        assert_eq!(
            strided_view(&[1], &[isize::MIN], 0)
                .unwrap_err()
                .to_string(),
            format!(
                "as_strided: Negative strides are not supported at the moment, got strides: [{}]",
                isize::MIN
            )
        );
        assert_eq!(
            strided_view(&[2], &[3], 1).unwrap(),
            Layout::from_parts(&[2], &[3], 1)
        );
    }
}
