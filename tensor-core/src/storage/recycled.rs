//! Big buffers kept for reuse by the next copy, within a small process-wide
//! budget.
//!
//! A fresh buffer of many MiB comes from the kernel as new pages, which the
//! kernel zeroes on first touch: for a 64 MiB `contiguous()` that costs more
//! than the copy itself (the copy runs at `memcpy` speed into an existing
//! buffer, at about half of it into a fresh one; BENCHMARKS.md section 2).
//! Code that copies in a loop frees a buffer of the same size each
//! iteration, so big result buffers freed by any thread are kept here and
//! handed to the next copy that fits, as PyTorch's caching allocators do
//! for device memory. Result buffers are the cache-line-aligned ones
//! `Bytes::filled_by` makes; buffers adopted from a `Vec` or zero-filled
//! ones are freed as usual.
//!
//! What is kept is bounded across all threads together: buffers of
//! [`MIN_RECYCLED_BYTES`] up to the budget, at most the budget in total
//! (64 MiB unless the environment variable `TENSOR_VIEW_RECYCLE_MIB` says
//! otherwise when the first buffer is freed; `0` turns recycling off).
//! [`set_recycle_budget`] changes it at run time and
//! [`release_recycled_buffer`] frees what is kept. Keeping a buffer past the
//! budget frees the oldest ones first. Only copies that write every byte
//! take a kept buffer (its old contents are never read); zero-filled
//! tensors always get fresh zeroed pages, which cost nothing until touched.
//!
//! The pool is a `Vec` of buffers behind a `std::sync::Mutex`, taken once
//! per big buffer freed or big copy made (a few nanoseconds against
//! milliseconds of copying).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub(crate) use super::bytes::Allocation;

/// Buffers smaller than this are left to the allocator, whose heap already
/// reuses them without new pages.
pub(crate) const MIN_RECYCLED_BYTES: usize = 4 << 20;

/// The budget when `TENSOR_VIEW_RECYCLE_MIB` does not set one.
const DEFAULT_BUDGET: usize = 64 << 20;

/// The environment variable that sets the budget in MiB (`0`: off).
const BUDGET_VARIABLE: &str = "TENSOR_VIEW_RECYCLE_MIB";

/// The budget has not been read from the environment yet.
const UNSET: usize = usize::MAX;

static BUDGET: AtomicUsize = AtomicUsize::new(UNSET);

static POOL: Mutex<Pool> = Mutex::new(Pool::new());

/// Kept buffers, oldest first, and their total size.
pub(crate) struct Pool {
    buffers: Vec<Allocation>,
    bytes: usize,
}

impl Pool {
    const fn new() -> Pool {
        Pool {
            buffers: Vec::new(),
            bytes: 0,
        }
    }

    /// Keeps `buffer` if it fits `budget`; returns what is given up (the
    /// buffer itself, or older buffers evicted to make room), for the caller
    /// to free outside the lock.
    fn keep(&mut self, buffer: Allocation, budget: usize) -> Vec<Allocation> {
        if !(MIN_RECYCLED_BYTES..=budget).contains(&buffer.size()) {
            return vec![buffer];
        }
        let mut evicted = Vec::new();
        while self.bytes + buffer.size() > budget {
            let oldest = self.buffers.remove(0);
            self.bytes -= oldest.size();
            evicted.push(oldest);
        }
        self.bytes += buffer.size();
        self.buffers.push(buffer);
        evicted
    }

    /// The newest kept buffer that holds `nbytes` with at most a quarter to
    /// spare, with alignment `align`.
    fn take(&mut self, nbytes: usize, align: usize) -> Option<Allocation> {
        let at = self.buffers.iter().rposition(|b| {
            let size = b.size();
            b.align() == align && size >= nbytes && size - nbytes <= nbytes / 4
        })?;
        let buffer = self.buffers.remove(at);
        self.bytes -= buffer.size();
        Some(buffer)
    }

    /// Gives up buffers, oldest first, until at most `budget` bytes are kept.
    fn shrink_to(&mut self, budget: usize) -> Vec<Allocation> {
        let mut evicted = Vec::new();
        while self.bytes > budget {
            let oldest = self.buffers.remove(0);
            self.bytes -= oldest.size();
            evicted.push(oldest);
        }
        evicted
    }
}

fn pool() -> std::sync::MutexGuard<'static, Pool> {
    // A panic while the lock is held leaves a consistent pool (every
    // change is made before anything that can panic).
    POOL.lock().unwrap_or_else(|e| e.into_inner())
}

/// The budget in bytes: set by [`set_recycle_budget`], else read once from
/// `TENSOR_VIEW_RECYCLE_MIB`, else 64 MiB.
fn budget() -> usize {
    let budget = BUDGET.load(Ordering::Relaxed);
    if budget != UNSET {
        return budget;
    }
    let from_env = std::env::var(BUDGET_VARIABLE)
        .ok()
        .and_then(|mib| mib.trim().parse::<usize>().ok())
        .map_or(DEFAULT_BUDGET, |mib| {
            mib.saturating_mul(1 << 20).min(UNSET - 1)
        });
    // a concurrent `set_recycle_budget` wins over the environment
    match BUDGET.compare_exchange(UNSET, from_env, Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) => from_env,
        Err(set) => set,
    }
}

/// Frees `buffer`, or keeps it for the next big copy when its alignment is
/// `align` and it fits the budget.
pub(crate) fn keep_or_free(buffer: Allocation, align: usize) {
    if buffer.align() != align || buffer.size() < MIN_RECYCLED_BYTES {
        return; // dropped: freed
    }
    let budget = budget();
    if buffer.size() > budget {
        return;
    }
    let given_up = pool().keep(buffer, budget);
    drop(given_up); // freed outside the lock
}

