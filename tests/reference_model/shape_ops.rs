//! The model's shape-changing views (narrow, select, squeeze, unsqueeze,
//! expand, diagonal, unfold, unflatten, movedim, the matrix transposes,
//! as_strided), each written from its definition in PyTorch's documentation:
//! which elements the result names, with plain arithmetic in `i128` so that
//! hostile arguments cannot overflow the model itself.

use super::layout::RefLayout;
use super::messages as msg;
use super::ops::{infer_shape, permute, transpose, view, wrap_dim, RefResult};
use super::{RefError, RefTensor};

/// Bytes per element of the model's (and the chains') tensors: `i64` labels.
pub const ITEMSIZE: usize = 8;

/// The end of the ops PyTorch writes as `self.as_strided(sizes, strides)`:
/// strides computed with int64 arithmetic can wrap negative (only for empty
/// tensors or size-1 dims with huge strides), and as_strided refuses them.
fn via_as_strided(x: &RefTensor, layout: RefLayout) -> RefResult {
    if layout.strides.iter().any(|s| s.is_some_and(|s| s < 0)) {
        let strides: Vec<isize> = layout.strides.iter().map(|s| s.unwrap_or(0)).collect();
        return Err(RefError::exact(format!(
            "as_strided: Negative strides are not supported at the moment, got strides: {}",
            msg::list(&strides)
        )));
    }
    Ok(x.with_layout(layout))
}

/// An offset moved by `delta` elements; outside `0..=i64::MAX` (possible only
/// for empty tensors with huge strides) PyTorch's int64 sum is undefined.
fn moved_offset(offset: usize, delta: i128) -> Result<usize, RefError> {
    let moved = offset as i128 + delta;
    if (0..=i64::MAX as i128).contains(&moved) {
        Ok(moved as usize)
    } else {
        Err(RefError::Undefined)
    }
}

/// `narrow(dim, start, length)`: elements `start..start+length` of `dim`.
pub fn narrow(x: &RefTensor, dim: isize, start: isize, length: isize) -> RefResult {
    if x.ndim() == 0 {
        return Err(RefError::exact(msg::narrow_0d()));
    }
    if length < 0 {
        return Err(RefError::Any);
    }
    let d = wrap_dim(dim, x.ndim())?;
    let size = x.shape()[d] as i128;
    let (start_w, length_w) = (start as i128, length as i128);
    if start_w < -size || start_w > size {
        return Err(RefError::Any);
    }
    let start_w = if start_w < 0 { start_w + size } else { start_w };
    if start_w + length_w > size {
        return Err(RefError::exact(msg::narrow_past_end(
            start_w,
            length,
            x.shape()[d],
        )));
    }
    let mut layout = x.layout.clone();
    layout.shape[d] = length as usize;
    // Even an empty result moves the offset, as PyTorch's `slice` does.
    layout.offset = moved_offset(layout.offset, start_w * layout.stride(d) as i128)?;
    Ok(x.with_layout(layout))
}

/// `select(dim, index)`: the slice at `index` along `dim`, without that dim.
pub fn select(x: &RefTensor, dim: isize, index: isize) -> RefResult {
    if x.ndim() == 0 {
        return Err(RefError::exact(msg::select_0d()));
    }
    let d = wrap_dim(dim, x.ndim())?;
    let size = x.shape()[d] as i128;
    let i = index as i128;
    if i < -size || i >= size {
        return Err(RefError::exact(msg::select_out_of_range(
            index,
            x.shape(),
            d,
        )));
    }
    let i = if i < 0 { i + size } else { i };
    let mut layout = x.layout.clone();
    if i > 0 {
        layout.offset = moved_offset(layout.offset, i * layout.stride(d) as i128)?;
    }
    layout.shape.remove(d);
    layout.strides.remove(d);
    Ok(x.with_layout(layout))
}

/// `squeeze()`: every size-1 dim removed.
pub fn squeeze(x: &RefTensor) -> RefResult {
    let keep: Vec<usize> = (0..x.ndim()).filter(|&d| x.shape()[d] != 1).collect();
    Ok(keep_dims(x, &keep))
}

