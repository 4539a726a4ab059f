//! The kernels against a naive reference, over many layouts: permuted,
//! strided (sliced), broadcast (0 strides), with size-1 dims, empty, 0-d and
//! offset, and every element size (1, 2, 4, 8, 16 bytes).

use crate::copy::{copy_strided, fill_strided, gather, map_strided, zip_strided};
use crate::layout::Layout;
use num_complex::Complex;

#[cfg(target_os = "linux")]
mod guard_pages;

/// Storage index of the element at logical position `flat` (row-major), by
/// division: the reference every kernel is compared with.
fn naive_index(layout: &Layout, mut flat: usize) -> usize {
    let mut at = layout.offset() as isize;
    for (&size, &stride) in layout.shape().iter().zip(layout.strides()).rev() {
        at += (flat % size) as isize * stride;
        flat /= size;
    }
    at as usize
}

fn naive_gather<R: Copy>(src: &[R], layout: &Layout) -> Vec<R> {
    (0..layout.numel())
        .map(|f| src[naive_index(layout, f)])
        .collect()
}

/// A layout of `shape` whose storage holds the dims in `order` (outermost
/// first), each stepped by `step[d]` (a slice with step), starting at
/// `offset`; dims in `zero` get stride 0 (broadcast).
fn layout(
    shape: &[usize],
    order: &[usize],
    step: &[usize],
    offset: usize,
    zero: &[usize],
) -> Layout {
    let mut strides = vec![0isize; shape.len()];
    let mut running = 1usize;
    for &d in order.iter().rev() {
        strides[d] = (running * step[d]) as isize;
        running *= shape[d].max(1) * step[d];
    }
    for &d in zero {
        strides[d] = 0;
    }
    Layout::from_parts(shape, &strides, offset)
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// Every test layout: shapes × storage orders × steps × offsets × broadcasts.
fn layouts(broadcast: bool) -> Vec<Layout> {
    let shapes: &[&[usize]] = &[
        &[],
        &[0],
        &[3, 0, 2],
        &[1],
        &[5],
        &[1, 1],
        &[3, 4],
        &[4, 1, 3],
        &[2, 3, 4],
        &[17, 33],
        &[40, 24],
        &[3, 70],
        &[2, 3, 1, 4, 2],
        &[2, 9, 8, 3],
    ];
    let mut out = vec![];
    for shape in shapes {
        let n = shape.len();
        let orders: Vec<Vec<usize>> = if n <= 3 {
            permutations(n)
        } else {
            vec![
                (0..n).collect(),
                (0..n).rev().collect(),
                [&[0][..], &(2..n).collect::<Vec<_>>(), &[1]].concat(),
            ]
        };
        for order in &orders {
            for step_kind in 0..2 {
                let step: Vec<usize> = (0..n)
                    .map(|d| if step_kind == 1 && d % 2 == 0 { 2 } else { 1 })
                    .collect();
                for offset in [0, 3] {
                    out.push(layout(shape, order, &step, offset, &[]));
                    if broadcast && n > 0 {
                        out.push(layout(shape, order, &step, offset, &[0]));
                        out.push(layout(shape, order, &step, offset, &[n - 1]));
                    }
                }
            }
        }
    }
    out
}

/// The dense layout of `shape` with its dims stored in reverse order (a
/// column-major result, as PyTorch gives for transposed inputs).
fn reversed_dense(shape: &[usize]) -> Layout {
    let order: Vec<usize> = (0..shape.len()).rev().collect();
    layout(shape, &order, &vec![1; shape.len()], 0, &[])
}

/// `map_strided` into a row-major and into a column-major result, both read
/// back in logical order (they must agree).
fn map_gather<A: Copy, B: Copy + PartialEq + std::fmt::Debug>(
    src: &[A],
    l: &Layout,
    f: impl Fn(A) -> B + Copy,
) -> Vec<B> {
    let rows = map_strided(src, l, &Layout::contiguous(l.shape()), f);
    let cols_l = reversed_dense(l.shape());
    let cols = map_strided(src, l, &cols_l, f);
    assert_eq!(
        naive_gather(&cols, &cols_l),
        rows,
        "column-major result of {l:?}"
    );
    rows
}

/// As [`map_gather`], for `zip_strided`.
fn zip_gather<A: Copy, B: Copy, C: Copy + PartialEq + std::fmt::Debug>(
    a: &[A],
    a_l: &Layout,
    b: &[B],
    b_l: &Layout,
    f: impl Fn(A, B) -> C + Copy,
) -> Vec<C> {
    let rows = zip_strided(a, a_l, b, b_l, &Layout::contiguous(a_l.shape()), f);
    let cols_l = reversed_dense(a_l.shape());
    let cols = zip_strided(a, a_l, b, b_l, &cols_l, f);
    assert_eq!(
        naive_gather(&cols, &cols_l),
        rows,
        "column-major result of {a_l:?}, {b_l:?}"
    );
    rows
}

/// Source storage big enough for `l`, values distinct per index.
fn storage_for<R>(l: &Layout, make: &impl Fn(usize) -> R) -> Vec<R> {
    let len = crate::kernels::bounds::index_range(l).map_or(l.offset(), |(_, h)| h) + 2;
    (0..len).map(make).collect()
}

fn check_gather_and_fill<R: Copy + PartialEq + std::fmt::Debug + Send + Sync>(
    make: impl Fn(usize) -> R,
) {
    for l in layouts(true) {
        let src = storage_for(&l, &make);
        assert_eq!(gather(&src, &l), naive_gather(&src, &l), "gather {l:?}");
        let mut got = src.clone();
        let mut want = src.clone();
        let v = make(1_000_003);
        fill_strided(&mut got, &l, v);
        for f in 0..l.numel() {
            want[naive_index(&l, f)] = v;
        }
        assert_eq!(got, want, "fill {l:?}");
    }
}

fn check_copies<R: Copy + PartialEq + std::fmt::Debug + Send + Sync>(make: impl Fn(usize) -> R) {
    let all = layouts(true);
    for (k, dst_l) in layouts(false).iter().enumerate() {
        // pair each destination with sources of its shape (a sample, to stay quick)
        for src_l in all
            .iter()
            .filter(|s| s.shape() == dst_l.shape())
            .skip(k % 3)
            .step_by(3)
        {
            let src = storage_for(src_l, &make);
            let fill = make(7_777_777);
            let mut got = vec![fill; storage_for(dst_l, &make).len()];
            let mut want = got.clone();
            copy_strided(&mut got, dst_l, &src, src_l);
            for f in 0..dst_l.numel() {
                want[naive_index(dst_l, f)] = src[naive_index(src_l, f)];
            }
            assert_eq!(got, want, "copy {src_l:?} -> {dst_l:?}");
        }
    }
}

#[test]
fn gather_and_fill_match_the_reference_for_every_element_size() {
    check_gather_and_fill(|v| v as u8);
    check_gather_and_fill(|v| v as u16);
    check_gather_and_fill(|v| v as u32);
    check_gather_and_fill(|v| v as u64);
    check_gather_and_fill(|v| Complex::new(v as f64, 0.5));
    check_gather_and_fill(|v| Complex::new(half::f16::from_bits(v as u16), half::f16::ONE));
}

#[test]
fn copies_match_the_reference_for_every_element_size() {
    check_copies(|v| v as u8);
    check_copies(|v| v as u16);
    check_copies(|v| v as u32);
    check_copies(|v| v as u64);
    check_copies(|v| Complex::new(v as f64, -1.0));
}

#[test]
fn overlapping_destinations_keep_the_last_write_in_row_major_order() {
    // dst [3, 2] with strides [0, 1]: each of 2 places written 3 times
    let dst_l = Layout::from_parts(&[3, 2], &[0, 1], 0);
    let src_l = Layout::from_parts(&[3, 2], &[1, 3], 0);
    let src: Vec<u32> = (10..16).collect();
    let mut dst = vec![0u32; 2];
    copy_strided(&mut dst, &dst_l, &src, &src_l);
    assert_eq!(dst, vec![src[2], src[5]]);
}

#[test]
fn map_and_zip_match_the_reference() {
    let all = layouts(true);
    for (k, l) in all.iter().enumerate() {
        let src = storage_for(l, &|v| v as u32);
        let want: Vec<u64> = naive_gather(&src, l)
            .iter()
            .map(|&v| v as u64 * 3)
            .collect();
        assert_eq!(map_gather(&src, l, |v| v as u64 * 3), want, "map {l:?}");
        for other in all
            .iter()
            .filter(|o| o.shape() == l.shape())
            .skip(k % 4)
            .step_by(4)
        {
            let b = storage_for(other, &|v| (v * 7) as u16);
            let want: Vec<u32> = naive_gather(&src, l)
                .iter()
                .zip(naive_gather(&b, other))
                .map(|(&x, y)| x * 1000 + y as u32)
                .collect();
            let got = zip_gather(&src, l, &b, other, |x, y| x * 1000 + y as u32);
            assert_eq!(got, want, "zip {l:?} with {other:?}");
        }
    }
}

#[test]
fn big_transposes_and_permutes_match_the_reference() {
    for n in [255usize, 256, 257] {
        let l = Layout::from_parts(&[n, n], &[1, n as isize], 0);
        let src: Vec<f32> = (0..n * n).map(|v| v as f32).collect();
        assert_eq!(gather(&src, &l), naive_gather(&src, &l), "{n}");
    }
    // NCHW -> NHWC
    let (b, c, h, w) = (2, 5, 6, 7);
    let l = Layout::from_parts(
        &[b, h, w, c],
        &[(c * h * w) as isize, w as isize, 1, (h * w) as isize],
        0,
    );
    let src: Vec<u64> = (0..b * c * h * w).map(|v| v as u64).collect();
    assert_eq!(gather(&src, &l), naive_gather(&src, &l));
}

#[test]
fn big_copies_streamed_past_the_caches_match_the_reference() {
    // 4.3 MB of f32 whose rows are whole cache lines (1040 = 65 × 16): the
    // transposing copy streams its stores (on CPUs with AVX-512F). The
    // reference is a plain double loop (cheap under valgrind).
    let (r, c) = (1024usize, 1040usize);
    let src: Vec<f32> = (0..r * c + 5).map(|v| v as f32).collect();
    let l = Layout::from_parts(&[r, c], &[1, r as isize], 5);
    let mut want = Vec::with_capacity(r * c);
    for i in 0..r {
        want.extend((0..c).map(|k| src[5 + i + k * r]));
    }
    assert_eq!(gather(&src, &l), want);
    // into an existing buffer, at an offset that leaves the first rows unaligned
    let dst_l = Layout::from_parts(&[r, c], &[c as isize, 1], 3);
    let src_l = Layout::from_parts(&[r, c], &[1, r as isize], 5);
    let mut got = vec![-1f32; r * c + 4];
    copy_strided(&mut got, &dst_l, &src, &src_l);
    assert_eq!(got[..3], [-1.0; 3]);
    assert_eq!(got[3..3 + r * c], want[..]);
    assert_eq!(got[3 + r * c], -1.0);
}

#[test]
fn copies_above_the_parallel_threshold_match_the_reference() {
    // 4.4 MB of f32: split across threads with the `parallel` feature
    let (r, c) = (1100usize, 1000usize);
    let l = Layout::from_parts(&[r, c], &[1, r as isize], 0);
    let src: Vec<f32> = (0..r * c).map(|v| v as f32).collect();
    assert_eq!(gather(&src, &l), naive_gather(&src, &l));
    let dst_l = Layout::from_parts(&[r, c], &[1, r as isize], 0);
    let src_l = Layout::from_parts(&[r, c], &[c as isize, 1], 0);
    let mut got = vec![0f32; r * c];
    copy_strided(&mut got, &dst_l, &src, &src_l);
    let mut want = vec![0f32; r * c];
    for f in 0..r * c {
        want[naive_index(&dst_l, f)] = src[naive_index(&src_l, f)];
    }
    assert_eq!(got, want);
}

#[test]
fn staged_map_and_zip_match_the_reference_past_block_edges() {
    let (r, c) = (300usize, 270usize);
    let t = Layout::from_parts(&[r, c], &[1, r as isize], 2); // transposed, offset
    let contiguous = Layout::from_parts(&[r, c], &[c as isize, 1], 0);
    let row = Layout::from_parts(&[r, c], &[0, 1], 0); // broadcast along dim 0
    let col = Layout::from_parts(&[r, c], &[1, 0], 0); // broadcast along dim 1
    let a: Vec<u64> = (0..r * c + 2).map(|v| v as u64).collect();
    let b: Vec<u16> = (0..r * c + 2).map(|v| (v * 7) as u16).collect();
    let want: Vec<u64> = naive_gather(&a, &t).iter().map(|v| v * 3).collect();
    assert_eq!(map_gather(&a, &t, |v| v * 3), want);
    for other in [&t, &contiguous, &row, &col] {
        let want: Vec<u64> = naive_gather(&a, &t)
            .iter()
            .zip(naive_gather(&b, other))
            .map(|(&x, y)| x * 100_000 + y as u64)
            .collect();
        assert_eq!(
            zip_gather(&a, &t, &b, other, |x, y| x * 100_000 + y as u64),
            want
        );
        let want: Vec<u64> = naive_gather(&b, other)
            .iter()
            .zip(naive_gather(&a, &t))
            .map(|(&y, x)| x * 100_000 + y as u64)
            .collect();
        assert_eq!(
            zip_gather(&b, other, &a, &t, |y, x| x * 100_000 + y as u64),
            want
        );
    }
}

/// Map and zip with transposed inputs into a row-major result (staged by
/// blocks) against the reference, for shapes past both block edges.
fn check_staged<R: Copy + PartialEq + std::fmt::Debug>(
    r: usize,
    c: usize,
    make: impl Fn(usize) -> R,
) {
    let t = Layout::from_parts(&[r, c], &[1, r as isize], 1); // transposed, offset 1
    let t2 = Layout::from_parts(&[r, c], &[1, (r + 3) as isize], 0); // transposed, padded
    let contiguous = Layout::from_parts(&[r, c], &[c as isize, 1], 2);
    let row = Layout::from_parts(&[r, c], &[0, 1], 0); // broadcast along dim 0
    let col = Layout::from_parts(&[r, c], &[1, 0], 0); // broadcast along dim 1 (staged)
    let a = storage_for(&t, &make);
    let wide = storage_for(&t2, &|v| v as u64 * 7);
    assert_eq!(
        map_gather(&a, &t, |v| v),
        naive_gather(&a, &t),
        "map {r}x{c}"
    );
    for (b_l, b) in [
        (&t2, &wide),
        (&contiguous, &storage_for(&contiguous, &|v| v as u64)),
        (&row, &storage_for(&row, &|v| v as u64)),
        (&col, &storage_for(&col, &|v| v as u64)),
    ] {
        let want: Vec<(R, u64)> = naive_gather(&a, &t)
            .into_iter()
            .zip(naive_gather(b, b_l))
            .collect();
        let firsts: Vec<R> = want.iter().map(|p| p.0).collect();
        let seconds: Vec<u64> = want.iter().map(|p| p.1).collect();
        assert_eq!(
            zip_gather(&a, &t, b, b_l, |x, _| x),
            firsts,
            "{r}x{c} {b_l:?}"
        );
        assert_eq!(
            zip_gather(&a, &t, b, b_l, |_, y| y),
            seconds,
            "{r}x{c} {b_l:?}"
        );
        assert_eq!(
            zip_gather(b, b_l, &a, &t, |_, x| x),
            firsts,
            "{r}x{c} {b_l:?} first"
        );
    }
}

#[test]
fn staged_blocks_match_the_reference_for_every_element_size_past_both_edges() {
    // block rows are 512 elements (1 to 4 bytes), 256 (8) or 128 (16), and
    // one cache line wide: every shape here has partial blocks both ways
    for (r, c) in [(1030, 37), (5, 1030), (513, 17), (129, 70)] {
        check_staged(r, c, |v| v as u8);
        check_staged(r, c, |v| v as u16);
        check_staged(r, c, |v| v as f32);
        check_staged(r, c, |v| v as u64);
        check_staged(r, c, |v| Complex::new(v as f64, -(v as f64)));
    }
}

/// `wide.rs`: the loops compiled for AVX-512 and AVX2 (where this CPU has
/// them) give the bits of the scalar kernels, for every math kernel on edge
/// values (±0, ±inf, NaN, subnormals, the largest finite inputs) and
/// random ones, at lengths around the vector widths, through `map` and `zip`
/// (`a + b`): the kernels with FMA (`Float::*_fused`) on the levels that
/// have it, without on the others (the accuracy tests of `math/tests.rs`
/// hold both forms to the same bounds); `softmax` along both kinds of dim
/// gives the same bits on the levels with FMA, the same on those without,
/// and on each stays within a few ulp of the definition.
#[test]
fn wide_loops_give_the_base_loops_bits() {
    use super::wide::{force_avx2, force_avx2_no_fma, force_base, Level};
    use crate::Tensor;
    if !Level::detect().is_wide() {
        eprintln!("no AVX2 here: the wide loops cannot run, so nothing to compare");
    }
    if !Level::detect().is_avx512() {
        eprintln!("no AVX-512 here: only the AVX2 loops are compared");
    }
    let mut random = xorshift(0x9e37_79b9_7f4a_7c15u64);
    let edges32 = [
        0.0f32,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::MIN_POSITIVE,
        1e-40,
        -1e-40,
        f32::MAX,
        f32::MIN,
        1.7e38,
        88.7,
        -103.9,
        0.5,
        -0.625,
        9.0,
    ];
    for len in [0usize, 1, 7, 8, 9, 16, 33, 1000] {
        let v32: Vec<f32> = (0..len)
            .map(|i| match i % 3 {
                0 => edges32[(i / 3) % edges32.len()],
                _ => (random() % 4_000_000) as f32 / 50_000.0 - 40.0,
            })
            .collect();
        let w32: Vec<f32> = v32.iter().rev().copied().collect();
        let v64: Vec<f64> = v32.iter().map(|&v| v as f64 * 1.000_000_1).collect();
        let x = Tensor::from_vec(v32, &[len]).unwrap();
        let y = Tensor::from_vec(w32, &[len]).unwrap();
        let d = Tensor::from_vec(v64, &[len]).unwrap();
        let bits32 = |t: Tensor<f32>| t.to_vec().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        let bits64 = |t: Tensor<f64>| t.to_vec().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        let all = || {
            let ops32 = [
                x.exp(),
                x.log(),
                x.tanh(),
                x.sigmoid(),
                x.gelu(),
                x.gelu_tanh(),
                x.relu(),
                (&x + &y).unwrap(),
            ];
            let ops64 = [
                d.exp(),
                d.log(),
                d.tanh(),
                d.sigmoid(),
                d.gelu(),
                d.gelu_tanh(),
            ];
            (ops32.map(bits32).to_vec(), ops64.map(bits64).to_vec())
        };
        // each element by the scalar kernels, with FMA (`f32::mul_add`,
        // which rounds as the instruction does) or without
        let scalar = |fused: bool| {
            // PyTorch's vectorised f32 GELU runs on two or more elements
            let ops32 = scalar_math_ops::<f32>(fused, len >= 2);
            let ops64 = scalar_math_ops::<f64>(fused, len >= 2);
            let (xs, ys, ds) = (x.to_vec(), y.to_vec(), d.to_vec());
            let each32 = |f: fn(f32) -> f32| xs.iter().map(|&v| f(v).to_bits()).collect::<Vec<_>>();
            let each64 = |f: fn(f64) -> f64| ds.iter().map(|&v| f(v).to_bits()).collect::<Vec<_>>();
            let mut v32: Vec<Vec<u32>> = ops32.iter().map(|&f| each32(f)).collect();
            v32.push(each32(|v| if v < 0.0 { 0.0 } else { v }));
            v32.push(xs.iter().zip(&ys).map(|(a, b)| (a + b).to_bits()).collect());
            (v32, ops64.iter().map(|&f| each64(f)).collect::<Vec<_>>())
        };
        // the math ops use FMA on the levels that have it (`Level::run_fma`)
        let widest = all();
        assert_eq!(widest, scalar(Level::detect().has_fma()), "length {len}");
        assert_eq!(widest, force_avx2(all), "length {len}");
        let base = force_base(all);
        assert_eq!(base, scalar(false), "length {len}");
        assert_eq!(base, force_avx2_no_fma(all), "length {len}");
    }
    // softmax and log_softmax along the last dim and dim 0, with a NaN
    // lane: these use FMA where the level has it (`Level::run_fma`), so
    // the levels with FMA (AVX-512, AVX2 + FMA) give the same bits as each
    // other, those without (SSE2, AVX2 alone) the same as each other, and
    // every level is within a few ulp of the definition in `f64`
    let v: Vec<f32> = (0..37 * 70)
        .map(|i| match i {
            5 => f32::NAN,
            _ => (random() % 3_000_000) as f32 / 50_000.0 - 30.0,
        })
        .collect();
    let x = Tensor::from_vec(v.clone(), &[37, 70]).unwrap();
    let bits = |t: Tensor<f32>| t.to_vec().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    let all = || {
        [
            x.softmax(-1).unwrap(),
            x.softmax(0).unwrap(),
            x.log_softmax(-1).unwrap(),
            x.log_softmax(0).unwrap(),
        ]
        .map(bits)
    };
    let widest = all();
    let base = force_base(all);
    assert_eq!(widest, force_avx2(all));
    assert_eq!(base, force_avx2_no_fma(all));
    let wide: Vec<f64> = v.iter().map(|&a| a as f64).collect();
    for (k, (dim, log)) in [(1, false), (0, false), (1, true), (0, true)]
        .into_iter()
        .enumerate()
    {
        let want = softmax_reference(&wide, [37, 70], dim, log);
        for got in [&widest[k], &base[k]] {
            for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
                let g = f32::from_bits(g) as f64;
                // `x - max` rounded in f32 (as PyTorch's): off by up to
                // |x - max| ulp of the term, plus a few for exp and the sum
                let spread = if log { w.abs() } else { w.ln().abs() };
                let bound = f32::EPSILON as f64 * (4.0 + spread) * if log { 1.0 } else { w };
                assert!(
                    (g.is_nan() && w.is_nan()) || (g - w).abs() <= bound,
                    "dim {dim} log {log}: element {i} is {g}, not {w}"
                );
            }
        }
    }
}

