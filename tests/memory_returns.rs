//! Storage memory goes back to the allocator when the last handle is
//! dropped, whichever thread drops it and whatever the creating thread does
//! afterwards (here: it idles, blocked on a channel, until the checks are
//! done).
//!
//! A counting global allocator tracks the bytes live in blocks of at least
//! 1 MiB (the harness's and the channels' small allocations stay out of the
//! count), so the checks see exactly the tensors' buffers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;

use tensor_view::Tensor;

/// Big blocks: the only ones counted.
const BIG: usize = 1 << 20;

/// The system allocator, counting the bytes of live big blocks.
struct Counting;

static LIVE_BIG_BYTES: AtomicUsize = AtomicUsize::new(0);

fn count_in(size: usize) {
    if size >= BIG {
        LIVE_BIG_BYTES.fetch_add(size, Ordering::SeqCst);
    }
}

fn count_out(size: usize) {
    if size >= BIG {
        LIVE_BIG_BYTES.fetch_sub(size, Ordering::SeqCst);
    }
}

// SAFETY: forwards every call to `System` unchanged; counting touches only
// an atomic integer (no allocation).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_in(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_in(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_out(layout.size());
        count_in(new_size);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count_out(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The tests run one at a time: each compares the process-wide count
/// before and after.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn live_big_bytes() -> usize {
    LIVE_BIG_BYTES.load(Ordering::SeqCst)
}

/// The review's case: a worker makes 32 tensors of 8 MiB, hands them over
/// and goes idle; once every handle is dropped elsewhere, the 256 MiB are
/// back at once, before the worker does anything again.
#[test]
fn tensors_made_on_an_idle_thread_are_freed_when_dropped_elsewhere() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let before = live_big_bytes();
    let (to_main, tensors) = mpsc::channel();
    let (wake_worker, wake) = mpsc::channel::<()>();
    let worker = thread::spawn(move || {
        let made: Vec<Tensor<f32>> = (0..32)
            .map(|_| Tensor::<f32>::zeros(&[2048, 1024]).unwrap())
            .collect();
        // views and clones the worker keeps counting until it idles
        let views: Vec<Tensor<f32>> = made.iter().map(|t| t.transpose(0, 1).unwrap()).collect();
        to_main.send((made, views)).unwrap();
        // idle: blocked here until the main thread has checked everything
        wake.recv().unwrap();
    });
    let (made, views) = tensors.recv().unwrap();
    assert!(live_big_bytes() - before >= 256 << 20);
    drop(made);
    assert!(live_big_bytes() - before >= 256 << 20, "views keep them");
    drop(views);
    assert_eq!(
        live_big_bytes(),
        before,
        "all 256 MiB back while the worker idles"
    );
    wake_worker.send(()).unwrap();
    worker.join().unwrap();
}

/// Handles cloned on several threads and dropped in any order free the
/// storage once, when the last goes.
#[test]
fn the_last_of_many_handles_on_many_threads_frees_the_storage() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let before = live_big_bytes();
    let x = Tensor::<f64>::zeros(&[1 << 18]).unwrap(); // 2 MiB
    let workers: Vec<_> = (0..4)
        .map(|i| {
            let mine = x.narrow(0, i * 1000, 1000).unwrap();
            thread::spawn(move || {
                let copies: Vec<Tensor<f64>> = (0..100).map(|_| mine.clone()).collect();
                copies.len()
            })
        })
        .collect();
    drop(x);
    for w in workers {
        assert_eq!(w.join().unwrap(), 100);
    }
    assert_eq!(live_big_bytes(), before);
}