/// A kept buffer for a copy of `nbytes` with alignment `align`, if one fits.
pub(crate) fn take(nbytes: usize, align: usize) -> Option<Allocation> {
    if nbytes < MIN_RECYCLED_BYTES {
        return None;
    }
    pool().take(nbytes, align)
}

/// Frees every big buffer kept for reuse.
///
/// When a tensor of at least 4 MiB made by a copy is dropped, its buffer is
/// kept (within a process-wide budget, 64 MiB by default) so that the next
/// `contiguous()`, reshaping copy, `map` or `zip_map` of a similar size, on
/// any thread, writes into it instead of into fresh pages. Call this when
/// the program is done with big copies and the memory should go back now.
///
/// ```
/// use tensor_core::{recycled_bytes, release_recycled_buffer, Tensor};
/// let x = Tensor::<f32>::zeros(&[1024, 2048]).unwrap(); // 8 MiB
/// drop(x.transpose(0, 1).unwrap().contiguous().unwrap()); // its buffer may be kept
/// release_recycled_buffer(); // and is freed here
/// assert_eq!(recycled_bytes(), 0);
/// ```
pub fn release_recycled_buffer() {
    let given_up = std::mem::replace(&mut *pool(), Pool::new());
    drop(given_up);
}

/// Sets how many bytes of freed big buffers may be kept for reuse, across
/// all threads together; `0` turns recycling off (and frees what is kept).
/// Buffers past a lower budget are freed at once, oldest first.
///
/// The default is 64 MiB, or `TENSOR_VIEW_RECYCLE_MIB` MiB when that
/// environment variable is set (to a whole number) when the first big
/// buffer is freed. Recycling makes repeated big copies run near `memcpy`
/// speed instead of paying for fresh pages (BENCHMARKS.md section 2).
///
/// ```
/// use tensor_core::{recycled_bytes, set_recycle_budget, Tensor};
/// set_recycle_budget(0); // off: every freed buffer goes back at once
/// let x = Tensor::<f32>::zeros(&[1024, 2048]).unwrap(); // 8 MiB
/// drop(x.transpose(0, 1).unwrap().contiguous().unwrap());
/// assert_eq!(recycled_bytes(), 0);
/// set_recycle_budget(64 << 20); // back to the default
/// ```
pub fn set_recycle_budget(bytes: usize) {
    let bytes = bytes.min(UNSET - 1);
    BUDGET.store(bytes, Ordering::Relaxed);
    let given_up = pool().shrink_to(bytes);
    drop(given_up);
}

/// Bytes of freed big buffers kept for reuse right now, across all threads
/// (at most the budget of [`set_recycle_budget`]).
///
/// ```
/// use tensor_core::{recycled_bytes, release_recycled_buffer};
/// release_recycled_buffer();
/// assert_eq!(recycled_bytes(), 0);
/// ```
pub fn recycled_bytes() -> usize {
    pool().bytes
}

#[cfg(test)]
mod tests {
    //! The pool's rules on pools of their own; the process-wide pool, which
    //! every test of this crate shares, is tested in `tests/memory_returns.rs`
    //! (one test at a time).

    use super::*;

    const MIB: usize = 1 << 20;

    /// A real buffer of `size` bytes aligned to `align`.
    fn buffer(size: usize, align: usize) -> Allocation {
        Allocation::new(std::alloc::Layout::from_size_align(size, align).unwrap()).unwrap()
    }

    #[test]
    fn keeps_within_the_budget_and_evicts_the_oldest_first() {
        let mut pool = Pool::new();
        assert!(pool.keep(buffer(8 * MIB, 64), 20 * MIB).is_empty());
        assert!(pool.keep(buffer(10 * MIB, 64), 20 * MIB).is_empty());
        assert_eq!(pool.bytes, 18 * MIB);
        // 18 + 6 > 20: the oldest (8 MiB) goes
        let evicted = pool.keep(buffer(6 * MIB, 64), 20 * MIB);
        assert_eq!(evicted.len(), 1);
        assert_eq!(evicted[0].size(), 8 * MIB);
        assert_eq!(pool.bytes, 16 * MIB);
        // too small, or bigger than the whole budget: given straight back
        assert_eq!(pool.keep(buffer(MIB, 64), 20 * MIB).len(), 1);
        assert_eq!(pool.keep(buffer(21 * MIB, 64), 20 * MIB).len(), 1);
        assert_eq!(pool.bytes, 16 * MIB);
        assert_eq!(pool.shrink_to(7 * MIB).len(), 1);
        assert_eq!(pool.bytes, 6 * MIB);
        assert_eq!(pool.shrink_to(0).len(), 1);
        assert_eq!((pool.bytes, pool.buffers.len()), (0, 0));
    }

    #[test]
    fn a_budget_of_zero_keeps_nothing() {
        let mut pool = Pool::new();
        assert_eq!(pool.keep(buffer(8 * MIB, 64), 0).len(), 1);
        assert_eq!((pool.bytes, pool.buffers.len()), (0, 0));
    }

    #[test]
    fn takes_only_a_buffer_that_fits_with_a_quarter_to_spare_at_most() {
        let mut pool = Pool::new();
        assert!(pool.keep(buffer(16 * MIB, 64), 64 * MIB).is_empty());
        assert!(pool.take(4 * MIB, 64).is_none(), "much too big");
        assert!(pool.take(16 * MIB, 8).is_none(), "other alignment");
        assert!(pool.take(16 * MIB + 1, 64).is_none(), "too small");
        let taken = pool.take(13 * MIB, 64).unwrap();
        assert!((taken.as_ptr() as usize).is_multiple_of(64));
        assert_eq!(pool.bytes, 0);
        assert!(pool.take(13 * MIB, 64).is_none());
    }
}