/// `squeeze_dims(dims)`: the listed dims removed where their size is 1.
pub fn squeeze_dims(x: &RefTensor, dims: &[isize]) -> RefResult {
    let mut listed = vec![false; x.ndim().max(1)];
    for &d in dims {
        let w = wrap_dim(d, x.ndim())?;
        if listed[w] {
            return Err(RefError::Any);
        }
        listed[w] = true;
    }
    let keep: Vec<usize> = (0..x.ndim())
        .filter(|&d| !(listed[d] && x.shape()[d] == 1))
        .collect();
    Ok(keep_dims(x, &keep))
}

fn keep_dims(x: &RefTensor, keep: &[usize]) -> RefTensor {
    let l = &x.layout;
    x.with_layout(RefLayout {
        shape: keep.iter().map(|&d| l.shape[d]).collect(),
        strides: keep.iter().map(|&d| l.strides[d]).collect(),
        offset: l.offset,
    })
}

/// `unsqueeze(dim)`: a size-1 dim inserted at `dim` (of the result).
pub fn unsqueeze(x: &RefTensor, dim: isize) -> RefResult {
    let d = wrap_dim(dim, x.ndim() + 1)?;
    let mut layout = x.layout.clone();
    let stride = if d >= x.ndim() {
        Some(1)
    } else {
        // PyTorch's int64 product, which only empty tensors can overflow.
        let size = isize::try_from(x.shape()[d]).map_err(|_| RefError::Undefined)?;
        Some(
            x.layout
                .stride(d)
                .checked_mul(size)
                .ok_or(RefError::Undefined)?,
        )
    };
    layout.shape.insert(d, 1);
    layout.strides.insert(d, stride);
    via_as_strided(x, layout)
}

/// `expand(sizes)`: size-1 dims (and new leading dims) repeated with stride 0.
pub fn expand(x: &RefTensor, sizes: &[isize]) -> RefResult {
    let (n, old) = (sizes.len(), x.ndim());
    if n < old || sizes.iter().any(|&s| s < -1) {
        return Err(RefError::Any);
    }
    let mut layout = RefLayout {
        shape: vec![0; n],
        strides: vec![None; n],
        offset: x.layout.offset,
    };
    for i in (0..n).rev() {
        let existing = (i + old).checked_sub(n);
        let (size, stride) = match existing {
            Some(e) => (x.shape()[e], x.layout.strides[e]),
            None => (1, None),
        };
        let target = match sizes[i] {
            -1 if existing.is_none() => return Err(RefError::Any),
            -1 => size,
            t => t as usize,
        };
        if target == size {
            layout.shape[i] = size;
            layout.strides[i] = match existing {
                Some(_) => stride,
                // A new size-1 dim: PyTorch's stride is the next dim's size
                // times its stride (an int64 product: overflow is undefined).
                None if i + 1 < n => match layout.strides[i + 1] {
                    Some(next) => {
                        let size = isize::try_from(layout.shape[i + 1])
                            .map_err(|_| RefError::Undefined)?;
                        Some(next.checked_mul(size).ok_or(RefError::Undefined)?)
                    }
                    None => None,
                },
                None => None,
            };
        } else if size == 1 {
            layout.shape[i] = target;
            layout.strides[i] = Some(0);
        } else {
            return Err(RefError::exact(msg::expand_mismatch(
                target as isize,
                size,
                i,
                sizes,
                x.shape(),
            )));
        }
    }
    if layout
        .shape
        .iter()
        .try_fold(1usize, |a, &s| a.checked_mul(s))
        .is_none()
        && !layout.shape.contains(&0)
    {
        return Err(RefError::Any);
    }
    Ok(x.with_layout(layout))
}

