//! Shared, growable byte storage behind every tensor, and why it is
//! race-free and deadlock-free.
//!
//! A [`Storage`] is a `std::sync::Arc` of a `parking_lot::RwLock` of an
//! 8-byte-aligned byte buffer. Views clone the `Arc` (no allocation, one
//! atomic increment) and never touch the lock; the buffer is freed when the
//! last handle is dropped, on whichever thread that happens. Reading
//! elements takes the read lock; writing (`set`, `fill`, `copy_from`,
//! `index_put_`, `resize_`) takes the write lock, so a write through one view
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
//! # No deadlock on one thread
//!
//! Two places run user code while holding a storage's read lock: the
//! closures of `map` and `zip_map` (the kernels read the input as they call
//! them) and the life of an `ndarray_view()` guard (the `ArrayViewD` borrows
//! the bytes). Such a *held read* is recorded in a thread-local list
//! ([`HeldRead`]), and the lock is chosen so that these cases cannot hang:
//!
//! - **reads** of a storage this thread holds a read of take the lock with
//!   `parking_lot`'s `read_recursive`, which succeeds at once while another
//!   read is held, even with a writer waiting. (A fair `read`, like std's
//!   `RwLock`, queues behind the waiting writer, which waits for the first
//!   read: a deadlock.) All other reads use the fair `read`, so writers are
//!   not starved;
//! - **writes** to a storage this thread holds a read of cannot proceed
//!   (the read borrows the bytes being written) and would wait for ever, so
//!   they return [`ViewError::ReadHeldByThisThread`] at once instead
//!   (`set`, `fill`, `copy_from`, `index_put_`, `resize_` all return a
//!   `Result`).
//!
//! Other designs were weighed: copying the input before user code runs
//! would let writes inside `map` succeed, but doubles the memory traffic of
//! every `map` and cannot help `ndarray_view`, whose whole point is not to
//! copy; a reentrant *write* lock would let a write mutate bytes an active
//! shared borrow is reading, which is undefined behaviour.
//!
//! The buffer ([`Bytes`], in `bytes.rs`) is 8-byte aligned so that every element
//! type (alignment at most 8) can be read in place; its byte length is kept
//! exactly, because PyTorch's bounds checks (`as_strided`) and dtype views use it.
//! `bytes.rs` is the one file of this module with `unsafe` code (the raw
//! allocation and the slices over it). Freed big buffers written by copies
//! may be kept for the next copy, within a small process-wide budget
//! (`recycled.rs`).

use std::cell::RefCell;
use std::sync::Arc;

use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};

mod bytes;
mod recycled;

pub(crate) use bytes::Bytes;

pub use recycled::{recycled_bytes, release_recycled_buffer, set_recycle_budget};

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

    /// A storage of `bytes` (for the copy entry points, `crate::copy`,
    /// which fill a fresh buffer with `Bytes::filled_by`).
    pub(crate) fn from_bytes(bytes: Bytes) -> Storage {
        Storage {
            inner: Arc::new(RwLock::new(bytes)),
        }
    }

    /// Shared access to the bytes, for code that runs no user code while
    /// it holds them. Recursive when this thread holds a read already (see
    /// the module docs), fair otherwise.
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, Bytes> {
        if held_here(self.lock_order_key()) {
            self.inner.read_recursive()
        } else {
            self.inner.read()
        }
    }

    /// Shared access to the bytes for as long as user code may run: the
    /// read is recorded as held by this thread until the guard drops, so
    /// that reads of the same storage meanwhile are recursive and writes
    /// fail instead of waiting for ever (module docs).
    pub(crate) fn read_held(&self) -> HeldRead<'_> {
        let guard = self.read();
        let key = self.lock_order_key();
        // An exiting thread has no list left: it runs no more user code.
        let _ = HELD.try_with(|held| held.borrow_mut().push(key));
        HeldRead { guard, key }
    }

    /// Exclusive access to the bytes, for a write through a tensor: an
    /// error, at once, when this thread holds a read of this storage (the
    /// write would wait for ever).
    pub(crate) fn try_write(&self) -> Result<RwLockWriteGuard<'_, Bytes>, ViewError> {
        if held_here(self.lock_order_key()) {
            return Err(ViewError::ReadHeldByThisThread);
        }
        Ok(self.inner.write())
    }

    /// Whether this thread holds a read of this storage while user code
    /// runs (then a write to it fails, see [`Storage::try_write`]).
    pub(crate) fn is_held_here(&self) -> bool {
        held_here(self.lock_order_key())
    }

    /// Exclusive access to the bytes of a storage no user code can be
    /// reading yet: one just made, not yet in a tensor handed out.
    pub(crate) fn write(&self) -> RwLockWriteGuard<'_, Bytes> {
        debug_assert!(!held_here(self.lock_order_key()));
        self.inner.write()
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

thread_local! {
    /// Storages (by [`Storage::lock_order_key`]) this thread holds a read
    /// of while user code runs, once per [`HeldRead`] alive.
    static HELD: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Whether this thread holds a read of the storage with key `key`.
fn held_here(key: usize) -> bool {
    HELD.try_with(|held| held.borrow().contains(&key))
        .unwrap_or(false)
}

/// A read of a storage under which user code may run (see
/// [`Storage::read_held`]). Not `Send` (its lock guard is not), so it is
/// dropped on the thread whose list records it.
pub(crate) struct HeldRead<'a> {
    guard: RwLockReadGuard<'a, Bytes>,
    key: usize,
}

impl std::ops::Deref for HeldRead<'_> {
    type Target = Bytes;

    fn deref(&self) -> &Bytes {
        &self.guard
    }
}

impl Drop for HeldRead<'_> {
    fn drop(&mut self) {
        let _ = HELD.try_with(|held| {
            let mut held = held.borrow_mut();
            if let Some(at) = held.iter().rposition(|&k| k == self.key) {
                held.swap_remove(at);
            }
        });
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
