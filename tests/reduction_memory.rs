//! Reductions take memory in proportion to their output, never to their
//! input: a counting global allocator records the peak of the bytes this
//! thread holds while each reduction runs (the test harness allocates on
//! its own threads), and each check bounds that peak by a small multiple
//! of the output's bytes (the output, its running totals or best values
//! and indices) plus a constant, for a 4 MiB input read contiguous,
//! transposed and expanded. An empty input of 2^62 logical places
//! allocates next to nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tensor_view::Tensor;

/// The system allocator, counting the bytes this thread holds and their peak.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    let live = LIVE.with(|l| {
        l.set(l.get() + bytes as isize);
        l.get()
    });
    PEAK.with(|p| p.set(p.get().max(live)));
}

fn shrink(bytes: usize) {
    LIVE.with(|l| l.set(l.get() - bytes as isize));
}

// SAFETY: forwards every call to `System` unchanged; counting touches only
// const-initialised thread-local `Cell`s (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grow(new_size);
        shrink(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most bytes `op` held at once beyond what this thread held before,
/// its result included.
fn peak_of<R>(op: impl FnOnce() -> R) -> usize {
    let before = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let result = op();
    let peak = PEAK.with(Cell::get) - before;
    drop(result);
    peak as usize
}

/// A bound on a reduction's peak: a few times its output's elements
/// (8-byte totals or values plus 8-byte indices, and the results), plus
/// the small vectors of its shape and plan.
fn bound(out_numel: usize) -> usize {
    32 * out_numel + 4096
}

#[test]
fn reductions_hold_memory_of_their_outputs_size() {
    let (rows, cols) = (256usize, 4096usize);
    let x = Tensor::<f32>::from_fn(rows * cols, |i| (i % 7) as f32)
        .view(&[rows as isize, cols as isize])
        .unwrap();
    let input_bytes = rows * cols * 4;
    let views = [
        ("contiguous", x.clone()),
        ("transposed", x.t().unwrap()),
        (
            "expanded",
            Tensor::<f32>::zeros(&[1, cols])
                .unwrap()
                .expand(&[rows as isize, cols as isize])
                .unwrap(),
        ),
    ];
    for (name, v) in &views {
        let (r, c) = (v.shape()[0], v.shape()[1]);
        let cases: [(&str, usize, usize); 9] = [
            ("sum last", r, peak_of(|| v.sum(&[-1], false).unwrap())),
            ("sum dim 0", c, peak_of(|| v.sum(&[0], true).unwrap())),
            ("sum all", 1, peak_of(|| v.sum(&[], false).unwrap())),
            ("mean last", r, peak_of(|| v.mean(&[1], false).unwrap())),
            ("mean dim 0", c, peak_of(|| v.mean(&[0], false).unwrap())),
            ("max last", r, peak_of(|| v.max(1, false).unwrap())),
            ("min dim 0", c, peak_of(|| v.min(0, false).unwrap())),
            (
                "argmax last",
                r,
                peak_of(|| v.argmax(Some(-1), false).unwrap()),
            ),
            ("argmax all", 1, peak_of(|| v.argmax(None, false).unwrap())),
        ];
        for (op, out_numel, peak) in cases {
            assert!(
                peak <= bound(out_numel),
                "{op} of the {name} input held {peak} bytes at once, more than {} for {out_numel} outputs (the input has {input_bytes})",
                bound(out_numel)
            );
        }
    }
}

#[test]
fn empty_inputs_allocate_next_to_nothing() {
    let z = Tensor::<f32>::zeros(&[0usize, 1 << 31, 1 << 31]).unwrap();
    let peak = peak_of(|| z.sum(&[1], false).unwrap());
    assert!(peak <= 4096, "{peak} bytes");
    let peak = peak_of(|| z.max(2, true).unwrap());
    assert!(peak <= 4096, "{peak} bytes");
    let peak = peak_of(|| z.mean(&[0, 1, 2], false).unwrap());
    assert!(peak <= 4096, "{peak} bytes");
}
