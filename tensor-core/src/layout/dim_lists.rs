//! [`DimLists`]: a layout's sizes and strides, stored together with one
//! length, and the layout's storage offset.
//!
//! Up to [`INLINE_DIMS`] dims both lists live inline, so creating a view of
//! such a layout allocates nothing. Ranks above [`INLINE_DIMS`] keep both
//! lists in one heap block (`spilled`), and the inline slots then hold
//! zeros. All of it is safe code.
//!
//! Every plain word (both inline lists, the length, the offset) sits in one
//! `Copy` block ([`Inline`]), so a clone is one block copy and a `None`
//! test, and the quick paths of `transpose` and `narrow` build their
//! result's block whole from their input's ([`DimLists::swapped`],
//! [`DimLists::resized`]). Every field is a whole 8-byte word. Writing a
//! few words into a fresh copy and then moving the handle (which the
//! compiler does with 16-byte loads) makes each load that spans such a word
//! wait for the store to reach the cache (a store-forwarding stall); a
//! block built whole leaves nothing to wait for.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::INLINE_DIMS;

/// Sizes and strides of the dims of a layout (always equally many).
// `repr(C)`: whole words in this order, the lists first (see `Tensor`).
#[repr(C)]
pub(crate) struct DimLists {
    /// The lists while inline, and the length.
    inline: Inline,
    /// The lists while `len > INLINE_DIMS`, else `None`.
    spilled: Option<Box<Heap>>,
}

/// The inline part of [`DimLists`]: plain words, copied as one block.
#[derive(Clone, Copy)]
#[repr(C)]
struct Inline {
    /// The lists while `len <= INLINE_DIMS` (first `len` slots used, the
    /// others zero); all zero otherwise.
    sizes: [usize; INLINE_DIMS],
    strides: [isize; INLINE_DIMS],
    /// Number of dims.
    len: usize,
    /// The layout's storage offset, kept here so that every plain word of
    /// a layout is in this one block.
    offset: usize,
}

/// Lists of more than [`INLINE_DIMS`] dims.
#[derive(Clone)]
struct Heap {
    sizes: Vec<usize>,
    strides: Vec<isize>,
}

impl DimLists {
    /// Lists holding `sizes` and `strides` (of equal length), and `offset`.
    pub(crate) fn from_slices(sizes: &[usize], strides: &[isize], offset: usize) -> DimLists {
        debug_assert_eq!(sizes.len(), strides.len());
        let len = sizes.len();
        let mut lists = DimLists {
            inline: Inline {
                sizes: [0; INLINE_DIMS],
                strides: [0; INLINE_DIMS],
                len,
                offset,
            },
            spilled: None,
        };
        if len <= INLINE_DIMS {
            lists.inline.sizes[..len].copy_from_slice(sizes);
            lists.inline.strides[..len].copy_from_slice(strides);
        } else {
            lists.spilled = Some(Box::new(Heap {
                sizes: sizes.to_vec(),
                strides: strides.to_vec(),
            }));
        }
        lists
    }

    /// Replaces the lists by `sizes` (all non-negative) and `strides`,
    /// writing inline lists in place.
    #[inline]
    pub(crate) fn assign_signed_sizes(&mut self, sizes: &[isize], strides: &[isize]) {
        debug_assert!(sizes.iter().all(|&s| s >= 0));
        self.assign_with(sizes, strides, |s| s as usize);
    }

    /// Replaces the lists by `sizes` and `strides`, in place when inline.
    #[inline]
    pub(crate) fn assign(&mut self, sizes: &[usize], strides: &[isize]) {
        self.assign_with(sizes, strides, |s| s);
    }

    /// [`assign`](Self::assign) of sizes given as `S`, each converted by `to_size`.
    #[inline]
    fn assign_with<S: Copy>(
        &mut self,
        sizes: &[S],
        strides: &[isize],
        to_size: impl Fn(S) -> usize,
    ) {
        debug_assert_eq!(sizes.len(), strides.len());
        let len = sizes.len();
        if len <= INLINE_DIMS && self.spilled.is_none() {
            for i in 0..INLINE_DIMS {
                self.inline.sizes[i] = sizes.get(i).map_or(0, |&s| to_size(s));
                self.inline.strides[i] = strides.get(i).copied().unwrap_or(0);
            }
            self.inline.len = len;
        } else {
            let sizes: Vec<usize> = sizes.iter().map(|&s| to_size(s)).collect();
            *self = DimLists::from_slices(&sizes, strides, self.inline.offset);
        }
    }

