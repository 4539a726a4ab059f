//! [`BiasedArc`]: a thread-safe reference-counted pointer whose clone and drop
//! cost no atomic instruction on the thread that created the object.
//!
//! Every view is a new handle to the same storage, so creating and dropping a
//! view is a reference-count increment and decrement. With `Arc` those are two
//! locked instructions, about 10 ns each on the machines this crate is tuned
//! on: more than the whole rest of a view. Almost all views are made and
//! dropped on the thread that made their storage, so the count is split the
//! way *biased reference counting* (Choi, Shull and Torrellas, PACT 2018; also
//! CPython's free-threaded build) splits it:
//!
//! - the **owner count** (`local`) is a plain integer that only the creating
//!   thread touches, with ordinary loads and stores;
//! - the **shared count** (`shared`) is atomic and takes every clone and drop
//!   made on other threads. It may go negative: a handle cloned on the owner
//!   and dropped elsewhere adds to the first and subtracts from the second.
//!
//! The object is alive while the sum is positive. Nobody can read both halves
//! at once, so the halves are *merged* before anyone decides the object is
//! dead: the owner merges when its count reaches zero (it adds the MERGED
//! flag to the shared word, and from then on every clone and drop is atomic);
//! a thread whose drop leaves the shared count negative on an unmerged object
//! flags it QUEUED and hands it to the owner's queue (see `owner.rs`), which
//! the owner drains the next time it drops a handle of that object, creates
//! an object, or exits. Queued objects are freed only by whoever merges them.
//!
//! The one visible difference from `Arc`: when the last handle of an object
//! is dropped on another thread while its owner thread still counts some of
//! the handles, the memory is returned when the owner thread next drops a
//! handle of it, creates a storage, or exits, not at once.

mod owner;

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicIsize, Ordering};
use std::sync::Arc;

use owner::{OwnerQueue, QueuedObject, UNOWNED};

/// The owner count once the halves are merged (the owner uses the shared path).
const MERGED_LOCAL: usize = usize::MAX;

/// Flag bits in the shared word; the count is the word shifted right by 2.
const MERGED: isize = 1;
const QUEUED: isize = 2;
const ONE: isize = 4;

/// Counts beyond these abort, as `Arc` does (only reachable by leaking handles).
const MAX_LOCAL: usize = isize::MAX as usize;
const MAX_SHARED: isize = isize::MAX / 8;

/// A shared, immutable value, freed when the last handle is dropped; cheap to
/// clone and drop on the thread that created it, correct on every thread.
pub(crate) struct BiasedArc<T: Send + Sync> {
    ptr: NonNull<Inner<T>>,
    marker: PhantomData<Inner<T>>,
}

struct Inner<T> {
    /// Id of the creating thread, or `UNOWNED` (then merged from the start).
    owner: u64,
    /// The owner count, or `MERGED_LOCAL`. Only the owner thread reads or
    /// writes it, except that after the owner has exited the thread merging
    /// the object reads it (under the queue lock's happens-before).
    local: Cell<usize>,
    /// Count (shifted by 2) of clones minus drops made on other threads, and the flags.
    shared: AtomicIsize,
    /// The owner's queue, to hand the object over when `shared` goes negative.
    queue: Option<Arc<OwnerQueue>>,
    value: T,
}

// SAFETY: the value is `Send + Sync`; the only non-thread-safe part, `local`,
// is touched by the owner thread alone (checked against `owner` before every
// access) or, once the owner is gone, by the single thread merging the object
// (see `merge_queued`).
unsafe impl<T: Send + Sync> Send for BiasedArc<T> {}
// SAFETY: as for `Send`: shared access goes through `&T` (which is `Sync`) and
// the counts, which are owner-only or atomic.
unsafe impl<T: Send + Sync> Sync for BiasedArc<T> {}

fn count(word: isize) -> isize {
    word >> 2
}

impl<T: Send + Sync> BiasedArc<T> {
    /// A new object owned by the calling thread, with one handle.
    pub(crate) fn new(value: T) -> BiasedArc<T> {
        if owner::own_queue_pending() {
            owner::drain_own_queue();
        }
        let inner = match owner::register_owner() {
            Some((id, queue)) => Inner {
                owner: id,
                local: Cell::new(1),
                shared: AtomicIsize::new(0),
                queue: Some(queue),
                value,
            },
            None => Inner {
                owner: UNOWNED,
                local: Cell::new(MERGED_LOCAL),
                shared: AtomicIsize::new(ONE | MERGED),
                queue: None,
                value,
            },
        };
        BiasedArc {
            ptr: NonNull::from(Box::leak(Box::new(inner))),
            marker: PhantomData,
        }
    }

    fn inner(&self) -> &Inner<T> {
        // SAFETY: the handle keeps the object alive (it is counted).
        unsafe { self.ptr.as_ref() }
    }

    /// Whether two handles point at the same object.
    pub(crate) fn ptr_eq(a: &Self, b: &Self) -> bool {
        a.ptr == b.ptr
    }

    /// The object's address (stable for its lifetime).
    pub(crate) fn as_ptr(this: &Self) -> *const T {
        // SAFETY: the handle keeps the object alive; no reference is created.
        unsafe { std::ptr::addr_of!((*this.ptr.as_ptr()).value) }
    }

    /// Whether the calling thread owns the object and the halves are unmerged
    /// (then `local` is ours to use without synchronisation).
    #[inline]
    fn on_owner_path(inner: &Inner<T>) -> bool {
        // `owner` is checked first: `local` may only be read by the owner.
        inner.owner == owner::current() && inner.local.get() != MERGED_LOCAL
    }
}

