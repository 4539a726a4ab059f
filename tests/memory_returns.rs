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

// ---- the recycled big buffers (`storage/recycled.rs`) ----

const MIB: usize = 1 << 20;

/// A 2048 x 1024 f32 tensor (8 MiB) counting up, and a copy of its
/// transpose made by the kernels (8 MiB, the kind of buffer recycled).
fn counting_and_transposed_copy() -> (Tensor<f32>, Tensor<f32>) {
    let x = Tensor::<f32>::arange(2048 * 1024)
        .view(&[2048, 1024])
        .unwrap();
    let copy = x.t().unwrap().contiguous().unwrap();
    (x, copy)
}

/// Sixteen threads each free an 8 MiB copy at once: at most the budget
/// (64 MiB) is kept across all of them, everything else is freed, and
/// releasing frees the rest.
#[test]
fn the_recycle_budget_bounds_what_all_threads_keep_together() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    tensor_view::release_recycled_buffer();
    tensor_view::set_recycle_budget(64 * MIB);
    let before = live_big_bytes();
    let all_made = std::sync::Barrier::new(16);
    thread::scope(|s| {
        for _ in 0..16 {
            s.spawn(|| {
                let (x, copy) = counting_and_transposed_copy();
                all_made.wait(); // no copy can reuse another's buffer
                assert_eq!(copy.get(&[1, 0]).unwrap(), 1.0);
                drop((x, copy));
            });
        }
    });
    assert_eq!(tensor_view::recycled_bytes(), 64 * MIB);
    assert_eq!(
        live_big_bytes() - before,
        64 * MIB,
        "the other 64 MiB are freed"
    );
    // a lower budget frees down to it at once
    tensor_view::set_recycle_budget(16 * MIB);
    assert_eq!(tensor_view::recycled_bytes(), 16 * MIB);
    assert_eq!(live_big_bytes() - before, 16 * MIB);
    tensor_view::release_recycled_buffer();
    assert_eq!(tensor_view::recycled_bytes(), 0);
    assert_eq!(live_big_bytes(), before, "all memory back");
    tensor_view::set_recycle_budget(64 * MIB);
}

/// With the budget at 0 nothing is kept: every freed copy goes back at once.
#[test]
fn turned_off_recycling_keeps_nothing() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    tensor_view::set_recycle_budget(0);
    let before = live_big_bytes();
    for _ in 0..3 {
        let (x, copy) = counting_and_transposed_copy();
        drop((x, copy));
        let mapped = Tensor::<f32>::arange(4 * MIB).map(|v| v + 1.0);
        drop(mapped);
        assert_eq!(tensor_view::recycled_bytes(), 0);
        assert_eq!(live_big_bytes(), before);
    }
    tensor_view::set_recycle_budget(64 * MIB);
}

/// A copy freed on one thread is reused by the next copy that fits on
/// another, every element written anew; zero-filled tensors never take it.
#[test]
fn a_freed_big_copy_is_reused_by_the_next_one_on_any_thread() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    tensor_view::release_recycled_buffer();
    tensor_view::set_recycle_budget(64 * MIB);
    let x = Tensor::<f32>::arange(2048 * 1024)
        .view(&[2048, 1024])
        .unwrap();
    let address = thread::scope(|s| {
        s.spawn(|| {
            let copy = x.t().unwrap().contiguous().unwrap();
            copy.storage_ptr() as usize
        })
        .join()
        .unwrap()
    });
    assert_eq!(tensor_view::recycled_bytes(), 8 * MIB);
    let zeros = Tensor::<f32>::zeros(&[2048, 1024]).unwrap();
    assert_ne!(zeros.storage_ptr() as usize, address);
    assert_eq!(tensor_view::recycled_bytes(), 8 * MIB);
    x.fill(-1.0).unwrap();
    let again = x.t().unwrap().contiguous().unwrap();
    assert_eq!(again.storage_ptr() as usize, address);
    assert_eq!(tensor_view::recycled_bytes(), 0);
    assert!(again.to_vec().iter().all(|&v| v == -1.0));
    drop(again);
    // results of element-wise ops take it too
    let mapped = x.mul_scalar(2.0);
    assert_eq!(mapped.storage_ptr() as usize, address);
    drop(mapped);
    let zipped = x.sub(&x).unwrap();
    assert_eq!(zipped.storage_ptr() as usize, address);
    assert!(zipped.to_vec().iter().all(|&v| v == 0.0));
    drop(zipped);
    // a map with a user closure copies its input first: the copy takes it
    // (and gives it back when the map is done)
    let mapped = x.map(|v| v * 2.0);
    assert_ne!(mapped.storage_ptr() as usize, address);
    assert_eq!(tensor_view::recycled_bytes(), 8 * MIB);
    assert!(mapped.to_vec().iter().all(|&v| v == -2.0));
    drop(mapped);
    tensor_view::release_recycled_buffer();
}

/// `TENSOR_VIEW_RECYCLE_MIB` sets the budget (`0`: off). Checked in child
/// processes of this test binary, each running only this test with the
/// variable set, since the variable is read once per process.
#[test]
fn the_environment_variable_sets_the_budget() {
    if let Ok(expected) = std::env::var("MEMORY_RETURNS_EXPECT_KEPT") {
        // in the child: the budget comes from the environment
        let (x, copy) = counting_and_transposed_copy();
        drop((x, copy));
        assert_eq!(
            tensor_view::recycled_bytes(),
            expected.parse::<usize>().unwrap()
        );
        return;
    }
    for (mib, kept) in [("0", 0), ("8", 8 * MIB), ("4", 0)] {
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "the_environment_variable_sets_the_budget"])
            .env("TENSOR_VIEW_RECYCLE_MIB", mib)
            .env("MEMORY_RETURNS_EXPECT_KEPT", kept.to_string())
            .output()
            .unwrap();
        assert!(
            child.status.success(),
            "TENSOR_VIEW_RECYCLE_MIB={mib}: {}",
            String::from_utf8_lossy(&child.stdout)
        );
    }
}
