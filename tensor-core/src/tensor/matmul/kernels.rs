//! The products of a [`Plan`], read straight from the operands' strides:
//! one call of `matrixmultiply`'s GEMM per batch index for `f32`, `f64` and
//! their complex types, and wrapping sums for the integer types PyTorch
//! multiplies. (`f16` and `bf16` are widened to `f32` by the caller.)
//!
//! `matrixmultiply` takes any row and column strides for both operands,
//! zero strides included, so transposed, sliced and broadcast operands are
//! read where they lie, with no copy; it is the GEMM `ndarray` uses, pure
//! Rust, with AVX/FMA and AVX-512 kernels chosen at run time.

use matrixmultiply::CGemmOption;
use num_complex::Complex;

use super::plan::{Operand, Plan};
use crate::{DType, Element};

/// `out` (row-major `[batch.., n, p]`, `plan`'s size) gets the products of
/// `plan` over the operands' elements `a` and `b`. Returns `false` for a
/// dtype this module does not multiply (the caller reports PyTorch's error).
pub(super) fn product<T: Element>(
    plan: &Plan,
    a: &[T::Repr],
    b: &[T::Repr],
    out: &mut [T::Repr],
) -> bool {
    use bytemuck::{cast_slice, cast_slice_mut};
    // Strides are never negative here, so every element a product reads
    // lies between an operand's offset and its extent: check that once
    // (the tensors' invariant guarantees it; a failure leaves `out` zero).
    let batches: usize = plan.batch.iter().product();
    let fits = extent(&plan.a) <= a.len()
        && extent(&plan.b) <= b.len()
        && out.len() == batches * plan.n * plan.p;
    if !fits {
        return true;
    }
    match T::DTYPE {
        DType::F32 => gemm_batches(
            plan,
            cast_slice(a),
            cast_slice(b),
            cast_slice_mut(out),
            sgemm,
        ),
        DType::F64 => gemm_batches(
            plan,
            cast_slice(a),
            cast_slice(b),
            cast_slice_mut(out),
            dgemm,
        ),
        DType::C64 => gemm_batches(
            plan,
            cast_slice(a),
            cast_slice(b),
            cast_slice_mut(out),
            cgemm,
        ),
        DType::C128 => gemm_batches(
            plan,
            cast_slice(a),
            cast_slice(b),
            cast_slice_mut(out),
            zgemm,
        ),
        DType::U8 => int_batches::<u8>(plan, cast_slice(a), cast_slice(b), cast_slice_mut(out)),
        DType::I8 => int_batches::<i8>(plan, cast_slice(a), cast_slice(b), cast_slice_mut(out)),
        DType::I16 => int_batches::<i16>(plan, cast_slice(a), cast_slice(b), cast_slice_mut(out)),
        DType::I32 => int_batches::<i32>(plan, cast_slice(a), cast_slice(b), cast_slice_mut(out)),
        DType::I64 => int_batches::<i64>(plan, cast_slice(a), cast_slice(b), cast_slice_mut(out)),
        _ => return false,
    }
    true
}

/// One matrix of a batch: where it starts and its row and column strides,
/// in elements.
#[derive(Clone, Copy)]
struct Matrix {
    start: usize,
    row_stride: isize,
    col_stride: isize,
}

/// The start of every matrix of `operand`, batch index by batch index
/// (row-major over `batch`), with its strides.
fn matrices<'p>(operand: &'p Operand, batch: &'p [usize]) -> impl Iterator<Item = Matrix> + 'p {
    let strides = operand.layout.strides();
    let d = strides.len();
    let (row_stride, col_stride) = (strides[d - 2], strides[d - 1]);
    let count: usize = batch.iter().product();
    let mut index = vec![0usize; batch.len()];
    let mut start = operand.layout.offset() as isize;
    (0..count).map(move |step| {
        if step > 0 {
            // Odometer step over the batch dims, moving `start` with it.
            for dim in (0..batch.len()).rev() {
                index[dim] += 1;
                start += strides[dim];
                if index[dim] < batch[dim] {
                    break;
                }
                start -= strides[dim] * batch[dim] as isize;
                index[dim] = 0;
            }
        }
        Matrix {
            start: start as usize,
            row_stride,
            col_stride,
        }
    })
}

