//! Basic indexing (`tensor[0, 2:, None, ..., 1:7:2]`) as a pure layout function.
//!
//! An index is a list of [`IndexItem`]s, read left to right exactly as
//! PyTorch's `__getitem__` reads a tuple key: an integer selects (and removes)
//! a dim, a slice narrows a dim with a step, a new axis inserts a size-1 dim
//! and an ellipsis skips the dims that the other items do not name. The result
//! is always a view: only shape, strides and offset change.

use smallvec::SmallVec;

use super::as_strided::{check_storage_size, strided_view};
use super::index_simple::index_ints_and_slices;
use super::{wrap_dim, Layout};
use crate::{ErrorKind, Int, ViewError};

/// One entry of a basic index, as one element of a Python index tuple.
///
/// Build lists of them by hand or, more readably, with the [`s!`](crate::s)
/// macro.
///
/// ```
/// use tensor_core::{IndexItem, Tensor};
/// let x = Tensor::<f32>::arange(24).view(&[2, 3, 4]).unwrap();
/// // x[1, :, None, ::2]
/// let y = x
///     .index(&[
///         IndexItem::Int(1),
///         IndexItem::full(),
///         IndexItem::NewAxis,
///         IndexItem::Slice { start: None, stop: None, step: Some(2) },
///     ])
///     .unwrap();
/// assert_eq!(y.shape(), &[3, 1, 2]);
/// assert_eq!(y.stride(), &[4, 4, 2]);
/// assert_eq!(y.storage_offset(), 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexItem {
    /// `i`: selects index `i` of the dim (negative counts from the end) and removes the dim.
    Int(isize),
    /// `start:stop:step`: each part optional, as in Python (`None` is the
    /// default); out-of-range bounds are clamped, the step must be positive.
    Slice {
        /// First index (default 0).
        start: Option<isize>,
        /// One past the last index (default: the end of the dim).
        stop: Option<isize>,
        /// Distance between taken indices (default 1).
        step: Option<isize>,
    },
    /// `None` (NumPy's `newaxis`): inserts a dim of size 1.
    NewAxis,
    /// `...`: as many full slices as the dims the other items leave unnamed.
    Ellipsis,
    /// An integer index beyond PyTorch's `int` (`int64`), as a `u64`,
    /// `usize` or `i128` value may be: indexing with it is PyTorch's error
    /// for such a Python int, `Overflow when unpacking long`, raised when
    /// the key reaches it (`IndexItem::from` cannot fail, so that `s![..]`
    /// stays a plain array).
    ///
    /// ```
    /// use tensor_core::{IndexItem, Tensor};
    /// assert_eq!(IndexItem::from(u64::MAX), IndexItem::IntOverflow);
    /// let x = Tensor::<f32>::zeros(&[3]).unwrap();
    /// let e = x.index(&[IndexItem::IntOverflow]).unwrap_err();
    /// assert_eq!(e.to_string(), "Overflow when unpacking long");
    /// ```
    IntOverflow,
}

