//! [`DimLists`]: a layout's sizes and strides, stored together with one length.
//!
//! Up to [`INLINE_DIMS`] dims both lists live inline, so a layout is 112
//! bytes and a tensor handle 128: small enough that the compiler moves a
//! handle with a few vector instructions instead of a call to `memcpy`.
//! Every field is a whole 8-byte word, and an inline value is copied as one
//! block: a handle written with narrow stores (a one-byte tag or length)
//! and read back with the wide moves the compiler uses for whole structs
//! cannot be forwarded from the store buffer, a stall of several
//! nanoseconds per view. Ranks above [`INLINE_DIMS`] keep both lists in one
//! heap block.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::mem::ManuallyDrop;

use super::INLINE_DIMS;

/// Sizes and strides of the dims of a layout (always equally many).
pub(crate) struct DimLists {
    /// Number of dims; the inline storage is in use exactly when it is at
    /// most [`INLINE_DIMS`].
    len: usize,
    lists: Lists,
}

union Lists {
    inline: Inline,
    heap: ManuallyDrop<Box<Heap>>,
}

/// Inline lists: the first `len` slots are used, the others hold zeros.
#[derive(Clone, Copy)]
struct Inline {
    sizes: [usize; INLINE_DIMS],
    strides: [isize; INLINE_DIMS],
}

/// Lists of more than [`INLINE_DIMS`] dims.
#[derive(Clone)]
struct Heap {
    sizes: Vec<usize>,
    strides: Vec<isize>,
}

/// Byte offsets, in a [`DimLists`], of the first inline size and the first
/// inline stride (slot `i` is `8 * i` bytes further on).
pub(super) const INLINE_SIZES_AT: usize = std::mem::offset_of!(DimLists, lists)
    + std::mem::offset_of!(Lists, inline)
    + std::mem::offset_of!(Inline, sizes);
pub(super) const INLINE_STRIDES_AT: usize = std::mem::offset_of!(DimLists, lists)
    + std::mem::offset_of!(Lists, inline)
    + std::mem::offset_of!(Inline, strides);

impl DimLists {
    /// Lists holding `sizes` and `strides` (of equal length).
    pub(crate) fn from_slices(sizes: &[usize], strides: &[isize]) -> DimLists {
        debug_assert_eq!(sizes.len(), strides.len());
        let len = sizes.len();
        if len <= INLINE_DIMS {
            let mut inline = Inline {
                sizes: [0; INLINE_DIMS],
                strides: [0; INLINE_DIMS],
            };
            inline.sizes[..len].copy_from_slice(sizes);
            inline.strides[..len].copy_from_slice(strides);
            DimLists {
                len,
                lists: Lists { inline },
            }
        } else {
            DimLists::on_heap(sizes.to_vec(), strides.to_vec())
        }
    }

    /// Replaces the lists by `sizes` (all non-negative) and `strides`,
    /// writing inline lists in place (no value built and moved).
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

    /// [`assign`](Self::assign) of sizes given as `S`, each converted by
    /// `to_size`; inline lists are written in place, word by word.
    #[inline(always)]
    fn assign_with<S: Copy>(
        &mut self,
        sizes: &[S],
        strides: &[isize],
        to_size: impl Fn(S) -> usize,
    ) {
        let len = sizes.len();
        if len <= INLINE_DIMS && self.is_inline() {
            // SAFETY: inline while `len <= INLINE_DIMS`, and stays so.
            let inline = unsafe { &mut self.lists.inline };
            for i in 0..INLINE_DIMS {
                inline.sizes[i] = sizes.get(i).map_or(0, |s| to_size(read_word(s)));
                inline.strides[i] = strides.get(i).map_or(0, read_word);
            }
            self.len = len;
        } else {
            let sizes: Vec<usize> = sizes.iter().map(|&s| to_size(s)).collect();
            *self = DimLists::from_slices(&sizes, strides);
        }
    }