/// `softmax` and `log_softmax` of lanes spread over more than `f32`'s
/// normal range (terms down to subnormals and 0), with `-inf` entries (a
/// mask), along both kinds of dim, on every level this CPU has: within a
/// few ulp of the definition in `f64`, or of one subnormal step. Rows
/// longer than a sum chunk, and a NaN in a later row, check that each
/// row's max, found in the pass over the row before, is the whole row's.
#[test]
fn softmax_keeps_subnormal_terms_and_masked_entries() {
    use super::wide::{force_avx2, force_avx2_no_fma, force_base};
    use crate::Tensor;
    let mut random = xorshift(0x2545_f491_4f6c_dd1du64);
    // short rows, and rows of several sum chunks with a partial last group
    for (rows, cols) in [(41, 67), (5, 2501)] {
        let v: Vec<f32> = (0..rows * cols)
            .map(|_| match random() % 16 {
                0 => f32::NEG_INFINITY,
                1 => 0.0,
                _ => -((random() % 12_000_000) as f32 / 100_000.0),
            })
            .collect();
        let mut v = v;
        v[2 * cols + 7] = f32::NAN;
        let x = Tensor::from_vec(v.clone(), &[rows, cols]).unwrap();
        let all = || {
            [
                x.softmax(-1).unwrap(),
                x.softmax(0).unwrap(),
                x.log_softmax(-1).unwrap(),
                x.log_softmax(0).unwrap(),
            ]
            .map(|t| t.to_vec())
        };
        let wide: Vec<f64> = v.iter().map(|&a| a as f64).collect();
        for got in [
            all(),
            force_avx2(all),
            force_avx2_no_fma(all),
            force_base(all),
        ] {
            for (k, (dim, log)) in [(1, false), (0, false), (1, true), (0, true)]
                .into_iter()
                .enumerate()
            {
                let want = softmax_reference(&wide, [rows, cols], dim, log);
                let mut subnormal = 0;
                for (i, (&g, &w)) in got[k].iter().zip(&want).enumerate() {
                    let g = g as f64;
                    if w.is_infinite() || w.is_nan() {
                        let same = g == w || (g.is_nan() && w.is_nan());
                        assert!(same, "dim {dim} log {log}: element {i} is {g}, not {w}");
                        continue;
                    }
                    if !log && w > 0.0 && w < f32::MIN_POSITIVE as f64 {
                        subnormal += 1;
                    }
                    // as in `wide_loops_give_the_base_loops_bits`, plus two
                    // subnormal steps (the term's rounding and the scaling's)
                    let spread = if log {
                        w.abs()
                    } else {
                        w.ln().abs().min(200.0)
                    };
                    let bound = f32::EPSILON as f64 * (4.0 + spread) * if log { 1.0 } else { w }
                        + 2.0 * f32::from_bits(1) as f64;
                    assert!(
                        (g - w).abs() <= bound,
                        "dim {dim} log {log}: element {i} is {g:e}, not {w:e}"
                    );
                }
                if !log {
                    assert!(subnormal > 10, "the inputs reach subnormal results");
                }
            }
        }
    }
}

