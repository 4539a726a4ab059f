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
//! # What threads may do
//!
//! Any number of threads may call any method on tensors that share
//! storages (clones, views), in any mix, and every call finishes: no
//! sequence of safe calls deadlocks, with one exception a user holds in
//! their own hands, the `ndarray_view()` guard (below). Each call is
//! atomic with respect to each storage it touches: it reads or writes all
//! of a storage's elements it needs under one lock, so it sees another
//! thread's write to that storage whole or not at all. Three rules make
//! this so:
//!
//! 1. **One global lock order.** A call that holds more than one storage
//!    lock at once (`matmul`, `copy_from` and so `cat`/`stack`, the binary
//!    ops, `where_`, `masked_fill`, ...) takes them through
//!    [`read_in_order`] or [`write_and_read`], in increasing
//!    [`Storage::lock_order_key`], each storage once. A thread waiting for
//!    a lock then holds only locks of smaller keys, so no cycle of waits
//!    can form. Only the first lock of a call is a fair read (it may queue
//!    behind a waiting writer, which holds nothing); locks taken while
//!    holding others are recursive, waiting only for a writer that holds
//!    the lock, and such a writer waits, if at all, for larger keys.
//!    Calls that take one lock at a time (`index_put_` reads its indices
//!    and values, releases them, then writes) hold at most one. A storage
//!    just made, not yet in a tensor handed out, may be written while
//!    another lock is held (a loaded weight, a sparse tensor's dense
//!    form): no other thread can hold or wait for its lock.
//! 2. **No lock while user code runs.** `map` and `zip_map` copy their
//!    inputs out under the read locks (a *snapshot*,
//!    laid out as the input, so the kernel that then calls the closure
//!    still runs over dense memory), release them, and only then call the
//!    closure. A closure may therefore read or write any tensor, the
//!    mapped ones included: the result is computed from the values the
//!    inputs had when the call began. Element-wise ops of the library
//!    itself (`add`, `exp`, ...) run no user code (`Element` is sealed) and
//!    read in place under the lock, at memory speed.
//! 3. **A guard is the user's lock.** An `ndarray_view()` guard holds its
//!    storage's read lock for as long as it lives, as a
//!    `std::sync::RwLockReadGuard` would. On its own thread, reads of that
//!    storage succeed (they take `parking_lot`'s `read_recursive`, which
//!    does not queue behind a waiting writer, as a fair read would: that
//!    wait would never end), and writes to it return
//!    [`ViewError::ReadHeldByThisThread`] at once instead of waiting for
//!    ever; every read on a thread holding a guard is recursive. Other
//!    threads' writes to that storage wait until the guard drops. So, as with any lock guard: do not keep a guard alive while
//!    this thread waits for another thread (joining it, receiving from it)
//!    that writes to the guarded storage, and do not write from two
//!    threads each holding a guard of the other's target. Every other
//!    call made while a guard lives is fine.
//!
//! A snapshot doubles the memory traffic of a `map` (copy, then map the
//! copy; BENCHMARKS.md, section 6), which is the price of letting closures
//! do anything; the other choices (holding the read while the closure
//! runs, failing the writes it makes) hang two threads whose closures write
//! each other's inputs (issue 31). `ndarray_view` cannot copy (its point
//! is not to), so it keeps the lock and the rule above.
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
    /// it holds them and takes no other storage lock meanwhile (else:
    /// [`read_in_order`], [`write_and_read`]). Fair (it queues behind a
    /// waiting writer, so writers are not starved), except on a thread
    /// that holds an `ndarray_view()` guard: there it is recursive, as a
    /// fair read of the guarded storage would wait for ever (module docs).
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, Bytes> {
        if holds_a_guard() {
            self.inner.read_recursive()
        } else {
            self.inner.read()
        }
    }

    #[cfg(feature = "ndarray")]
    /// Shared access to the bytes for as long as user code may run (an
    /// `ndarray_view()` guard): the read is recorded as held by this thread
    /// until the guard drops, so that reads on this thread meanwhile are
    /// recursive and writes to this storage fail instead of waiting for
    /// ever (module docs, rule 3).
    pub(crate) fn read_held(&self) -> HeldRead<'_> {
        let guard = self.read();
        let key = self.lock_order_key();
        // An exiting thread has no list left: it runs no more user code.
        let _ = HELD.try_with(|held| held.borrow_mut().push(key));
        HeldRead { guard, key }
    }

    /// Exclusive access to the bytes, for a write through a tensor: an
    /// error, at once, when this thread holds a guard of this storage (the
    /// write would wait for ever).
    pub(crate) fn try_write(&self) -> Result<RwLockWriteGuard<'_, Bytes>, ViewError> {
        if held_here(self.lock_order_key()) {
            return Err(ViewError::ReadHeldByThisThread);
        }
        Ok(self.inner.write())
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

    /// The number that orders storages for taking several locks at once:
    /// code holding more than one storage lock takes them in increasing key
    /// order ([`read_in_order`], [`write_and_read`]), so no cycle of waits
    /// can form (module docs, rule 1). Distinct live storages have distinct
    /// keys.
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

