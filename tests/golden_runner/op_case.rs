//! Running one golden op case (format `ops-golden/1`, tests/golden/FORMAT.md):
//! the arithmetic, unary, comparison, in-place, masked, reduction, softmax,
//! join, index and embedding ops on inputs built from a value rule (or given
//! values) and view ops, judged against PyTorch's outputs (values within the
//! dtype's tolerance) or its error.

use serde_json::Value;
use tensor_view::numeric::{Arithmetic, Divide, Float, Ordered};
use tensor_view::typed::{layers::Embedding, AnyStrides};
use tensor_view::{bf16, dims, f16, Complex, DType, Element, Tensor, ViewError};

use super::any_tensor::AnyTensor;
use super::case::Verdict;
use super::ops::{apply, Applied, OpFailure};

/// What an op gave: its outputs, or the library's error.
type Outcome = Result<Vec<AnyTensor>, ViewError>;

/// The typed tensor inside an `AnyTensor`, when it holds this element type.
pub trait Pick: Element {
    fn pick(any: &AnyTensor) -> Option<&Tensor<Self>>;
}

macro_rules! pick {
    ($($t:ty => $v:ident),*) => {$(
        impl Pick for $t {
            fn pick(any: &AnyTensor) -> Option<&Tensor<$t>> {
                match any {
                    AnyTensor::$v(t) => Some(t),
                    _ => None,
                }
            }
        }
    )*};
}
pick!(bool => Bool, u8 => U8, i8 => I8, i16 => I16, u16 => U16, i32 => I32, u32 => U32,
      i64 => I64, u64 => U64, f16 => F16, bf16 => BF16, f32 => F32, f64 => F64,
      Complex<f16> => C32, Complex<f32> => C64, Complex<f64> => C128);

/// Runs `$body` with `$x` bound to the tensor when `$any` is one of `$variant`s.
macro_rules! with_class {
    ($any:expr, [$($variant:ident),*], $x:ident => $body:expr) => {
        match $any {
            $(AnyTensor::$variant($x) => $body,)*
            #[allow(unreachable_patterns)]
            _ => None,
        }
    };
}

/// Element `j` (row-major) of input number `i`, before its view ops, as
/// (real, imaginary) parts: the rule of tools/golden/ops_cases.py.
fn value_parts(dtype: DType, j: usize, i: usize) -> (f64, f64) {
    let k = ((j * 7 + 3 * i + 2) % 13) as f64;
    match dtype {
        DType::Bool => (f64::from(u8::from((k as usize).is_multiple_of(3))), 0.0),
        DType::U8 | DType::U16 | DType::U32 | DType::U64 => (k, 0.0),
        DType::I8 | DType::I16 | DType::I32 | DType::I64 => (k - 6.0, 0.0),
        d if d.is_complex() => ((k - 6.0) * 0.5, (((j * 5 + i) % 7) as f64 - 3.0) * 0.5),
        _ => ((k - 6.0) * 0.5, 0.0),
    }
}

fn filled<T: Element>(shape: &[usize], i: usize) -> Tensor<T> {
    let n = shape.iter().product();
    let values = (0..n)
        .map(|j| {
            let (re, im) = value_parts(T::DTYPE, j, i);
            T::from_parts(re, im)
        })
        .collect();
    Tensor::from_vec(values, shape).expect("a small input")
}

/// An input of the values `given` (row-major, as results record them).
fn given<T: Element>(shape: &[usize], given: &[Value]) -> Result<Tensor<T>, String> {
    let values = given
        .iter()
        .map(|v| match v {
            Value::Array(parts) => Some(T::from_parts(number(&parts[0])?, number(&parts[1])?)),
            v => Some(T::from_parts(number(v)?, 0.0)),
        })
        .collect::<Option<Vec<T>>>()
        .ok_or("an input value is not a number")?;
    Tensor::from_vec(values, shape).map_err(|e| e.to_string())
}

