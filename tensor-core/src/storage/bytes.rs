//! [`Bytes`]: one owned, 8-byte-aligned allocation with an exact byte length.
//!
//! The buffer is either allocated here (zeroed, alignment 8) or adopted from a
//! `Vec` of plain-old-data elements (`Bytes::adopt`), which is how
//! `From<ndarray::Array>` avoids copying. Every element type has alignment at
//! most 8, so an 8-aligned buffer can be read in place as any of them; a `Vec`
//! whose buffer is not 8-aligned is copied instead of adopted.
//!
//! Buffers of several MiB are offered to Linux for 2 MiB pages
//! (`kernels/huge_pages.rs`): fresh pages are untouched until written, so
//! the first writer faults in 2 MiB pages, not 4 KiB ones. Copies that
//! write every byte (`Bytes::filled_by`) reuse a big buffer freed earlier,
//! when one fits, within a small process-wide budget (`recycled.rs`).

use std::alloc::{self, Layout};
use std::ptr::NonNull;

use super::recycled;
use crate::kernels::huge_pages::advise_huge_pages;
use crate::ViewError;

/// Alignment every buffer keeps: the largest alignment of an element type.
const ALIGN: usize = 8;

/// Alignment of big buffers written by the copy kernels: one cache line.
const LINE_ALIGN: usize = 64;

/// Buffers written by `filled_by` from this size up start on a cache line.
/// The transpose kernels store 32-byte tile rows; rows that start 16 bytes
/// into a line split every other store across two lines. Smaller results,
/// copied in well under a microsecond, keep the allocator's alignment
/// (aligning every result from 4 KiB up measured slower; the figures are
/// in BENCHMARKS.md, section 2).
const MIN_LINE_ALIGNED_BYTES: usize = 64 * 1024;

/// One block from the global allocator, owned alone and freed when dropped
/// (unless handed back with [`Allocation::into_parts`]). Big ones are what
/// the recycle pool keeps (`recycled.rs`).
pub(crate) struct Allocation {
    ptr: NonNull<u8>,
    layout: Layout,
}

// SAFETY: an `Allocation` owns its block exclusively (like a `Box<[u8]>`),
// and nothing else points into it while it is one, so it may move to
// another thread.
unsafe impl Send for Allocation {}

impl Allocation {
    /// A fresh block of `layout` (of non-zero size; its bytes are
    /// uninitialised), or `None` when the allocator refuses.
    pub(crate) fn new(layout: Layout) -> Option<Allocation> {
        assert!(layout.size() != 0);
        // SAFETY: `layout` has a non-zero size (asserted above).
        let ptr = NonNull::new(unsafe { alloc::alloc(layout) })?;
        Some(Allocation { ptr, layout })
    }

    /// Takes back a block given up with [`Allocation::into_parts`].
    ///
    /// # Safety
    /// `ptr` was allocated by the global allocator with `layout` (size not
    /// zero), and the caller gives it up (never uses or frees it again).
    unsafe fn from_parts(ptr: NonNull<u8>, layout: Layout) -> Allocation {
        Allocation { ptr, layout }
    }

    /// Hands the block to the caller without freeing it.
    pub(crate) fn into_parts(self) -> (NonNull<u8>, Layout) {
        let parts = (self.ptr, self.layout);
        std::mem::forget(self);
        parts
    }

    /// Size in bytes.
    pub(crate) fn size(&self) -> usize {
        self.layout.size()
    }

    /// Alignment in bytes.
    pub(crate) fn align(&self) -> usize {
        self.layout.align()
    }

    /// Address of the first byte.
    #[cfg(test)]
    pub(crate) fn as_ptr(&self) -> *const u8 {
        self.ptr.as_ptr()
    }
}

impl Drop for Allocation {
    fn drop(&mut self) {
        // SAFETY: `ptr` was allocated with `layout` (`new`, or the contract
        // of `from_parts`) and is freed once, here.
        unsafe { alloc::dealloc(self.ptr.as_ptr(), self.layout) };
    }
}

/// An owned byte buffer: `nbytes` initialised bytes at an 8-aligned address.
pub(crate) struct Bytes {
    /// Start of the buffer; dangling (but 8-aligned) when nothing is allocated.
    ptr: NonNull<u8>,
    /// Logical length in bytes (PyTorch's `nbytes`).
    nbytes: usize,
    /// How the buffer was allocated (size 0: nothing to free).
    allocation: Layout,
}

// SAFETY: `Bytes` owns its buffer exclusively (like a `Vec<u8>`), and shared
// references only hand out shared slices, so moving it to or sharing it with
// another thread is as safe as for `Vec<u8>`.
unsafe impl Send for Bytes {}
// SAFETY: see `Send`; `&Bytes` gives only `&[R]` access.
unsafe impl Sync for Bytes {}

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bytes")
            .field("nbytes", &self.nbytes)
            .finish()
    }
}

fn dangling() -> NonNull<u8> {
    NonNull::<u64>::dangling().cast()
}

