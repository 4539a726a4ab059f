//! Element-wise work over views: `map`, `zip_map` (into new tensors laid out
//! as PyTorch lays out `torch.exp(x)` and `a + b`: in the inputs' memory
//! order), `copy_from` and `fill` (in place), on contiguous, transposed and
//! strided operands. Contenders: ours, ndarray (what an ndarray user writes
//! for the same operand layouts: `mapv` and `+`, which also follow a
//! transposed input's memory order, `assign`, `fill`) and a baseline on
//! plain slices; for non-contiguous cases also ours on contiguous operands
//! of the same size ("ours-contig"), which the targets compare with. The
//! `op ...` rows time the arithmetic ops (`&a + &b`, `&a * 2.0`, `exp`)
//! against the same loop over slices. The `large ...` rows time element-wise
//! ops and `softmax` on inputs of 2^24 `f32` (64 MiB) against ndarray and a
//! plain memory-bound loop over slices (`slice`, into a reused buffer).
//! `cargo bench --bench elementwise -- large` runs only those.
//!
//! `cargo bench --bench elementwise`

mod common;

use std::hint::black_box;

use ndarray::Array2;
use tensor_view::{s, Tensor};

const N: usize = 1024;

fn f(v: f32) -> f32 {
    v * 2.0 + 1.0
}