/// Input number `i`: its fresh base and the view its ops make of it.
fn input(spec: &Value, i: usize) -> Result<(AnyTensor, AnyTensor), String> {
    let dtype = spec["dtype"].as_str().ok_or("input without dtype")?;
    let shape: Vec<usize> = spec["shape"]
        .as_array()
        .and_then(|s| s.iter().map(|d| d.as_u64().map(|d| d as usize)).collect())
        .ok_or("input without shape")?;
    let base: AnyTensor = match spec.get("values").and_then(Value::as_array) {
        Some(values) => with_dtype!(dtype, T => given::<T>(&shape, values).map(AnyTensor::from))
            .ok_or("unknown dtype")??,
        None => with_dtype!(dtype, T => filled::<T>(&shape, i).into()).ok_or("unknown dtype")?,
    };
    let mut view = base.clone();
    for op in spec["ops"].as_array().into_iter().flatten() {
        view = match apply(op, &view) {
            Ok(Applied::One(t)) => t,
            _ => return Err(format!("input op {op} failed")),
        };
    }
    Ok((base, view))
}

fn scalar<T: Element>(args: &Value) -> Option<T> {
    Some(T::from_parts(number(&args["value"])?, 0.0))
}

fn same<'a, T: Pick>(_: &Tensor<T>, any: Option<&'a AnyTensor>) -> Option<&'a Tensor<T>> {
    T::pick(any?)
}

fn one<T: Element>(t: Result<Tensor<T>, ViewError>) -> Outcome
where
    AnyTensor: From<Tensor<T>>,
{
    t.map(|t| vec![t.into()])
}

/// An in-place outcome: the written view, then its base.
fn written(done: Result<(), ViewError>, view: &AnyTensor, base: &AnyTensor) -> Outcome {
    done.map(|()| vec![view.clone(), base.clone()])
}

fn dims(args: &Value) -> Vec<isize> {
    args["dims"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d.as_i64().map(|d| d as isize))
        .collect()
}

fn dim(args: &Value) -> Option<isize> {
    args["dim"].as_i64().map(|d| d as isize)
}

fn keepdim(args: &Value) -> bool {
    args["keepdim"].as_bool().unwrap_or(false)
}

dims!(N0, N1);

/// `F.embedding(ids, weight)` through the typed layer `Embedding<T, 5, 4>`
/// (the cases' tables are `[5, 4]`), ids of rank 1 or 2 typed with named
/// dims of any strides; `None` for other ids.
fn embedding<T: Element>(
    ids: &Tensor<i64>,
    weight: &Tensor<T>,
) -> Option<Result<Tensor<T>, ViewError>> {
    let table = match Embedding::<T, 5, 4>::from_dyn(weight.clone()) {
        Ok(table) => table,
        Err(e) => return Some(Err(e)),
    };
    Some(match ids.dim() {
        1 => {
            let ids: Tensor<i64, AnyStrides<(N0,)>> = ids.clone().into_static().ok()?;
            table.forward(&ids).map(Tensor::into_dyn)
        }
        2 => {
            let ids: Tensor<i64, AnyStrides<(N0, N1)>> = ids.clone().into_static().ok()?;
            table.forward(&ids).map(Tensor::into_dyn)
        }
        _ => return None,
    })
}

/// Ops every element type has: comparisons for equality, masks, where,
/// cat, stack, index_select and embedding.
fn any_op<T: Pick>(
    op: &str,
    x: &Tensor<T>,
    ins: &[AnyTensor],
    base: &AnyTensor,
    args: &Value,
) -> Option<Outcome>
where
    AnyTensor: From<Tensor<T>>,
{
    let mask = ins.get(1).and_then(bool::pick);
    let y = same(x, ins.get(1));
    Some(match op {
        "eq" => one::<bool>(x.eq(y?)),
        "ne" => one::<bool>(x.ne(y?)),
        "eq_scalar" => one::<bool>(Ok(x.eq_scalar(scalar(args)?))),
        "ne_scalar" => one::<bool>(Ok(x.ne_scalar(scalar(args)?))),
        "index_select" => one(x.index_select(dim(args)?, i64::pick(ins.get(1)?)?)),
        "embedding" => one(embedding(i64::pick(&ins[0])?, T::pick(ins.get(1)?)?)?),
        "tril" => one(x.tril(args["diagonal"].as_i64()?)),
        "triu" => one(x.triu(args["diagonal"].as_i64()?)),
        "masked_fill" => one(x.masked_fill(mask?, scalar(args)?)),
        "masked_fill_" => written(x.masked_fill_(mask?, scalar(args)?), &ins[0], base),
        "where" => {
            let cond = bool::pick(&ins[0])?;
            let (a, b) = (T::pick(&ins[1])?, T::pick(ins.get(2)?)?);
            one(Tensor::where_(cond, a, b))
        }
        "cat" | "stack" => {
            let all: Option<Vec<&Tensor<T>>> = ins.iter().map(T::pick).collect();
            let d = dim(args)?;
            one(if op == "cat" {
                Tensor::cat(&all?, d)
            } else {
                Tensor::stack(&all?, d)
            })
        }
        _ => return None,
    })
}

