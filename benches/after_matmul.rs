//! Ops timed right after a `matmul` and alone, in one run: a GEMM that
//! leaves the AVX/AVX-512 upper register state dirty slows every later SSE
//! instruction on its thread (libm's `exp`, loops compiled for baseline
//! x86-64), so a model's `softmax` after its `matmul` ran 13× slower than
//! the same `softmax` timed alone (BENCHMARKS.md, section 6).
//!
//! Contenders, each timing only the op (the step before it runs untimed
//! before every call):
//! - `alone`: the op, nothing before it;
//! - `after matmul`: right after this crate's `matmul` of two 256 × 256
//!   `f32` matrices (which ends with a `vzeroupper`);
//! - `after faer`: right after `faer`'s own matmul of the same matrices,
//!   called directly (the GEMM `matmul` calls, without the `vzeroupper`):
//!   what the op cost before the fix, on CPUs where the state matters.
//!
//! `cargo bench --bench after_matmul`

mod common;

use std::hint::black_box;

use faer::linalg::matmul::matmul;
use faer::{Accum, Mat, Par};
use tensor_view::Tensor;

const SIDE: usize = 256;

fn main() {
    let mut c = common::criterion();
    let values: Vec<f32> = (0..SIDE * SIDE).map(|i| (i % 7) as f32 * 0.25).collect();
    let m = Tensor::from_vec(values.clone(), &[SIDE, SIDE]).unwrap();
    let fa = Mat::<f32>::from_fn(SIDE, SIDE, |i, j| values[i * SIDE + j]);
    let mut fdst = Mat::<f32>::zeros(SIDE, SIDE);
    let mut ours = || drop(black_box(m.matmul(black_box(&m)).unwrap()));
    let mut faer_direct = || {
        matmul(
            fdst.as_mut(),
            Accum::Replace,
            fa.as_ref(),
            fa.as_ref(),
            1.0,
            Par::Seq,
        );
        black_box(&fdst);
    };

    let scores = Tensor::<f32>::from_vec(
        (0..8 * 12 * 128 * 128)
            .map(|i| ((i * 7919) % 1000) as f32 * 0.01)
            .collect(),
        &[8, 12, 128, 128],
    )
    .unwrap();
    let n = 1 << 20;
    let x =
        Tensor::<f32>::from_vec((0..n).map(|i| (i % 1000) as f32 * 0.01).collect(), &[n]).unwrap();
    let y = x.exp();

    macro_rules! group {
        ($name:expr, $op:expr) => {{
            let mut g = c.benchmark_group($name);
            common::bench_after(&mut g, $name, "alone", || (), $op);
            common::bench_after(&mut g, $name, "after matmul", &mut ours, $op);
            common::bench_after(&mut g, $name, "after faer", &mut faer_direct, $op);
            g.finish();
        }};
    }
    group!("softmax [8, 12, 128, 128] dim -1", || black_box(&scores)
        .softmax(-1)
        .unwrap());
    group!("exp [2^20]", || black_box(&x).exp());
    group!("a + b [2^20]", || (black_box(&x) + &y).unwrap());
    group!("gelu [2^20]", || black_box(&x).gelu());

    common::print_table(
        "Ops right after a 256 x 256 f32 matmul, and alone (f32, one thread)",
        &["alone", "after matmul", "after faer"],
        &[
            ("after matmul / alone speed", "after matmul", "alone"),
            ("after faer / alone speed", "after faer", "alone"),
        ],
    );
    c.final_summary();
}
