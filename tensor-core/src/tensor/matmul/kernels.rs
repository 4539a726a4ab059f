//! The products of a [`Plan`], read straight from the operands' strides
//! into a new row-major buffer: one `faer` matmul per batch index for
//! `f32`, `f64` and their complex types, and wrapping sums for the integer
//! types PyTorch multiplies. (`f16` and `bf16` are widened to `f32` by the
//! caller.)
//!
//! `faer` takes any row and column strides for its operands, zero strides
//! included, so transposed, sliced and broadcast operands are read where
//! they lie, with no copy. It is pure Rust with kernels for each SIMD level
//! chosen at run time (a dedicated one for small matrices). It is called
//! with `Par::Seq`, so a product runs on the caller's thread only, unless
//! the `parallel` feature is on and the product is large
//! (`PARALLEL_MULTIPLY_ADDS`). It writes the result through a safe
//! row-major view of the zeroed buffer.
//!
//! It is chosen over `gemm` (which this module called before; candle calls
//! it) and `matrixmultiply` (which ndarray's `dot` calls) because on the
//! same strides it is as fast or faster for every layout and type measured,
//! most of all for the small matrices of attention heads, and it is the
//! only one of the three faster than ndarray's `dot` on `a.T @ b.T` for
//! `f32` (`benches/matmul.rs`, BENCHMARKS.md section 3b).

use std::mem::size_of;

use faer::linalg::matmul::matmul;
use faer::traits::ComplexField;
use faer::{Accum, MatMut, MatRef, Par};
use num_complex::Complex;

use super::plan::{Operand, Plan};
use crate::kernels::vector_state;
use crate::storage::Bytes;
use crate::{DType, Element, ViewError};

