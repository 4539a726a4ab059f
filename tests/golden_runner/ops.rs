//! One golden op applied to an [`AnyTensor`]: argument decoding and dispatch.
//!
//! Each arm calls the library's method of the same PyTorch name. An op without
//! an arm is reported as unsupported (never as passed).

use serde_json::Value;
use tensor_view::{Element, ViewError};

use super::any_tensor::AnyTensor;

/// What applying an op gave.
pub enum Applied {
    /// One tensor (most ops).
    One(AnyTensor),
    /// Several tensors (the split family).
    #[allow(dead_code)] // constructed by the split family's arms
    Many(Vec<AnyTensor>),
}

/// Why an op gave no tensor.
pub enum OpFailure {
    /// The library raised an error (to compare with PyTorch's).
    Error(ViewError),
    /// The runner cannot run this op (no arm yet, or malformed arguments).
    Unsupported(String),
}

impl From<ViewError> for OpFailure {
    fn from(e: ViewError) -> OpFailure {
        OpFailure::Error(e)
    }
}

fn unsupported(what: impl Into<String>) -> OpFailure {
    OpFailure::Unsupported(what.into())
}

/// An integer field.
pub fn int(op: &Value, field: &str) -> Result<isize, OpFailure> {
    op.get(field)
        .and_then(Value::as_i64)
        .map(|v| v as isize)
        .ok_or_else(|| unsupported(format!("field `{field}` is not an integer in {op}")))
}

/// A list-of-integers field.
pub fn ints(op: &Value, field: &str) -> Result<Vec<isize>, OpFailure> {
    op.get(field)
        .and_then(Value::as_array)
        .and_then(|items| {
            items
                .iter()
                .map(|v| v.as_i64().map(|v| v as isize))
                .collect()
        })
        .ok_or_else(|| unsupported(format!("field `{field}` is not a list of integers in {op}")))
}

/// An element value as golden files write it: a number, a bool, or `[re, im]`.
fn element<T: Element>(value: &Value) -> Option<T> {
    match value {
        Value::Bool(b) => Some(T::from_parts(f64::from(u8::from(*b)), 0.0)),
        Value::Number(n) => Some(T::from_parts(n.as_f64()?, 0.0)),
        Value::Array(parts) if parts.len() == 2 => {
            Some(T::from_parts(parts[0].as_f64()?, parts[1].as_f64()?))
        }
        _ => None,
    }
}

fn one(t: impl Into<AnyTensor>) -> Result<Applied, OpFailure> {
    Ok(Applied::One(t.into()))
}

/// Applies `op` to `t`.
pub fn apply(op: &Value, t: &AnyTensor) -> Result<Applied, OpFailure> {
    let name = op.get("op").and_then(Value::as_str).unwrap_or("");
    match name {
        "view" => {
            let shape = ints(op, "shape")?;
            with_tensor!(t, t => one(t.view(&shape)?))
        }
        "reshape" => {
            let shape = ints(op, "shape")?;
            with_tensor!(t, t => one(t.reshape(&shape)?))
        }
        "flatten" => {
            let (start, end) = (int(op, "start_dim")?, int(op, "end_dim")?);
            with_tensor!(t, t => one(t.flatten(start, end)?))
        }
        "transpose" => {
            let (d0, d1) = (int(op, "dim0")?, int(op, "dim1")?);
            with_tensor!(t, t => one(t.transpose(d0, d1)?))
        }
        "permute" => {
            let dims = ints(op, "dims")?;
            with_tensor!(t, t => one(t.permute(&dims)?))
        }
        "contiguous" => with_tensor!(t, t => one(t.contiguous()?)),
        "detach" => with_tensor!(t, t => one(t.detach())),
        "write" => {
            let index = ints(op, "index")?;
            let value = op
                .get("value")
                .ok_or_else(|| unsupported("write without value"))?;
            with_tensor!(t, t => {
                let v = element(value).ok_or_else(|| unsupported(format!("bad value {value}")))?;
                t.set(&index, v)?;
                one(t.clone())
            })
        }
        other => Err(unsupported(format!("op `{other}` has no runner arm"))),
    }
}
