//! View creation on dynamic-rank tensors: ours (`Tensor<f32>`) against
//! ndarray's `ArrayD` views and a handle clone (the floor: what any view
//! must at least do). ndarray's views are borrowed (no count); the last two
//! cases take ndarray's counted `ArcArray` instead, an `Arc` clone like ours.
//!
//! `cargo bench --bench views`

mod common;

use std::hint::black_box;

use ndarray::{ArrayD, Axis, IxDyn, Slice};
use tensor_view::{s, Tensor};

fn main() {
    let mut c = common::criterion();
    let x = Tensor::<f32>::zeros(&[2, 3, 4, 5]).unwrap();
    let a = ArrayD::<f32>::zeros(IxDyn(&[2, 3, 4, 5]));
    let x6 = Tensor::<f32>::zeros(&[2, 3, 4, 5, 2, 3]).unwrap();
    let a6 = ArrayD::<f32>::zeros(IxDyn(&[2, 3, 4, 5, 2, 3]));

    macro_rules! case {
        ($name:expr, $ours:expr, $nd:expr, $floor:expr) => {{
            let mut g = c.benchmark_group($name);
            common::bench(&mut g, $name, "ours", $ours);
            common::bench(&mut g, $name, "ndarray", $nd);
            common::bench(&mut g, $name, "clone", $floor);
            g.finish();
        }};
    }

    case!(
        "view [2,3,4,5] -> [6,20]",
        || black_box(&x).view(&[6, 20]).unwrap(),
        || black_box(&a)
            .view()
            .into_shape_with_order(IxDyn(&[6, 20]))
            .unwrap(),
        || black_box(&x).clone()
    );
    case!(
        "reshape (a view) [2,3,4,5] -> [2,60]",
        || black_box(&x).reshape(&[2, 60]).unwrap(),
        || black_box(&a).to_shape(IxDyn(&[2, 60])).unwrap(),
        || black_box(&x).clone()
    );
    case!(
        "transpose(1, 2), rank 4",
        || black_box(&x).transpose(1, 2).unwrap(),
        || {
            let mut v = black_box(&a).view();
            v.swap_axes(1, 2);
            v
        },
        || black_box(&x).clone()
    );
    // the same with dims the compiler cannot see (see the run-time cases below)
    case!(
        "transpose, run-time args",
        || black_box(&x).transpose(black_box(1), black_box(2)).unwrap(),
        || {
            let mut v = black_box(&a).view();
            v.swap_axes(black_box(1), black_box(2));
            v
        },
        || black_box(&x).clone()
    );
    case!(
        "permute [0,2,3,1], rank 4",
        || black_box(&x).permute(&[0, 2, 3, 1]).unwrap(),
        || black_box(&a).view().permuted_axes(IxDyn(&[0, 2, 3, 1])),
        || black_box(&x).clone()
    );
    case!(
        "permute reversed, rank 6",
        || black_box(&x6).permute(&[5, 4, 3, 2, 1, 0]).unwrap(),
        || black_box(&a6)
            .view()
            .permuted_axes(IxDyn(&[5, 4, 3, 2, 1, 0])),
        || black_box(&x6).clone()
    );
    case!(
        "narrow(1, 1, 2), rank 4",
        || black_box(&x).narrow(1, 1, 2).unwrap(),
        || black_box(&a).slice_axis(Axis(1), Slice::from(1..3)),
        || black_box(&x).clone()
    );
    case!(
        "select(1, 1), rank 4",
        || black_box(&x).select(1, 1).unwrap(),
        || black_box(&a).index_axis(Axis(1), 1),
        || black_box(&x).clone()
    );
    case!(
        "unsqueeze(1), rank 4 -> 5",
        || black_box(&x).unsqueeze(1).unwrap(),
        || black_box(&a).view().insert_axis(Axis(1)),
        || black_box(&x).clone()
    );
    let col = Tensor::<f32>::zeros(&[2, 1, 4, 1]).unwrap();
    let acol = ArrayD::<f32>::zeros(IxDyn(&[2, 1, 4, 1]));
    case!(
        "expand [2,1,4,1] -> [2,3,4,5]",
        || black_box(&col).expand(&[2, 3, 4, 5]).unwrap(),
        || black_box(&acol).broadcast(IxDyn(&[2, 3, 4, 5])).unwrap(),
        || black_box(&col).clone()
    );
    case!(
        "x[:, 1:3, ::2, 1], rank 4",
        || black_box(&x).index(&s![.., 1..3, ..;2, 1]).unwrap(),
        || black_box(&a).slice(ndarray::s![.., 1..3, ..;2, 1]),
        || black_box(&x).clone()
    );

    // The same views with every argument hidden from the compiler (as when
    // shapes and dims come from a model's config), each view's second call
    // site in this binary: what a view costs when the compiler can fold
    // nothing and chooses whether to inline.
    let v = |n: isize| black_box(n);
    case!(
        "view, run-time args",
        || black_box(&x).view(&[v(6), v(20)]).unwrap(),
        || black_box(&a)
            .view()
            .into_shape_with_order(IxDyn(&[v(6) as usize, v(20) as usize]))
            .unwrap(),
        || black_box(&x).clone()
    );
    case!(
        "permute, run-time args",
        || black_box(&x).permute(&[v(0), v(2), v(3), v(1)]).unwrap(),
        || black_box(&a).view().permuted_axes(IxDyn(&[
            v(0) as usize,
            v(2) as usize,
            v(3) as usize,
            v(1) as usize
        ])),
        || black_box(&x).clone()
    );
    case!(
        "narrow, run-time args",
        || black_box(&x).narrow(v(1), v(1), v(2)).unwrap(),
        || black_box(&a).slice_axis(Axis(v(1) as usize), Slice::from(v(1)..v(3))),
        || black_box(&x).clone()
    );
    case!(
        "select, run-time args",
        || black_box(&x).select(v(1), v(1)).unwrap(),
        || black_box(&a).index_axis(Axis(v(1) as usize), v(1) as usize),
        || black_box(&x).clone()
    );
    case!(
        "unsqueeze, run-time args",
        || black_box(&x).unsqueeze(v(1)).unwrap(),
        || black_box(&a).view().insert_axis(Axis(v(1) as usize)),
        || black_box(&x).clone()
    );
    case!(
        "expand, run-time args",
        || black_box(&col).expand(&[v(2), v(3), v(4), v(5)]).unwrap(),
        || black_box(&acol)
            .broadcast(IxDyn(&[
                v(2) as usize,
                v(3) as usize,
                v(4) as usize,
                v(5) as usize
            ]))
            .unwrap(),
        || black_box(&col).clone()
    );
    case!(
        "indexing, run-time args",
        || black_box(&x)
            .index(&s![.., v(1)..v(3), ..;v(2), v(1)])
            .unwrap(),
        || black_box(&a).slice(ndarray::s![.., v(1)..v(3), ..;v(2), v(1)]),
        || black_box(&x).clone()
    );

    // The two views where ndarray's borrowed view (no count at all) beats
    // ours, against ndarray's counted shared array (`ArcArray`, an `Arc`
    // clone like ours) instead.
    let arc = a.to_shared();
    case!(
        "transpose(1, 2), rank 4, ndarray ArcArray",
        || black_box(&x).transpose(1, 2).unwrap(),
        || {
            let mut v = black_box(&arc).clone();
            v.swap_axes(1, 2);
            v
        },
        || black_box(&x).clone()
    );
    case!(
        "narrow(1, 1, 2), rank 4, ndarray ArcArray",
        || black_box(&x).narrow(1, 1, 2).unwrap(),
        || {
            let mut v = black_box(&arc).clone();
            v.slice_axis_inplace(Axis(1), Slice::from(1..3));
            v
        },
        || black_box(&x).clone()
    );

    common::print_table(
        "View creation (f32, dynamic rank)",
        &["ours", "ndarray", "clone"],
        &[("ndarray time / ours", "ours", "ndarray")],
    );
    c.final_summary();
}