/// `softmax` and `log_softmax` along dim 0 of lanes longer than one tile
/// (the online kernel: per-column running max and sums, rescaled when the
/// max grows), on every level this CPU has: a column whose max grows every
/// row (rescaled each time: the error must not compound), one of only
/// `-inf` (NaN, as PyTorch), one with a NaN and one with a `+inf` (NaN
/// columns), one with a single finite entry among `-inf`, spreads reaching
/// subnormal terms, masked entries, and a width that is not a whole number
/// of vector groups; within the bounds of
/// `softmax_keeps_subnormal_terms_and_masked_entries`, the levels with FMA
/// giving the same bits as each other, those without the same. `f64`
/// columns below `f32`'s range keep their values (the running max starts
/// at `f64`'s lowest finite value, not `f32`'s).
#[test]
fn softmax_along_long_columns_rescales_without_drift() {
    use super::wide::{force_avx2, force_avx2_no_fma, force_base};
    use crate::Tensor;
    let mut random = xorshift(0x0bad_5eed_1234_5678u64);
    for (rows, cols) in [(65usize, 37usize), (300, 37), (1100, 19)] {
        let mut v = vec![0f32; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                v[r * cols + c] = match c {
                    0 => -5.0 + r as f32 * 1e-3,
                    1 => f32::NEG_INFINITY,
                    2 if r == rows / 2 => f32::NAN,
                    3 if r == rows - 3 => f32::INFINITY,
                    4 => 7.0 - r as f32 * 0.25,
                    5 if r == rows / 3 => 2.5,
                    5 => f32::NEG_INFINITY,
                    6 => -((random() % 12_000_000) as f32 / 100_000.0),
                    _ if random().is_multiple_of(16) => f32::NEG_INFINITY,
                    _ => (random() % 3_000_000) as f32 / 50_000.0 - 30.0,
                };
            }
        }
        let x = Tensor::from_vec(v.clone(), &[rows, cols]).unwrap();
        let all = || [x.softmax(0).unwrap(), x.log_softmax(0).unwrap()].map(|t| t.to_vec());
        let bits = |r: &[Vec<f32>; 2]| {
            r.clone()
                .map(|t| t.iter().map(|v| v.to_bits()).collect::<Vec<_>>())
        };
        let (widest, avx2, avx2_plain, base) = (
            all(),
            force_avx2(all),
            force_avx2_no_fma(all),
            force_base(all),
        );
        assert_eq!(bits(&widest), bits(&avx2), "[{rows}, {cols}]");
        assert_eq!(bits(&base), bits(&avx2_plain), "[{rows}, {cols}]");
        let wide: Vec<f64> = v.iter().map(|&a| a as f64).collect();
        for got in [widest, base] {
            for (k, log) in [false, true].into_iter().enumerate() {
                let want = softmax_reference(&wide, [rows, cols], 0, log);
                for (i, (&g, &w)) in got[k].iter().zip(&want).enumerate() {
                    let g = g as f64;
                    if w.is_infinite() || w.is_nan() {
                        let same = g == w || (g.is_nan() && w.is_nan());
                        assert!(
                            same,
                            "[{rows}, {cols}] log {log}: element {i} is {g}, not {w}"
                        );
                        continue;
                    }
                    let spread = if log {
                        w.abs()
                    } else {
                        w.ln().abs().min(200.0)
                    };
                    let bound = f32::EPSILON as f64 * (4.0 + spread) * if log { 1.0 } else { w }
                        + 2.0 * f32::from_bits(1) as f64;
                    assert!(
                        (g - w).abs() <= bound,
                        "[{rows}, {cols}] log {log}: element {i} is {g:e}, not {w:e}"
                    );
                }
            }
        }
        // the NaN columns and the masked one, by PyTorch's rule
        let soft = &all()[0];
        for r in 0..rows {
            for c in 1..4 {
                assert!(soft[r * cols + c].is_nan(), "column {c} row {r}");
            }
            let single = if r == rows / 3 { 1.0 } else { 0.0 };
            assert_eq!(soft[r * cols + 5], single, "row {r}");
        }
    }
    // f64 lanes far below f32's range: equal values share the lane evenly
    let rows = 70;
    let v: Vec<f64> = (0..rows * 2)
        .map(|i| {
            if i % 2 == 0 {
                -1e300
            } else {
                -(i as f64) * 1e-3
            }
        })
        .collect();
    let x = Tensor::from_vec(v.clone(), &[rows, 2]).unwrap();
    let got = x.softmax(0).unwrap().to_vec();
    let want = softmax_reference(&v, [rows, 2], 0, false);
    for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-14 * w,
            "element {i} is {g:e}, not {w:e}"
        );
    }
    assert!((got[0] - 1.0 / rows as f64).abs() < 1e-16);
    // f16 and bf16 lanes widen to f32: within half a unit of their own
    // last place (plus the f32 bound) of the definition, masks kept
    let (rows, cols) = (100usize, 5usize);
    let v: Vec<f32> = (0..rows * cols)
        .map(|i| match i % 7 {
            3 => f32::NEG_INFINITY,
            _ => ((i * 37) % 61) as f32 * 0.125 - 4.0,
        })
        .collect();
    let want = softmax_reference(
        &v.iter().map(|&a| a as f64).collect::<Vec<_>>(),
        [rows, cols],
        0,
        false,
    );
    let h = Tensor::from_vec(
        v.iter().map(|&a| half::f16::from_f32(a)).collect(),
        &[rows, cols],
    )
    .unwrap();
    let b = Tensor::from_vec(
        v.iter().map(|&a| half::bf16::from_f32(a)).collect(),
        &[rows, cols],
    )
    .unwrap();
    let got_h: Vec<f64> = h
        .softmax(0)
        .unwrap()
        .to_vec()
        .iter()
        .map(|x| x.to_f64())
        .collect();
    let got_b: Vec<f64> = b
        .softmax(0)
        .unwrap()
        .to_vec()
        .iter()
        .map(|x| x.to_f64())
        .collect();
    for (got, ulp) in [(got_h, 2f64.powi(-11)), (got_b, 2f64.powi(-8))] {
        for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
            assert!(
                (g - w).abs() <= ulp * w + 1e-7 * w + 1e-7,
                "element {i} is {g:e}, not {w:e}"
            );
        }
    }
}