/// The highest element index `operand` reads, plus one (0 when it reads none).
fn extent(operand: &Operand) -> usize {
    let layout = &operand.layout;
    if layout.shape().contains(&0) {
        return 0;
    }
    let last: isize = layout
        .shape()
        .iter()
        .zip(layout.strides())
        .map(|(&size, &stride)| (size as isize - 1) * stride)
        .sum();
    layout.offset() + last as usize + 1
}

/// One product for a GEMM: `c = a b` for an `m x k` matrix at `a` and a
/// `k x n` matrix at `b` (each with its row and column strides), written
/// row-major at `c`.
struct Call<E> {
    m: usize,
    k: usize,
    n: usize,
    a: *const E,
    a_strides: (isize, isize),
    b: *const E,
    b_strides: (isize, isize),
    c: *mut E,
}

/// A GEMM of the `matrixmultiply` family.
type Gemm<E> = fn(&Call<E>);

/// Every product of `plan` by `gemm`.
fn gemm_batches<E>(plan: &Plan, a: &[E], b: &[E], out: &mut [E], gemm: Gemm<E>) {
    let (n, k, p) = (plan.n, plan.k, plan.p);
    if n == 0 || p == 0 || k == 0 {
        // Nothing to multiply: the result stays zero, a sum over no terms.
        return;
    }
    let pairs = matrices(&plan.a, &plan.batch).zip(matrices(&plan.b, &plan.batch));
    for ((ma, mb), c) in pairs.zip(out.chunks_exact_mut(n * p)) {
        gemm(&Call {
            m: n,
            k,
            n: p,
            a: a[ma.start..].as_ptr(),
            a_strides: (ma.row_stride, ma.col_stride),
            b: b[mb.start..].as_ptr(),
            b_strides: (mb.row_stride, mb.col_stride),
            c: c.as_mut_ptr(),
        });
    }
}

/// The four GEMMs, each a function taking a [`Call`], with `alpha = 1`,
/// `beta = 0` and a row-major result; the complex ones take their
/// operands as they are stored (`CGemmOption::Standard`: no conjugation).
macro_rules! gemm_call {
    ($name:ident, $elem:ty, $one:expr, $zero:expr $(, $flags:expr)?) => {
        fn $name(g: &Call<$elem>) {
            let ((rsa, csa), (rsb, csb)) = (g.a_strides, g.b_strides);
            // SAFETY: `gemm_batches` passes pointers into the operands'
            // slices at a matrix's start, with that matrix's strides (never
            // negative) and sizes; `product` has checked that the operands'
            // extents, which bound every element those strides reach, lie
            // within the slices. `c` points at a chunk of exactly `m * n`
            // elements of the result, written row-major with strides `n`
            // and 1, which never alias. `matrixmultiply` reads `a` and `b`
            // and writes `c` only at those elements, and with `beta = 0` it
            // never reads `c`.
            unsafe {
                matrixmultiply::$name(
                    $($flags, $flags,)?
                    g.m, g.k, g.n, $one, g.a, rsa, csa, g.b, rsb, csb, $zero, g.c, g.n as isize, 1,
                )
            }
        }
    };
}

gemm_call!(sgemm, f32, 1.0, 0.0);
gemm_call!(dgemm, f64, 1.0, 0.0);
gemm_call!(
    cgemm,
    [f32; 2],
    [1.0, 0.0],
    [0.0, 0.0],
    CGemmOption::Standard
);
gemm_call!(
    zgemm,
    [f64; 2],
    [1.0, 0.0],
    [0.0, 0.0],
    CGemmOption::Standard
);

/// Integers PyTorch multiplies: products and sums wrap, as in PyTorch.
trait WrappingInt: Copy + Default {
    /// `acc + x * y`, wrapping.
    fn mul_add(acc: Self, x: Self, y: Self) -> Self;
}

macro_rules! wrapping_int {
    ($($t:ty),*) => {$(
        impl WrappingInt for $t {
            #[inline(always)]
            fn mul_add(acc: $t, x: $t, y: $t) -> $t {
                acc.wrapping_add(x.wrapping_mul(y))
            }
        }
    )*};
}

wrapping_int!(u8, i8, i16, i32, i64);

