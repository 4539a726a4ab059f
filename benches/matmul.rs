//! `matmul` of views, against calling the GEMM crate (`matrixmultiply`)
//! directly on the same strides into a fresh buffer (the floor: what any
//! strided matmul built on it costs), and ndarray's `dot` on the same
//! transposed inputs (which also calls `matrixmultiply`, after its own
//! layout checks).
//!
//! `cargo bench --bench matmul`

mod common;

use std::hint::black_box;

use ndarray::Array2;
use tensor_view::Tensor;

/// `c = a b` through `matrixmultiply` on raw strides, into a new buffer.
fn direct(
    a: &[f32],
    b: &[f32],
    (m, k, n): (usize, usize, usize),
    sa: (isize, isize),
    sb: (isize, isize),
) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    // SAFETY: `a` and `b` hold every element the strides reach for the
    // sizes given (the bench builds them so, and `main` checks the result
    // against ours); `c` has `m * n` elements written row-major.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            sa.0,
            sa.1,
            b.as_ptr(),
            sb.0,
            sb.1,
            0.0,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
    c
}

fn main() {
    let mut c = common::criterion();
    for &n in &[64usize, 256, 512] {
        let data: Vec<f32> = (0..n * n).map(|v| (v % 97) as f32 * 0.01).collect();
        let data2: Vec<f32> = (0..n * n).map(|v| (v % 89) as f32 * 0.01).collect();
        let x = Tensor::from_vec(data.clone(), &[n, n]).unwrap();
        let y = Tensor::from_vec(data2.clone(), &[n, n]).unwrap();
        let (xt, yt) = (x.t().unwrap(), y.t().unwrap());
        let a = Array2::from_shape_vec((n, n), data.clone()).unwrap();
        let b = Array2::from_shape_vec((n, n), data2.clone()).unwrap();
        let shape = (n, n, n);
        let (row, col) = ((n as isize, 1), (1, n as isize));
        // The three contenders compute the same product.
        let ours = xt.matmul(&yt).unwrap().to_vec();
        assert_eq!(ours, direct(&data, &data2, shape, col, col));
        assert_eq!(ours, a.t().dot(&b.t()).iter().copied().collect::<Vec<_>>());

        for (label, lhs, rhs, sa, sb, na, nb) in [
            ("a @ b", &x, &y, row, row, false, false),
            ("a.T @ b.T", &xt, &yt, col, col, true, true),
            ("a @ b.T", &x, &yt, row, col, false, true),
        ] {
            let case = format!("{label}, {n}x{n}");
            let mut g = c.benchmark_group(&case);
            common::bench(&mut g, &case, "ours", || {
                black_box(lhs).matmul(black_box(rhs)).unwrap()
            });
            common::bench(&mut g, &case, "gemm direct", || {
                direct(black_box(&data), black_box(&data2), shape, sa, sb)
            });
            common::bench(&mut g, &case, "ndarray dot", || {
                let l = if na { a.t() } else { a.view() };
                let r = if nb { b.t() } else { b.view() };
                black_box(l).dot(&black_box(r))
            });
            g.finish();
        }
    }
    common::print_table(
        "matmul of f32 views (best time per call)",
        &["ours", "gemm direct", "ndarray dot"],
        &[
            ("ours vs direct", "ours", "gemm direct"),
            ("ours vs ndarray", "ours", "ndarray dot"),
        ],
    );
}
