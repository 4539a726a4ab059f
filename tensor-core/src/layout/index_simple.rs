//! The common case of basic indexing in one pass: a key of ints and slices
//! (no new axis, no ellipsis) on a layout with inline dims.
//!
//! [`Layout::index`](super::Layout::index) reads a key item by item, editing
//! the layout after each (a select shifts the later dims down, a slice
//! rewrites one dim). For a key such as `x[:, 1:3, ::2, 1]` that is four
//! read-modify-write rounds over the same lists. Here each kept dim is read
//! from the source layout and written once into the copy, with the offset
//! kept in a register. Anything unusual (an error to report, a step or
//! offset that overflows, a size beyond `isize::MAX`) returns `None`, and
//! the caller runs the item-by-item path on a fresh copy, which produces
//! PyTorch's exact answer.

use super::index::clamped_in_isize;
use super::{IndexItem, Layout, INLINE_DIMS};

/// `src[items]` written into `out` (a copy of `src` on entry) when `items`
/// holds only ints and slices and every step of the computation stays in
/// range. `None` otherwise, with `out` possibly part-written: the caller
/// starts again from `src`.
#[inline(always)]
pub(super) fn index_ints_and_slices(
    src: &Layout,
    out: &mut Layout,
    items: &[IndexItem],
) -> Option<()> {
    let ndim = src.ndim();
    if items.len() > ndim || ndim > INLINE_DIMS {
        return None;
    }
    let mut offset = isize::try_from(src.offset()).ok()?;
    let (in_sizes, in_strides) = (src.shape(), src.strides());
    let (sizes, strides, out_offset) = out.parts_mut();
    let mut kept = 0usize;
    for (dim, item) in items.iter().enumerate() {
        let stride = in_strides[dim];
        match *item {
            IndexItem::Int(index) => {
                let size = isize::try_from(in_sizes[dim]).ok()?;
                // `index + size` cannot overflow: a negative index plus a
                // non-negative size
                let wrapped = if index < 0 { index + size } else { index };
                if wrapped < 0 || wrapped >= size {
                    return None;
                }
                offset = offset.checked_add(wrapped.checked_mul(stride)?)?;
            }
            IndexItem::Slice {
                start: None,
                stop: None,
                step: None | Some(1),
            } => {
                // `:` keeps the dim; it only moves when an int came before
                if kept != dim {
                    sizes[kept] = in_sizes[dim];
                    strides[kept] = stride;
                }
                kept += 1;
            }
            IndexItem::Slice { start, stop, step } => {
                let step = step.unwrap_or(1);
                let size = isize::try_from(in_sizes[dim]).ok()?;
                if step <= 0 || stride < 0 {
                    return None;
                }
                let (first, len) = clamped_in_isize(size, start, stop);
                let new_size = match step {
                    1 => len,
                    2 => (len >> 1) + (len & 1),
                    _ => len.checked_add(step - 1)? / step,
                };
                sizes[kept] = new_size as usize;
                strides[kept] = stride.checked_mul(step)?;
                offset = offset.checked_add(first.checked_mul(stride)?)?;
                kept += 1;
            }
            IndexItem::NewAxis | IndexItem::Ellipsis | IndexItem::IntOverflow => return None,
        }
    }
    if offset < 0 {
        return None;
    }
    if kept == items.len() {
        // no int: the dims after the key are already in place
        kept = ndim;
    } else {
        for dim in items.len()..ndim {
            sizes[kept] = in_sizes[dim];
            strides[kept] = in_strides[dim];
            kept += 1;
        }
    }
    *out_offset = offset as usize;
    out.truncate_dims(kept);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key over a small alphabet of items, on layouts with positive,
    /// zero and huge strides, non-zero offsets and empty dims: wherever the
    /// one-pass path answers, it answers exactly as the item-by-item path.
    #[test]
    fn agrees_with_the_item_by_item_path_wherever_it_answers() {
        let layouts = [
            Layout::contiguous(&[2, 3, 4, 5]),
            Layout::from_parts(&[4, 1, 3], &[1, 0, 4], 7),
            Layout::from_parts(&[3, 0, 2], &[5, 9, 1], 2),
            Layout::from_parts(&[2, 2], &[isize::MAX / 2, 1], 0),
            Layout::from_parts(&[6], &[3], 1),
            Layout::contiguous(&[2, 1, 2, 1, 2, 1]),
        ];
        let bounds = [None, Some(-7), Some(-1), Some(0), Some(1), Some(2), Some(9)];
        let mut alphabet = vec![IndexItem::NewAxis, IndexItem::Ellipsis];
        for index in [-4, -1, 0, 1, 3, isize::MIN, isize::MAX] {
            alphabet.push(IndexItem::Int(index));
        }
        for start in bounds {
            for stop in bounds {
                for step in [
                    None,
                    Some(1),
                    Some(2),
                    Some(3),
                    Some(0),
                    Some(-1),
                    Some(isize::MAX),
                ] {
                    alphabet.push(IndexItem::Slice { start, stop, step });
                }
            }
        }
        let mut answered = 0usize;
        for layout in &layouts {
            for a in &alphabet {
                for b in alphabet.iter().step_by(3) {
                    for key in [vec![*a], vec![*a, *b], vec![*b, *a, IndexItem::Int(0)]] {
                        let mut fast = layout.clone();
                        let mut slow = layout.clone();
                        let slow = slow.index_item_by_item(&key).map(|()| slow);
                        if index_ints_and_slices(layout, &mut fast, &key).is_some() {
                            answered += 1;
                            assert_eq!(Ok(&fast), slow.as_ref(), "{layout:?}[{key:?}]");
                        }
                    }
                }
            }
        }
        // the one-pass path takes most ordinary keys
        assert!(answered > 10_000, "{answered}");
    }

    #[test]
    fn declines_new_axes_ellipses_long_keys_and_errors() {
        let l = Layout::contiguous(&[2, 3]);
        for key in [
            vec![IndexItem::NewAxis],
            vec![IndexItem::Ellipsis, IndexItem::Int(0)],
            vec![IndexItem::Int(0), IndexItem::Int(0), IndexItem::Int(0)],
            vec![IndexItem::Int(2)],
            vec![IndexItem::full().step(0)],
        ] {
            let mut out = l.clone();
            assert_eq!(index_ints_and_slices(&l, &mut out, &key), None, "{key:?}");
        }
        let mut out = l.clone();
        let key = [IndexItem::Int(-1), IndexItem::from(1..).step(2)];
        assert_eq!(index_ints_and_slices(&l, &mut out, &key), Some(()));
        assert_eq!(
            (out.shape(), out.strides(), out.offset()),
            (&[1usize][..], &[2isize][..], 4)
        );
    }
}
