//! A static `view!` does no run-time work beyond the new handle: it costs
//! what cloning the handle costs (one reference-count increment and the
//! layout copy), next to the dynamic `view` that checks the shape and runs
//! PyTorch's stride rule. Run: `cargo bench --bench static_view`.

// Written-out static tensor types score high on clippy's measure; see docs/compile-time.md.
#![allow(clippy::type_complexity)]

use divan::{black_box, Bencher};
use tensor_view::{view, Shape, Tensor};

fn main() {
    divan::main();
}

/// The baseline: a new handle to the same storage and layout.
#[divan::bench]
fn clone_handle(bencher: Bencher) {
    let x = Tensor::<f32, Shape![4, 4, 4, 4]>::zeros();
    bencher.bench_local(|| black_box(black_box(&x).clone()));
}

/// Moving an owned handle in and dropping it (the floor of any op that
/// returns a new handle).
#[divan::bench]
fn move_handle(bencher: Bencher) {
    let x = Tensor::<f32, Shape![4, 4, 4, 4]>::zeros();
    bencher
        .with_inputs(|| x.clone())
        .bench_local_values(black_box);
}

/// `view!` on a static contiguous tensor: the layout comes from constants.
#[divan::bench]
fn static_view(bencher: Bencher) {
    let x = Tensor::<f32, Shape![4, 4, 4, 4]>::zeros();
    bencher.bench_local(|| {
        let y: Tensor<f32, Shape![16, 16]> = view!(black_box(&x), [16, -1]);
        black_box(y)
    });
}

/// `x.view(..)` on the same data held as a dynamic tensor.
#[divan::bench]
fn dynamic_view(bencher: Bencher) {
    let x = Tensor::<f32>::zeros(&[4, 4, 4, 4]).unwrap();
    bencher.bench_local(|| black_box(black_box(&x).view(&[16, -1])));
}