fn arith_op<T: Arithmetic + Pick>(
    op: &str,
    x: &Tensor<T>,
    ins: &[AnyTensor],
    base: &AnyTensor,
    args: &Value,
) -> Option<Outcome>
where
    AnyTensor: From<Tensor<T>> + From<Tensor<T::Sum>>,
{
    let y = same(x, ins.get(1));
    Some(match op {
        "add" => one(x.add(y?)),
        "sub" => one(x.sub(y?)),
        "mul" => one(x.mul(y?)),
        "add_scalar" => one(Ok(x + scalar::<T>(args)?)),
        "sub_scalar" => one(Ok(x - scalar::<T>(args)?)),
        "mul_scalar" => one(Ok(x * scalar::<T>(args)?)),
        "neg" => one(Ok(x.neg())),
        "add_" => written(x.add_(y?), &ins[0], base),
        "sub_" => written(x.sub_(y?), &ins[0], base),
        "mul_" => written(x.mul_(y?), &ins[0], base),
        "add_scalar_" => written(x.add_scalar_(scalar(args)?), &ins[0], base),
        "mul_scalar_" => written(x.mul_scalar_(scalar(args)?), &ins[0], base),
        "neg_" => written(x.neg_(), &ins[0], base),
        "sum" => one::<T::Sum>(x.sum(&dims(args), keepdim(args))),
        _ => return None,
    })
}

fn ordered_op<T: Ordered + Pick>(
    op: &str,
    x: &Tensor<T>,
    ins: &[AnyTensor],
    base: &AnyTensor,
    args: &Value,
) -> Option<Outcome>
where
    AnyTensor: From<Tensor<T>>,
{
    let pair =
        |r: Result<(Tensor<T>, Tensor<i64>), ViewError>| r.map(|(v, i)| vec![v.into(), i.into()]);
    Some(match op {
        "relu" => one(Ok(x.relu())),
        "abs" => one(Ok(x.abs())),
        "relu_" => written(x.relu_(), &ins[0], base),
        "lt" => one::<bool>(x.lt(same(x, ins.get(1))?)),
        "le" => one::<bool>(x.le(same(x, ins.get(1))?)),
        "gt" => one::<bool>(x.gt(same(x, ins.get(1))?)),
        "ge" => one::<bool>(x.ge(same(x, ins.get(1))?)),
        "lt_scalar" => one::<bool>(Ok(x.lt_scalar(scalar(args)?))),
        "le_scalar" => one::<bool>(Ok(x.le_scalar(scalar(args)?))),
        "gt_scalar" => one::<bool>(Ok(x.gt_scalar(scalar(args)?))),
        "ge_scalar" => one::<bool>(Ok(x.ge_scalar(scalar(args)?))),
        "argmin" => one::<i64>(x.argmin(dim(args), keepdim(args))),
        "max" => pair(x.max(dim(args)?, keepdim(args))),
        "min" => pair(x.min(dim(args)?, keepdim(args))),
        "argmax" => one::<i64>(x.argmax(dim(args), keepdim(args))),
        _ => return None,
    })
}

fn divide_op<T: Divide + Pick>(
    op: &str,
    x: &Tensor<T>,
    ins: &[AnyTensor],
    base: &AnyTensor,
    args: &Value,
) -> Option<Outcome>
where
    AnyTensor: From<Tensor<T>>,
{
    let y = same(x, ins.get(1));
    Some(match op {
        "div" => one(x.div(y?)),
        "div_scalar" => one(Ok(x / scalar::<T>(args)?)),
        "div_" => written(x.div_(y?), &ins[0], base),
        "div_scalar_" => written(x.div_scalar_(scalar(args)?), &ins[0], base),
        _ => return None,
    })
}

