//! Reductions take memory in proportion to their output, never to their
//! input: a counting global allocator (`peak_memory`) records the peak of
//! the bytes this thread holds while each reduction runs, and each check bounds that peak by a small multiple
//! of the output's bytes (the output, its running totals or best values
//! and indices) plus a constant, for a 4 MiB input read contiguous,
//! transposed and expanded. An empty input of 2^62 logical places
//! allocates next to nothing.

mod peak_memory;

use tensor_view::Tensor;

/// The most bytes `op` held at once beyond what this thread held before,
/// its result included.
fn peak_of<R>(op: impl FnOnce() -> R) -> usize {
    peak_memory::extra_peak(op).1
}

/// A bound on a reduction's peak: a few times its output's elements
/// (8-byte totals or values plus 8-byte indices, and the results), plus
/// the small vectors of its shape and plan.
fn bound(out_numel: usize) -> usize {
    32 * out_numel + 4096
}

#[test]
fn reductions_hold_memory_of_their_outputs_size() {
    let (rows, cols) = (256usize, 4096usize);
    let x = Tensor::<f32>::from_fn(rows * cols, |i| (i % 7) as f32)
        .view(&[rows as isize, cols as isize])
        .unwrap();
    let input_bytes = rows * cols * 4;
    let views = [
        ("contiguous", x.clone()),
        ("transposed", x.t().unwrap()),
        (
            "expanded",
            Tensor::<f32>::zeros(&[1, cols])
                .unwrap()
                .expand(&[rows as isize, cols as isize])
                .unwrap(),
        ),
    ];
    for (name, v) in &views {
        let (r, c) = (v.shape()[0], v.shape()[1]);
        let cases: [(&str, usize, usize); 9] = [
            ("sum last", r, peak_of(|| v.sum(&[-1], false).unwrap())),
            ("sum dim 0", c, peak_of(|| v.sum(&[0], true).unwrap())),
            ("sum all", 1, peak_of(|| v.sum(&[], false).unwrap())),
            ("mean last", r, peak_of(|| v.mean(&[1], false).unwrap())),
            ("mean dim 0", c, peak_of(|| v.mean(&[0], false).unwrap())),
            ("max last", r, peak_of(|| v.max(1, false).unwrap())),
            ("min dim 0", c, peak_of(|| v.min(0, false).unwrap())),
            (
                "argmax last",
                r,
                peak_of(|| v.argmax(Some(-1), false).unwrap()),
            ),
            ("argmax all", 1, peak_of(|| v.argmax(None, false).unwrap())),
        ];
        for (op, out_numel, peak) in cases {
            assert!(
                peak <= bound(out_numel),
                "{op} of the {name} input held {peak} bytes at once, more than {} for {out_numel} outputs (the input has {input_bytes})",
                bound(out_numel)
            );
        }
    }
}

#[test]
fn empty_inputs_allocate_next_to_nothing() {
    let z = Tensor::<f32>::zeros(&[0usize, 1 << 31, 1 << 31]).unwrap();
    let peak = peak_of(|| z.sum(&[1], false).unwrap());
    assert!(peak <= 4096, "{peak} bytes");
    let peak = peak_of(|| z.max(2, true).unwrap());
    assert!(peak <= 4096, "{peak} bytes");
    let peak = peak_of(|| z.mean(&[0, 1, 2], false).unwrap());
    assert!(peak <= 4096, "{peak} bytes");
}
