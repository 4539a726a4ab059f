//! `contiguous()` of transposed and permuted tensors: ours against
//! ndarray's `as_standard_layout()` and two baselines moving the same bytes
//! without any reordering: `memcpy` into an existing buffer
//! (`copy_from_slice`) and `to_vec` (allocation + memcpy, what a fresh
//! result costs at best). `ours into` is the same reordering copy into an
//! existing contiguous tensor (`copy_from`): the kernel without the cost of
//! fresh pages, to compare with `memcpy`. `ours, recycle off` is `ours`
//! with the recycled big buffers turned off (`set_recycle_budget(0)`): each
//! result of 4 MiB or more then comes in fresh pages, as it would without
//! the reuse (`ours` with a budget of 64 MiB, the default, reuses the
//! buffer the previous iteration freed).
//!
//! `cargo bench --bench copies`

mod common;

use std::hint::black_box;

use ndarray::{Array, ArrayD, IxDyn};
use tensor_view::Tensor;

fn main() {
    let mut c = common::criterion();

    let mut case = |name: &str, shape: &[usize], perm: &[usize]| {
        let numel: usize = shape.iter().product();
        let data: Vec<f32> = (0..numel).map(|v| v as f32).collect();
        let x = Tensor::from_vec(data.clone(), shape).unwrap();
        let perm_i: Vec<isize> = perm.iter().map(|&d| d as isize).collect();
        let xp = x.permute(&perm_i).unwrap();
        let a: ArrayD<f32> = Array::from_shape_vec(IxDyn(shape), data.clone()).unwrap();
        let ap = a.view().permuted_axes(IxDyn(perm));
        assert_eq!(
            xp.contiguous().unwrap().to_vec(),
            ap.as_standard_layout().iter().copied().collect::<Vec<_>>()
        );
        let mut dst = vec![0f32; numel];
        let into = Tensor::<f32>::zeros(shape)
            .unwrap()
            .permute(&perm_i)
            .unwrap()
            .contiguous()
            .unwrap();
        into.copy_from(&xp).unwrap();
        assert_eq!(into.to_vec(), xp.to_vec());
        let mut g = c.benchmark_group(name);
        g.throughput(criterion::Throughput::Bytes((numel * 4) as u64));
        common::bench(&mut g, name, "ours", || {
            black_box(&xp).contiguous().unwrap()
        });
        tensor_view::set_recycle_budget(0);
        common::bench(&mut g, name, "ours, recycle off", || {
            black_box(&xp).contiguous().unwrap()
        });
        tensor_view::set_recycle_budget(64 << 20);
        common::bench(&mut g, name, "ours into", || {
            into.copy_from(black_box(&xp)).unwrap()
        });
        common::bench(&mut g, name, "ndarray", || {
            black_box(&ap).as_standard_layout().into_owned()
        });
        common::bench(&mut g, name, "memcpy", || {
            dst.copy_from_slice(black_box(&data));
            black_box(dst.as_ptr());
        });
        common::bench(&mut g, name, "to_vec", || black_box(&data).to_vec());
        g.finish();
    };

    for n in [256usize, 1000, 2000, 2048, 4096] {
        case(&format!("transpose {n}x{n} f32"), &[n, n], &[1, 0]);
    }
    // 16 MiB of f32 in NCHW order
    case(
        "NCHW->NHWC [4,64,128,128] f32",
        &[4, 64, 128, 128],
        &[0, 2, 3, 1],
    );
    case(
        "NHWC->NCHW [4,128,128,64] f32",
        &[4, 128, 128, 64],
        &[0, 3, 1, 2],
    );
    case(
        "permute [2,0,1] of [64,256,256] f32",
        &[64, 256, 256],
        &[2, 0, 1],
    );

    common::print_table(
        "contiguous() of permuted f32 tensors",
        &[
            "ours",
            "ours, recycle off",
            "ours into",
            "ndarray",
            "memcpy",
            "to_vec",
        ],
        &[
            ("recycle on vs off (x faster)", "ours", "ours, recycle off"),
            ("ours / memcpy speed", "ours", "memcpy"),
            ("ours into / memcpy speed", "ours into", "memcpy"),
            ("ours / to_vec speed", "ours", "to_vec"),
            ("ndarray / memcpy speed", "ndarray", "memcpy"),
            ("ours vs ndarray (x faster)", "ours", "ndarray"),
        ],
    );
    c.final_summary();
}
