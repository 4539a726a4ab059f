//! Who owns a biased count: thread ids that are never reused, and each owning
//! thread's queue of objects whose count went below zero on other threads.
//!
//! A thread gets an id the first time it asks ([`current`]). Ids come from a
//! global counter, so an id is never given to a second thread even after the
//! first has exited (a reused id would let a new thread take the dead
//! owner's unsynchronised fast path).
//!
//! A thread that creates a biased object becomes its owner and gets a
//! [`OwnerQueue`]. Other threads push objects onto it when their drops leave
//! the shared count negative (the owner's own count must be folded in before
//! anyone can know the object is dead). The owner drains the queue when it
//! next touches such an object or creates a new one, and for the last time
//! when it exits: its thread-local destructor retires its id (its later
//! clones and drops take the shared path) and marks the queue dead, so that
//! from then on the pushing thread folds the frozen owner count in itself.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The id no object is owned by: objects made on a thread that is exiting.
pub(super) const UNOWNED: u64 = 0;

/// The id of a thread whose queue has been torn down (it is exiting).
const RETIRED: u64 = u64::MAX;

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

thread_local! {
    // No destructor (a `Cell<u64>`), so it stays readable while other
    // thread-locals are being destroyed.
    static THREAD_ID: Cell<u64> = const { Cell::new(UNOWNED) };
    static QUEUE: QueueHandle = QueueHandle(Arc::new(OwnerQueue::default()));
}

/// This thread's id: never [`UNOWNED`], never shared with another thread.
#[inline]
pub(super) fn current() -> u64 {
    let value = THREAD_ID.with(Cell::get);
    if value != UNOWNED {
        return value;
    }
    assign_thread_id()
}

/// Gives the calling thread its id, the first time it asks (out of line:
/// every clone and drop of a handle calls [`current`]).
#[cold]
#[inline(never)]
fn assign_thread_id() -> u64 {
    let fresh = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    THREAD_ID.with(|id| id.set(fresh));
    fresh
}

/// The id and queue an object created now on this thread is owned by, or
/// `None` when this thread can no longer own objects (it is exiting).
pub(super) fn register_owner() -> Option<(u64, Arc<OwnerQueue>)> {
    let id = current();
    if id == RETIRED {
        return None;
    }
    QUEUE.try_with(|handle| (id, handle.0.clone())).ok()
}

/// Objects whose shared count went negative on another thread, waiting for
/// their owner to fold its own count in.
#[derive(Default)]
pub(crate) struct OwnerQueue {
    pending: AtomicBool,
    state: Mutex<QueueState>,
}

#[derive(Default)]
pub(super) struct QueueState {
    /// The owner has exited: its counts are frozen and pushers fold them in.
    pub(super) dead: bool,
    pub(super) items: Vec<QueuedObject>,
}

/// A type-erased object in a queue: its address and the function that folds
/// its owner count into its shared count (and frees it when that leaves none).
pub(super) struct QueuedObject {
    pub(super) address: *const (),
    pub(super) merge: unsafe fn(*const ()),
}

// SAFETY: a queued object is kept alive by its QUEUED flag until `merge` runs
// (no thread frees a queued object), and `merge` only runs on the owner
// thread or, after the owner died, under the happens-before of the queue's lock.
unsafe impl Send for QueuedObject {}

impl OwnerQueue {
    pub(super) fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Hands `object` to its owner; when the owner has exited, folds it in here.
    pub(super) fn push(&self, object: QueuedObject) {
        let mut state = self.lock();
        if state.dead {
            drop(state);
            // SAFETY: the owner has exited and set `dead` under this lock after
            // its last access to the object's owner count, so that count is
            // frozen and visible here; the object is alive (it is flagged QUEUED).
            unsafe { (object.merge)(object.address) };
            return;
        }
        state.items.push(object);
        self.pending.store(true, Ordering::Release);
    }
}

/// Folds in every object queued for this thread (the caller is its owner).
#[cold]
#[inline(never)]
pub(super) fn drain_own_queue() {
    let items = QUEUE
        .try_with(|handle| take_items(&handle.0))
        .unwrap_or_default();
    for object in items {
        // SAFETY: we are the owner thread of every object in our queue, and
        // each is alive until merged (QUEUED flag).
        unsafe { (object.merge)(object.address) };
    }
}

/// Whether other threads have queued objects for this thread.
#[inline]
pub(super) fn own_queue_pending() -> bool {
    QUEUE
        .try_with(|handle| handle.0.pending.load(Ordering::Acquire))
        .unwrap_or(false)
}

fn take_items(queue: &OwnerQueue) -> Vec<QueuedObject> {
    let mut state = queue.lock();
    queue.pending.store(false, Ordering::Relaxed);
    std::mem::take(&mut state.items)
}

/// The thread-local owner of this thread's queue; its destructor runs when
/// the thread exits.
struct QueueHandle(Arc<OwnerQueue>);

impl Drop for QueueHandle {
    fn drop(&mut self) {
        // From here on this thread's clones and drops take the shared path,
        // so the owner counts of its objects are frozen before `dead` is set.
        THREAD_ID.with(|id| id.set(RETIRED));
        let items = {
            let mut state = self.0.lock();
            state.dead = true;
            self.0.pending.store(false, Ordering::Relaxed);
            std::mem::take(&mut state.items)
        };
        for object in items {
            // SAFETY: still the owner thread (its last act as owner); each
            // queued object is alive until merged.
            unsafe { (object.merge)(object.address) };
        }
    }
}