    fn on_heap(sizes: Vec<usize>, strides: Vec<isize>) -> DimLists {
        debug_assert!(sizes.len() > INLINE_DIMS && sizes.len() == strides.len());
        DimLists {
            len: sizes.len(),
            lists: Lists {
                heap: ManuallyDrop::new(Box::new(Heap { sizes, strides })),
            },
        }
    }

    /// Whether both lists live inline (then the value owns no heap memory).
    #[inline]
    pub(crate) fn is_inline(&self) -> bool {
        self.len <= INLINE_DIMS
    }

    /// Number of dims.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn sizes(&self) -> &[usize] {
        if self.is_inline() {
            // SAFETY: `inline` is the active field while `len <= INLINE_DIMS`.
            unsafe { &self.lists.inline.sizes[..self.len] }
        } else {
            // SAFETY: `heap` is the active field while `len > INLINE_DIMS`.
            unsafe { &self.lists.heap.sizes }
        }
    }

    #[inline]
    pub(crate) fn strides(&self) -> &[isize] {
        if self.is_inline() {
            // SAFETY: as in `sizes`.
            unsafe { &self.lists.inline.strides[..self.len] }
        } else {
            // SAFETY: as in `sizes`.
            unsafe { &self.lists.heap.strides }
        }
    }

    /// Whether some dim has size 0. Inline lists count their non-zero
    /// slots (two instructions a slot, no branch): slots past the length
    /// hold zeros, so the count falls short of the length exactly when a
    /// dim has size 0.
    #[inline]
    pub(crate) fn any_zero_size(&self) -> bool {
        if self.is_inline() {
            // SAFETY: as in `sizes`.
            let sizes = unsafe { &self.lists.inline.sizes };
            let nonzero: usize = sizes.iter().map(|&size| (size != 0) as usize).sum();
            nonzero != self.len
        } else {
            self.sizes().contains(&0)
        }
    }

    /// Both lists, to change entries in place (the length stays).
    #[inline]
    pub(crate) fn both_mut(&mut self) -> (&mut [usize], &mut [isize]) {
        let len = self.len;
        if self.is_inline() {
            // SAFETY: as in `sizes`; the two borrows are of distinct fields.
            let inline = unsafe { &mut self.lists.inline };
            (&mut inline.sizes[..len], &mut inline.strides[..len])
        } else {
            // SAFETY: as in `sizes`.
            let heap = unsafe { &mut **self.lists.heap };
            (&mut heap.sizes, &mut heap.strides)
        }
    }

    /// Inserts a dim at position `at` (at most the length).
    #[inline]
    pub(crate) fn insert(&mut self, at: usize, size: usize, stride: isize) {
        let len = self.len;
        debug_assert!(at <= len);
        if len < INLINE_DIMS {
            // SAFETY: inline while `len <= INLINE_DIMS`; still inline after.
            let inline = unsafe { &mut self.lists.inline };
            // word by word: `copy_within` would call `memmove` for a
            // handful of words, and a plain loop is vectorised into 16-byte
            // loads that straddle the stores that copied the handle
            for i in (at..len).rev() {
                inline.sizes[i + 1] = read_word(&inline.sizes[i]);
                inline.strides[i + 1] = read_word(&inline.strides[i]);
            }
            inline.sizes[at] = size;
            inline.strides[at] = stride;
            self.len += 1;
        } else {
            self.insert_spilled(at, size, stride);
        }
    }

    /// [`insert`](Self::insert) into lists that are or become heap lists
    /// (out of line: views of up to `INLINE_DIMS` dims never get here).
    #[cold]
    #[inline(never)]
    fn insert_spilled(&mut self, at: usize, size: usize, stride: isize) {
        let mut sizes = self.sizes().to_vec();
        let mut strides = self.strides().to_vec();
        sizes.insert(at, size);
        strides.insert(at, stride);
        *self = DimLists::on_heap(sizes, strides);
    }

    /// Keeps the first `len` dims (at most the length); inline lists zero
    /// the slots they give up.
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        debug_assert!(len <= self.len);
        if self.is_inline() {
            // SAFETY: inline while `len <= INLINE_DIMS`, and stays so.
            let inline = unsafe { &mut self.lists.inline };
            // slots from `self.len` on already hold zeros
            for i in len..self.len {
                inline.sizes[i] = 0;
                inline.strides[i] = 0;
            }
            self.len = len;
        } else {
            self.truncate_heap(len);
        }
    }

    /// [`truncate`](Self::truncate) of heap lists (out of line, as `insert_spilled`).
    #[cold]
    #[inline(never)]
    fn truncate_heap(&mut self, len: usize) {
        let sizes = self.sizes()[..len].to_vec();
        let strides = self.strides()[..len].to_vec();
        *self = DimLists::from_slices(&sizes, &strides);
    }

    /// Removes the dim at position `at` (below the length).
    #[inline]
    pub(crate) fn remove(&mut self, at: usize) {
        let len = self.len;
        debug_assert!(at < len);
        if self.is_inline() {
            // SAFETY: inline while `len <= INLINE_DIMS`.
            let inline = unsafe { &mut self.lists.inline };
            for i in at..len - 1 {
                // word by word, as in `insert`
                inline.sizes[i] = read_word(&inline.sizes[i + 1]);
                inline.strides[i] = read_word(&inline.strides[i + 1]);
            }
            inline.sizes[len - 1] = 0;
            inline.strides[len - 1] = 0;
            self.len -= 1;
        } else {
            self.remove_from_heap(at);
        }
    }

    /// [`remove`](Self::remove) from heap lists (out of line, as `insert_spilled`).
    #[cold]
    #[inline(never)]
    fn remove_from_heap(&mut self, at: usize) {
        let mut sizes = self.sizes().to_vec();
        let mut strides = self.strides().to_vec();
        sizes.remove(at);
        strides.remove(at);
        *self = DimLists::from_slices(&sizes, &strides);
    }

    /// Appends a dim.
    #[inline]
    pub(crate) fn push(&mut self, size: usize, stride: isize) {
        self.insert(self.len, size, stride);
    }
}