impl IndexItem {
    /// The full slice `:`.
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(
    ///     IndexItem::full(),
    ///     IndexItem::Slice { start: None, stop: None, step: None }
    /// );
    /// ```
    pub const fn full() -> IndexItem {
        IndexItem::Slice {
            start: None,
            stop: None,
            step: None,
        }
    }

    /// This slice with `step` (`start:stop:step`); other items are returned unchanged.
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// let item = IndexItem::from(1..7).step(2);
    /// assert_eq!(item, IndexItem::Slice { start: Some(1), stop: Some(7), step: Some(2) });
    /// ```
    pub const fn step(self, step: isize) -> IndexItem {
        match self {
            IndexItem::Slice { start, stop, .. } => IndexItem::Slice {
                start,
                stop,
                step: Some(step),
            },
            other => other,
        }
    }

    /// Whether the item names a dim of the input (ints and slices do;
    /// new axes and ellipses do not), as PyTorch's `count_specified_dimensions`.
    fn names_a_dim(&self) -> bool {
        matches!(
            self,
            IndexItem::Int(_) | IndexItem::IntOverflow | IndexItem::Slice { .. }
        )
    }
}

impl<I: Int> From<I> for IndexItem {
    /// An integer index, of any integer type; one beyond PyTorch's `int`
    /// is [`IndexItem::IntOverflow`].
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(IndexItem::from(-1), IndexItem::Int(-1));
    /// assert_eq!(IndexItem::from(3usize), IndexItem::Int(3));
    /// ```
    fn from(i: I) -> IndexItem {
        match i.to_int() {
            Ok(i) => IndexItem::Int(i),
            Err(_) => IndexItem::IntOverflow,
        }
    }
}

impl From<std::ops::RangeFull> for IndexItem {
    /// `..` is the full slice `:`.
    ///
    /// ```
    /// assert_eq!(tensor_core::IndexItem::from(..), tensor_core::IndexItem::full());
    /// ```
    fn from(_: std::ops::RangeFull) -> IndexItem {
        IndexItem::full()
    }
}

impl<I: Int> From<std::ops::Range<I>> for IndexItem {
    /// `a..b` is `a:b`.
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(IndexItem::from(1..-1), IndexItem::Slice { start: Some(1), stop: Some(-1), step: None });
    /// ```
    fn from(r: std::ops::Range<I>) -> IndexItem {
        IndexItem::Slice {
            start: Some(r.start.to_slice_bound()),
            stop: Some(r.end.to_slice_bound()),
            step: None,
        }
    }
}

impl<I: Int> From<std::ops::RangeFrom<I>> for IndexItem {
    /// `a..` is `a:`.
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(IndexItem::from(2..), IndexItem::Slice { start: Some(2), stop: None, step: None });
    /// ```
    fn from(r: std::ops::RangeFrom<I>) -> IndexItem {
        IndexItem::Slice {
            start: Some(r.start.to_slice_bound()),
            stop: None,
            step: None,
        }
    }
}

impl<I: Int> From<std::ops::RangeTo<I>> for IndexItem {
    /// `..b` is `:b`.
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(IndexItem::from(..3), IndexItem::Slice { start: None, stop: Some(3), step: None });
    /// ```
    fn from(r: std::ops::RangeTo<I>) -> IndexItem {
        IndexItem::Slice {
            start: None,
            stop: Some(r.end.to_slice_bound()),
            step: None,
        }
    }
}

/// The exclusive stop of an inclusive end: `b + 1`, except that `..=-1`
/// (up to and including the last element) means "to the end".
fn inclusive_stop(end: isize) -> Option<isize> {
    if end == -1 {
        None
    } else {
        Some(end.saturating_add(1))
    }
}

impl<I: Int> From<std::ops::RangeInclusive<I>> for IndexItem {
    /// `a..=b` is `a:b+1` (and `a..=-1` is `a:`, up to and including the last element).
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(IndexItem::from(1..=2), IndexItem::Slice { start: Some(1), stop: Some(3), step: None });
    /// assert_eq!(IndexItem::from(1..=-1), IndexItem::Slice { start: Some(1), stop: None, step: None });
    /// ```
    fn from(r: std::ops::RangeInclusive<I>) -> IndexItem {
        IndexItem::Slice {
            start: Some(r.start().to_slice_bound()),
            stop: inclusive_stop(r.end().to_slice_bound()),
            step: None,
        }
    }
}

impl<I: Int> From<std::ops::RangeToInclusive<I>> for IndexItem {
    /// `..=b` is `:b+1` (and `..=-1` is `:`).
    ///
    /// ```
    /// use tensor_core::IndexItem;
    /// assert_eq!(IndexItem::from(..=0), IndexItem::Slice { start: None, stop: Some(1), step: None });
    /// ```
    fn from(r: std::ops::RangeToInclusive<I>) -> IndexItem {
        IndexItem::Slice {
            start: None,
            stop: inclusive_stop(r.end.to_slice_bound()),
            step: None,
        }
    }
}

/// `index 5 is out of bounds for dimension 1 with size 3` (IndexError).
fn out_of_bounds(index: isize, dim: usize, size: usize) -> ViewError {
    ViewError::IndexOutOfBounds { index, dim, size }
}

impl Layout {
    /// The layout of `tensor[items]` (a tuple key of basic indices), with
    /// PyTorch's checks in PyTorch's order: more ints and slices than dims is
    /// `too many indices for tensor of dimension N`; then each item in turn (a
    /// zero step is Python's `slice step cannot be zero`, a negative one
    /// PyTorch's `step must be greater than zero`, an integer out of
    /// range names its position in the key as the dimension). Several
    /// ellipses each skip the unnamed dims again, as in PyTorch, so the items
    /// after them may name a dim that does not exist (`Dimension out of range`).
    ///
    /// The key is read as a Python tuple, so on a 0-d tensor `[Int(0)]` is
    /// `too many indices for tensor of dimension 0` (PyTorch's bare `x[0]`,
    /// not a tuple, reports `invalid index of a 0-dim tensor` instead).
    ///
    /// ```
    /// use tensor_core::{layout::Layout, IndexItem};
    /// let l = Layout::contiguous(&[4, 6]);
    /// let v = l.index(&[IndexItem::Int(-1), IndexItem::from(1..5).step(2)]).unwrap();
    /// assert_eq!((v.shape(), v.strides(), v.offset()), (&[2usize][..], &[2isize][..], 19));
    /// assert_eq!(
    ///     l.index(&[IndexItem::Int(4)]).unwrap_err().to_string(),
    ///     "index 4 is out of bounds for dimension 0 with size 4"
    /// );
    /// ```
    pub fn index(&self, items: &[IndexItem]) -> Result<Layout, ViewError> {
        self.edited(|out| self.index_into(out, items))
    }