/// `diagonal(offset, dim1, dim2)`: elements `[i, i + offset]` of the two dims,
/// as a new last dim.
pub fn diagonal(x: &RefTensor, offset: isize, dim1: isize, dim2: isize) -> RefResult {
    let a = wrap_dim(dim1, x.ndim())?;
    let b = wrap_dim(dim2, x.ndim())?;
    if a == b {
        return Err(RefError::exact(msg::diagonal_identical(dim1, dim2)));
    }
    let (sa, sb, off) = (x.shape()[a] as i128, x.shape()[b] as i128, offset as i128);
    let len = if off >= 0 {
        sa.min(sb - off)
    } else {
        (sa + off).min(sb)
    }
    .max(0);
    let l = &x.layout;
    let mut delta: i128 = 0;
    if len > 0 {
        delta = if off >= 0 {
            off * l.stride(b) as i128
        } else {
            -off * l.stride(a) as i128
        };
    }
    let keep: Vec<usize> = (0..x.ndim()).filter(|&d| d != a && d != b).collect();
    let mut out = keep_dims(x, &keep).layout;
    out.offset = moved_offset(l.offset, delta)?;
    out.shape.push(len as usize);
    let stride = l.stride(a).checked_add(l.stride(b));
    out.strides.push(Some(stride.ok_or(RefError::Undefined)?));
    via_as_strided(x, out)
}

/// `unfold(dimension, size, step)`: windows of `size` along `dimension`,
/// `step` apart, as a new last dim.
pub fn unfold(x: &RefTensor, dimension: isize, size: isize, step: isize) -> RefResult {
    let d = wrap_dim(dimension, x.ndim())?;
    let max = if x.ndim() == 0 { 1 } else { x.shape()[d] };
    if size as i128 > max as i128 {
        return Err(RefError::exact(msg::unfold_too_big(d, max, size)));
    }
    if size < 0 {
        return Err(RefError::exact(msg::unfold_negative_size(size)));
    }
    if step <= 0 {
        return Err(RefError::exact(msg::unfold_step(step)));
    }
    let mut layout = x.layout.clone();
    if x.ndim() == 0 {
        layout.shape.push(size as usize);
        layout.strides.push(Some(1));
        return Ok(x.with_layout(layout));
    }
    let windows = (max as i128 - size as i128) / step as i128 + 1;
    let stride = layout.strides[d];
    layout.shape[d] = windows as usize;
    layout.strides[d] = Some(
        step.checked_mul(layout.stride(d))
            .ok_or(RefError::Undefined)?,
    );
    layout.shape.push(size as usize);
    layout.strides.push(stride);
    via_as_strided(x, layout)
}

/// `unflatten(dim, sizes)`: `dim` split into `sizes` (one may be -1).
pub fn unflatten(x: &RefTensor, dim: isize, sizes: &[isize]) -> RefResult {
    let d = wrap_dim(dim, x.ndim())?;
    if sizes.is_empty() {
        return Err(RefError::Any);
    }
    if x.ndim() == 0 {
        return Err(RefError::exact(msg::no_dimensions(d as isize)));
    }
    let size = x.shape()[d];
    let inner = match infer_shape(sizes, size) {
        Ok(s) => s,
        Err(RefError::Exact(m)) if m.contains("is invalid for input of size") => {
            return Err(RefError::exact(msg::unflatten_product(sizes, d, size)))
        }
        Err(e) => return Err(e),
    };
    let mut shape: Vec<isize> = x.shape().iter().map(|&s| s as isize).collect();
    shape.splice(d..=d, inner.iter().map(|&s| s as isize));
    view(x, &shape)
}