/// One word of a list the caller has just computed, read on its own.
///
/// The lists handed to [`DimLists::assign`] are typically arrays on the
/// stack written a word at a time a moment before. Left alone, the
/// compiler copies them two words per 16-byte load, and a load spanning two
/// 8-byte stores still in flight waits for both to reach the cache (a
/// store-forwarding stall). A volatile read is
/// never widened or merged, so each word is served by the store that wrote it.
#[inline(always)]
pub(super) fn read_word<W: Copy>(word: &W) -> W {
    // SAFETY: a reference is valid for reads, aligned and initialised.
    unsafe { std::ptr::read_volatile(word) }
}

impl Clone for DimLists {
    /// Inline lists are copied as one block of bytes (see the module docs).
    #[inline]
    fn clone(&self) -> DimLists {
        if self.is_inline() {
            // SAFETY: inline lists are plain integers and own nothing, so a
            // bitwise copy is an independent valid value; dropping both
            // copies frees nothing.
            unsafe { std::ptr::read(self) }
        } else {
            // SAFETY: `heap` is the active field while `len > INLINE_DIMS`.
            let heap = unsafe { &self.lists.heap };
            DimLists {
                len: self.len,
                lists: Lists {
                    heap: ManuallyDrop::new((**heap).clone()),
                },
            }
        }
    }
}

impl Drop for DimLists {
    #[inline]
    fn drop(&mut self) {
        if !self.is_inline() {
            self.drop_heap_lists();
        }
    }
}

impl DimLists {
    #[cold]
    #[inline(never)]
    fn drop_heap_lists(&mut self) {
        // SAFETY: only called from `drop` with `len > INLINE_DIMS`, where
        // `heap` is the active field; it is dropped once, here.
        unsafe { ManuallyDrop::drop(&mut self.lists.heap) }
    }
}