/// A new buffer of `nbytes` bytes (the result's, row-major
/// `[batch.., n, p]` of `plan`'s size) holding the products of `plan` over
/// the operands' elements `a` and `b`. The caller reports PyTorch's error
/// for the dtypes it does not multiply before calling; for those (and
/// operands too short for the plan, which the tensors' invariant rules out)
/// the buffer holds zeros.
pub(super) fn product<T: Element>(
    plan: &Plan,
    a: &[T::Repr],
    b: &[T::Repr],
    nbytes: usize,
) -> Result<Bytes, ViewError> {
    use bytemuck::cast_slice;
    // Strides are never negative here, so every element a product reads
    // lies between an operand's offset and its extent: check that once.
    let batches: usize = plan.batch.iter().product();
    let fits = extent(&plan.a) <= a.len()
        && extent(&plan.b) <= b.len()
        && nbytes == batches * plan.n * plan.p * size_of::<T::Repr>();
    if !fits {
        return Bytes::zeroed(nbytes);
    }
    match T::DTYPE {
        DType::F32 => gemm_batches::<f32>(plan, cast_slice(a), cast_slice(b), nbytes),
        DType::F64 => gemm_batches::<f64>(plan, cast_slice(a), cast_slice(b), nbytes),
        DType::C64 => gemm_batches::<Complex<f32>>(plan, cast_slice(a), cast_slice(b), nbytes),
        DType::C128 => gemm_batches::<Complex<f64>>(plan, cast_slice(a), cast_slice(b), nbytes),
        DType::U8 => int_product::<T, u8>(plan, a, b, nbytes),
        DType::I8 => int_product::<T, i8>(plan, a, b, nbytes),
        DType::I16 => int_product::<T, i16>(plan, a, b, nbytes),
        DType::I32 => int_product::<T, i32>(plan, a, b, nbytes),
        DType::I64 => int_product::<T, i64>(plan, a, b, nbytes),
        _ => Bytes::zeroed(nbytes),
    }
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

/// The element types `faer` multiplies, with the `alpha` of a call:
/// `dst = alpha (lhs rhs)`, with `alpha = 1`.
trait GemmElement: bytemuck::Pod + ComplexField + Send + Sync {
    const ONE: Self;
}

impl GemmElement for f32 {
    const ONE: f32 = 1.0;
}

impl GemmElement for f64 {
    const ONE: f64 = 1.0;
}

impl GemmElement for Complex<f32> {
    const ONE: Complex<f32> = Complex { re: 1.0, im: 0.0 };
}

impl GemmElement for Complex<f64> {
    const ONE: Complex<f64> = Complex { re: 1.0, im: 0.0 };
}

/// Multiply-adds (`n * k * p` of one product, or of a whole batch) from
/// which a product runs on rayon's threads with the `parallel` feature:
/// below it the threads' start costs more than they save.
#[cfg(feature = "parallel")]
pub(crate) const PARALLEL_MULTIPLY_ADDS: usize = 1 << 21;

/// A new buffer of `nbytes` bytes holding every product of `plan`, one
/// `faer` product per batch index; `product` has checked that `nbytes` is
/// the result's size and that the operands' extents lie within `a` and `b`.
///
/// On the caller's thread, except with the `parallel` feature from
/// `PARALLEL_MULTIPLY_ADDS` on: one large product is split by `faer`
/// across rayon's threads, and a batch of small ones is shared out one
/// product per task.
fn gemm_batches<E: GemmElement>(
    plan: &Plan,
    a: &[E],
    b: &[E],
    nbytes: usize,
) -> Result<Bytes, ViewError> {
    let (n, k, p) = (plan.n, plan.k, plan.p);
    // Zeroed first: the sums over no terms when `k = 0`, and an initialised
    // destination for `faer`, whose safe row-major view of a slice is what
    // it writes through.
    let mut bytes = Bytes::zeroed(nbytes)?;
    // No product at all (an empty batch: `n * p` may then not even fit a
    // `usize`) or only empty ones.
    if nbytes == 0 || n == 0 || k == 0 || p == 0 {
        return Ok(bytes);
    }
    let out: &mut [E] = bytes.as_elements_mut();
    let pairs = matrices(&plan.a, &plan.batch).zip(matrices(&plan.b, &plan.batch));
    let chunks = out.chunks_exact_mut(n * p);
    let each = n.saturating_mul(k).saturating_mul(p);
    #[cfg(feature = "parallel")]
    if each < PARALLEL_MULTIPLY_ADDS && each.saturating_mul(chunks.len()) >= PARALLEL_MULTIPLY_ADDS
    {
        use rayon::prelude::*;
        let jobs: Vec<_> = pairs.zip(chunks).collect();
        jobs.into_par_iter()
            .for_each(|((ma, mb), chunk)| multiply(a, b, (ma, mb), (n, k, p), chunk, Par::Seq));
        return Ok(bytes);
    }
    let par = parallelism(each);
    for ((ma, mb), chunk) in pairs.zip(chunks) {
        multiply(a, b, (ma, mb), (n, k, p), chunk, par);
    }
    // `faer` ran parts of the product on rayon's workers: clean them too.
    #[cfg(feature = "parallel")]
    if !matches!(par, Par::Seq) {
        vector_state::clean_upper_state_on_workers();
    }
    Ok(bytes)
}

/// How `faer` runs one product of `multiply_adds` multiply-adds: on the
/// caller's thread, or with the `parallel` feature, from
/// `PARALLEL_MULTIPLY_ADDS` on, across rayon's threads.
fn parallelism(multiply_adds: usize) -> Par {
    #[cfg(feature = "parallel")]
    if multiply_adds >= PARALLEL_MULTIPLY_ADDS {
        return Par::rayon(0);
    }
    #[cfg(not(feature = "parallel"))]
    let _ = multiply_adds;
    Par::Seq
}

/// `chunk = lhs @ rhs` for the `n x k` matrix `lhs` of `a` and the `k x p`
/// matrix `rhs` of `b` (no size 0), written row-major into `chunk`'s
/// `n * p` elements; `gemm_batches`' caller has checked that both
/// operands' extents lie within `a` and `b`.
fn multiply<E: GemmElement>(
    a: &[E],
    b: &[E],
    (lhs, rhs): (Matrix, Matrix),
    (n, k, p): (usize, usize, usize),
    chunk: &mut [E],
    par: Par,
) {
    // SAFETY: each pointer is an operand's slice at a matrix's start, with
    // that matrix's sizes (`n x k`, `k x p`, none zero here) and strides
    // (never negative; zero for a broadcast dim, which a read-only
    // `MatRef` allows). `product` has checked that the operand's extent,
    // which bounds every element those strides reach, lies within its
    // slice, so every element is in one allocation, aligned and
    // initialised. The slices are shared borrows for this whole call, so
    // nothing writes them meanwhile.
    let (lhs, rhs) = unsafe {
        (
            MatRef::from_raw_parts(
                a.as_ptr().add(lhs.start),
                n,
                k,
                lhs.row_stride,
                lhs.col_stride,
            ),
            MatRef::from_raw_parts(
                b.as_ptr().add(rhs.start),
                k,
                p,
                rhs.row_stride,
                rhs.col_stride,
            ),
        )
    };
    let dst = MatMut::from_row_major_slice_mut(chunk, n, p);
    matmul(dst, Accum::Replace, lhs, rhs, E::ONE, par);
    // `faer`'s assembly kernels return with the AVX/AVX-512 upper state
    // dirty, which slows every later SSE instruction on this thread about
    // 13-fold (BENCHMARKS.md, section 7): leave it clean.
    vector_state::clean_upper_state();
}

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

/// A new buffer of `nbytes` bytes holding every product of `plan` for the
/// integer type `I` that `T` is stored as (zeroed first: the sums are
/// plain safe code).
fn int_product<T: Element, I: WrappingInt + bytemuck::Pod>(
    plan: &Plan,
    a: &[T::Repr],
    b: &[T::Repr],
    nbytes: usize,
) -> Result<Bytes, ViewError> {
    use bytemuck::cast_slice;
    let mut bytes = Bytes::zeroed(nbytes)?;
    int_batches::<I>(plan, cast_slice(a), cast_slice(b), bytes.as_elements_mut());
    Ok(bytes)
}

/// Every product of `plan` for an integer type, by plain sums.
fn int_batches<I: WrappingInt>(plan: &Plan, a: &[I], b: &[I], out: &mut [I]) {
    let (n, k, p) = (plan.n, plan.k, plan.p);
    if out.is_empty() || n == 0 || p == 0 {
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

    /// Every element of every matrix of a batch is the product's, also
    /// after a dropped copy left a buffer full of NaNs behind (copies of
    /// 4 MiB and more reuse those), and when `k = 0` leaves only zeros.
    #[test]
    fn every_element_of_every_result_matrix_is_the_product() {
        let side = 1024; // a 4 MiB f32 result, the size copies recycle
        for k in [0, 1] {
            let nans = Tensor::<f32>::full(&[side, side], f32::NAN).unwrap();
            drop(nans.t().unwrap().contiguous().unwrap());
            let a = Tensor::<f32>::arange(side).view(&[side, 1]).unwrap();
            let a = a.narrow(1, 0, k).unwrap(); // [side, k]
            let product = a.matmul(&a.t().unwrap()).unwrap();
            let values = product.to_vec();
            assert_eq!(values.len(), side * side);
            for (index, &v) in values.iter().enumerate() {
                let (i, j) = (index / side, index % side);
                assert_eq!(v, (k * i * j) as f32, "k = {k}, element [{i}, {j}]");
            }
        }
        let batch = Tensor::<f64>::arange(24).view(&[4, 2, 3]).unwrap();
        assert_batch_products(&batch, 0..4);
    }

    /// `batch @ batch.transpose(1, 2)` has, at each index of `matrices`,
    /// the defining sum's product of that matrix with its transpose.
    fn assert_batch_products<T: crate::Element>(
        batch: &Tensor<T>,
        matrices: impl IntoIterator<Item = isize>,
    ) {
        let products = batch.matmul(&batch.transpose(1, 2).unwrap()).unwrap();
        let side = batch.shape()[1];
        assert_eq!(products.shape(), &[batch.shape()[0], side, side]);
        for m in matrices {
            let x = batch.select(0, m).unwrap();
            let got: Vec<(f64, f64)> = products
                .select(0, m)
                .unwrap()
                .to_vec()
                .into_iter()
                .map(crate::Element::to_parts)
                .collect();
            assert_eq!(got, reference(&x, &x.t().unwrap()), "matrix {m}");
        }
    }

    /// Products past the size from which the `parallel` feature splits
    /// them (`PARALLEL_MULTIPLY_ADDS`, 2^21 multiply-adds): one large
    /// transposed product, and a batch of small ones, against the defining
    /// sum (small integers, so every float sum is exact).
    #[test]
    fn large_products_and_large_batches_match_the_defining_sum() {
        let (n, k, p) = (130, 140, 150); // 2.73 million multiply-adds
        let a_values: Vec<f64> = (0..n * k).map(|i| (i % 7) as f64).collect();
        let b_values: Vec<f64> = (0..p * k).map(|i| (i % 11) as f64).collect();
        let a = Tensor::from_vec(a_values.clone(), &[n, k]).unwrap();
        let b = Tensor::from_vec(b_values.clone(), &[p, k]).unwrap();
        // b.t() has strides [1, 140]. The defining sum is taken over the
        // row-major values: `reference` reads element by element, too slow
        // for this size under valgrind.
        let product = a.matmul(&b.t().unwrap()).unwrap();
        let expected: Vec<f64> = (0..n * p)
            .map(|index| {
                let (i, j) = (index / p, index % p);
                (0..k)
                    .map(|l| a_values[i * k + l] * b_values[j * k + l])
                    .sum()
            })
            .collect();
        assert_eq!(product.to_vec(), expected);

        let batch = Tensor::<f32>::from_vec(
            (0..80 * 32 * 32).map(|i| (i % 5) as f32).collect(),
            &[80, 32, 32],
        )
        .unwrap(); // 80 products of 32^3 = 2^15 each
        assert_batch_products(&batch, [0, 41, 79]);
    }

    /// Where the CPU reports XINUSE, no product leaves the upper halves of
    /// the vector registers dirty (bits 2 and 6), on the calling thread or,
    /// with the `parallel` feature, on rayon's workers: the state is read
    /// right after `matmul` returns, before anything else runs.
    #[test]
    fn matmul_leaves_the_upper_vector_state_clean() {
        use crate::kernels::vector_state::{xinuse, DIRTY_UPPER};
        if xinuse().is_none() {
            eprintln!("XINUSE is not reported by this CPU: nothing to check");
            return;
        }
        fn square<T: crate::Element>(side: usize) -> Tensor<T> {
            let values = (0..side * side)
                .map(|i| T::from_parts((i % 5) as f64, 0.0))
                .collect();
            Tensor::from_vec(values, &[side, side]).unwrap()
        }
        fn check<T: crate::Element>(side: usize) {
            let a = square::<T>(side);
            let at = a.t().unwrap();
            let product = a.matmul(&at);
            let state = xinuse().unwrap();
            assert!(product.is_ok());
            assert_eq!(
                state & DIRTY_UPPER,
                0,
                "XINUSE {state:#b} after a {side}x{side} {:?} matmul",
                T::DTYPE
            );
            #[cfg(feature = "parallel")]
            for state in rayon::broadcast(|_| xinuse().unwrap()) {
                assert_eq!(state & DIRTY_UPPER, 0, "a worker's XINUSE {state:#b}");
            }
        }
        for side in [8, 64, 256] {
            check::<f32>(side);
            check::<f64>(side);
            check::<num_complex::Complex<f32>>(side);
        }
        // one product large enough for `faer` to split across threads with
        // `parallel`, and a batch shared out one product per task
        check::<f32>(300);
        let batch = Tensor::<f32>::ones(&[80, 32, 32]).unwrap();
        let product = batch.matmul(&batch);
        let state = xinuse().unwrap();
        assert!(product.is_ok());
        assert_eq!(state & DIRTY_UPPER, 0, "XINUSE {state:#b} after a batch");
        // the copy kernels (AVX and AVX-512 transposes) leave it clean too
        let big = square::<f32>(1024);
        let copy = big.t().unwrap().contiguous();
        let state = xinuse().unwrap();
        assert!(copy.is_ok());
        assert_eq!(
            state & DIRTY_UPPER,
            0,
            "XINUSE {state:#b} after a transpose"
        );
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
