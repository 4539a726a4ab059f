//! `softmax` and `log_softmax` need memory for their result and not much
//! more, whatever the size of the input and the dim (issue 31: a 256 MiB
//! input once peaked at 2.6 GB, ten times its size).
//!
//! A counting global allocator tracks the peak of live bytes; each case
//! checks that the peak during the call, above what was live before it,
//! stays within the result's size plus 256 KiB (a few rows' maxima and sums).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use tensor_view::Tensor;

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn count_in(size: usize) {
    let now = LIVE.fetch_add(size, Ordering::SeqCst) + size;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

fn count_out(size: usize) {
    LIVE.fetch_sub(size, Ordering::SeqCst);
}

// SAFETY: forwards every call to `System` unchanged; counting touches only
// atomic integers (no allocation).
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

/// The cases run one at a time: each reads the process-wide peak.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The peak of live bytes while `f` runs, above those live before it.
fn extra_peak<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = LIVE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let result = f();
    (result, PEAK.load(Ordering::SeqCst) - before)
}

const MIB: usize = 1 << 20;

#[test]
fn softmax_needs_about_its_results_memory() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let numel = MIB / 2; // 2 MiB of f32
    let values: Vec<f32> = (0..numel).map(|i| (i % 251) as f32 * 0.01).collect();
    for shape in [vec![numel], vec![1024, numel / 1024], vec![numel / 8, 8]] {
        let x = Tensor::from_vec(values.clone(), &shape).unwrap();
        for dim in 0..shape.len() as isize {
            for log in [false, true] {
                let (y, extra) = extra_peak(|| {
                    if log {
                        x.log_softmax(dim)
                    } else {
                        x.softmax(dim)
                    }
                });
                let y = y.unwrap();
                let result = y.numel() * 4;
                assert!(
                    extra <= result + MIB / 4,
                    "{shape:?} dim {dim} log {log}: {extra} bytes at peak for a result of {result}"
                );
                let lane = shape[dim as usize];
                // the first lane's values sum to 1 (softmax) or their exps do
                let step = shape[dim as usize + 1..].iter().product::<usize>();
                let first: f64 = y.to_vec()[..lane * step]
                    .iter()
                    .step_by(step)
                    .map(|&v| if log { (v as f64).exp() } else { v as f64 })
                    .sum();
                assert!((first - 1.0).abs() < 1e-4, "{shape:?} dim {dim}: {first}");
            }
        }
    }
}

#[test]
fn empty_inputs_of_huge_shapes_return_at_once() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let x = Tensor::<f32>::zeros(&[0, 1 << 20, 1 << 20]).unwrap();
    let (y, extra) = extra_peak(|| x.softmax(1));
    assert_eq!(y.unwrap().shape(), &[0, 1 << 20, 1 << 20]);
    assert!(extra < MIB, "{extra}");
}