impl Default for DimLists {
    fn default() -> DimLists {
        DimLists::from_slices(&[], &[])
    }
}

impl PartialEq for DimLists {
    fn eq(&self, other: &DimLists) -> bool {
        self.sizes() == other.sizes() && self.strides() == other.strides()
    }
}

impl Eq for DimLists {}

impl Hash for DimLists {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.sizes().hash(state);
        self.strides().hash(state);
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
        let lists = |sizes: &[usize]| DimLists::from_slices(sizes, &vec![1; sizes.len()]);
        assert!(!lists(&[]).any_zero_size(), "unused slots hold zeros");
        assert!(!lists(&[2, 3]).any_zero_size());
        assert!(lists(&[2, 0]).any_zero_size());
        assert!(lists(&[1, 1, 1, 1, 1, 0]).any_zero_size());
        assert!(!lists(&[1; 9]).any_zero_size());
        assert!(lists(&[1, 1, 1, 1, 1, 1, 1, 0]).any_zero_size());
    }

    #[test]
    fn truncation_keeps_the_first_dims_inline_or_on_the_heap() {
        let mut inline = DimLists::from_slices(&[1, 2, 3, 4], &[4, 3, 2, 1]);
        inline.truncate(2);
        assert_eq!(
            (inline.sizes(), inline.strides()),
            (&[1, 2][..], &[4, 3][..])
        );
        // the slots given up hold zeros again, as every inline list's do
        // SAFETY: the lists are inline (two dims).
        let slots = unsafe { inline.lists.inline };
        assert_eq!(slots.sizes, [1, 2, 0, 0, 0, 0]);
        assert_eq!(slots.strides, [4, 3, 0, 0, 0, 0]);
        let sizes: Vec<usize> = (1..=9).collect();
        let strides: Vec<isize> = (1..=9).rev().collect();
        let mut heap = DimLists::from_slices(&sizes, &strides);
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
        assert_eq!(std::mem::size_of::<DimLists>(), 8 + 16 * INLINE_DIMS);
        let mut d = DimLists::from_slices(&[1, 2, 3, 4, 5, 6], &[6, 5, 4, 3, 2, 1]);
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
            DimLists::from_slices(&[2, 3, 9, 4, 5, 6], &[5, 4, -9, 3, 2, 1])
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
        let (sizes, strides) = d.both_mut();
        sizes.swap(0, 1);
        strides.swap(0, 1);
        assert_eq!((d.sizes(), d.strides()), (&[4, 3][..], &[1, 4][..]));
    }

    #[test]
    fn assigning_in_place_matches_building_anew() {
        let mut d = DimLists::from_slices(&[9, 9, 9, 9, 9], &[1, 1, 1, 1, 1]);
        d.assign(&[2, 3], &[3, 1]);
        assert_eq!(d, DimLists::from_slices(&[2, 3], &[3, 1]));
        d.assign_signed_sizes(&[4, 0, 1], &[0, 5, 5]);
        assert_eq!(d, DimLists::from_slices(&[4, 0, 1], &[0, 5, 5]));
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
        let inline = DimLists::from_slices(&[2, 3], &[3, 1]);
        let mut copy = inline.clone();
        copy.both_mut().0[0] = 7;
        assert_eq!(inline.sizes(), &[2, 3]);
        assert_eq!(copy.sizes(), &[7, 3]);
        let heap = DimLists::from_slices(&[1; 9], &[0; 9]);
        let mut copy = heap.clone();
        copy.both_mut().0[8] = 5;
        copy.remove(0);
        assert_eq!((heap.len(), copy.len()), (9, 8));
        assert_eq!(heap.sizes(), &[1; 9]);
        assert_eq!(copy.sizes()[7], 5);
        drop(heap);
        assert_eq!(copy.strides(), &[0; 8]);
    }
}
