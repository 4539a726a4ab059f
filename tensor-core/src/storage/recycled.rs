//! One recycled big buffer per thread, for copies that overwrite every byte.
//!
//! A fresh buffer of many MiB comes from the kernel as new pages, which the
//! kernel zeroes on first touch: for a 64 MiB `contiguous()` that costs more
//! than the copy itself (the copy runs at `memcpy` speed into an existing
//! buffer, at 0.4 of it into a fresh one). Code that copies in a loop frees
//! a buffer of the same size each iteration, so the last big result buffer
//! a thread frees is kept here and handed to the next copy that fits it, as
//! PyTorch's caching allocators do for device memory. Result buffers are
//! the cache-line-aligned ones `Bytes::filled_by` makes; buffers adopted
//! from a `Vec` or zero-filled ones are freed as usual.
//!
//! What is kept is bounded: one buffer per thread, between
//! [`MIN_RECYCLED_BYTES`] and [`MAX_RECYCLED_BYTES`]; it is freed when a
//! newer one replaces it, when the thread exits, or on
//! [`release_recycled_buffer`]. Only copies that write every byte take a
//! recycled buffer (its old contents are never read); zero-filled tensors
//! always get fresh zeroed pages, which cost nothing until touched.

use std::alloc::{self, Layout};
use std::cell::Cell;
use std::ptr::NonNull;

/// Buffers smaller than this are left to the allocator, whose heap already
/// reuses them without new pages.
pub(crate) const MIN_RECYCLED_BYTES: usize = 4 << 20;

/// Buffers larger than this are freed at once: a thread never keeps more.
pub(crate) const MAX_RECYCLED_BYTES: usize = 1 << 30;

/// A buffer taken from or kept in the slot; freed when dropped.
pub(crate) struct Allocation {
    pub(crate) ptr: NonNull<u8>,
    pub(crate) layout: Layout,
}

impl Allocation {
    /// Hands the buffer back to the caller without freeing it.
    pub(crate) fn into_parts(self) -> (NonNull<u8>, Layout) {
        let parts = (self.ptr, self.layout);
        std::mem::forget(self);
        parts
    }
}

impl Drop for Allocation {
    fn drop(&mut self) {
        // SAFETY: an `Allocation` owns a buffer allocated with `layout` (see
        // `keep`'s contract) and is dropped once.
        unsafe { alloc::dealloc(self.ptr.as_ptr(), self.layout) };
    }
}

thread_local! {
    static SLOT: Cell<Option<Allocation>> = const { Cell::new(None) };
}

/// Frees `ptr` (allocated with `layout`), or keeps it for this thread's next
/// big copy when its size is in the recycled range and its alignment is `align`.
///
/// # Safety
/// `ptr` was allocated by the global allocator with `layout`, and the caller
/// gives it up (never uses or frees it again).
pub(crate) unsafe fn keep_or_free(ptr: NonNull<u8>, layout: Layout, align: usize) {
    let buffer = Allocation { ptr, layout };
    let size = layout.size();
    if layout.align() != align || !(MIN_RECYCLED_BYTES..=MAX_RECYCLED_BYTES).contains(&size) {
        return; // dropped: freed
    }
    // Exiting threads (slot already destroyed) free it instead.
    let _ = SLOT.try_with(|slot| slot.set(Some(buffer)));
}

/// This thread's recycled buffer, when it holds at least `nbytes` with at
/// most a quarter to spare and has alignment `align`.
pub(crate) fn take(nbytes: usize, align: usize) -> Option<Allocation> {
    if nbytes < MIN_RECYCLED_BYTES {
        return None;
    }
    SLOT.try_with(|slot| {
        let buffer = slot.take()?;
        let size = buffer.layout.size();
        if buffer.layout.align() == align && size >= nbytes && size - nbytes <= nbytes / 4 {
            Some(buffer)
        } else {
            slot.set(Some(buffer));
            None
        }
    })
    .ok()
    .flatten()
}

/// Frees the big buffer this thread keeps for reuse, if any.
///
/// After a tensor of at least 4 MiB is dropped, its buffer is kept (one per
/// thread, at most 1 GiB) so that the next `contiguous()`, reshaping copy,
/// `map` or `zip_map` of a similar size writes into it instead of into
/// fresh pages. Call this
/// when a thread is done with big copies and its memory should go back to
/// the system now rather than when the thread exits.
///
/// ```
/// use tensor_core::{release_recycled_buffer, Tensor};
/// let x = Tensor::<f32>::zeros(&[1024, 2048]).unwrap(); // 8 MiB
/// drop(x.transpose(0, 1).unwrap().contiguous().unwrap()); // its buffer is kept
/// release_recycled_buffer(); // and freed here
/// ```
pub fn release_recycled_buffer() {
    let _ = SLOT.try_with(|slot| drop(slot.take()));
}