fn main() {
    let mut c = common::criterion();
    let numel = N * N;
    let data: Vec<f32> = (0..numel).map(|v| v as f32).collect();
    let data2: Vec<f32> = (0..numel).map(|v| (v * 3) as f32).collect();
    let x = Tensor::from_vec(data.clone(), &[N, N]).unwrap();
    let y = Tensor::from_vec(data2.clone(), &[N, N]).unwrap();
    let xt = x.t().unwrap();
    let yt = y.t().unwrap();
    let a = Array2::from_shape_vec((N, N), data.clone()).unwrap();
    let b = Array2::from_shape_vec((N, N), data2.clone()).unwrap();
    let mut plain = vec![0f32; numel];
    assert_eq!(
        xt.map(f).to_vec(),
        a.t().iter().map(|&v| f(v)).collect::<Vec<_>>()
    );
    // results follow the first input's memory order, as PyTorch's do
    assert_eq!(xt.map(f).stride(), &[1, N as isize]);
    assert_eq!(
        xt.zip_map(&y, |p, q| p + q).unwrap().stride(),
        &[1, N as isize]
    );

    macro_rules! group {
        ($name:expr, $( $who:expr => $routine:expr ),* $(,)?) => {{
            let mut g = c.benchmark_group($name);
            $( common::bench(&mut g, $name, $who, $routine); )*
            g.finish();
        }};
    }

    group!("map, contiguous",
        "ours" => || black_box(&x).map(f),
        "ndarray" => || black_box(&a).mapv(f),
        "slice" => || black_box(&data).iter().map(|&v| f(v)).collect::<Vec<_>>(),
    );
    group!("map, transposed input",
        "ours" => || black_box(&xt).map(f),
        "ndarray" => || black_box(&a).t().mapv(f),
        "slice" => || black_box(&data).iter().map(|&v| f(v)).collect::<Vec<_>>(),
        "ours-contig" => || black_box(&x).map(f),
    );
    group!("zip_map a+b, contiguous",
        "ours" => || black_box(&x).zip_map(&y, |p, q| p + q).unwrap(),
        "ndarray" => || black_box(&a) + &b,
        "slice" => || black_box(&data).iter().zip(&data2).map(|(p, q)| p + q).collect::<Vec<_>>(),
    );
    group!("zip_map a+b, one transposed",
        "ours" => || black_box(&xt).zip_map(&y, |p, q| p + q).unwrap(),
        "ndarray" => || &black_box(&a).t() + &b,
        "slice" => || black_box(&data).iter().zip(&data2).map(|(p, q)| p + q).collect::<Vec<_>>(),
        "ours-contig" => || black_box(&x).zip_map(&y, |p, q| p + q).unwrap(),
    );
    group!("zip_map a+b, both transposed",
        "ours" => || black_box(&xt).zip_map(&yt, |p, q| p + q).unwrap(),
        "ndarray" => || &black_box(&a).t() + &b.t(),
        "slice" => || black_box(&data).iter().zip(&data2).map(|(p, q)| p + q).collect::<Vec<_>>(),
        "ours-contig" => || black_box(&x).zip_map(&y, |p, q| p + q).unwrap(),
    );

    // the arithmetic ops (tensor-core/src/tensor/arith.rs, unary.rs) against
    // the same loop over slices
    group!("op a + b, contiguous",
        "ours" => || (black_box(&x) + &y).unwrap(),
        "slice" => || black_box(&data).iter().zip(&data2).map(|(p, q)| p + q).collect::<Vec<_>>(),
    );
    group!("op a * 2, contiguous",
        "ours" => || black_box(&x) * 2.0,
        "slice" => || black_box(&data).iter().map(|&p| p * 2.0).collect::<Vec<_>>(),
    );
    group!("op exp, contiguous",
        "ours" => || black_box(&x).exp(),
        "slice" => || black_box(&data).iter().map(|&p| p.exp()).collect::<Vec<_>>(),
    );

    // Large contiguous inputs (64 MiB each, past every private cache): each
    // op against ndarray and a plain memory-bound loop over slices
    // ("slice": reads one input, or two for `a + b` and `a * b`, and writes
    // `x + 1` or `p + q` into an output buffer it reuses, so it pays no page
    // faults), the speed element-wise work can reach. `softmax` along the
    // last dim and dim 0 against the same loop (one read, one write) and
    // ndarray's axis ops, on [4096, 4096], [2^20, 64] (short rows) and
    // [64, 2^20] (short columns).
    {
        use ndarray::Axis;
        const L: usize = 4096;
        let big: Vec<f32> = (0..L * L).map(|i| (i % 1013) as f32 * 0.01 - 5.0).collect();
        let big2: Vec<f32> = (0..L * L).map(|i| (i % 997) as f32 * 0.01).collect();
        let x = Tensor::from_vec(big.clone(), &[L, L]).unwrap();
        let y = Tensor::from_vec(big2.clone(), &[L, L]).unwrap();
        let a = Array2::from_shape_vec((L, L), big.clone()).unwrap();
        let b = Array2::from_shape_vec((L, L), big2.clone()).unwrap();
        let mut out = vec![0f32; L * L];
        let mut plain = || {
            for (o, &p) in out.iter_mut().zip(black_box(&big)) {
                *o = p + 1.0;
            }
            black_box(out.as_ptr());
        };
        let mut out2 = vec![0f32; L * L];
        let mut plain2 = |f: fn(f32, f32) -> f32| {
            for ((o, &p), &q) in out2.iter_mut().zip(black_box(&big)).zip(&big2) {
                *o = f(p, q);
            }
            black_box(out2.as_ptr());
        };
        let softmax_nd = |a: &Array2<f32>, axis: Axis| {
            let max = a.map_axis(axis, |r| r.fold(f32::NEG_INFINITY, |m, &v| m.max(v)));
            let mut e = a - &max.insert_axis(axis);
            e.mapv_inplace(f32::exp);
            let total = e.sum_axis(axis);
            e / &total.insert_axis(axis)
        };
        group!("large a + b",
            "ours" => || (black_box(&x) + &y).unwrap(),
            "ndarray" => || black_box(&a) + &b,
            "slice" => || plain2(|p, q| p + q),
        );
        group!("large a * b",
            "ours" => || (black_box(&x) * &y).unwrap(),
            "ndarray" => || black_box(&a) * &b,
            "slice" => || plain2(|p, q| p * q),
        );
        group!("large relu",
            "ours" => || black_box(&x).relu(),
            "ndarray" => || black_box(&a).mapv(|v| if v < 0.0 { 0.0 } else { v }),
            "slice" => &mut plain,
        );
        group!("large exp",
            "ours" => || black_box(&x).exp(),
            "ndarray" => || black_box(&a).mapv(f32::exp),
            "slice" => &mut plain,
        );
        group!("large tanh",
            "ours" => || black_box(&x).tanh(),
            "ndarray" => || black_box(&a).mapv(f32::tanh),
            "slice" => &mut plain,
        );
        group!("large sigmoid",
            "ours" => || black_box(&x).sigmoid(),
            "ndarray" => || black_box(&a).mapv(|v| 1.0 / (1.0 + (-v).exp())),
            "slice" => &mut plain,
        );
        group!("large gelu",
            "ours" => || black_box(&x).gelu(),
            "slice" => &mut plain,
        );
        group!("large gelu_tanh",
            "ours" => || black_box(&x).gelu_tanh(),
            "ndarray" => || black_box(&a).mapv(|v| {
                0.5 * v * (1.0 + (0.797_884_6 * (v + 0.044715 * v * v * v)).tanh())
            }),
            "slice" => &mut plain,
        );
        group!("large softmax dim -1",
            "ours" => || black_box(&x).softmax(-1).unwrap(),
            "ndarray" => || softmax_nd(black_box(&a), Axis(1)),
            "slice" => &mut plain,
        );
        group!("large softmax dim 0",
            "ours" => || black_box(&x).softmax(0).unwrap(),
            "ndarray" => || softmax_nd(black_box(&a), Axis(0)),
            "slice" => &mut plain,
        );
        group!("large log_softmax dim -1",
            "ours" => || black_box(&x).log_softmax(-1).unwrap(),
            "slice" => &mut plain,
        );
        let (short, long) = (64usize, L * L / 64);
        let rows = x.view(&[long as isize, short as isize]).unwrap();
        let cols = x.view(&[short as isize, long as isize]).unwrap();
        let a_rows = Array2::from_shape_vec((long, short), big.clone()).unwrap();
        let a_cols = Array2::from_shape_vec((short, long), big.clone()).unwrap();
        group!("large softmax [2^18, 64] dim -1",
            "ours" => || black_box(&rows).softmax(-1).unwrap(),
            "ndarray" => || softmax_nd(black_box(&a_rows), Axis(1)),
            "slice" => &mut plain,
        );
        group!("large softmax [64, 2^18] dim 0",
            "ours" => || black_box(&cols).softmax(0).unwrap(),
            "ndarray" => || softmax_nd(black_box(&a_cols), Axis(0)),
            "slice" => &mut plain,
        );
    }

    let dst = Tensor::<f32>::zeros(&[N, N]).unwrap();
    let dst_t = dst.t().unwrap();
    let mut nd_dst = Array2::<f32>::zeros((N, N));
    group!("copy_from, contiguous",
        "ours" => || dst.copy_from(black_box(&x)).unwrap(),
        "ndarray" => || nd_dst.assign(black_box(&a)),
        "slice" => || plain.copy_from_slice(black_box(&data)),
    );
    group!("copy_from, both transposed",
        "ours" => || dst_t.copy_from(black_box(&xt)).unwrap(),
        "ndarray" => || nd_dst.view_mut().reversed_axes().assign(&black_box(&a).t()),
        "slice" => || plain.copy_from_slice(black_box(&data)),
        "ours-contig" => || dst.copy_from(black_box(&x)).unwrap(),
    );
    group!("copy_from, transposed source",
        "ours" => || dst.copy_from(black_box(&xt)).unwrap(),
        "ndarray" => || nd_dst.assign(&black_box(&a).t()),
        "slice" => || plain.copy_from_slice(black_box(&data)),
        "ours-contig" => || dst.copy_from(black_box(&x)).unwrap(),
    );
    group!("fill, contiguous",
        "ours" => || black_box(&dst).fill(3.0).unwrap(),
        "ndarray" => || black_box(&mut nd_dst).fill(3.0),
        "slice" => || black_box(&mut plain[..]).fill(3.0),
    );
    group!("fill, transposed",
        "ours" => || black_box(&dst_t).fill(3.0).unwrap(),
        "ndarray" => || black_box(&mut nd_dst).view_mut().reversed_axes().fill(3.0),
        "slice" => || black_box(&mut plain[..]).fill(3.0),
        "ours-contig" => || black_box(&dst).fill(3.0).unwrap(),
    );
    let every_other = dst.index(&s![.., ..;2]).unwrap();
    group!("fill, x[:, ::2]",
        "ours" => || black_box(&every_other).fill(3.0).unwrap(),
        "ndarray" => || black_box(&mut nd_dst).slice_mut(ndarray::s![.., ..;2]).fill(3.0),
        "slice" => || black_box(&mut plain[..numel / 2]).fill(3.0),
    );

    common::print_table(
        &format!("Element-wise over views ({N}x{N} f32)"),
        &["ours", "ndarray", "slice", "ours-contig"],
        &[
            ("ours / slice speed", "ours", "slice"),
            ("ours / ours-contig speed", "ours", "ours-contig"),
            ("ndarray / slice speed", "ndarray", "slice"),
            ("ours vs ndarray (x faster)", "ours", "ndarray"),
        ],
    );
    c.final_summary();
}
