//! Shared, growable byte storage behind every tensor, and why it is race-free.
//!
//! A [`Storage`] is a `std::sync::Arc` of a `RwLock` of an 8-byte-aligned
//! byte buffer. Views clone the `Arc` (no allocation, one atomic increment)
//! and never touch the lock; the buffer is freed when the last handle is
//! dropped, on whichever thread that happens. Reading elements takes the read lock; writing (`set`, `fill`,
//! `copy_from`, `resize_`) takes the write lock, so a write through one view
//! can never race a read through another, in safe code, on any thread.
//!
//! Why a lock per storage rather than the alternatives:
//! - atomics per element would make every bulk copy a loop of atomic loads the
//!   compiler cannot vectorise, far from memory speed;
//! - a borrow-checked write path (`&mut self`) cannot work, because PyTorch's
//!   semantics need writes through one handle to show in other handles (views)
//!   of the same storage;
//! - an uncontended `RwLock` costs two atomic operations per *operation* (not per
//!   element), which bulk work amortises; single-element `get`/`set` pay about
//!   that, which is the price of soundness.
//!
//! The buffer ([`Bytes`], in `bytes.rs`) is 8-byte aligned so that every element
//! type (alignment at most 8) can be read in place; its byte length is kept
//! exactly, because PyTorch's bounds checks (`as_strided`) and dtype views use it.

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

mod bytes;
mod recycled;

pub(crate) use bytes::Bytes;
pub use recycled::release_recycled_buffer;

use crate::ViewError;

/// A reference-counted, lock-protected byte buffer shared by a tensor and all its views.
#[derive(Clone, Debug)]
pub(crate) struct Storage {
    inner: Arc<RwLock<Bytes>>,
}

impl Storage {
    /// A zeroed storage of `nbytes` bytes.
    pub(crate) fn zeroed(nbytes: usize) -> Result<Storage, ViewError> {
        Ok(Storage::from_bytes(Bytes::zeroed(nbytes)?))
    }

    /// A storage holding exactly `elements`.
    pub(crate) fn from_elements<R: bytemuck::Pod>(elements: &[R]) -> Result<Storage, ViewError> {
        let nbytes = std::mem::size_of_val(elements);
        let mut bytes = Bytes::zeroed(nbytes)?;
        bytes.as_elements_mut::<R>().copy_from_slice(elements);
        Ok(Storage::from_bytes(bytes))
    }

    /// A storage that takes over `data`'s buffer (no copy when it is 8-aligned).
    pub(crate) fn from_vec<R: bytemuck::Pod>(data: Vec<R>) -> Result<Storage, ViewError> {
        Ok(Storage::from_bytes(Bytes::adopt(data)?))
    }

    /// A storage of `nbytes` bytes written by `fill` (see `Bytes::filled_by`).
    ///
    /// # Safety
    /// `fill` writes every byte through the pointer it gets and reads none it
    /// has not written.
    pub(crate) unsafe fn filled_by(
        nbytes: usize,
        fill: impl FnOnce(*mut u8),
    ) -> Result<Storage, ViewError> {
        // SAFETY: passed on from the caller.
        let bytes = unsafe { Bytes::filled_by(nbytes, fill) }?;
        Ok(Storage::from_bytes(bytes))
    }

    fn from_bytes(bytes: Bytes) -> Storage {
        Storage {
            inner: Arc::new(RwLock::new(bytes)),
        }
    }

    /// Shared access to the bytes. Poisoning cannot leave bytes invalid (every
    /// bit pattern is a valid element), so a poisoned lock is simply taken.
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, Bytes> {
        self.inner.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Exclusive access to the bytes.
    pub(crate) fn write(&self) -> RwLockWriteGuard<'_, Bytes> {
        self.inner.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Exact size in bytes.
    pub(crate) fn nbytes(&self) -> usize {
        self.read().nbytes()
    }

    /// A number that orders storages for taking two locks at once: code
    /// holding two storage locks takes them in increasing key order, so two
    /// threads copying in opposite directions cannot deadlock.
    pub(crate) fn lock_order_key(&self) -> usize {
        Arc::as_ptr(&self.inner) as usize
    }

    /// Whether two handles share one storage.
    pub(crate) fn same(&self, other: &Storage) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// Address of the first byte, for identity checks and interop.
    pub(crate) fn data_ptr(&self) -> *const u8 {
        self.read().as_ptr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_handle_frees_the_storage_on_its_own_thread() {
        let (to_main, handles) = std::sync::mpsc::channel();
        let (wake_maker, wake) = std::sync::mpsc::channel::<()>();
        let maker = std::thread::spawn(move || {
            let s = Storage::zeroed(64).unwrap();
            to_main.send((s.clone(), s)).unwrap();
            wake.recv().unwrap(); // idle until the checks are done
        });
        let (a, b) = handles.recv().unwrap();
        let probe = Arc::downgrade(&a.inner);
        drop(a);
        assert!(probe.upgrade().is_some());
        drop(b);
        assert!(probe.upgrade().is_none(), "freed while its maker idles");
        wake_maker.send(()).unwrap();
        maker.join().unwrap();
    }

    #[test]
    fn odd_byte_lengths_are_kept_exactly() {
        let s = Storage::zeroed(3).unwrap();
        assert_eq!(s.nbytes(), 3);
        assert_eq!(s.read().as_elements::<u8>().len(), 3);
        assert_eq!(s.read().as_elements::<u16>().len(), 1);
        assert_eq!(s.read().as_elements::<u32>().len(), 0);
    }

    #[test]
    fn sixteen_byte_elements_read_in_place() {
        let s = Storage::from_elements(&[num_complex::Complex::new(1.0f64, -2.0)]).unwrap();
        assert_eq!(
            s.read().as_elements::<num_complex::Complex<f64>>()[0].im,
            -2.0
        );
    }
}