/// Every product of `plan` for an integer type, by plain sums.
fn int_batches<I: WrappingInt>(plan: &Plan, a: &[I], b: &[I], out: &mut [I]) {
    let (n, k, p) = (plan.n, plan.k, plan.p);
    if n == 0 || p == 0 {
        return;
    }
    let at = |m: Matrix, i: usize, j: usize| {
        (m.start as isize + i as isize * m.row_stride + j as isize * m.col_stride) as usize
    };
    let pairs = matrices(&plan.a, &plan.batch).zip(matrices(&plan.b, &plan.batch));
    for ((ma, mb), c) in pairs.zip(out.chunks_exact_mut(n * p)) {
        for i in 0..n {
            for j in 0..p {
                c[i * p + j] = (0..k).fold(I::default(), |acc, l| {
                    I::mul_add(acc, a[at(ma, i, l)], b[at(mb, l, j)])
                });
            }
        }
    }
}

/// The complex types' stored forms are the pairs `matrixmultiply` takes.
const _: () = {
    assert!(std::mem::size_of::<Complex<f32>>() == std::mem::size_of::<[f32; 2]>());
    assert!(std::mem::size_of::<Complex<f64>>() == std::mem::size_of::<[f64; 2]>());
};

#[cfg(test)]
mod tests {
    use crate::Tensor;

    /// `a @ b` by the defining sum, over the values as `f64` pairs.
    fn reference<T: crate::Element>(a: &Tensor<T>, b: &Tensor<T>) -> Vec<(f64, f64)> {
        let (n, k) = (a.shape()[0], a.shape()[1]);
        let p = b.shape()[1];
        let mut out = Vec::new();
        for i in 0..n as isize {
            for j in 0..p as isize {
                let (mut re, mut im) = (0.0, 0.0);
                for l in 0..k as isize {
                    let (x, y) = (
                        a.get(&[i, l]).unwrap().to_parts(),
                        b.get(&[l, j]).unwrap().to_parts(),
                    );
                    re += x.0 * y.0 - x.1 * y.1;
                    im += x.0 * y.1 + x.1 * y.0;
                }
                out.push((re, im));
            }
        }
        out
    }

    /// Operands at the edges the GEMM calls must stay within: a matrix that
    /// ends on its storage's last element, a transposed one, a broadcast
    /// row (stride 0), and empty contractions (`k = 0`, results of zeros).
    fn edges<T: crate::Element>() {
        let base = Tensor::<T>::from_vec(
            (0..30)
                .map(|i| T::from_parts((i % 7) as f64, (i % 3) as f64))
                .collect(),
            &[6, 5],
        )
        .unwrap();
        let last_rows = base.narrow(0, 3, 3).unwrap(); // [3, 5] ending at element 29
        let transposed = base.narrow(1, 1, 3).unwrap().t().unwrap(); // [3, 6], strides [1, 5]
        let row = base.narrow(0, 5, 1).unwrap().expand(&[3, 5]).unwrap(); // stride 0
        for (a, b) in [
            (
                last_rows.clone(),
                base.narrow(0, 0, 5).unwrap().t().unwrap(),
            ),
            (transposed.clone(), base.clone()),
            (row.clone(), last_rows.t().unwrap()),
        ] {
            let product = a.matmul(&b).unwrap();
            let got: Vec<(f64, f64)> = product.to_vec().into_iter().map(|v| v.to_parts()).collect();
            assert_eq!(
                got,
                reference(&a, &b),
                "{:?} @ {:?}",
                a.stride(),
                b.stride()
            );
        }
        let empty = base.narrow(1, 5, 0).unwrap(); // [6, 0], offset at the end
        let zeros = empty.matmul(&empty.t().unwrap()).unwrap();
        assert_eq!(zeros.shape(), &[6, 6]);
        assert!(zeros
            .to_vec()
            .into_iter()
            .all(|v| v.to_parts() == (0.0, 0.0)));
    }

    #[test]
    fn every_gemm_stays_within_its_operands_at_their_edges() {
        edges::<f32>();
        edges::<f64>();
        edges::<num_complex::Complex<f32>>();
        edges::<num_complex::Complex<f64>>();
        edges::<i64>();
        edges::<u8>();
    }
}