    /// Whether both lists live inline (then the value owns no heap memory).
    #[cfg(test)]
    fn is_inline(&self) -> bool {
        self.spilled.is_none()
    }

    /// Number of dims.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.inline.len
    }

    #[inline]
    pub(crate) fn sizes(&self) -> &[usize] {
        match &self.spilled {
            None => &self.inline.sizes[..self.inline.len],
            Some(heap) => &heap.sizes,
        }
    }

    #[inline]
    pub(crate) fn strides(&self) -> &[isize] {
        match &self.spilled {
            None => &self.inline.strides[..self.inline.len],
            Some(heap) => &heap.strides,
        }
    }

    /// Whether some dim has size 0.
    #[inline]
    pub(crate) fn any_zero_size(&self) -> bool {
        self.sizes().contains(&0)
    }

    /// Inline lists with dims `a` and `b` exchanged (both below the
    /// length), or `None` for heap lists. Built whole from this value, each
    /// word chosen lane by lane, so nothing is written and then read back.
    #[inline(always)]
    pub(crate) fn swapped(&self, a: usize, b: usize) -> Option<DimLists> {
        if self.spilled.is_some() {
            return None;
        }
        let p = &self.inline;
        let pick = |i: usize| {
            if i == a {
                b
            } else if i == b {
                a
            } else {
                i
            }
        };
        Some(DimLists {
            inline: Inline {
                sizes: std::array::from_fn(|i| p.sizes[pick(i)]),
                strides: std::array::from_fn(|i| p.strides[pick(i)]),
                len: p.len,
                offset: p.offset,
            },
            spilled: None,
        })
    }

    /// Inline lists with dim `d` (below the length) of size `size` and the
    /// offset `offset`, or `None` for heap lists; built whole as in
    /// [`swapped`](Self::swapped).
    #[inline(always)]
    pub(crate) fn resized(&self, d: usize, size: usize, offset: usize) -> Option<DimLists> {
        if self.spilled.is_some() {
            return None;
        }
        let p = &self.inline;
        Some(DimLists {
            inline: Inline {
                sizes: std::array::from_fn(|i| if i == d { size } else { p.sizes[i] }),
                strides: p.strides,
                len: p.len,
                offset,
            },
            spilled: None,
        })
    }

    /// The storage offset.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.inline.offset
    }

    /// Both lists and the offset, to change in place (the length stays).
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut [usize], &mut [isize], &mut usize) {
        let inline = &mut self.inline;
        match &mut self.spilled {
            None => (
                &mut inline.sizes[..inline.len],
                &mut inline.strides[..inline.len],
                &mut inline.offset,
            ),
            Some(heap) => (&mut heap.sizes, &mut heap.strides, &mut inline.offset),
        }
    }

    /// Inserts a dim at position `at` (at most the length).
    #[inline]
    pub(crate) fn insert(&mut self, at: usize, size: usize, stride: isize) {
        let len = self.inline.len;
        debug_assert!(at <= len);
        if len < INLINE_DIMS {
            // word by word: `copy_within` would call `memmove` for a
            // handful of words
            for i in (at..len).rev() {
                self.inline.sizes[i + 1] = self.inline.sizes[i];
                self.inline.strides[i + 1] = self.inline.strides[i];
            }
            self.inline.sizes[at] = size;
            self.inline.strides[at] = stride;
            self.inline.len += 1;
        } else {
            self.rebuild(|sizes, strides| {
                sizes.insert(at, size);
                strides.insert(at, stride);
            });
        }
    }

    /// Keeps the first `len` dims (at most the length).
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        debug_assert!(len <= self.inline.len);
        if self.spilled.is_none() {
            for i in len..self.inline.len {
                self.inline.sizes[i] = 0;
                self.inline.strides[i] = 0;
            }
            self.inline.len = len;
        } else {
            self.rebuild(|sizes, strides| {
                sizes.truncate(len);
                strides.truncate(len);
            });
        }
    }

    /// Removes the dim at position `at` (below the length).
    #[inline]
    pub(crate) fn remove(&mut self, at: usize) {
        let len = self.inline.len;
        debug_assert!(at < len);
        if self.spilled.is_none() {
            for i in at..len - 1 {
                self.inline.sizes[i] = self.inline.sizes[i + 1];
                self.inline.strides[i] = self.inline.strides[i + 1];
            }
            self.inline.sizes[len - 1] = 0;
            self.inline.strides[len - 1] = 0;
            self.inline.len -= 1;
        } else {
            self.rebuild(|sizes, strides| {
                sizes.remove(at);
                strides.remove(at);
            });
        }
    }

    /// The lists changed by `change` as vectors, then stored inline again
    /// when they fit (out of line: the rare path of heap lists and of
    /// inline lists growing past [`INLINE_DIMS`]).
    #[cold]
    #[inline(never)]
    fn rebuild(&mut self, change: impl FnOnce(&mut Vec<usize>, &mut Vec<isize>)) {
        let mut sizes = self.sizes().to_vec();
        let mut strides = self.strides().to_vec();
        change(&mut sizes, &mut strides);
        *self = DimLists::from_slices(&sizes, &strides, self.inline.offset);
    }

    /// Appends a dim.
    #[inline]
    pub(crate) fn push(&mut self, size: usize, stride: isize) {
        self.insert(self.inline.len, size, stride);
    }
}

