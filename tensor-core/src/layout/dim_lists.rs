//! [`DimLists`]: a layout's sizes and strides, stored together with one length.
//!
//! Up to [`INLINE_DIMS`] dims both lists live inline, so creating a view of
//! such a layout allocates nothing and a layout is 112 bytes. Ranks above
//! [`INLINE_DIMS`] keep both lists in one heap block. The representation is
//! canonical (inline exactly when the rank is at most [`INLINE_DIMS`]) and
//! the whole type is safe code: an enum, not a union.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::INLINE_DIMS;

/// Sizes and strides of the dims of a layout (always equally many).
#[derive(Clone)]
pub(crate) enum DimLists {
    /// At most [`INLINE_DIMS`] dims: the first `len` slots are used.
    Inline {
        len: u8,
        sizes: [usize; INLINE_DIMS],
        strides: [isize; INLINE_DIMS],
    },
    /// More than [`INLINE_DIMS`] dims.
    Heap(Box<Heap>),
}

/// Lists of more than [`INLINE_DIMS`] dims.
#[derive(Clone)]
pub(crate) struct Heap {
    sizes: Vec<usize>,
    strides: Vec<isize>,
}

impl DimLists {
    /// Lists holding `sizes` and `strides` (of equal length).
    pub(crate) fn from_slices(sizes: &[usize], strides: &[isize]) -> DimLists {
        debug_assert_eq!(sizes.len(), strides.len());
        let len = sizes.len();
        if len <= INLINE_DIMS {
            let mut inline_sizes = [0; INLINE_DIMS];
            let mut inline_strides = [0; INLINE_DIMS];
            inline_sizes[..len].copy_from_slice(sizes);
            inline_strides[..len].copy_from_slice(strides);
            DimLists::Inline {
                len: len as u8,
                sizes: inline_sizes,
                strides: inline_strides,
            }
        } else {
            DimLists::on_heap(sizes.to_vec(), strides.to_vec())
        }
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
        let new_len = sizes.len();
        match self {
            DimLists::Inline {
                len,
                sizes: own_sizes,
                strides: own_strides,
            } if new_len <= INLINE_DIMS => {
                for i in 0..INLINE_DIMS {
                    own_sizes[i] = sizes.get(i).map_or(0, |&s| to_size(s));
                    own_strides[i] = strides.get(i).copied().unwrap_or(0);
                }
                *len = new_len as u8;
            }
            _ => {
                let sizes: Vec<usize> = sizes.iter().map(|&s| to_size(s)).collect();
                *self = DimLists::from_slices(&sizes, strides);
            }
        }
    }

    fn on_heap(sizes: Vec<usize>, strides: Vec<isize>) -> DimLists {
        debug_assert!(sizes.len() > INLINE_DIMS && sizes.len() == strides.len());
        DimLists::Heap(Box::new(Heap { sizes, strides }))
    }

    /// Whether both lists live inline (then the value owns no heap memory).
    #[cfg(test)]
    fn is_inline(&self) -> bool {
        matches!(self, DimLists::Inline { .. })
    }

    /// Number of dims.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match self {
            DimLists::Inline { len, .. } => *len as usize,
            DimLists::Heap(heap) => heap.sizes.len(),
        }
    }

    #[inline]
    pub(crate) fn sizes(&self) -> &[usize] {
        match self {
            DimLists::Inline { len, sizes, .. } => &sizes[..*len as usize],
            DimLists::Heap(heap) => &heap.sizes,
        }
    }

    #[inline]
    pub(crate) fn strides(&self) -> &[isize] {
        match self {
            DimLists::Inline { len, strides, .. } => &strides[..*len as usize],
            DimLists::Heap(heap) => &heap.strides,
        }
    }

    /// Whether some dim has size 0.
    #[inline]
    pub(crate) fn any_zero_size(&self) -> bool {
        self.sizes().contains(&0)
    }

    /// Both lists, to change entries in place (the length stays).
    #[inline]
    pub(crate) fn both_mut(&mut self) -> (&mut [usize], &mut [isize]) {
        match self {
            DimLists::Inline {
                len,
                sizes,
                strides,
            } => {
                let len = *len as usize;
                (&mut sizes[..len], &mut strides[..len])
            }
            DimLists::Heap(heap) => (&mut heap.sizes, &mut heap.strides),
        }
    }

    /// Inserts a dim at position `at` (at most the length).
    #[inline]
    pub(crate) fn insert(&mut self, at: usize, size: usize, stride: isize) {
        match self {
            DimLists::Inline {
                len,
                sizes,
                strides,
            } if (*len as usize) < INLINE_DIMS => {
                let n = *len as usize;
                debug_assert!(at <= n);
                sizes.copy_within(at..n, at + 1);
                strides.copy_within(at..n, at + 1);
                sizes[at] = size;
                strides[at] = stride;
                *len += 1;
            }
            _ => self.insert_spilled(at, size, stride),
        }
    }

    /// [`insert`](Self::insert) into lists that are or become heap lists.
    #[cold]
    fn insert_spilled(&mut self, at: usize, size: usize, stride: isize) {
        let mut sizes = self.sizes().to_vec();
        let mut strides = self.strides().to_vec();
        sizes.insert(at, size);
        strides.insert(at, stride);
        *self = DimLists::on_heap(sizes, strides);
    }

    /// Keeps the first `len` dims (at most the length).
    #[inline]
    pub(crate) fn truncate(&mut self, new_len: usize) {
        debug_assert!(new_len <= self.len());
        match self {
            DimLists::Inline {
                len,
                sizes,
                strides,
            } => {
                sizes[new_len..].fill(0);
                strides[new_len..].fill(0);
                *len = new_len as u8;
            }
            DimLists::Heap(_) => self.rebuild(|sizes, strides| {
                sizes.truncate(new_len);
                strides.truncate(new_len);
            }),
        }
    }

    /// Removes the dim at position `at` (below the length).
    #[inline]
    pub(crate) fn remove(&mut self, at: usize) {
        debug_assert!(at < self.len());
        match self {
            DimLists::Inline {
                len,
                sizes,
                strides,
            } => {
                let n = *len as usize;
                sizes.copy_within(at + 1..n, at);
                strides.copy_within(at + 1..n, at);
                sizes[n - 1] = 0;
                strides[n - 1] = 0;
                *len -= 1;
            }
            DimLists::Heap(_) => self.rebuild(|sizes, strides| {
                sizes.remove(at);
                strides.remove(at);
            }),
        }
    }

    /// Heap lists changed by `change`, stored inline again when they fit.
    #[cold]
    fn rebuild(&mut self, change: impl FnOnce(&mut Vec<usize>, &mut Vec<isize>)) {
        let mut sizes = self.sizes().to_vec();
        let mut strides = self.strides().to_vec();
        change(&mut sizes, &mut strides);
        *self = DimLists::from_slices(&sizes, &strides);
    }

    /// Appends a dim.
    #[inline]
    pub(crate) fn push(&mut self, size: usize, stride: isize) {
        self.insert(self.len(), size, stride);
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
        // equal to lists built with two dims (unused slots compare as nothing)
        assert_eq!(inline, DimLists::from_slices(&[1, 2], &[4, 3]));
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
        assert_eq!(
            std::mem::size_of::<Option<DimLists>>(),
            8 + 16 * INLINE_DIMS
        );
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
