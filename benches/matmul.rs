//! `matmul` of views, side by side in one process with:
//! - `faer direct`: `faer`'s matmul (the GEMM `matmul` calls) called
//!   directly on the same strides into a fresh zeroed buffer,
//!   single-threaded: the floor, what any strided matmul built on it costs;
//! - `gemm direct`: the `gemm` crate (the GEMM candle calls), called the
//!   same way;
//! - `ndarray dot` on the same transposed inputs (it calls
//!   `matrixmultiply`, after its own layout checks);
//! - `memcpy`: copying a buffer of the result's size into a fresh one, the
//!   cost of producing the result's memory at all.
//!
//! Sizes 64, 256 and 512 for `f32`, 64 and 256 for `f64`, 128 for
//! `complex64`.
//!
//! `cargo bench --bench matmul`

mod common;

use std::hint::black_box;

use faer::linalg::matmul::matmul;
use faer::traits::ComplexField;
use faer::{Accum, MatMut, MatRef, Par};
use ndarray::{Array2, LinalgScalar};
use num_complex::Complex;
use tensor_view::{Element, Tensor};

/// A float type the bench multiplies, with its direct `gemm` call.
trait Float: Element + LinalgScalar + ComplexField + PartialEq + std::fmt::Debug {
    /// `gemm`'s `beta = 1` for this type.
    const ONE: Self;
    /// The element `v` stands for (small values, exact products).
    fn of(v: usize) -> Self;
}

impl Float for f32 {
    const ONE: f32 = 1.0;
    fn of(v: usize) -> f32 {
        v as f32 * 0.25
    }
}

impl Float for f64 {
    const ONE: f64 = 1.0;
    fn of(v: usize) -> f64 {
        v as f64 * 0.25
    }
}

impl Float for Complex<f32> {
    const ONE: Complex<f32> = Complex { re: 1.0, im: 0.0 };
    fn of(v: usize) -> Self {
        Complex::new(v as f32 * 0.25, (v % 5) as f32 * 0.25)
    }
}

/// An `n x n` matrix over `data`, row-major, or its transpose when
/// `transposed` (the strides the bench's views have).
fn faer_view<T>(data: &[T], n: usize, transposed: bool) -> MatRef<'_, T> {
    let matrix = MatRef::from_row_major_slice(data, n, n);
    if transposed {
        matrix.transpose()
    } else {
        matrix
    }
}

/// `a b` for `n x n` matrices over `a` and `b` (each transposed or not),
/// by `faer` into a new zeroed row-major buffer, as `matmul` calls it.
fn faer_direct<T: Float>(a: &[T], b: &[T], n: usize, ta: bool, tb: bool) -> Vec<T> {
    let mut c = vec![T::of(0); n * n];
    let dst = MatMut::from_row_major_slice_mut(&mut c, n, n);
    matmul(
        dst,
        Accum::Replace,
        faer_view(a, n, ta),
        faer_view(b, n, tb),
        T::ONE,
        Par::Seq,
    );
    c
}

/// `a b` for `n x n` matrices over `a` and `b` (each transposed or not),
/// by `gemm` into a new row-major buffer it writes without reading.
fn gemm_direct<T: Float>(a: &[T], b: &[T], n: usize, ta: bool, tb: bool) -> Vec<T> {
    let strides = |t: bool| if t { (1, n as isize) } else { (n as isize, 1) };
    let (sa, sb) = (strides(ta), strides(tb));
    let mut c = Vec::<T>::with_capacity(n * n);
    let out = c.spare_capacity_mut().as_mut_ptr().cast::<T>();
    // SAFETY: `a` and `b` hold `n * n` elements each, every element the
    // strides reach for `n x n` matrices; `out` has room for `n * n`
    // elements, written row-major, all of them by `gemm` (`read_dst =
    // false`: it never reads them), so `set_len` exposes only written
    // elements. `main` checks the results against ours.
    unsafe {
        gemm::gemm(
            n,
            n,
            n,
            out,
            1,
            n as isize,
            false,
            a.as_ptr(),
            sa.1,
            sa.0,
            b.as_ptr(),
            sb.1,
            sb.0,
            T::of(0),
            T::ONE,
            false,
            false,
            false,
            gemm::Parallelism::None,
        );
        c.set_len(n * n);
    }
    c
}

/// The three layouts of every size, for `T`, recorded as cases named
/// `"{label}, {n}x{n}{suffix}"`.
fn sizes<T: Float>(c: &mut criterion::Criterion, sizes: &[usize], suffix: &str) {
    for &n in sizes {
        let data: Vec<T> = (0..n * n).map(|v| T::of(v % 97)).collect();
        let data2: Vec<T> = (0..n * n).map(|v| T::of(v % 89)).collect();
        let x = Tensor::from_vec(data.clone(), &[n, n]).unwrap();
        let y = Tensor::from_vec(data2.clone(), &[n, n]).unwrap();
        let (xt, yt) = (x.t().unwrap(), y.t().unwrap());
        let a = Array2::from_shape_vec((n, n), data.clone()).unwrap();
        let b = Array2::from_shape_vec((n, n), data2.clone()).unwrap();

        for (label, lhs, rhs, na, nb) in [
            ("a @ b", &x, &y, false, false),
            ("a.T @ b.T", &xt, &yt, true, true),
            ("a @ b.T", &x, &yt, false, true),
        ] {
            let l = if na { a.t() } else { a.view() };
            let r = if nb { b.t() } else { b.view() };
            // Every contender computes the same product (the values are
            // quarters of small integers, so every sum is exact).
            let ours = lhs.matmul(rhs).unwrap().to_vec();
            assert_eq!(ours, faer_direct(&data, &data2, n, na, nb));
            assert_eq!(ours, gemm_direct(&data, &data2, n, na, nb));
            assert_eq!(ours, l.dot(&r).iter().copied().collect::<Vec<_>>());

            let case = format!("{label}, {n}x{n}{suffix}");
            let mut g = c.benchmark_group(&case);
            common::bench(&mut g, &case, "ours", || {
                black_box(lhs).matmul(black_box(rhs)).unwrap()
            });
            common::bench(&mut g, &case, "faer direct", || {
                faer_direct(black_box(&data), black_box(&data2), n, na, nb)
            });
            common::bench(&mut g, &case, "gemm direct", || {
                gemm_direct(black_box(&data), black_box(&data2), n, na, nb)
            });
            common::bench(&mut g, &case, "ndarray dot", || {
                black_box(l).dot(&black_box(r))
            });
            common::bench(&mut g, &case, "memcpy", || black_box(&ours).to_vec());
            g.finish();
        }
    }
}

fn main() {
    let mut c = common::criterion();
    sizes::<f32>(&mut c, &[64, 256, 512], "");
    sizes::<f64>(&mut c, &[64, 256], ", f64");
    sizes::<Complex<f32>>(&mut c, &[128], ", complex64");
    common::print_table(
        "matmul of views (best time per call)",
        &[
            "ours",
            "faer direct",
            "gemm direct",
            "ndarray dot",
            "memcpy",
        ],
        &[
            ("ours vs faer direct", "ours", "faer direct"),
            ("ours vs gemm", "ours", "gemm direct"),
            ("ours vs ndarray", "ours", "ndarray dot"),
        ],
    );
}
