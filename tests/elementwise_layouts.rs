//! PyTorch parity of the layout of `map` and `zip_map` results, and of their
//! values on those layouts.
//!
//! `tests/elementwise/layouts.jsonl` holds cases recorded from PyTorch 2.15
//! by `tools/golden/elementwise_layouts.py`: an input layout (or two) built
//! with `as_strided` on a fresh storage, and the strides PyTorch gives
//! `torch.exp(x)` (for `map`) or `torch.add(a, b)` (for `zip_map`). Each case
//! checks our result's shape and strides, and that every element holds the
//! input element at its logical position (both inputs, for `zip_map`).
//!
//! Both inputs of a recorded case share one float dtype. `zip_map` has no
//! type promotion, so its layout rule ignores element types; each `zip` case
//! is also run with `i32` and `f64` inputs and must give the same layout.
//! (PyTorch's CPU `a + b` of mixed dtypes first copies an input with
//! `.to(dtype)`, which lays a non-dense input out afresh; that copy is
//! `torch.add`'s business, not the layout rule's.)

use serde_json::Value;
use tensor_view::{Element, Tensor};

const CASES: &str = include_str!("elementwise/layouts.jsonl");

fn usizes(v: &Value) -> Vec<usize> {
    let list = v.as_array().expect("a list");
    list.iter().map(|x| x.as_u64().unwrap() as usize).collect()
}

fn isizes(v: &Value) -> Vec<isize> {
    let list = v.as_array().expect("a list");
    list.iter().map(|x| x.as_i64().unwrap() as isize).collect()
}

/// The input of a case: its layout over a fresh storage of 0, 1, 2, ...
fn build<T: Element>(input: &Value) -> Tensor<T> {
    let (shape, stride) = (isizes(&input["shape"]), isizes(&input["stride"]));
    let offset = input["offset"].as_i64().unwrap() as isize;
    let need = if shape.contains(&0) {
        offset + 1
    } else {
        offset
            + shape
                .iter()
                .zip(&stride)
                .map(|(s, st)| (s - 1) * st)
                .sum::<isize>()
            + 1
    };
    let base = Tensor::<T>::arange(need as usize);
    base.as_strided(&shape, &stride, Some(offset)).unwrap()
}

/// Calls `$body` with `$t` bound to the input built with its dtype.
macro_rules! with_input {
    ($input:expr, $t:ident => $body:expr) => {
        match $input["dtype"].as_str().unwrap() {
            "f32" => {
                let $t = build::<f32>(&$input);
                $body
            }
            "f64" => {
                let $t = build::<f64>(&$input);
                $body
            }
            other => panic!("dtype {other}"),
        }
    };
}

/// Where a result differs from the case, if it does.
fn layout_mismatch<T: Element>(got: &Tensor<T>, case: &Value) -> Option<String> {
    let (shape, stride) = (usizes(&case["shape"]), isizes(&case["stride"]));
    (got.shape() != shape.as_slice() || got.stride() != stride.as_slice()).then(|| {
        format!(
            "got shape {:?} stride {:?}, PyTorch {shape:?} {stride:?}",
            got.shape(),
            got.stride()
        )
    })
}

fn check_map<T: Element>(a: &Tensor<T>, case: &Value) -> Option<String> {
    let y = a.map(|v| v);
    if let Some(m) = layout_mismatch(&y, case) {
        return Some(m);
    }
    (y.to_vec() != a.to_vec()).then(|| "values differ".to_string())
}

fn check_zip<A: Element, B: Element>(a: &Tensor<A>, b: &Tensor<B>, case: &Value) -> Option<String> {
    let shape: Vec<isize> = isizes(&case["shape"]);
    let firsts = a.zip_map(b, |x, _| x).unwrap();
    let seconds = a.zip_map(b, |_, y| y).unwrap();
    if let Some(m) = layout_mismatch(&firsts, case).or(layout_mismatch(&seconds, case)) {
        return Some(m);
    }
    let want_a = a.expand(&shape).unwrap().to_vec();
    let want_b = b.expand(&shape).unwrap().to_vec();
    (firsts.to_vec() != want_a || seconds.to_vec() != want_b).then(|| "values differ".to_string())
}

#[test]
fn results_are_laid_out_as_pytorch_lays_them_out() {
    let mut failures = vec![];
    let mut count = 0;
    for (i, line) in CASES.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        let outcome = match case["op"].as_str().unwrap() {
            "map" => with_input!(case["a"], a => check_map(&a, &case)),
            "zip" => {
                with_input!(case["a"], a => with_input!(case["b"], b => check_zip(&a, &b, &case)))
                    .or_else(|| {
                        let (a, b) = (build::<i32>(&case["a"]), build::<f64>(&case["b"]));
                        check_zip(&a, &b, &case).map(|m| format!("with i32 and f64 inputs: {m}"))
                    })
            }
            other => panic!("op {other}"),
        };
        count += 1;
        if let Some(m) = outcome {
            failures.push(format!("line {}: {line}\n  {m}", i + 1));
        }
    }
    assert!(count > 700, "only {count} cases");
    assert!(
        failures.is_empty(),
        "{} of {count} cases differ from PyTorch:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