/// Whether this thread currently keeps a buffer (for tests).
#[cfg(test)]
pub(crate) fn holds_buffer() -> bool {
    SLOT.with(|slot| {
        let buffer = slot.take();
        let held = buffer.is_some();
        slot.set(buffer);
        held
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Bytes;
    use crate::Tensor;

    /// A 2-D f32 tensor of `bytes` bytes (a multiple of 4096), counting up.
    fn counting(bytes: usize) -> Tensor<f32> {
        let n = bytes / 4;
        Tensor::<f32>::arange(n)
            .view(&[1024, (n / 1024) as isize])
            .unwrap()
    }

    /// `contiguous()` of the transpose of [`counting`]: a fresh copy of
    /// `bytes` bytes made by the kernels.
    fn transposed_copy(bytes: usize) -> Tensor<f32> {
        counting(bytes)
            .transpose(0, 1)
            .unwrap()
            .contiguous()
            .unwrap()
    }

    #[test]
    fn a_freed_big_copy_is_reused_by_the_next_one_that_fits() {
        let x = counting(8 << 20);
        let t = x.transpose(0, 1).unwrap();
        let first = t.contiguous().unwrap();
        let address = first.storage_ptr();
        assert!(!holds_buffer());
        drop(first);
        assert!(holds_buffer());
        let second = t.contiguous().unwrap();
        assert_eq!(second.storage_ptr(), address);
        assert!(!holds_buffer());
        // every element written anew (a stale buffer would show old values)
        x.fill(-1.0);
        let third = t.contiguous().unwrap();
        assert!(third.to_vec().iter().all(|&v| v == -1.0));
        assert_eq!(second.get(&[1, 0]).unwrap(), 1.0);
    }

    #[test]
    fn zero_filled_tensors_never_take_the_recycled_buffer() {
        let x = counting(8 << 20);
        drop(x.transpose(0, 1).unwrap().contiguous().unwrap());
        assert!(holds_buffer());
        let zeros = Tensor::<f32>::zeros(&[1024, 2048]).unwrap();
        assert!(holds_buffer());
        assert!(zeros.to_vec().iter().all(|&v| v == 0.0));
    }

    #[test]
    fn small_huge_and_much_bigger_buffers_are_not_kept_for_a_copy() {
        drop(transposed_copy(1 << 20));
        assert!(!holds_buffer());
        // kept, but too big for a copy of a quarter of its size
        drop(transposed_copy(16 << 20));
        assert!(holds_buffer());
        assert!(take(4 << 20, 64).is_none());
        assert!(take(16 << 20, 8).is_none()); // other alignment
        assert!(take((16 << 20) + 1, 64).is_none()); // too small
        let buffer = take(13 << 20, 64).unwrap();
        assert!((buffer.ptr.as_ptr() as usize).is_multiple_of(64));
        drop(buffer);
        assert!(!holds_buffer());
        release_recycled_buffer();
    }

    #[test]
    fn release_frees_the_kept_buffer() {
        drop(transposed_copy(8 << 20));
        assert!(holds_buffer());
        release_recycled_buffer();
        assert!(!holds_buffer());
    }

    #[test]
    fn a_fill_that_panics_frees_its_buffer_and_leaves_the_slot_usable() {
        drop(transposed_copy(8 << 20));
        let caught = std::panic::catch_unwind(|| {
            // SAFETY: the fill panics before anything reads the buffer.
            let _ = unsafe { Bytes::filled_by(8 << 20, |_| panic!("fill failed")) };
        });
        assert!(caught.is_err());
        // the panicking copy's buffer was dropped, so it is kept again
        assert!(holds_buffer());
        let again = transposed_copy(8 << 20);
        // x[1, 3], one row of 2048 in
        assert_eq!(again.get(&[3, 1]).unwrap(), (2048 + 3) as f32);
    }

    #[test]
    fn map_and_zip_map_results_reuse_the_buffer_too() {
        let x = counting(8 << 20);
        let first = x.map(|v| v + 1.0);
        let address = first.storage_ptr();
        drop(first);
        let second = x.zip_map(&x, |a, b| a - b).unwrap();
        assert_eq!(second.storage_ptr(), address);
        assert!(second.to_vec().iter().all(|&v| v == 0.0));
    }

    #[test]
    fn a_map_whose_closure_panics_frees_its_result_unread() {
        let x = counting(8 << 20);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            x.map(|v| if v > 100.0 { panic!("too big") } else { v })
        }));
        assert!(result.is_err());
        assert!(holds_buffer());
        assert_eq!(x.get(&[0, 5]).unwrap(), 5.0);
    }

    #[test]
    fn each_thread_keeps_what_it_frees_and_frees_it_on_exit() {
        std::thread::spawn(|| {
            drop(transposed_copy(8 << 20));
            assert!(holds_buffer());
            // freed when this thread exits (the valgrind run checks for leaks)
        })
        .join()
        .unwrap();
        assert!(!holds_buffer());
    }
}