impl<T: Send + Sync> Clone for BiasedArc<T> {
    #[inline]
    fn clone(&self) -> Self {
        let inner = self.inner();
        if Self::on_owner_path(inner) {
            let local = inner.local.get();
            if local >= MAX_LOCAL {
                std::process::abort();
            }
            inner.local.set(local + 1);
        } else {
            let before = inner.shared.fetch_add(ONE, Ordering::Relaxed);
            if count(before) >= MAX_SHARED {
                std::process::abort();
            }
        }
        BiasedArc {
            ptr: self.ptr,
            marker: PhantomData,
        }
    }
}

impl<T: Send + Sync> Drop for BiasedArc<T> {
    #[inline]
    fn drop(&mut self) {
        let inner = self.inner();
        if Self::on_owner_path(inner) {
            let local = inner.local.get() - 1;
            inner.local.set(local);
            if local == 0 {
                // SAFETY: owner thread, owner count just reached zero.
                unsafe { merge_by_owner(self.ptr) };
            } else if inner.shared.load(Ordering::Relaxed) & QUEUED != 0 {
                owner::drain_own_queue();
            }
            return;
        }
        // SAFETY: this handle is counted in the shared word and is given up here.
        unsafe { drop_shared(self.ptr) };
    }
}

/// The owner's count reached zero: merge (the shared count is then the whole
/// count) and free the object if nothing else holds it.
///
/// # Safety
/// Called on the owner thread, with the object unmerged and `local` at zero.
#[cold]
unsafe fn merge_by_owner<T: Send + Sync>(ptr: NonNull<Inner<T>>) {
    // SAFETY: the object is alive: its shared count is not negative (the sum
    // of both halves counts live handles and the owner half is zero), and
    // nobody frees an unmerged object.
    let inner = unsafe { ptr.as_ref() };
    inner.local.set(MERGED_LOCAL);
    let word = inner.shared.fetch_add(MERGED, Ordering::AcqRel) + MERGED;
    debug_assert!(count(word) >= 0);
    if word & QUEUED != 0 {
        // queued by another thread before our count ran out: the queue holds
        // it, and draining it now frees it if nothing else does
        owner::drain_own_queue();
    } else if count(word) == 0 {
        // SAFETY: merged, no handle left, not queued: we are the last user.
        unsafe { free(ptr) };
    }
}

/// Gives up a handle counted in the shared word.
///
/// # Safety
/// The caller's handle is counted in the shared word and is not used again.
unsafe fn drop_shared<T: Send + Sync>(ptr: NonNull<Inner<T>>) {
    // SAFETY: our handle keeps the object alive until the exchange below.
    let inner = unsafe { ptr.as_ref() };
    let mut word = inner.shared.load(Ordering::Relaxed);
    loop {
        let merged = word & MERGED != 0;
        let mut next = word - ONE;
        let hand_over = !merged && count(next) < 0 && word & QUEUED == 0;
        if hand_over {
            next |= QUEUED;
        }
        match inner
            .shared
            .compare_exchange_weak(word, next, Ordering::AcqRel, Ordering::Relaxed)
        {
            Ok(_) => {
                if merged && count(next) == 0 && next & QUEUED == 0 {
                    fence(Ordering::Acquire);
                    // SAFETY: merged and no handle left and not queued: last user.
                    unsafe { free(ptr) };
                } else if hand_over {
                    let queue = inner
                        .queue
                        .as_ref()
                        .expect("an unmerged object has an owner and its queue");
                    queue.push(QueuedObject {
                        address: ptr.as_ptr() as *const (),
                        merge: merge_queued::<T>,
                    });
                }
                return;
            }
            Err(actual) => word = actual,
        }
    }
}

/// Folds the owner count of a queued object into its shared count, clears
/// QUEUED, and frees the object if that leaves no handle.
///
/// # Safety
/// `address` is a queued, live `Inner<T>`; the caller is its owner thread, or
/// the owner has exited and the caller has seen that under the queue's lock.
unsafe fn merge_queued<T: Send + Sync>(address: *const ()) {
    let ptr = NonNull::new(address as *mut Inner<T>).expect("queued objects are not null");
    // SAFETY: queued objects are alive until merged (nobody frees them).
    let inner = unsafe { ptr.as_ref() };
    let local = inner.local.get();
    let delta = if local == MERGED_LOCAL {
        -QUEUED
    } else {
        inner.local.set(MERGED_LOCAL);
        // `local` never exceeds MAX_LOCAL, so it fits once shifted (abort otherwise)
        let local = isize::try_from(local)
            .ok()
            .and_then(|l| l.checked_mul(ONE))
            .unwrap_or_else(|| std::process::abort());
        local + MERGED - QUEUED
    };
    let word = inner.shared.fetch_add(delta, Ordering::AcqRel) + delta;
    debug_assert!(count(word) >= 0);
    if count(word) == 0 {
        fence(Ordering::Acquire);
        // SAFETY: merged, unqueued, no handle left: last user.
        unsafe { free(ptr) };
    }
}

/// # Safety
/// No handle, queue entry or other reference to the object remains.
unsafe fn free<T>(ptr: NonNull<Inner<T>>) {
    // SAFETY: allocated by `Box::new` in `BiasedArc::new`; unreachable now.
    drop(unsafe { Box::from_raw(ptr.as_ptr()) });
}

impl<T: Send + Sync> Deref for BiasedArc<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.inner().value
    }
}

impl<T: Send + Sync + fmt::Debug> fmt::Debug for BiasedArc<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests;