impl Clone for DimLists {
    /// The inline part copied as one block; heap lists (more than
    /// [`INLINE_DIMS`] dims) cloned out of line.
    #[inline]
    fn clone(&self) -> DimLists {
        DimLists {
            inline: self.inline,
            spilled: self.spilled.as_deref().map(clone_heap),
        }
    }
}

#[cold]
#[inline(never)]
fn clone_heap(heap: &Heap) -> Box<Heap> {
    Box::new(heap.clone())
}

impl Default for DimLists {
    fn default() -> DimLists {
        DimLists::from_slices(&[], &[], 0)
    }
}

impl PartialEq for DimLists {
    fn eq(&self, other: &DimLists) -> bool {
        self.sizes() == other.sizes()
            && self.strides() == other.strides()
            && self.offset() == other.offset()
    }
}

impl Eq for DimLists {}

impl Hash for DimLists {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.sizes().hash(state);
        self.strides().hash(state);
        self.offset().hash(state);
    }
}

impl fmt::Debug for DimLists {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DimLists")
            .field("sizes", &self.sizes())
            .field("strides", &self.strides())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_size_is_found_only_among_the_used_slots() {
        let lists = |sizes: &[usize]| DimLists::from_slices(sizes, &vec![1; sizes.len()], 0);
        assert!(!lists(&[]).any_zero_size(), "unused slots hold zeros");
        assert!(!lists(&[2, 3]).any_zero_size());
        assert!(lists(&[2, 0]).any_zero_size());
        assert!(lists(&[1, 1, 1, 1, 1, 0]).any_zero_size());
        assert!(!lists(&[1; 9]).any_zero_size());
        assert!(lists(&[1, 1, 1, 1, 1, 1, 1, 0]).any_zero_size());
    }

    #[test]
    fn truncation_keeps_the_first_dims_inline_or_on_the_heap() {
        let mut inline = DimLists::from_slices(&[1, 2, 3, 4], &[4, 3, 2, 1], 0);
        inline.truncate(2);
        assert_eq!(
            (inline.sizes(), inline.strides()),
            (&[1, 2][..], &[4, 3][..])
        );
        // the slots given up hold zeros again, as every inline list's do
        assert_eq!(inline.inline.sizes, [1, 2, 0, 0, 0, 0]);
        assert_eq!(inline.inline.strides, [4, 3, 0, 0, 0, 0]);
        let sizes: Vec<usize> = (1..=9).collect();
        let strides: Vec<isize> = (1..=9).rev().collect();
        let mut heap = DimLists::from_slices(&sizes, &strides, 0);
        heap.truncate(8);
        assert!(!heap.is_inline());
        assert_eq!(heap.sizes(), &sizes[..8]);
        heap.truncate(3);
        assert!(heap.is_inline());
        assert_eq!(
            (heap.sizes(), heap.strides()),
            (&[1, 2, 3][..], &[9, 8, 7][..])
        );
    }

