//! A global allocator that records the largest single allocation each thread
//! obtains, so hostile-input tests can check that a bad argument never makes
//! the library allocate more than the data it was asked for. Requests the
//! system refuses are not counted: asking fallibly (`try_reserve`) for an
//! absurd size and reporting the refusal is the behaviour wanted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, recording request sizes per thread.
pub struct Probe;

fn record(size: usize, ptr: *mut u8) -> *mut u8 {
    if !ptr.is_null() {
        // `try_with`: allocations during thread teardown are not recorded.
        let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
    }
    ptr
}

// SAFETY: every method forwards to `System` with the caller's arguments
// unchanged, so `System`'s guarantees are ours; recording touches only a
// const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Probe {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received (see the impl's comment).
        record(layout.size(), unsafe { System.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received.
        record(layout.size(), unsafe { System.alloc_zeroed(layout) })
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as received.
        record(new_size, unsafe { System.realloc(ptr, layout, new_size) })
    }
}

/// Runs `f` and returns its result with the largest allocation (in bytes) it
/// asked for on this thread.
pub fn largest_allocation<R>(f: impl FnOnce() -> R) -> (R, usize) {
    LARGEST.with(|l| l.set(0));
    let r = f();
    (r, LARGEST.with(Cell::get))
}

/// Bytes an error path may allocate: its message and a copy of the arguments.
pub const SMALL: usize = 4096;

/// Runs `f`, asserting that it allocated at most `limit` bytes at once.
pub fn within<R>(limit: usize, what: &str, f: impl FnOnce() -> R) -> R {
    let (r, largest) = largest_allocation(f);
    assert!(
        largest <= limit,
        "{what} allocated {largest} bytes at once (limit {limit})"
    );
    r
}