fn float_op<T: Float + Pick>(
    op: &str,
    x: &Tensor<T>,
    ins: &[AnyTensor],
    base: &AnyTensor,
    args: &Value,
) -> Option<Outcome>
where
    AnyTensor: From<Tensor<T>>,
{
    let w = |done| written(done, &ins[0], base);
    Some(match op {
        "exp" => one(Ok(x.exp())),
        "log" => one(Ok(x.log())),
        "sqrt" => one(Ok(x.sqrt())),
        "tanh" => one(Ok(x.tanh())),
        "gelu" => one(Ok(x.gelu())),
        "gelu_tanh" => one(Ok(x.gelu_tanh())),
        "sigmoid" => one(Ok(x.sigmoid())),
        "rsqrt" => one(Ok(x.rsqrt())),
        "pow_scalar" => one(Ok(x.pow(number(&args["exponent"])?))),
        "exp_" => w(x.exp_()),
        "log_" => w(x.log_()),
        "sqrt_" => w(x.sqrt_()),
        "tanh_" => w(x.tanh_()),
        "gelu_" => w(x.gelu_()),
        "mean" => one(x.mean(&dims(args), keepdim(args))),
        "softmax" => one(x.softmax(dim(args)?)),
        "log_softmax" => one(x.log_softmax(dim(args)?)),
        "layer_norm" | "rms_norm" => {
            let shape: Vec<usize> = args["normalized_shape"]
                .as_array()?
                .iter()
                .map(|d| d.as_u64().map(|d| d as usize))
                .collect::<Option<_>>()?;
            let (weight, bias) = (same(x, ins.get(1)), same(x, ins.get(2)));
            let eps = args["eps"].as_f64();
            one(if op == "layer_norm" {
                x.layer_norm(&shape, weight, bias, eps?)
            } else {
                x.rms_norm(&shape, weight, eps)
            })
        }
        _ => return None,
    })
}

/// The op on its inputs, or `None` when no arm takes this op and dtype.
fn dispatch(op: &str, ins: &[AnyTensor], base: &AnyTensor, args: &Value) -> Option<Outcome> {
    // `where` and `embedding` take their element type from their second input
    let x = if op == "where" || op == "embedding" {
        ins.get(1)?
    } else {
        ins.first()?
    };
    with_tensor!(x, t => any_op(op, t, ins, base, args))
        .or_else(|| with_class!(x, [U8, I8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64, C64, C128], t => arith_op(op, t, ins, base, args)))
        .or_else(|| with_class!(x, [U8, I8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64], t => ordered_op(op, t, ins, base, args)))
        .or_else(|| with_class!(x, [F16, BF16, F32, F64, C64, C128], t => divide_op(op, t, ins, base, args)))
        .or_else(|| with_class!(x, [F16, BF16, F32, F64], t => float_op(op, t, ins, base, args)))
}