    /// `self[items]` written into `out`, a copy of `self` (a view builds its
    /// layout in the handle it returns). The common keys (ints and slices on
    /// at most `INLINE_DIMS` dims) take the one-pass path of
    /// `index_simple.rs`; every other key and every error resets `out` and
    /// goes item by item. On error `out` may be partly indexed (still a
    /// valid layout of the same storage); callers discard it.
    #[inline(always)]
    pub(crate) fn index_into(
        &self,
        out: &mut Layout,
        items: &[IndexItem],
    ) -> Result<(), ViewError> {
        if index_ints_and_slices(self, out, items).is_some() {
            return Ok(());
        }
        self.index_from_scratch(out, items)
    }

    /// The keys and errors the one-pass path declines: `out` (possibly
    /// part-written) is reset to `self` and indexed item by item. Out of
    /// line, so that the common path stays small.
    #[cold]
    #[inline(never)]
    fn index_from_scratch(&self, out: &mut Layout, items: &[IndexItem]) -> Result<(), ViewError> {
        out.clone_from(self);
        out.index_item_by_item(items)
    }

    /// [`index`](Self::index) of this layout itself, read one item at a
    /// time and editing the layout after each: the path that handles every
    /// key, errors included. On error the layout may be partly indexed
    /// (still a valid layout of the same storage); callers discard it.
    pub(super) fn index_item_by_item(&mut self, items: &[IndexItem]) -> Result<(), ViewError> {
        let ndim = self.ndim();
        let specified = items.iter().filter(|item| item.names_a_dim()).count();
        if specified > ndim {
            return Err(ViewError::with_kind(
                ErrorKind::IndexError,
                format!("too many indices for tensor of dimension {ndim}"),
            ));
        }
        let result = self;
        // The dim of `result` the next item applies to.
        let mut dim = 0usize;
        for (position, item) in items.iter().enumerate() {
            match *item {
                IndexItem::Int(index) => {
                    select_in_key(result, dim, index, position)?;
                }
                IndexItem::IntOverflow => {
                    return Err(ViewError::runtime("Overflow when unpacking long"));
                }
                IndexItem::Slice { start, stop, step } => {
                    let step = step.unwrap_or(1);
                    if step == 0 {
                        // Python's own slice unpacking refuses it first
                        return Err(ViewError::with_kind(
                            ErrorKind::ValueError,
                            "slice step cannot be zero",
                        ));
                    }
                    if step < 0 {
                        return Err(ViewError::with_kind(
                            ErrorKind::ValueError,
                            "step must be greater than zero",
                        ));
                    }
                    slice_in_place(result, dim as isize, start, stop, step)?;
                    dim += 1;
                }
                IndexItem::NewAxis => {
                    // PyTorch's indexing calls `unsqueeze` here, checks included.
                    result.unsqueeze_in_place(dim as isize)?;
                    dim += 1;
                }
                IndexItem::Ellipsis => dim += ndim - specified,
            }
        }
        Ok(())
    }

