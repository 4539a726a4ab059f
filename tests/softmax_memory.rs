//! `softmax` and `log_softmax` need memory for their result and not much
//! more, whatever the size of the input and the dim (issue 31: a 256 MiB
//! input once peaked at 2.6 GB, ten times its size).
//!
//! A counting global allocator (`peak_memory`) tracks the peak of the bytes
//! this thread holds; each case checks that the peak during the call, above
//! what was held before it, stays within the result's size plus 256 KiB (a
//! few rows' maxima and sums).

mod peak_memory;

use peak_memory::extra_peak;
use tensor_view::Tensor;

const MIB: usize = 1 << 20;

#[test]
fn softmax_needs_about_its_results_memory() {
    let numel = MIB / 2; // 2 MiB of f32
    let values: Vec<f32> = (0..numel).map(|i| (i % 251) as f32 * 0.01).collect();
    for shape in [vec![numel], vec![1024, numel / 1024], vec![numel / 8, 8]] {
        let x = Tensor::from_vec(values.clone(), &shape).unwrap();
        for dim in 0..shape.len() as isize {
            for log in [false, true] {
                let (y, extra) = extra_peak(|| {
                    if log {
                        x.log_softmax(dim)
                    } else {
                        x.softmax(dim)
                    }
                });
                let y = y.unwrap();
                let result = y.numel() * 4;
                assert!(
                    extra <= result + MIB / 4,
                    "{shape:?} dim {dim} log {log}: {extra} bytes at peak for a result of {result}"
                );
                let lane = shape[dim as usize];
                // the first lane's values sum to 1 (softmax) or their exps do
                let step = shape[dim as usize + 1..].iter().product::<usize>();
                let first: f64 = y.to_vec()[..lane * step]
                    .iter()
                    .step_by(step)
                    .map(|&v| if log { (v as f64).exp() } else { v as f64 })
                    .sum();
                assert!((first - 1.0).abs() < 1e-4, "{shape:?} dim {dim}: {first}");
            }
        }
    }
}

#[test]
fn empty_inputs_of_huge_shapes_return_at_once() {
    let x = Tensor::<f32>::zeros(&[0, 1 << 20, 1 << 20]).unwrap();
    let (y, extra) = extra_peak(|| x.softmax(1));
    assert_eq!(y.unwrap().shape(), &[0, 1 << 20, 1 << 20]);
    assert!(extra < MIB, "{extra}");
}