/// (relative, absolute) tolerance of a float dtype's values (FORMAT.md).
fn tolerance(dtype: &str) -> (f64, f64) {
    match dtype {
        "float16" => (2e-3, 1e-3),
        "bfloat16" => (1.6e-2, 1e-2),
        "float32" | "complex64" => (1e-5, 1e-6),
        _ => (1e-12, 1e-12),
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::String(s) => match s.as_str() {
            "nan" => Some(f64::NAN),
            "inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => v.as_f64(),
    }
}

fn close(got: f64, want: f64, (rtol, atol): (f64, f64), exact: bool) -> bool {
    if want.is_nan() || got.is_nan() {
        return want.is_nan() && got.is_nan();
    }
    if exact || want.is_infinite() {
        return got == want;
    }
    (got - want).abs() <= atol + rtol * want.abs()
}

fn mismatches(i: usize, got: &AnyTensor, want: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let dtype = got.dtype_name();
    if want["dtype"].as_str() != Some(dtype) {
        out.push(format!(
            "output {i}: dtype {dtype}, PyTorch {}",
            want["dtype"]
        ));
    }
    let (shape, stride, parts): (Vec<usize>, Vec<isize>, Vec<(f64, f64)>) = with_tensor!(got, t => (
        t.shape().to_vec(),
        t.stride().to_vec(),
        t.to_vec().into_iter().map(Element::to_parts).collect(),
    ));
    let as_list =
        |v: &Value| -> Option<Vec<i64>> { v.as_array()?.iter().map(Value::as_i64).collect() };
    let shape: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    if as_list(&want["shape"]).as_ref() != Some(&shape) {
        out.push(format!(
            "output {i}: shape {shape:?}, PyTorch {}",
            want["shape"]
        ));
    }
    if let Some(w) = as_list(&want["stride"]) {
        let stride: Vec<i64> = stride.iter().map(|&d| d as i64).collect();
        if w != stride {
            out.push(format!("output {i}: stride {stride:?}, PyTorch {w:?}"));
        }
    }
    let complex = dtype.starts_with("complex");
    let exact = !complex && !dtype.starts_with("float") && !dtype.starts_with("bfloat");
    let tol = tolerance(dtype);
    let values = want["values"].as_array().cloned().unwrap_or_default();
    if values.len() != parts.len() {
        out.push(format!(
            "output {i}: {} values, PyTorch {}",
            parts.len(),
            values.len()
        ));
        return out;
    }
    for (k, ((re, im), w)) in parts.iter().zip(&values).enumerate() {
        let (wre, wim) = if complex {
            (w.get(0).and_then(number), w.get(1).and_then(number))
        } else {
            (number(w), Some(0.0))
        };
        let ok = match (wre, wim) {
            (Some(wre), Some(wim)) => close(*re, wre, tol, exact) && close(*im, wim, tol, exact),
            _ => false,
        };
        if !ok {
            out.push(format!(
                "output {i}: value {k} is ({re}, {im}), PyTorch {w}"
            ));
            break;
        }
    }
    out
}

/// The first output after the view ops of `then` (a case's views of its
/// result, which succeed or fail with the result's strides), as the outcome
/// to compare; `Err` when the runner cannot apply them.
fn view_after(outs: &[AnyTensor], then: &Value) -> Result<Outcome, String> {
    let mut t = outs
        .first()
        .ok_or("`then` on an op without outputs")?
        .clone();
    for op in then.as_array().into_iter().flatten() {
        t = match apply(op, &t) {
            Ok(Applied::One(v)) => v,
            Ok(Applied::Many(_)) => return Err(format!("`then` op {op} gives several tensors")),
            Err(OpFailure::Error(e)) => return Ok(Err(e)),
            Err(OpFailure::Unsupported(why)) => return Err(why),
        };
    }
    Ok(Ok(vec![t]))
}

/// Runs one `ops-golden/1` case and compares with its `result`.
pub fn run_op_case(case: &Value) -> Verdict {
    let op = case["op"].as_str().unwrap_or("");
    let mut bases = Vec::new();
    let mut ins = Vec::new();
    for (i, spec) in case["inputs"].as_array().into_iter().flatten().enumerate() {
        match input(spec, i) {
            Ok((b, v)) => {
                bases.push(b);
                ins.push(v);
            }
            Err(e) => return Verdict::Unsupported(e),
        }
    }
    let Some(base) = bases.first() else {
        return Verdict::Unsupported("a case without inputs".into());
    };
    let Some(outcome) = dispatch(op, &ins, base, &case["args"]) else {
        return Verdict::Unsupported(format!("op {op} on {}", ins[0].dtype_name()));
    };
    let outcome = match (outcome, case.get("then")) {
        (Ok(outs), Some(then)) => match view_after(&outs, then) {
            Ok(viewed) => viewed,
            Err(why) => return Verdict::Unsupported(why),
        },
        (outcome, _) => outcome,
    };
    let want = &case["result"];
    match (outcome, want.get("error")) {
        (Err(e), Some(err)) => {
            let (got, kind) = (e.to_string(), e.kind().to_string());
            if err["message"].as_str() != Some(got.as_str())
                || err["kind"].as_str() != Some(kind.as_str())
            {
                Verdict::Fail(format!(
                    "error: ours {kind}: {got}; PyTorch {}: {}",
                    err["kind"], err["message"]
                ))
            } else {
                Verdict::Pass
            }
        }
        (Err(e), None) => Verdict::Fail(format!("we raised {e}; PyTorch succeeded")),
        (Ok(_), Some(err)) => {
            Verdict::Fail(format!("PyTorch raised {}; we did not", err["message"]))
        }
        (Ok(outs), None) => {
            let wants = want["outputs"].as_array().cloned().unwrap_or_default();
            if wants.len() != outs.len() {
                return Verdict::Fail(format!("{} outputs, PyTorch {}", outs.len(), wants.len()));
            }
            let problems: Vec<String> = outs
                .iter()
                .zip(&wants)
                .enumerate()
                .flat_map(|(i, (g, w))| mismatches(i, g, w))
                .collect();
            if problems.is_empty() {
                Verdict::Pass
            } else {
                Verdict::Fail(problems.join("; "))
            }
        }
    }
}
