//! `matmul` of views, side by side in one process with:
//! - `gemm direct`: the `gemm` crate (the GEMM `matmul` calls) called
//!   directly on the same strides into a fresh buffer, single-threaded: the
//!   floor, what any strided matmul built on it costs;
//! - `matrixmultiply direct`: the other strided GEMM crate, called the same
//!   way;
//! - `ndarray dot` on the same transposed inputs (it calls
//!   `matrixmultiply`, after its own layout checks);
//! - `memcpy`: copying a buffer of the result's size into a fresh one, the
//!   cost of producing the result's memory at all.
//!
//! Sizes 64, 256 and 512 for `f32`, 256 for `f64`, 128 for `complex64`.
//!
//! `cargo bench --bench matmul`

mod common;

use std::hint::black_box;

use ndarray::{Array2, LinalgScalar};
use num_complex::Complex;
use tensor_view::{Element, Tensor};

/// A float type the bench multiplies, with its direct GEMM calls.
trait Float: Element + LinalgScalar + PartialEq + std::fmt::Debug {
    /// `c = a b` for an `m x k` matrix at `a` and a `k x n` one at `b` with
    /// the given (row, column) strides, into a new row-major buffer, by
    /// `gemm` (`use_gemm`) or `matrixmultiply`.
    fn direct(
        use_gemm: bool,
        a: &[Self],
        b: &[Self],
        mkn: (usize, usize, usize),
        sa: (isize, isize),
        sb: (isize, isize),
    ) -> Vec<Self>;
    /// The element `v` stands for (small values, exact products).
    fn of(v: usize) -> Self;
}

macro_rules! float {
    ($t:ty, $mm:ident) => {
        impl Float for $t {
            fn direct(
                use_gemm: bool,
                a: &[$t],
                b: &[$t],
                (m, k, n): (usize, usize, usize),
                sa: (isize, isize),
                sb: (isize, isize),
            ) -> Vec<$t> {
                let mut c = Vec::<$t>::with_capacity(m * n);
                let out = c.spare_capacity_mut().as_mut_ptr().cast::<$t>();
                // SAFETY: `a` and `b` hold every element the strides reach
                // for the sizes given (`main` builds them so and checks the
                // results against ours); `out` has room for `m * n`
                // elements, written row-major, all of them by the GEMM
                // (`beta = 0` / `read_dst = false`: it never reads them),
                // so `set_len` exposes only written elements.
                unsafe {
                    if use_gemm {
                        gemm::gemm(
                            m,
                            n,
                            k,
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
                            0.0,
                            1.0,
                            false,
                            false,
                            false,
                            gemm::Parallelism::None,
                        );
                    } else {
                        matrixmultiply::$mm(
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
                            out,
                            n as isize,
                            1,
                        );
                    }
                    c.set_len(m * n);
                }
                c
            }
            fn of(v: usize) -> $t {
                v as $t * 0.25
            }
        }
    };
}

float!(f32, sgemm);
float!(f64, dgemm);

impl Float for Complex<f32> {
    fn direct(
        use_gemm: bool,
        a: &[Self],
        b: &[Self],
        (m, k, n): (usize, usize, usize),
        sa: (isize, isize),
        sb: (isize, isize),
    ) -> Vec<Self> {
        let mut c = Vec::<Self>::with_capacity(m * n);
        let out = c.spare_capacity_mut().as_mut_ptr().cast::<Self>();
        let (zero, one) = (Complex::new(0.0, 0.0), Complex::new(1.0, 0.0));
        // SAFETY: as for the real types above; `Complex<f32>` is stored as
        // the `[f32; 2]` pairs `matrixmultiply::cgemm` takes.
        unsafe {
            if use_gemm {
                gemm::gemm(
                    m,
                    n,
                    k,
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
                    zero,
                    one,
                    false,
                    false,
                    false,
                    gemm::Parallelism::None,
                );
            } else {
                let standard = matrixmultiply::CGemmOption::Standard;
                matrixmultiply::cgemm(
                    standard,
                    standard,
                    m,
                    k,
                    n,
                    [1.0, 0.0],
                    a.as_ptr().cast(),
                    sa.0,
                    sa.1,
                    b.as_ptr().cast(),
                    sb.0,
                    sb.1,
                    [0.0, 0.0],
                    out.cast(),
                    n as isize,
                    1,
                );
            }
            c.set_len(m * n);
        }
        c
    }
    fn of(v: usize) -> Self {
        Complex::new(v as f32 * 0.25, (v % 5) as f32 * 0.25)
    }
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
        let shape = (n, n, n);
        let (row, col) = ((n as isize, 1), (1, n as isize));

        for (label, lhs, rhs, sa, sb, na, nb) in [
            ("a @ b", &x, &y, row, row, false, false),
            ("a.T @ b.T", &xt, &yt, col, col, true, true),
            ("a @ b.T", &x, &yt, row, col, false, true),
        ] {
            let l = if na { a.t() } else { a.view() };
            let r = if nb { b.t() } else { b.view() };
            // Every contender computes the same product (the values are
            // quarters of small integers, so every sum is exact).
            let ours = lhs.matmul(rhs).unwrap().to_vec();
            assert_eq!(ours, T::direct(true, &data, &data2, shape, sa, sb));
            assert_eq!(ours, T::direct(false, &data, &data2, shape, sa, sb));
            assert_eq!(ours, l.dot(&r).iter().copied().collect::<Vec<_>>());

            let case = format!("{label}, {n}x{n}{suffix}");
            let mut g = c.benchmark_group(&case);
            common::bench(&mut g, &case, "ours", || {
                black_box(lhs).matmul(black_box(rhs)).unwrap()
            });
            common::bench(&mut g, &case, "gemm direct", || {
                T::direct(true, black_box(&data), black_box(&data2), shape, sa, sb)
            });
            common::bench(&mut g, &case, "matrixmultiply direct", || {
                T::direct(false, black_box(&data), black_box(&data2), shape, sa, sb)
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
    sizes::<f64>(&mut c, &[256], ", f64");
    sizes::<Complex<f32>>(&mut c, &[128], ", complex64");
    common::print_table(
        "matmul of views (best time per call)",
        &[
            "ours",
            "gemm direct",
            "matrixmultiply direct",
            "ndarray dot",
            "memcpy",
        ],
        &[
            ("ours vs gemm direct", "ours", "gemm direct"),
            ("ours vs ndarray", "ours", "ndarray dot"),
            (
                "gemm vs matrixmultiply",
                "gemm direct",
                "matrixmultiply direct",
            ),
        ],
    );
}