impl Bytes {
    /// `nbytes` zero bytes, or an error when the size is impossible or the allocator refuses.
    pub(crate) fn zeroed(nbytes: usize) -> Result<Bytes, ViewError> {
        if nbytes == 0 {
            return Ok(Bytes {
                ptr: dangling(),
                nbytes: 0,
                allocation: Layout::new::<()>(),
            });
        }
        let allocation = Layout::from_size_align(nbytes, ALIGN)
            .map_err(|_| ViewError::OutOfMemory { bytes: nbytes })?;
        // SAFETY: `allocation` has a non-zero size.
        let raw = unsafe { alloc::alloc_zeroed(allocation) };
        let ptr = NonNull::new(raw).ok_or(ViewError::OutOfMemory { bytes: nbytes })?;
        advise_huge_pages(ptr.as_ptr(), nbytes);
        Ok(Bytes {
            ptr,
            nbytes,
            allocation,
        })
    }

    /// `nbytes` bytes written by `fill`, which gets the (8-aligned) start of
    /// the buffer. Big buffers come from the recycled ones (`recycled.rs`)
    /// when one fits, else fresh from the allocator.
    ///
    /// # Safety
    /// `fill` writes every one of the `nbytes` bytes through the pointer (and
    /// reads none it has not written): the buffer may be uninitialised.
    pub(crate) unsafe fn filled_by(
        nbytes: usize,
        fill: impl FnOnce(*mut u8),
    ) -> Result<Bytes, ViewError> {
        if nbytes == 0 {
            return Bytes::zeroed(0);
        }
        // Big buffers start on a cache line: the streaming kernels need it,
        // and the tiled ones run faster (`MIN_LINE_ALIGNED_BYTES`).
        let align = if nbytes >= MIN_LINE_ALIGNED_BYTES {
            LINE_ALIGN
        } else {
            ALIGN
        };
        let (ptr, allocation) = match recycled::take(nbytes, align) {
            Some(buffer) => buffer.into_parts(),
            None => {
                let allocation = Layout::from_size_align(nbytes, align)
                    .map_err(|_| ViewError::OutOfMemory { bytes: nbytes })?;
                let fresh =
                    Allocation::new(allocation).ok_or(ViewError::OutOfMemory { bytes: nbytes })?;
                let (ptr, allocation) = fresh.into_parts();
                advise_huge_pages(ptr.as_ptr(), nbytes);
                (ptr, allocation)
            }
        };
        // Owned before `fill` runs, so that a panic in it frees the buffer
        // (a drop reads nothing).
        let bytes = Bytes {
            ptr,
            nbytes,
            allocation,
        };
        fill(bytes.ptr.as_ptr());
        Ok(bytes)
    }

    /// Takes over the buffer of `data` without copying when it is 8-aligned;
    /// copies it into a fresh buffer otherwise.
    pub(crate) fn adopt<R: bytemuck::Pod>(data: Vec<R>) -> Result<Bytes, ViewError> {
        let nbytes = std::mem::size_of_val(data.as_slice());
        let aligned = (data.as_ptr() as usize).is_multiple_of(ALIGN);
        if nbytes == 0 || !aligned || std::mem::size_of::<R>() == 0 {
            let mut fresh = Bytes::zeroed(nbytes)?;
            fresh
                .as_bytes_mut()
                .copy_from_slice(bytemuck::cast_slice(data.as_slice()));
            return Ok(fresh);
        }
        let mut data = std::mem::ManuallyDrop::new(data);
        let allocation =
            Layout::array::<R>(data.capacity()).expect("an existing Vec's layout is valid");
        let ptr =
            NonNull::new(data.as_mut_ptr().cast::<u8>()).expect("a Vec's pointer is non-null");
        Ok(Bytes {
            ptr,
            nbytes,
            allocation,
        })
    }

    /// Exact length in bytes.
    pub(crate) fn nbytes(&self) -> usize {
        self.nbytes
    }

    /// Address of the first byte.
    pub(crate) fn as_ptr(&self) -> *const u8 {
        self.ptr.as_ptr()
    }

    fn as_bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: `ptr` is valid for reads and writes of `nbytes` initialised
        // bytes (allocated zeroed, adopted from a Vec, or dangling with length 0),
        // and `&mut self` makes this the only access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.nbytes) }
    }

    /// The storage as elements of `R`, as many as fit in `nbytes`.
    pub(crate) fn as_elements<R: bytemuck::Pod>(&self) -> &[R] {
        assert!(std::mem::align_of::<R>() <= ALIGN && std::mem::size_of::<R>() > 0);
        let len = self.nbytes / std::mem::size_of::<R>();
        // SAFETY: the buffer is 8-aligned, which satisfies `R`'s alignment
        // (asserted above); it holds `nbytes >= len * size_of::<R>()`
        // initialised bytes; `R: Pod` accepts any bit pattern; the slice
        // borrows `self`, so the buffer outlives it and is not written meanwhile.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr().cast::<R>(), len) }
    }

    /// Mutable form of [`Bytes::as_elements`].
    pub(crate) fn as_elements_mut<R: bytemuck::Pod>(&mut self) -> &mut [R] {
        assert!(std::mem::align_of::<R>() <= ALIGN && std::mem::size_of::<R>() > 0);
        let len = self.nbytes / std::mem::size_of::<R>();
        // SAFETY: as in `as_elements`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr().cast::<R>(), len) }
    }

    /// Grows to at least `nbytes` (never shrinks); the new bytes are zero.
    pub(crate) fn grow_to(&mut self, nbytes: usize) -> Result<(), ViewError> {
        if nbytes <= self.nbytes {
            return Ok(());
        }
        let mut bigger = Bytes::zeroed(nbytes)?;
        bigger.as_bytes_mut()[..self.nbytes].copy_from_slice(self.as_bytes_mut());
        *self = bigger;
        Ok(())
    }
}

