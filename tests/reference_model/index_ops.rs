//! The model's basic indexing (`t[...]` with ints, slices, new axes and an
//! ellipsis) and the split family, from Python's and PyTorch's definitions:
//! which elements each result names, one rule at a time.

use super::layout::RefLayout;
use super::messages as msg;
use super::ops::{wrap_dim, RefResult};
use super::shape_ops::{narrow, select, unsqueeze};
use super::{RefError, RefTensor};

/// One item of a basic index.
#[derive(Clone, Copy, Debug)]
pub enum Item {
    /// An integer: selects and removes the dim.
    Int(isize),
    /// `start:stop:step`.
    Slice(Option<isize>, Option<isize>, Option<isize>),
    /// `None`: a new size-1 dim.
    NewAxis,
    /// `...`.
    Ellipsis,
}

/// `t[items]`.
pub fn index(x: &RefTensor, items: &[Item]) -> RefResult {
    // PyTorch accepts several ellipses (pytorch/pytorch#59787): each one
    // skips the dims the ints and slices leave unnamed.
    let consumed = items
        .iter()
        .filter(|i| matches!(i, Item::Int(_) | Item::Slice(..)))
        .count();
    if consumed > x.ndim() {
        return Err(RefError::Any);
    }
    let mut cur = x.clone();
    let mut d = 0usize;
    // PyTorch's error names an int by its position in the key (`real_dim`
    // in ATen's applySlicing), new axes and ellipses included.
    for (position, item) in items.iter().enumerate() {
        match *item {
            Item::Int(_) | Item::Slice(..) if d >= cur.ndim() => return Err(RefError::Any),
            Item::Int(i) => {
                let size = cur.shape()[d];
                let wrapped = if i < 0 {
                    i as i128 + size as i128
                } else {
                    i as i128
                };
                if wrapped < 0 || wrapped >= size as i128 {
                    return Err(RefError::exact(msg::index_out_of_bounds(i, position, size)));
                }
                cur = select(&cur, d as isize, wrapped as isize)?;
            }
            Item::Slice(start, stop, step) => {
                cur = slice(&cur, d, start, stop, step)?;
                d += 1;
            }
            Item::NewAxis => {
                cur = unsqueeze(&cur, d as isize)?;
                d += 1;
            }
            Item::Ellipsis => d += x.ndim() - consumed,
        }
    }
    Ok(cur)
}

/// Python's slice of dim `d`: bounds wrapped once and clamped into the dim,
/// every `step`-th element from `start` up to (not including) `stop`.
fn slice(
    x: &RefTensor,
    d: usize,
    start: Option<isize>,
    stop: Option<isize>,
    step: Option<isize>,
) -> RefResult {
    let step = step.unwrap_or(1);
    if step == 0 {
        // Python's own check, when PyTorch unpacks the slice object.
        return Err(RefError::exact("slice step cannot be zero"));
    }
    if step < 0 {
        return Err(RefError::exact("step must be greater than zero"));
    }
    let size = x.shape()[d] as i128;
    let clamp = |b: isize| {
        let b = b as i128;
        (if b < 0 { b + size } else { b }).clamp(0, size)
    };
    let first = start.map_or(0, clamp);
    let end = stop.map_or(size, clamp).max(first);
    if end - first + step as i128 - 1 > i64::MAX as i128 {
        // PyTorch's int64 length arithmetic overflows (a step near 2^63).
        return Err(RefError::Undefined);
    }
    let len = (end - first + step as i128 - 1) / step as i128;
    let mut out = narrow(x, d as isize, first as isize, (end - first) as isize)?;
    out.layout.shape[d] = len as usize;
    let stride = out.layout.stride(d) as i128 * step as i128;
    out.layout.strides[d] = Some(isize::try_from(stride).map_err(|_| RefError::Undefined)?);
    Ok(out)
}

/// Consecutive pieces of dim `d` of the given lengths (each a view).
fn pieces(x: &RefTensor, d: usize, lengths: &[usize]) -> Result<Vec<RefTensor>, RefError> {
    let mut start = 0usize;
    let mut out = Vec::with_capacity(lengths.len());
    for &len in lengths {
        out.push(narrow(x, d as isize, start as isize, len as isize)?);
        start += len;
    }
    Ok(out)
}

/// Most pieces the model builds; more is accepted as an error or a result.
const MAX_PIECES: usize = 1 << 12;

fn at_least_1d(x: &RefTensor, message: &str) -> Result<(), RefError> {
    if x.ndim() == 0 {
        return Err(RefError::exact(message));
    }
    Ok(())
}

/// `split(size, dim)`: pieces of `size` along `dim`, the last one shorter.
pub fn split(x: &RefTensor, size: isize, dim: isize) -> Result<Vec<RefTensor>, RefError> {
    at_least_1d(x, "split expects at least a 1-dimensional tensor")?;
    if size < 0 {
        return Err(RefError::Any);
    }
    let d = wrap_dim(dim, x.ndim())?;
    let n = x.shape()[d];
    if size == 0 && n != 0 {
        return Err(RefError::Any);
    }
    let size = size as usize;
    let count = if size == 0 {
        1
    } else {
        n.div_ceil(size).max(1)
    };
    if count > MAX_PIECES {
        return Err(RefError::Undefined);
    }
    let lengths: Vec<usize> = (0..count)
        .map(|i| size.min(n - (i * size).min(n)))
        .collect();
    pieces(x, d, &lengths)
}

