//! Reductions of a large contiguous `f32` tensor along its last dim and
//! along dim 0: `sum`, `mean` and `max` (values and indices), ours against
//! ndarray (`sum_axis`, `mean_axis`, a `fold_axis` max of the values only)
//! and a plain memory-bound loop over the slice ("slice": 16 `f32` lanes
//! per row, or a row added into the running totals, which the compiler
//! vectorises), which the target (≥ 70 %) compares with.
//!
//! Three shapes of the same 2^25 elements (128 MiB): 8192 × 4096, and
//! 2^19 × 64 (short rows) and 64 × 2^19 (short columns).
//!
//! `cargo bench --bench reductions`

mod common;

use std::hint::black_box;

use ndarray::{Array2, Axis};
use tensor_view::Tensor;

const ROWS: usize = 8192;
const COLS: usize = 4096;

/// Sum of each row of `data`, 16 lanes per row.
fn row_sums(data: &[f32], cols: usize) -> Vec<f32> {
    data.chunks_exact(cols)
        .map(|row| {
            let mut lanes = [0f32; 16];
            for chunk in row.chunks_exact(16) {
                for k in 0..16 {
                    lanes[k] += chunk[k];
                }
            }
            lanes.iter().sum()
        })
        .collect()
}

/// Sum of the rows of `data`, each added into the totals.
fn column_sums(data: &[f32], cols: usize) -> Vec<f32> {
    let mut acc = vec![0f32; cols];
    for row in data.chunks_exact(cols) {
        for (a, &v) in acc.iter_mut().zip(row) {
            *a += v;
        }
    }
    acc
}

/// Greatest value of each row, 16 lanes per row.
fn row_maxima(data: &[f32], cols: usize) -> Vec<f32> {
    data.chunks_exact(cols)
        .map(|row| {
            let mut lanes = [f32::NEG_INFINITY; 16];
            for chunk in row.chunks_exact(16) {
                for k in 0..16 {
                    lanes[k] = if chunk[k] > lanes[k] {
                        chunk[k]
                    } else {
                        lanes[k]
                    };
                }
            }
            lanes.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v))
        })
        .collect()
}

/// Greatest value of each column.
fn column_maxima(data: &[f32], cols: usize) -> Vec<f32> {
    let mut acc = vec![f32::NEG_INFINITY; cols];
    for row in data.chunks_exact(cols) {
        for (a, &v) in acc.iter_mut().zip(row) {
            *a = if v > *a { v } else { *a };
        }
    }
    acc
}

fn main() {
    let mut c = common::criterion();
    let data: Vec<f32> = (0..ROWS * COLS).map(|v| (v % 1013) as f32 * 0.5).collect();
    let full = Tensor::from_vec(data.clone(), &[ROWS, COLS]).unwrap();

    macro_rules! group {
        ($name:expr, $( $who:expr => $routine:expr ),* $(,)?) => {{
            let mut g = c.benchmark_group($name);
            $( common::bench(&mut g, $name, $who, $routine); )*
            g.finish();
        }};
    }

    for (rows, cols) in [(ROWS, COLS), (ROWS * COLS / 64, 64), (64, ROWS * COLS / 64)] {
        let x = full.view(&[rows as isize, cols as isize]).unwrap();
        let a = Array2::from_shape_vec((rows, cols), data.clone()).unwrap();
        // the contenders agree
        let ours = x.sum(&[1], false).unwrap().to_vec();
        for (o, s) in ours.iter().zip(row_sums(&data, cols)) {
            assert!((o - s).abs() <= 1e-3 * s.abs());
        }
        assert_eq!(
            x.max(0, false).unwrap().0.to_vec(),
            column_maxima(&data, cols)
        );
        assert_eq!(x.max(1, false).unwrap().0.to_vec(), row_maxima(&data, cols));
        let shape = if rows == ROWS {
            String::new()
        } else if cols == 64 {
            " [2^19, 64]".to_string()
        } else {
            " [64, 2^19]".to_string()
        };
        let name = |what: &str| format!("{what}{shape}");
        group!(&name("sum, last dim"),
            "ours" => || black_box(&x).sum(&[-1], false).unwrap(),
            "ndarray" => || black_box(&a).sum_axis(Axis(1)),
            "slice" => || row_sums(black_box(&data), cols),
        );
        group!(&name("sum, dim 0"),
            "ours" => || black_box(&x).sum(&[0], false).unwrap(),
            "ndarray" => || black_box(&a).sum_axis(Axis(0)),
            "slice" => || column_sums(black_box(&data), cols),
        );
        group!(&name("mean, last dim"),
            "ours" => || black_box(&x).mean(&[-1], false).unwrap(),
            "ndarray" => || black_box(&a).mean_axis(Axis(1)).unwrap(),
            "slice" => || row_sums(black_box(&data), cols),
        );
        group!(&name("mean, dim 0"),
            "ours" => || black_box(&x).mean(&[0], false).unwrap(),
            "ndarray" => || black_box(&a).mean_axis(Axis(0)).unwrap(),
            "slice" => || column_sums(black_box(&data), cols),
        );
        group!(&name("max, last dim"),
            "ours" => || black_box(&x).max(-1, false).unwrap(),
            "ndarray" => || black_box(&a).fold_axis(Axis(1), f32::NEG_INFINITY, |m, &v| m.max(v)),
            "slice" => || row_maxima(black_box(&data), cols),
        );
        group!(&name("max, dim 0"),
            "ours" => || black_box(&x).max(0, false).unwrap(),
            "ndarray" => || black_box(&a).fold_axis(Axis(0), f32::NEG_INFINITY, |m, &v| m.max(v)),
            "slice" => || column_maxima(black_box(&data), cols),
        );
        group!(&name("argmax, last dim"),
            "ours" => || black_box(&x).argmax(Some(-1), false).unwrap(),
            "slice" => || row_maxima(black_box(&data), cols),
        );
    }

    common::print_table(
        &format!("Reductions of a contiguous {ROWS}x{COLS} f32 tensor (and of 2^19x64, 64x2^19)"),
        &["ours", "ndarray", "slice"],
        &[
            ("ours / slice speed", "ours", "slice"),
            ("ndarray / slice speed", "ndarray", "slice"),
            ("ours vs ndarray (x faster)", "ours", "ndarray"),
        ],
    );
}