impl Drop for Bytes {
    fn drop(&mut self) {
        if self.allocation.size() != 0 {
            // SAFETY: `ptr` was allocated (here or by the adopted Vec) with
            // exactly `allocation`, and is given up once, here.
            let buffer = unsafe { Allocation::from_parts(self.ptr, self.allocation) };
            recycled::keep_or_free(buffer, LINE_ALIGN);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_buffers_start_on_a_line_from_the_threshold_up() {
        // several of each size, so that an allocator that happened to hand
        // out one aligned block cannot pass alone
        let mut kept = Vec::new();
        for nbytes in [MIN_LINE_ALIGNED_BYTES, MIN_LINE_ALIGNED_BYTES + 8, 300_000] {
            for _ in 0..4 {
                // SAFETY: the fill writes every byte.
                let b =
                    unsafe { Bytes::filled_by(nbytes, |p| std::ptr::write_bytes(p, 7, nbytes)) }
                        .unwrap();
                assert_eq!(b.as_ptr() as usize % LINE_ALIGN, 0, "{nbytes} bytes");
                assert_eq!(b.nbytes(), nbytes);
                kept.push(b);
            }
        }
        // SAFETY: as above.
        let small = unsafe { Bytes::filled_by(24, |p| std::ptr::write_bytes(p, 1, 24)) }.unwrap();
        assert_eq!(small.as_ptr() as usize % ALIGN, 0);
        assert_eq!(small.as_elements::<u8>(), &[1; 24]);
    }

    #[test]
    fn a_fill_that_panics_frees_its_buffer_unread() {
        for nbytes in [64, 8 << 20] {
            let caught = std::panic::catch_unwind(|| {
                // SAFETY: the fill panics before anything reads the buffer.
                let _ = unsafe { Bytes::filled_by(nbytes, |_| panic!("fill failed")) };
            });
            assert!(caught.is_err());
        }
        // the recycle pool is still usable (its lock not held)
        let _ = recycled::recycled_bytes();
    }

    #[test]
    fn zero_length_buffers_read_as_empty_slices() {
        let b = Bytes::zeroed(0).unwrap();
        assert!(b.as_elements::<u64>().is_empty());
        assert_eq!(b.as_ptr() as usize % ALIGN, 0);
    }

    #[test]
    fn adoption_keeps_the_buffer_and_its_contents() {
        let v: Vec<f32> = (0..1000).map(|i| i as f32).collect();
        let addr = v.as_ptr() as usize;
        let b = Bytes::adopt(v).unwrap();
        assert_eq!(b.as_elements::<f32>()[999], 999.0);
        if addr.is_multiple_of(ALIGN) {
            assert_eq!(b.as_ptr() as usize, addr);
        }
        assert_eq!(b.nbytes(), 4000);
    }

    #[test]
    fn adoption_of_spare_capacity_frees_the_whole_allocation() {
        // Dropping must use the Vec's capacity, not its length (valgrind / miri
        // would flag a mismatched deallocation).
        let mut v: Vec<u16> = Vec::with_capacity(100);
        v.extend_from_slice(&[1, 2, 3]);
        let b = Bytes::adopt(v).unwrap();
        assert_eq!(b.as_elements::<u16>(), &[1, 2, 3]);
        drop(b);
    }

    #[test]
    fn misaligned_sources_are_copied_into_an_aligned_buffer() {
        let v: Vec<u8> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9];
        let b = Bytes::adopt(v[1..].to_vec()).unwrap();
        assert_eq!(b.as_ptr() as usize % ALIGN, 0);
        assert_eq!(b.as_elements::<u8>(), &[2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(b.as_elements::<u64>().len(), 1);
    }

    #[test]
    fn growing_keeps_data_and_zeroes_the_rest() {
        let mut b = Bytes::adopt(vec![1u8, 2, 3]).unwrap();
        b.grow_to(11).unwrap();
        assert_eq!(b.as_elements::<u8>(), &[1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0]);
        b.grow_to(2).unwrap();
        assert_eq!(b.nbytes(), 11);
    }

    #[test]
    fn impossible_sizes_are_errors() {
        assert!(matches!(
            Bytes::zeroed(usize::MAX),
            Err(ViewError::OutOfMemory { .. })
        ));
        assert!(matches!(
            Bytes::zeroed(isize::MAX as usize),
            Err(ViewError::OutOfMemory { .. })
        ));
    }
}