/// `split_with_sizes(sizes, dim)`: pieces of exactly these sizes.
pub fn split_with_sizes(
    x: &RefTensor,
    sizes: &[isize],
    dim: isize,
) -> Result<Vec<RefTensor>, RefError> {
    at_least_1d(x, "split expects at least a 1-dimensional tensor")?;
    let d = wrap_dim(dim, x.ndim())?;
    let n = x.shape()[d];
    if sizes.iter().any(|&s| s < 0) {
        return Err(RefError::Any);
    }
    let total: i128 = sizes.iter().map(|&s| s as i128).sum();
    if total != n as i128 {
        return Err(RefError::exact(format!(
            "split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size at dimension {dim}), but got split_sizes={}",
            msg::list(sizes)
        )));
    }
    let lengths: Vec<usize> = sizes.iter().map(|&s| s as usize).collect();
    pieces(x, d, &lengths)
}

/// `chunk(chunks, dim)`: pieces of `ceil(size / chunks)`.
pub fn chunk(x: &RefTensor, chunks: isize, dim: isize) -> Result<Vec<RefTensor>, RefError> {
    at_least_1d(x, "chunk expects at least a 1-dimensional tensor")?;
    if chunks <= 0 {
        return Err(RefError::Any);
    }
    let d = wrap_dim(dim, x.ndim())?;
    let n = x.shape()[d];
    if n as i128 + chunks as i128 - 1 > i64::MAX as i128 {
        // PyTorch's int64 piece-size arithmetic overflows (chunks near 2^63).
        return Err(RefError::Undefined);
    }
    let size = (n as u128).div_ceil(chunks as u128) as usize;
    if size == 0 && n == 0 {
        if chunks as usize > MAX_PIECES {
            return Err(RefError::Undefined);
        }
        return pieces(x, d, &vec![0; chunks as usize]);
    }
    split(x, size as isize, d as isize)
}

/// `unbind(dim)`: every index of `dim`, selected.
pub fn unbind(x: &RefTensor, dim: isize) -> Result<Vec<RefTensor>, RefError> {
    if x.ndim() == 0 {
        return Err(RefError::Any);
    }
    let d = wrap_dim(dim, x.ndim())?;
    if x.shape()[d] > MAX_PIECES {
        return Err(RefError::Undefined);
    }
    (0..x.shape()[d])
        .map(|i| select(x, d as isize, i as isize))
        .collect()
}

/// `tensor_split`'s two forms.
#[derive(Clone, Copy, Debug)]
pub enum Sections<'a> {
    /// This many pieces, the first `size % n` one longer.
    Count(isize),
    /// Cut before each index (slice bounds: wrapped once, clamped).
    Indices(&'a [isize]),
}

/// `tensor_split(sections, dim)`.
pub fn tensor_split(
    x: &RefTensor,
    sections: Sections,
    dim: isize,
) -> Result<Vec<RefTensor>, RefError> {
    if x.ndim() == 0 {
        return Err(RefError::exact(
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
        ));
    }
    let d = wrap_dim(dim, x.ndim())?;
    let n = x.shape()[d];
    match sections {
        Sections::Count(k) => {
            if k <= 0 {
                return Err(RefError::Any);
            }
            if k as usize > MAX_PIECES {
                return Err(RefError::Undefined);
            }
            let k = k as usize;
            let lengths: Vec<usize> = (0..k).map(|i| n / k + usize::from(i < n % k)).collect();
            pieces(x, d, &lengths)
        }
        Sections::Indices(cuts) => {
            let mut out = Vec::new();
            let mut start: Option<isize> = Some(0);
            for cut in cuts.iter().map(Some).chain([None]) {
                out.push(slice(x, d, start, cut.copied(), None)?);
                start = cut.copied();
            }
            Ok(out)
        }
    }
}

/// `hsplit` / `vsplit` / `dsplit` (`which` is "h", "v" or "d").
pub fn directional_split(
    x: &RefTensor,
    which: &str,
    sections: Sections,
) -> Result<Vec<RefTensor>, RefError> {
    if let Sections::Indices(cuts) = sections
        && cuts.iter().any(|&c| c < -(1 << 62))
    {
        // PyTorch converts the indices to SymInts, which stop at -2^62.
        return Err(RefError::Any);
    }
    let (min_rank, dim) = match which {
        "h" => (1, if x.ndim() == 1 { 0 } else { 1 }),
        "v" => (2, 0),
        _ => (3, 2),
    };
    if x.ndim() < min_rank {
        return Err(RefError::exact(format!(
            "torch.{which}split requires a tensor with at least {min_rank} dimension, but got a tensor with {} dimensions!",
            x.ndim()
        )));
    }
    if let Sections::Count(k) = sections {
        let n = x.shape()[dim];
        if k == 0 || n as i128 % k as i128 != 0 {
            return Err(RefError::exact(format!(
                "torch.{which}split attempted to split along dimension {dim}, but the size of the dimension {n} is not divisible by the split_size {k}!"
            )));
        }
    }
    tensor_split(x, sections, dim as isize)
}

/// A layout check used by the write ops: whether `layout` names some storage
/// slot twice.
pub fn names_a_slot_twice(x: &RefTensor) -> bool {
    let mut slots = x.slots();
    slots.sort_unstable();
    slots.windows(2).any(|w| w[0] == w[1])
}

/// Whether a dim of size above 1 has stride 0 (PyTorch's certain internal overlap).
pub fn has_broadcast_dim(l: &RefLayout) -> bool {
    l.shape
        .iter()
        .zip(&l.strides)
        .any(|(&n, &s)| n > 1 && s == Some(0))
}