    /// ATen's `slice(dim, start, stop, step)`: the dim narrowed to
    /// `start..stop` (Python's clamping: negative bounds count from the end,
    /// then both are clamped into the dim) taking every `step`-th element.
    /// `None` bounds mean the start and the end of the dim.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[10]);
    /// let s = l.slice(0, Some(-4), None, 3).unwrap();
    /// assert_eq!((s.shape(), s.strides(), s.offset()), (&[2usize][..], &[3isize][..], 6));
    /// let empty = l.slice(0, Some(20), Some(30), 1).unwrap();
    /// assert_eq!((empty.shape(), empty.offset()), (&[0usize][..], 10));
    /// assert_eq!(l.slice(0, None, None, 0).unwrap_err().to_string(), "slice step must be positive");
    /// ```
    pub fn slice(
        &self,
        dim: isize,
        start: Option<isize>,
        stop: Option<isize>,
        step: isize,
    ) -> Result<Layout, ViewError> {
        self.edited(|out| slice_in_place(out, dim, start, stop, step))
    }
}

/// ATen's `slice` applied to `layout` in place (see [`Layout::slice`]); on
/// error `layout` is unchanged.
#[inline]
fn slice_in_place(
    layout: &mut Layout,
    dim: isize,
    start: Option<isize>,
    stop: Option<isize>,
    step: isize,
) -> Result<(), ViewError> {
    let ndim = layout.ndim();
    if ndim == 0 {
        return Err(ViewError::with_kind(
            ErrorKind::IndexError,
            "slice() cannot be applied to a 0-dim tensor.",
        ));
    }
    let dim = wrap_dim(dim, ndim)?;
    if step <= 0 {
        return Err(ViewError::runtime("slice step must be positive"));
    }
    if start.is_none() && stop.is_none() && step == 1 {
        // `:` keeps the dim as it is (ATen's `slice` returns the same sizes,
        // strides and offset)
        return Ok(());
    }
    let (start, len) = clamped_range(layout.shape()[dim], start, stop);
    // PyTorch's int64 arithmetic, which wraps for steps near 2^63: the size
    // may come out 0 or negative, the stride negative (or wrapped positive,
    // harmless on a dim of at most one element).
    let rounded_up = len.wrapping_add(step - 1);
    let new_size = if step == 1 {
        len
    } else if (step as usize).is_power_of_two() && rounded_up >= 0 {
        // the same quotient without a division (tens of cycles here)
        rounded_up >> step.trailing_zeros()
    } else {
        rounded_up / step
    };
    let new_stride = layout.strides()[dim].wrapping_mul(step);
    let offset = shifted_offset(layout, dim, start)?;
    if new_size < 0 || new_stride < 0 {
        // PyTorch's `as_strided` then refuses the view, in its order
        let mut sizes: SmallVec<[isize; 8]> = layout.shape().iter().map(|&s| s as isize).collect();
        let mut strides: SmallVec<[isize; 8]> = layout.strides().iter().copied().collect();
        sizes[dim] = new_size;
        strides[dim] = new_stride;
        check_storage_size(&sizes, &strides)?;
        *layout = strided_view(&sizes, &strides, offset as isize)?;
        return Ok(());
    }
    let (shape, strides, out_offset) = layout.parts_mut();
    shape[dim] = new_size as usize;
    strides[dim] = new_stride;
    *out_offset = offset;
    Ok(())
}

/// Python's slice clamping of `start..stop` into a dim of `size`: negative
/// bounds count from the end, then both are clamped into `0..=size`, and an
/// empty range starts at `start`. Returns the start and the length.
#[inline]
fn clamped_range(size: usize, start: Option<isize>, stop: Option<isize>) -> (usize, isize) {
    if let Ok(size) = isize::try_from(size) {
        let (start, len) = clamped_in_isize(size, start, stop);
        return (start as usize, len);
    }
    // sizes no tensor can have (a bare `Layout`): exact in i128
    let size = size as i128;
    let clamp = |bound: i128| {
        let bound = if bound < 0 { bound + size } else { bound };
        bound.clamp(0, size)
    };
    let start = clamp(start.map_or(0, |v| v as i128));
    let stop = clamp(stop.map_or(size, |v| v as i128)).max(start);
    (start as usize, (stop - start) as isize)
}

/// [`clamped_range`] for a size of at most `isize::MAX` (every tensor's):
/// the start and the length, both in `0..=size`.
#[inline]
pub(super) fn clamped_in_isize(
    size: isize,
    start: Option<isize>,
    stop: Option<isize>,
) -> (isize, isize) {
    // a negative bound plus a non-negative size cannot overflow
    let clamp = |bound: isize| {
        let bound = if bound < 0 { bound + size } else { bound };
        bound.clamp(0, size)
    };
    let start = start.map_or(0, clamp);
    let stop = stop.map_or(size, clamp).max(start);
    (start, stop - start)
}

/// An integer item of an index key: PyTorch's `applySelect` check (naming the
/// item's `position` in the key), then `select(dim, index)`.
#[inline]
fn select_in_key(
    layout: &mut Layout,
    dim: usize,
    index: isize,
    position: usize,
) -> Result<(), ViewError> {
    let ndim = layout.ndim();
    if dim >= ndim {
        // Only reachable with several ellipses, which skip too far; PyTorch's
        // `select` then rejects the dim.
        wrap_dim(dim as isize, ndim)?;
    }
    let size = layout.shape()[dim];
    let wrapped = index as i128 + if index < 0 { size as i128 } else { 0 };
    if wrapped < 0 || wrapped >= size as i128 {
        return Err(out_of_bounds(index, position, size));
    }
    remove_dim_in_place(layout, dim, wrapped as usize)
}

/// The layout of `select(dim, index)` for an index already known to be in range.
pub(crate) fn remove_dim_at(
    layout: &Layout,
    dim: usize,
    index: usize,
) -> Result<Layout, ViewError> {
    let mut out = layout.clone();
    remove_dim_in_place(&mut out, dim, index)?;
    Ok(out)
}

/// [`remove_dim_at`] in place; on error `layout` is unchanged.
#[inline]
fn remove_dim_in_place(layout: &mut Layout, dim: usize, index: usize) -> Result<(), ViewError> {
    let offset = shifted_offset(layout, dim, index)?;
    *layout.parts_mut().2 = offset;
    layout.remove_dim(dim);
    Ok(())
}

/// The storage offset of index `index` (at most the size) along `dim`.
///
/// Only tensors without elements can have dims or strides large enough for
/// this to leave `0..=isize::MAX` (offsets PyTorch's int64 cannot hold);
/// that is reported as a size overflow rather than wrapped.
#[inline]
pub(crate) fn shifted_offset(
    layout: &Layout,
    dim: usize,
    index: usize,
) -> Result<usize, ViewError> {
    // Exact: any step that overflows `isize` puts the offset outside
    // `0..=isize::MAX` (the base offset is inside it).
    let offset = isize::try_from(index)
        .ok()
        .and_then(|index| index.checked_mul(layout.strides()[dim]))
        .and_then(|shift| (layout.offset() as isize).checked_add(shift));
    match offset {
        Some(offset) if offset >= 0 => Ok(offset as usize),
        _ => Err(ViewError::SizeOverflow {
            sizes: layout.shape().to_vec(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slice(start: Option<isize>, stop: Option<isize>, step: Option<isize>) -> IndexItem {
        IndexItem::Slice { start, stop, step }
    }

    fn parts(l: &Layout) -> (Vec<usize>, Vec<isize>, usize) {
        (l.shape().to_vec(), l.strides().to_vec(), l.offset())
    }

    #[test]
    fn full_slices_keep_the_layout_and_huge_bare_sizes_are_errors() {
        let l = Layout::from_parts(&[3, 4], &[1, 3], 5);
        assert_eq!(parts(&l.slice(1, None, None, 1).unwrap()), parts(&l));
        assert_eq!(
            l.slice(2, None, None, 1).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
        );
        // sizes beyond isize::MAX only exist in bare layouts: clamped exactly,
        // then refused as an offset PyTorch's int64 cannot hold
        let huge = Layout::from_parts(&[usize::MAX], &[1], 0);
        assert!(matches!(
            huge.slice(0, Some(-1), None, 1),
            Err(ViewError::SizeOverflow { .. })
        ));
        assert_eq!(huge.slice(0, Some(2), Some(5), 1).unwrap().shape(), &[3]);
    }

    #[test]
    fn ints_select_and_count_from_the_end() {
        let l = Layout::contiguous(&[2, 3, 4]);
        assert_eq!(
            parts(&l.index(&[IndexItem::Int(1), IndexItem::Int(-1)]).unwrap()),
            (vec![4], vec![1], 20)
        );
        assert_eq!(
            l.index(&[IndexItem::full(), IndexItem::Int(-4)])
                .unwrap_err()
                .to_string(),
            "index -4 is out of bounds for dimension 1 with size 3"
        );
        let e = l.index(&[IndexItem::Int(isize::MIN)]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::IndexError);
        assert!(l.index(&[IndexItem::Int(isize::MAX)]).is_err());
    }

    #[test]
    fn huge_empty_dims_overflow_into_errors_not_wraps() {
        let big = 1usize << 62;
        let l = Layout::from_parts(&[4, big, 0], &[big as isize, 1, 1], 0);
        assert_eq!(l.index(&[IndexItem::Int(1)]).unwrap().offset(), big);
        assert!(matches!(
            l.index(&[IndexItem::Int(3)]),
            Err(ViewError::SizeOverflow { .. })
        ));
        assert!(l.index(&[slice(Some(3), None, None)]).is_err());
        let widest = Layout::from_parts(&[usize::MAX, 0], &[2, 1], 0);
        assert!(widest.index(&[IndexItem::Int(-1)]).is_err());
        assert_eq!(widest.index(&[IndexItem::Int(5)]).unwrap().offset(), 10);
    }

    #[test]
    fn error_dimension_is_the_position_in_the_key() {
        let l = Layout::contiguous(&[2, 2]);
        assert_eq!(
            l.index(&[
                IndexItem::NewAxis,
                slice(None, Some(4), Some(2)),
                IndexItem::Int(2)
            ])
            .unwrap_err()
            .to_string(),
            "index 2 is out of bounds for dimension 2 with size 2"
        );
    }

    #[test]
    fn slices_clamp_like_python() {
        let l = Layout::contiguous(&[5, 2]);
        let s = l.index(&[slice(Some(-100), Some(100), Some(2))]).unwrap();
        assert_eq!(parts(&s), (vec![3, 2], vec![4, 1], 0));
        let s = l.index(&[slice(Some(4), Some(1), None)]).unwrap();
        assert_eq!(parts(&s), (vec![0, 2], vec![2, 1], 8));
        // PyTorch 2.15: torch.zeros(5, 2)[::2**63 - 1]: the stride 2 * step
        // wraps to -2 in int64; torch.zeros(5)[::2**63 - 1] has size 0
        assert_eq!(
            l.index(&[slice(None, None, Some(isize::MAX))])
                .unwrap_err()
                .to_string(),
            "as_strided: Negative strides are not supported at the moment, got strides: [-2, 1]"
        );
        let v = Layout::contiguous(&[5]);
        let s = v.index(&[slice(None, None, Some(isize::MAX))]).unwrap();
        assert_eq!(parts(&s), (vec![0], vec![isize::MAX], 0));
        let s = l
            .index(&[slice(Some(isize::MIN), Some(isize::MAX), Some(1))])
            .unwrap();
        assert_eq!(parts(&s), parts(&l));
    }

    #[test]
    fn steps_near_2_63_wrap_like_pytorch() {
        // PyTorch 2.15: torch.arange(4)[1::2**63 - 1] (the size wraps to -1)
        let l = Layout::contiguous(&[4]);
        assert_eq!(
            l.index(&[slice(Some(1), None, Some(isize::MAX))])
                .unwrap_err()
                .to_string(),
            format!(
                "Storage size calculation overflowed with sizes=[-1] and strides=[{}]",
                isize::MAX
            )
        );
        // torch.zeros(1).expand(2**62)[::2**62 + 5] (size -1, stride 0)
        let e = Layout::from_parts(&[1 << 62], &[0], 0)
            .index(&[slice(None, None, Some((1 << 62) + 5))])
            .unwrap_err();
        assert_eq!(e.to_string(), "numel: integer multiplication overflow");
        // torch.arange(8)[::3][::2**62] (the stride wraps negative): an error
        let x = Layout::from_parts(&[3], &[3], 0);
        assert!(x.index(&[slice(None, None, Some(1 << 62))]).is_err());
        // torch.arange(8)[::2][::2**61]: one element, stride 2^62
        let y = Layout::from_parts(&[4], &[2], 0)
            .index(&[slice(None, None, Some(1 << 61))])
            .unwrap();
        assert_eq!(parts(&y), (vec![1], vec![1 << 62], 0));
    }

    #[test]
    fn every_step_takes_ceil_len_over_step_elements() {
        // power-of-two steps take a shift instead of a division
        for len in 0..40usize {
            let l = Layout::contiguous(&[len]);
            for step in 1..=17isize {
                let s = l.slice(0, None, None, step).unwrap();
                assert_eq!(
                    s.shape(),
                    &[len.div_ceil(step as usize)],
                    "len {len} step {step}"
                );
                assert_eq!(s.strides(), &[step]);
            }
        }
    }

    #[test]
    fn steps_must_be_positive() {
        let l = Layout::contiguous(&[3]);
        // PyTorch 2.15: torch.zeros(3)[::0] -> ValueError: slice step cannot be zero
        let e = l.index(&[slice(None, None, Some(0))]).unwrap_err();
        assert_eq!(e.to_string(), "slice step cannot be zero");
        assert_eq!(e.kind(), ErrorKind::ValueError);
        for step in [-1, isize::MIN] {
            let e = l.index(&[slice(None, None, Some(step))]).unwrap_err();
            assert_eq!(e.to_string(), "step must be greater than zero");
            assert_eq!(e.kind(), ErrorKind::ValueError);
        }
    }

    #[test]
    fn new_axes_and_ellipsis() {
        let l = Layout::contiguous(&[2, 3, 4]);
        let v = l
            .index(&[IndexItem::Ellipsis, IndexItem::NewAxis, IndexItem::Int(0)])
            .unwrap();
        assert_eq!(parts(&v), (vec![2, 3, 1], vec![12, 4, 4], 0));
        let v = l
            .index(&[IndexItem::Int(1), IndexItem::Ellipsis, IndexItem::Int(2)])
            .unwrap();
        assert_eq!(parts(&v), (vec![3], vec![4], 14));
        let v = l.index(&[IndexItem::NewAxis, IndexItem::NewAxis]).unwrap();
        assert_eq!(parts(&v), (vec![1, 1, 2, 3, 4], vec![24, 24, 12, 4, 1], 0));
        assert_eq!(l.index(&[]).unwrap(), l);
        assert_eq!(l.index(&[IndexItem::Ellipsis]).unwrap(), l);
    }

    #[test]
    fn zero_d_and_zero_size() {
        let s = Layout::contiguous(&[]);
        assert_eq!(
            s.index(&[IndexItem::Int(0)]).unwrap_err().to_string(),
            "too many indices for tensor of dimension 0"
        );
        let v = s.index(&[IndexItem::NewAxis, IndexItem::Ellipsis]).unwrap();
        assert_eq!(parts(&v), (vec![1], vec![1], 0));
        let z = Layout::contiguous(&[0, 3]);
        assert_eq!(
            z.index(&[IndexItem::Int(0)]).unwrap_err().to_string(),
            "index 0 is out of bounds for dimension 0 with size 0"
        );
        let v = z.index(&[IndexItem::full(), IndexItem::Int(-3)]).unwrap();
        assert_eq!(v.shape(), &[0]);
    }

    #[test]
    fn several_ellipses_skip_twice_and_fail_like_select() {
        let l = Layout::contiguous(&[2, 3]);
        let v = l
            .index(&[IndexItem::Ellipsis, IndexItem::Int(0), IndexItem::Ellipsis])
            .unwrap();
        assert_eq!(v.shape(), &[2]);
        assert_eq!(
            l.index(&[IndexItem::Ellipsis, IndexItem::Ellipsis, IndexItem::NewAxis])
                .unwrap_err()
                .to_string(),
            "Dimension out of range (expected to be in range of [-3, 2], but got 4)"
        );
        assert!(l
            .index(&[IndexItem::Ellipsis, IndexItem::Ellipsis, IndexItem::Int(0)])
            .is_err());
    }
}