    #[test]
    fn inline_lists_are_small_and_spill_past_the_inline_rank() {
        // whole words only: both lists, the length, the offset, the spill pointer
        assert_eq!(std::mem::size_of::<DimLists>(), 24 + 16 * INLINE_DIMS);
        let mut d = DimLists::from_slices(&[1, 2, 3, 4, 5, 6], &[6, 5, 4, 3, 2, 1], 0);
        assert!(d.is_inline());
        d.insert(3, 9, -9);
        assert!(!d.is_inline());
        assert_eq!(d.sizes(), &[1, 2, 3, 9, 4, 5, 6]);
        assert_eq!(d.strides(), &[6, 5, 4, -9, 3, 2, 1]);
        d.push(8, 8);
        assert_eq!(d.len(), 8);
        d.remove(7);
        d.remove(0);
        // back to six dims: inline again, equal to lists built directly
        assert!(d.is_inline());
        assert_eq!(
            d,
            DimLists::from_slices(&[2, 3, 9, 4, 5, 6], &[5, 4, -9, 3, 2, 1], 0)
        );
    }

    #[test]
    fn inline_insert_remove_and_push_keep_both_lists_aligned() {
        let mut d = DimLists::default();
        d.push(4, 1);
        d.insert(0, 3, 4);
        d.insert(1, 1, 7);
        assert_eq!((d.sizes(), d.strides()), (&[3, 1, 4][..], &[4, 7, 1][..]));
        d.remove(1);
        assert_eq!((d.sizes(), d.strides()), (&[3, 4][..], &[4, 1][..]));
        let (sizes, strides, _) = d.parts_mut();
        sizes.swap(0, 1);
        strides.swap(0, 1);
        assert_eq!((d.sizes(), d.strides()), (&[4, 3][..], &[1, 4][..]));
    }

    #[test]
    fn assigning_in_place_matches_building_anew() {
        let mut d = DimLists::from_slices(&[9, 9, 9, 9, 9], &[1, 1, 1, 1, 1], 0);
        d.assign(&[2, 3], &[3, 1]);
        assert_eq!(d, DimLists::from_slices(&[2, 3], &[3, 1], 0));
        d.assign_signed_sizes(&[4, 0, 1], &[0, 5, 5]);
        assert_eq!(d, DimLists::from_slices(&[4, 0, 1], &[0, 5, 5], 0));
        // to and from the heap
        d.assign(&[1; 8], &[2; 8]);
        assert!(!d.is_inline());
        assert_eq!(d.strides(), &[2; 8]);
        d.assign_signed_sizes(&[7], &[1]);
        assert!(d.is_inline());
        assert_eq!((d.sizes(), d.strides()), (&[7usize][..], &[1isize][..]));
    }

    #[test]
    fn clones_are_independent_of_their_source_inline_and_on_the_heap() {
        let inline = DimLists::from_slices(&[2, 3], &[3, 1], 0);
        let mut copy = inline.clone();
        copy.parts_mut().0[0] = 7;
        assert_eq!(inline.sizes(), &[2, 3]);
        assert_eq!(copy.sizes(), &[7, 3]);
        let heap = DimLists::from_slices(&[1; 9], &[0; 9], 0);
        let mut copy = heap.clone();
        copy.parts_mut().0[8] = 5;
        copy.remove(0);
        assert_eq!((heap.len(), copy.len()), (9, 8));
        assert_eq!(heap.sizes(), &[1; 9]);
        assert_eq!(copy.sizes()[7], 5);
        drop(heap);
        assert_eq!(copy.strides(), &[0; 8]);
    }

    #[test]
    fn lists_built_whole_match_lists_edited_in_place() {
        let d = DimLists::from_slices(&[2, 3, 4, 5], &[60, 20, 5, 1], 7);
        for a in 0..4 {
            for b in 0..4 {
                let mut edited = d.clone();
                let (sizes, strides, _) = edited.parts_mut();
                sizes.swap(a, b);
                strides.swap(a, b);
                assert_eq!(d.swapped(a, b), Some(edited), "swap {a} {b}");
            }
            let mut edited = d.clone();
            let (sizes, _, offset) = edited.parts_mut();
            sizes[a] = 1;
            *offset = 9;
            assert_eq!(d.resized(a, 1, 9), Some(edited), "resize {a}");
        }
        // the slots past the length stay zero
        assert_eq!(d.swapped(0, 3).unwrap().inline.sizes[4..], [0, 0]);
        let heap = DimLists::from_slices(&[1; 7], &[1; 7], 0);
        assert!(heap.swapped(0, 1).is_none() && heap.resized(0, 1, 0).is_none());
    }
}
