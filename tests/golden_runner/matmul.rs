//! `matmul` cases (format `matmul-golden/1`, written by
//! `tools/golden/matmul.py` with torch 2.15): operands built by view ops
//! (transposed, narrowed, expanded, conjugated) and what `torch.matmul`
//! gave, the result's shape and values or its error text. Integers and the
//! exactly-summed float types must match exactly, f16/bf16 within one
//! rounding of the result (the base values are small integers, whose
//! products sum exactly in f32 and f64).

use serde_json::Value;
use tensor_view::{Element, Tensor};

use super::case::Verdict;

/// The base tensor of FORMAT.md: element i is i % 97 (complex: i % 97 -
/// (i % 89)j; bool: i odd).
fn base<T: Element>(shape: &[usize]) -> Tensor<T> {
    let n: usize = shape.iter().product();
    let values = (0..n)
        .map(|i| {
            if T::DTYPE == tensor_view::DType::Bool {
                T::from_parts((i % 2) as f64, 0.0)
            } else {
                T::from_parts((i % 97) as f64, -((i % 89) as f64))
            }
        })
        .collect();
    Tensor::from_vec(values, shape).expect("base tensor")
}

fn dims(v: &Value) -> Vec<usize> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|d| d.as_u64().expect("a size") as usize)
        .collect()
}

/// The operand a case describes: its base tensor after its view ops.
fn operand<T: Element>(spec: &Value) -> Tensor<T> {
    let mut t = base::<T>(&dims(&spec["shape"]));
    for op in spec["ops"].as_array().expect("ops") {
        let int = |name: &str| op[name].as_i64().expect("an int") as isize;
        t = match op["op"].as_str().expect("op name") {
            "transpose" => t.transpose(int("dim0"), int("dim1")),
            "narrow" => t.narrow(int("dim"), int("start"), int("length")),
            "expand" => {
                let sizes: Vec<isize> = dims(&op["sizes"]).iter().map(|&s| s as isize).collect();
                t.expand(&sizes)
            }
            "unsqueeze" => t.unsqueeze(int("dim")),
            "conj" => Ok(t.conj()),
            other => panic!("unknown op {other}"),
        }
        .expect("the view op PyTorch took");
    }
    t
}

/// Compares one case's outcome with PyTorch's; `Err` says how it differs.
fn check<T: Element>(case: &Value) -> Result<(), String> {
    let (a, b) = (operand::<T>(&case["a"]), operand::<T>(&case["b"]));
    let expected = &case["result"];
    let got = a.matmul(&b);
    match (got, expected.get("error")) {
        (Err(e), Some(text)) if e.to_string() == text.as_str().unwrap_or("") => Ok(()),
        (Err(e), _) => Err(format!("error {e:?}, expected {expected}")),
        (Ok(r), Some(text)) => Err(format!("result {:?}, expected error {text}", r.shape())),
        (Ok(r), None) => {
            let shape = dims(&expected["shape"]);
            if r.shape() != shape.as_slice() {
                return Err(format!("shape {:?}, expected {shape:?}", r.shape()));
            }
            if !r.is_contiguous() {
                return Err(format!(
                    "strides {:?}: PyTorch's result is row-major",
                    r.stride()
                ));
            }
            let rounded = matches!(T::DTYPE, tensor_view::DType::F16 | tensor_view::DType::BF16);
            let want = expected["values"].as_array().expect("values");
            for (i, (value, want)) in r.to_vec().into_iter().zip(want).enumerate() {
                let (re, im) = value.to_parts();
                let (wre, wim) = match want.as_array() {
                    Some(pair) => (pair[0].as_f64().unwrap(), pair[1].as_f64().unwrap()),
                    None => (want.as_f64().expect("a number"), 0.0),
                };
                let close = |x: f64, y: f64| {
                    if rounded {
                        (x - y).abs() <= 1e-2 * y.abs().max(1.0)
                    } else {
                        x == y
                    }
                };
                if !(close(re, wre) && close(im, wim)) {
                    return Err(format!("element {i}: {re}+{im}j, expected {wre}+{wim}j"));
                }
            }
            Ok(())
        }
    }
}

fn outcome(case: &Value) -> Result<(), String> {
    let dtype = case["dtype"].as_str().expect("dtype");
    with_dtype!(dtype, T => check::<T>(case))
        .unwrap_or_else(|| Err(format!("unknown dtype {dtype}")))
}

/// Runs one `matmul-golden/1` case.
pub fn run_case(case: &Value) -> Verdict {
    match outcome(case) {
        Ok(()) => Verdict::Pass,
        Err(why) => Verdict::Fail(why),
    }
}
