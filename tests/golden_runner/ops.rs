//! One golden op applied to an [`AnyTensor`]: argument decoding and dispatch.
//!
//! Each arm calls the library's method of the same PyTorch name. An op without
//! an arm is reported as unsupported (never as passed).

use serde_json::Value;
use tensor_view::{Element, IndexItem, ViewError};

use super::any_tensor::AnyTensor;

/// What applying an op gave.
pub enum Applied {
    /// One tensor (most ops).
    One(AnyTensor),
    /// Several tensors (the split family).
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

/// A field that is an integer or a list of integers (movedim's source and
/// destination), as a list.
pub fn int_or_ints(op: &Value, field: &str) -> Result<Vec<isize>, OpFailure> {
    match op.get(field) {
        Some(Value::Number(_)) => Ok(vec![int(op, field)?]),
        _ => ints(op, field),
    }
}

/// An optional integer field (absent or null gives `None`).
pub fn opt_int(op: &Value, field: &str) -> Result<Option<isize>, OpFailure> {
    match op.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => int(op, field).map(Some),
    }
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

/// An optional integer value (JSON null is `None`), such as a slice bound.
fn opt_int_value(v: &Value) -> Result<Option<isize>, OpFailure> {
    match v {
        Value::Null => Ok(None),
        v => v
            .as_i64()
            .map(|i| Some(i as isize))
            .ok_or_else(|| unsupported(format!("slice bound {v} is not an integer"))),
    }
}

/// The `items` of an `index` op as a basic index key.
fn index_items(op: &Value) -> Result<Vec<IndexItem>, OpFailure> {
    let items = op
        .get("items")
        .and_then(Value::as_array)
        .ok_or_else(|| unsupported(format!("index without items in {op}")))?;
    items
        .iter()
        .map(|item| {
            if let Some(i) = item.get("int").and_then(Value::as_i64) {
                Ok(IndexItem::Int(i as isize))
            } else if let Some(parts) = item.get("slice").and_then(Value::as_array) {
                match parts.as_slice() {
                    [start, stop, step] => Ok(IndexItem::Slice {
                        start: opt_int_value(start)?,
                        stop: opt_int_value(stop)?,
                        step: opt_int_value(step)?,
                    }),
                    _ => Err(unsupported(format!("bad slice {item}"))),
                }
            } else if item.get("none").is_some() {
                Ok(IndexItem::NewAxis)
            } else if item.get("ellipsis").is_some() {
                Ok(IndexItem::Ellipsis)
            } else {
                Err(unsupported(format!("bad index item {item}")))
            }
        })
        .collect()
}

/// The `sections` (an integer) or `indices` (a list) field of the
/// `tensor_split`/`hsplit`/`vsplit`/`dsplit` ops, as (count, indices).
fn sections(op: &Value) -> Result<(Option<isize>, Vec<isize>), OpFailure> {
    if op.get("sections").is_some() {
        Ok((Some(int(op, "sections")?), Vec::new()))
    } else {
        Ok((None, ints(op, "indices")?))
    }
}

fn many<X: Into<AnyTensor>>(ts: Vec<X>) -> Result<Applied, OpFailure> {
    Ok(Applied::Many(ts.into_iter().map(Into::into).collect()))
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
        "swapaxes" => {
            let (d0, d1) = (int(op, "dim0")?, int(op, "dim1")?);
            with_tensor!(t, t => one(t.swapaxes(d0, d1)?))
        }
        "swapdims" => {
            let (d0, d1) = (int(op, "dim0")?, int(op, "dim1")?);
            with_tensor!(t, t => one(t.swapdims(d0, d1)?))
        }
        "t" => with_tensor!(t, t => one(t.t()?)),
        "T" => with_tensor!(t, t => one(t.T()?)),
        "mT" => with_tensor!(t, t => one(t.mT()?)),
        "movedim" => {
            let source = int_or_ints(op, "source")?;
            let destination = int_or_ints(op, "destination")?;
            with_tensor!(t, t => one(t.movedim(&source, &destination)?))
        }
        "narrow" => {
            let (dim, start, length) = (int(op, "dim")?, int(op, "start")?, int(op, "length")?);
            with_tensor!(t, t => one(t.narrow(dim, start, length)?))
        }
        "select" => {
            let (dim, index) = (int(op, "dim")?, int(op, "index")?);
            with_tensor!(t, t => one(t.select(dim, index)?))
        }
        "squeeze" => {
            if op.get("dims").is_some() {
                let dims = ints(op, "dims")?;
                with_tensor!(t, t => one(t.squeeze_dims(&dims)?))
            } else if op.get("dim").is_some() {
                let dim = int(op, "dim")?;
                with_tensor!(t, t => one(t.squeeze_dim(dim)?))
            } else {
                with_tensor!(t, t => one(t.squeeze()?))
            }
        }
        "unsqueeze" => {
            let dim = int(op, "dim")?;
            with_tensor!(t, t => one(t.unsqueeze(dim)?))
        }
        "expand" => {
            let sizes = ints(op, "sizes")?;
            with_tensor!(t, t => one(t.expand(&sizes)?))
        }
        "diagonal" => {
            let (offset, d1, d2) = (int(op, "offset")?, int(op, "dim1")?, int(op, "dim2")?);
            with_tensor!(t, t => one(t.diagonal(offset, d1, d2)?))
        }
        "unfold" => {
            let (dim, size, step) = (int(op, "dimension")?, int(op, "size")?, int(op, "step")?);
            with_tensor!(t, t => one(t.unfold(dim, size, step)?))
        }
        "unflatten" => {
            let (dim, sizes) = (int(op, "dim")?, ints(op, "sizes")?);
            with_tensor!(t, t => one(t.unflatten(dim, &sizes)?))
        }
        "as_strided" => {
            let (size, stride) = (ints(op, "size")?, ints(op, "stride")?);
            let offset = opt_int(op, "offset")?;
            with_tensor!(t, t => one(t.as_strided(&size, &stride, offset)?))
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
        "index" => {
            let key = index_items(op)?;
            with_tensor!(t, t => one(t.index(&key)?))
        }
        "unbind" => {
            let dim = int(op, "dim")?;
            with_tensor!(t, t => many(t.unbind(dim)?))
        }
        "split" => {
            let dim = int(op, "dim")?;
            if op.get("split_sizes").is_some() {
                let sizes = ints(op, "split_sizes")?;
                with_tensor!(t, t => many(t.split(&sizes, dim)?))
            } else {
                let size = int(op, "split_size")?;
                with_tensor!(t, t => many(t.split(size, dim)?))
            }
        }
        "split_with_sizes" => {
            let (sizes, dim) = (ints(op, "split_sizes")?, int(op, "dim")?);
            with_tensor!(t, t => many(t.split_with_sizes(&sizes, dim)?))
        }
        "chunk" => {
            let (chunks, dim) = (int(op, "chunks")?, int(op, "dim")?);
            with_tensor!(t, t => many(t.chunk(chunks, dim)?))
        }
        "tensor_split" | "hsplit" | "vsplit" | "dsplit" => {
            let (count, indices) = sections(op)?;
            let dim = if name == "tensor_split" {
                int(op, "dim")?
            } else {
                0
            };
            with_tensor!(t, t => {
                let pieces = match (name, count) {
                    ("tensor_split", Some(n)) => t.tensor_split(n, dim)?,
                    ("tensor_split", None) => t.tensor_split(&indices, dim)?,
                    ("hsplit", Some(n)) => t.hsplit(n)?,
                    ("hsplit", None) => t.hsplit(&indices)?,
                    ("vsplit", Some(n)) => t.vsplit(n)?,
                    ("vsplit", None) => t.vsplit(&indices)?,
                    (_, Some(n)) => t.dsplit(n)?,
                    (_, None) => t.dsplit(&indices)?,
                };
                many(pieces)
            })
        }
        "view_dtype" => {
            let dtype = op
                .get("dtype")
                .and_then(Value::as_str)
                .ok_or_else(|| unsupported(format!("view_dtype without a dtype name in {op}")))?;
            with_dtype!(dtype, U => with_tensor!(t, t => one(t.view_dtype::<U>()?)))
                .unwrap_or_else(|| Err(unsupported(format!("unknown dtype `{dtype}`"))))
        }
        "real" => with_tensor!(t, t => one(t.real()?)),
        "imag" => with_tensor!(t, t => one(t.imag()?)),
        "view_as_real" => with_tensor!(t, t => one(t.view_as_real()?)),
        "view_as_complex" => with_tensor!(t, t => one(t.view_as_complex()?)),
        "mH" => with_tensor!(t, t => one(t.mH()?)),
        "H" => with_tensor!(t, t => one(t.H()?)),
        "adjoint" => with_tensor!(t, t => one(t.adjoint()?)),
        other => Err(unsupported(format!("op `{other}` has no runner arm"))),
    }
}