/// `movedim(source, destination)`: dims `source[i]` moved to `destination[i]`,
/// the others keeping their order.
pub fn movedim(x: &RefTensor, source: &[isize], destination: &[isize]) -> RefResult {
    let n = x.ndim();
    if source.len() != destination.len() {
        return Err(RefError::Any);
    }
    let src = source
        .iter()
        .map(|&d| wrap_dim(d, n))
        .collect::<Result<Vec<_>, _>>()?;
    let dst = destination
        .iter()
        .map(|&d| wrap_dim(d, n))
        .collect::<Result<Vec<_>, _>>()?;
    let unique = |v: &[usize]| (0..v.len()).all(|i| !v[..i].contains(&v[i]));
    if !unique(&src) || !unique(&dst) {
        return Err(RefError::Any);
    }
    if n == 0 {
        return Ok(x.clone());
    }
    let mut order: Vec<Option<usize>> = vec![None; n];
    for (&s, &d) in src.iter().zip(&dst) {
        order[d] = Some(s);
    }
    let mut rest = (0..n).filter(|d| !src.contains(d));
    let dims: Vec<isize> = order
        .into_iter()
        .map(|o| o.or_else(|| rest.next()).expect("counts match") as isize)
        .collect();
    permute(x, &dims)
}

/// `t()`: 0-d and 1-d unchanged, 2-d transposed.
pub fn t(x: &RefTensor) -> RefResult {
    match x.ndim() {
        0 | 1 => Ok(x.clone()),
        2 => transpose(x, 0, 1),
        n => Err(RefError::exact(msg::t_rank(n))),
    }
}

/// `T`: all dims reversed.
pub fn big_t(x: &RefTensor) -> RefResult {
    let dims: Vec<isize> = (0..x.ndim() as isize).rev().collect();
    permute(x, &dims)
}

/// `mT`, `mH`, `adjoint()` of a real tensor: the last two dims swapped; a
/// 0-d tensor unchanged (PyTorch deprecates it with a warning), a 1-d refused.
pub fn matrix_transpose(x: &RefTensor, what: &str) -> RefResult {
    match x.ndim() {
        0 => Ok(x.clone()),
        1 => Err(RefError::exact(msg::batched_matrix_rank(what, 1))),
        _ => transpose(x, -2, -1),
    }
}

/// `H` of a real tensor: 0-d unchanged, 2-d transposed.
pub fn big_h(x: &RefTensor) -> RefResult {
    match x.ndim() {
        0 => Ok(x.clone()),
        2 => transpose(x, 0, 1),
        n => Err(RefError::exact(msg::h_rank(n))),
    }
}

/// `as_strided(size, stride, offset)`: exactly that layout over the storage,
/// when every element it names lies inside.
pub fn as_strided(
    x: &RefTensor,
    size: &[isize],
    stride: &[isize],
    offset: Option<isize>,
) -> RefResult {
    let offset = offset.unwrap_or(x.layout.offset as isize);
    if size.len() != stride.len() || size.iter().chain(stride).any(|&v| v < 0) || offset < 0 {
        return Err(RefError::Any);
    }
    let nbytes = x.storage.len() * ITEMSIZE;
    if !size.contains(&0) {
        // Bytes up to the last element: (offset + 1 + Σ stride·(size-1))·itemsize,
        // which must fit an i64 before it is compared with the storage.
        let required = size
            .iter()
            .zip(stride)
            .try_fold(offset as u128 + 1, |acc, (&n, &s)| {
                acc.checked_add((n as u128 - 1).checked_mul(s as u128)?)
            })
            .and_then(|elements| elements.checked_mul(ITEMSIZE as u128))
            .filter(|&bytes| bytes <= i64::MAX as u128);
        let Some(required) = required else {
            return Err(RefError::exact(format!(
                "Storage size calculation overflowed with sizes={} and strides={}",
                msg::list(size),
                msg::list(stride)
            )));
        };
        if required > nbytes as u128 {
            return Err(RefError::exact(msg::as_strided_out_of_bounds(
                size,
                stride,
                offset,
                ITEMSIZE,
                required as i128,
                nbytes,
            )));
        }
    }
    let shape: Vec<usize> = size.iter().map(|&s| s as usize).collect();
    if shape
        .iter()
        .try_fold(1usize, |a, &s| a.checked_mul(s))
        .is_none()
        && !shape.contains(&0)
    {
        return Err(RefError::Any);
    }
    Ok(x.with_layout(RefLayout::new(shape, stride.to_vec(), offset as usize)))
}