/// The scalar kernels of the six math ops of the wide-loop test, in its
/// order (`exp`, `log`, `tanh`, `sigmoid`, `gelu`, `gelu_tanh`): with FMA
/// (`Float::*_fused`, rounding as the instruction does) or without, and
/// `gelu` as PyTorch's vectorised kernel computes it (`vectorized_gelu`:
/// the op's loop over two or more elements) or as its scalar one.
fn scalar_math_ops<F: crate::numeric::Float>(
    fused: bool,
    vectorized_gelu: bool,
) -> [fn(F) -> F; 6] {
    let gelu: fn(F) -> F = match (vectorized_gelu, fused) {
        (true, false) => F::gelu_vectorized,
        (true, true) => F::gelu_vectorized_fused,
        (false, false) => F::gelu,
        (false, true) => F::gelu_fused,
    };
    if fused {
        [
            F::exp_fused,
            F::log_fused,
            F::tanh_fused,
            F::sigmoid_fused,
            gelu,
            F::gelu_tanh_fused,
        ]
    } else {
        [F::exp, F::log, F::tanh, F::sigmoid, gelu, F::gelu_tanh]
    }
}

/// `softmax` (with `log`, `log_softmax`) of a row-major `[rows, cols]`
/// along `dim`, by its definition in `f64`.
fn softmax_reference(v: &[f64], [rows, cols]: [usize; 2], dim: usize, log: bool) -> Vec<f64> {
    let (lanes, len, at): (usize, usize, &dyn Fn(usize, usize) -> usize) = if dim == 1 {
        (rows, cols, &|l, k| l * cols + k)
    } else {
        (cols, rows, &|l, k| k * cols + l)
    };
    let mut out = vec![0.0; v.len()];
    for l in 0..lanes {
        let lane: Vec<f64> = (0..len).map(|k| v[at(l, k)]).collect();
        let max = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let nan = lane.iter().any(|x| x.is_nan());
        let total: f64 = lane.iter().map(|x| (x - max).exp()).sum();
        for k in 0..len {
            let x = lane[k] - max;
            out[at(l, k)] = if nan {
                f64::NAN
            } else if log {
                x - total.ln()
            } else {
                x.exp() / total
            };
        }
    }
    out
}

/// A xorshift stream from `seed` (nonzero): the random inputs of the tests
/// above, reproducible from their seeds.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
