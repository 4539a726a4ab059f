//! Creating a view allocates nothing on the heap, up to rank 6 (shapes and
//! strides live inline in the layout, up to `INLINE_DIMS` = 6 dims, which
//! keeps a handle at 128 bytes; a view only bumps the storage's reference
//! count).
//!
//! A counting global allocator counts the allocations made *by this thread*
//! (the test harness allocates on its own threads), and each check asserts
//! that the count does not move while views are created and dropped.
//!
//! What does allocate, by design: constructors and copies (`zeros`,
//! `contiguous()` of a non-contiguous tensor, `reshape` when it must copy,
//! `to_vec`, `map`, `zip_map`), errors (a `ViewError` carries its message
//! data), and layouts of more than 6 dims (they spill to the heap; so
//! `unsqueeze` of a rank-6 tensor, or a key adding a new axis to one,
//! allocates).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tensor_view::{s, Tensor};

/// The system allocator, counting this thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards every call to `System` unchanged; counting touches only a
// const-initialised thread-local `Cell` (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Asserts that `make` (creating and dropping views) allocates nothing.
fn assert_no_allocation<R>(what: &str, make: impl Fn() -> R) {
    let before = allocations();
    for _ in 0..3 {
        drop(std::hint::black_box(make()));
    }
    assert_eq!(allocations() - before, 0, "{what} allocated");
}

fn flat_full(shape: &[usize]) -> Vec<isize> {
    shape.iter().map(|&d| d as isize).collect()
}

#[test]
fn view_creation_allocates_nothing_up_to_rank_6() {
    for rank in 1..=6usize {
        let shape: Vec<usize> = (0..rank).map(|d| d + 2).collect();
        let x = Tensor::<f32>::zeros(&shape).unwrap();
        let last = rank as isize - 1;
        let reversed: Vec<isize> = (0..rank as isize).rev().collect();
        let mut flat: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
        let merged = flat.pop().unwrap() * flat.pop().unwrap_or(1);
        flat.push(merged);
        let t = x.transpose(0, last).unwrap();
        let ones = Tensor::<f32>::zeros(&vec![1; rank]).unwrap();
        let full = flat_full(&shape);
        assert_no_allocation("expand", || ones.expand(&full).unwrap());
        // a 0-d input and new leading dims take expand's other paths
        let scalar = Tensor::<f32>::zeros::<usize>(&[]).unwrap();
        assert_no_allocation("expand of a 0-d tensor", || scalar.expand(&full).unwrap());
        let last_only = Tensor::<f32>::zeros(&[shape[rank - 1]]).unwrap();
        assert_no_allocation("expand adding leading dims", || {
            last_only.expand(&full).unwrap()
        });

        assert_no_allocation("clone", || x.clone());
        assert_no_allocation("view", || x.view(&flat).unwrap());
        assert_no_allocation("view(-1)", || x.view(&[-1]).unwrap());
        assert_no_allocation("reshape (a view)", || x.reshape(&flat).unwrap());
        assert_no_allocation("transpose", || x.transpose(0, last).unwrap());
        assert_no_allocation("permute", || x.permute(&reversed).unwrap());
        assert_no_allocation("flatten", || x.flatten(0, -1).unwrap());
        assert_no_allocation("contiguous (already)", || x.contiguous().unwrap());
        assert_no_allocation("detach", || t.detach());
        assert_no_allocation("narrow", || x.narrow(last, 1, 1).unwrap());
        assert_no_allocation("select", || x.select(0, 1).unwrap());
        if rank < 6 {
            // a new dim makes the result rank + 1: inline while that is at most 6
            assert_no_allocation("unsqueeze", || x.unsqueeze(-1).unwrap());
            assert_no_allocation("squeeze", || x.unsqueeze(0).unwrap().squeeze().unwrap());
        }
        assert_no_allocation("basic indexing", || x.index(&s![1..;2, ...]).unwrap());
        if rank >= 3 {
            // ints and slices only: the one-pass path
            assert_no_allocation("basic indexing", || x.index(&s![.., 1..;2, 0]).unwrap());
        }
        if rank < 6 {
            // PyTorch applies a key left to right: the new axis comes first,
            // so a rank-6 tensor passes through rank 7 here
            assert_no_allocation("basic indexing", || x.index(&s![None, ..., -1]).unwrap());
        }
        assert_no_allocation("t / mT", || x.swapaxes(0, -1).unwrap());
    }
}

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let x = Tensor::<f32>::zeros(&[4, 4]).unwrap();
    let c = x.transpose(0, 1).unwrap().contiguous().unwrap();
    assert!(
        allocations() > before,
        "copies allocate, so the counter must move"
    );
    drop((x, c));
}