/// Read guards of up to `N` storages held together, taken by
/// [`read_in_order`]; [`Reads::bytes`] gives the bytes of each storage
/// passed, by its position.
pub(crate) struct Reads<'a, const N: usize> {
    /// One guard per distinct storage, in the order taken.
    guards: [Option<RwLockReadGuard<'a, Bytes>>; N],
    /// For each storage passed, the index of its guard in `guards`.
    slot: [usize; N],
}

impl<const N: usize> Reads<'_, N> {
    /// The bytes of the `i`-th storage passed to [`read_in_order`].
    pub(crate) fn bytes(&self, i: usize) -> &Bytes {
        self.guards[self.slot[i]]
            .as_deref()
            .expect("every storage passed has a guard")
    }
}

/// Reads of all of `storages` at once, taken in increasing
/// [`Storage::lock_order_key`] and each distinct storage once, so that two
/// calls holding several locks can never wait for each other in a cycle
/// (module docs, rule 1). The first lock is taken as [`Storage::read`]
/// takes it; the later ones, taken while holding earlier ones, are
/// recursive: they wait only for a writer *holding* their storage (which
/// waits, if at all, for a larger key), not for one queued.
pub(crate) fn read_in_order<const N: usize>(storages: [&Storage; N]) -> Reads<'_, N> {
    let mut order: [usize; N] = std::array::from_fn(|i| i);
    order.sort_by_key(|&i| storages[i].lock_order_key());
    let mut guards: [Option<RwLockReadGuard<'_, Bytes>>; N] = std::array::from_fn(|_| None);
    let mut slot = [0; N];
    let mut last: Option<(usize, &Storage)> = None;
    for (k, &i) in order.iter().enumerate() {
        let storage = storages[i];
        slot[i] = match last {
            // equal keys sort together: a storage met again shares its guard
            Some((at, previous)) if previous.same(storage) => at,
            Some(_) => {
                guards[k] = Some(storage.inner.read_recursive());
                last = Some((k, storage));
                k
            }
            None => {
                guards[k] = Some(storage.read());
                last = Some((k, storage));
                k
            }
        };
    }
    Reads { guards, slot }
}

/// A write of `dst` and a read of `src` (two distinct storages) held
/// together, taken in lock order as [`read_in_order`] takes its locks; an
/// error, before taking either, when this thread holds a guard of `dst`
/// (see [`Storage::try_write`]).
pub(crate) fn write_and_read<'a>(
    dst: &'a Storage,
    src: &'a Storage,
) -> Result<(RwLockWriteGuard<'a, Bytes>, RwLockReadGuard<'a, Bytes>), ViewError> {
    debug_assert!(!dst.same(src), "one storage: gather the source first");
    if held_here(dst.lock_order_key()) {
        return Err(ViewError::ReadHeldByThisThread);
    }
    Ok(if dst.lock_order_key() < src.lock_order_key() {
        let written = dst.inner.write();
        (written, src.inner.read_recursive())
    } else {
        let read = src.read();
        (dst.inner.write(), read)
    })
}

thread_local! {
    /// Storages (by [`Storage::lock_order_key`]) this thread holds an
    /// `ndarray_view()` guard of, once per [`HeldRead`] alive.
    static HELD: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Whether this thread holds a guard of the storage with key `key`.
fn held_here(key: usize) -> bool {
    HELD.try_with(|held| held.borrow().contains(&key))
        .unwrap_or(false)
}

/// Whether this thread holds a guard of any storage.
fn holds_a_guard() -> bool {
    HELD.try_with(|held| !held.borrow().is_empty())
        .unwrap_or(false)
}

#[cfg(feature = "ndarray")]
/// A read of a storage under which user code may run, the lock of an
/// `ndarray_view()` guard (see [`Storage::read_held`]). Not `Send` (its
/// lock guard is not), so it is dropped on the thread whose list records
/// it.
pub(crate) struct HeldRead<'a> {
    guard: RwLockReadGuard<'a, Bytes>,
    key: usize,
}

#[cfg(feature = "ndarray")]
impl std::ops::Deref for HeldRead<'_> {
    type Target = Bytes;

    fn deref(&self) -> &Bytes {
        &self.guard
    }
}

#[cfg(feature = "ndarray")]
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
