//! The model's view ops, each computed the obvious way from shape, strides and
//! offset, failing with PyTorch's message where the model spells it out.

use super::layout::{row_major_strides, strides_reproducing, RefLayout};
use super::messages as msg;
use super::{RefError, RefTensor};

/// Result of a model op.
pub type RefResult = Result<RefTensor, RefError>;

/// PyTorch's check on the sizes of every new tensor (`safe_compute_numel`):
/// their product, taken left to right, overflows `u64` at some step (a later 0
/// does not undo it) or ends above `i64::MAX`.
pub fn numel_overflows(shape: &[usize]) -> bool {
    let mut product: u128 = 1;
    for &size in shape {
        product *= size as u128;
        if product > u64::MAX as u128 {
            return true;
        }
    }
    product > i64::MAX as u128
}

/// The message of that check.
pub const NUMEL_OVERFLOW: &str = "numel: integer multiplication overflow";

/// `dim` wrapped into `0..ndim` (a 0-d tensor accepts -1 and 0).
pub fn wrap_dim(dim: isize, ndim: usize) -> Result<usize, RefError> {
    let n = ndim.max(1) as i128;
    let d = dim as i128;
    if d < -n || d >= n {
        return Err(RefError::exact(msg::dim_out_of_range(dim, ndim)));
    }
    Ok(if d < 0 { (d + n) as usize } else { d as usize })
}

/// A requested shape with its `-1` resolved against `numel`, or PyTorch's
/// complaint.
pub fn infer_shape(shape: &[isize], numel: usize) -> Result<Vec<usize>, RefError> {
    let mut inferred = None;
    let mut product: Option<u128> = Some(1);
    for (index, &d) in shape.iter().enumerate() {
        if d == -1 {
            if inferred.is_some() {
                return Err(RefError::exact(msg::only_one_inferred()));
            }
            inferred = Some(index);
        } else if d < -1 {
            return Err(RefError::exact(msg::invalid_shape_dimension(
                d, index, shape,
            )));
        } else {
            product = product.and_then(|p| p.checked_mul(d as u128));
        }
    }
    if shape.contains(&0) {
        product = Some(0);
    }
    if product.is_none_or(|p| p > i64::MAX as u128) {
        // PyTorch multiplies the dims in int64, which overflows here (C++
        // leaves that undefined; in practice a wrapped product that rarely
        // matches). The library calls the shape invalid; any error will do.
        return Err(RefError::Undefined);
    }
    let numel_wide = numel as u128;
    let mut out: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
    match (product, inferred) {
        (Some(0), Some(_)) if numel == 0 => Err(RefError::exact(msg::ambiguous_inferred(shape))),
        (Some(p), Some(i)) if p > 0 && numel_wide.is_multiple_of(p) => {
            out[i] = (numel_wide / p) as usize;
            Ok(out)
        }
        (Some(p), None) if p == numel_wide => Ok(out),
        _ => Err(RefError::exact(msg::invalid_shape(shape, numel))),
    }
}

/// `view(shape)`: same elements in the same row-major order, or an error when
/// no strides reproduce them.
pub fn view(x: &RefTensor, shape: &[isize]) -> RefResult {
    let new_shape = infer_shape(shape, x.numel())?;
    huge_empty_strides(x, &new_shape)?;
    view_resolved(x, new_shape).ok_or_else(|| RefError::exact(msg::incompatible_view()))
}

/// An empty tensor viewed as a shape whose row-major strides overflow: PyTorch
/// computes them in int64 (undefined in C++), so any outcome but a panic goes.
fn huge_empty_strides(x: &RefTensor, new_shape: &[usize]) -> Result<(), RefError> {
    if x.numel() == 0 && new_shape != x.shape() && row_major_strides(new_shape).is_none() {
        return Err(RefError::Undefined);
    }
    Ok(())
}

/// `view` of an already resolved shape, `None` when the strides cannot express it.
fn view_resolved(x: &RefTensor, new_shape: Vec<usize>) -> Option<RefTensor> {
    let offset = x.layout.offset;
    if x.numel() == 0 {
        // No element to reproduce: PyTorch keeps the strides of an unchanged
        // shape and otherwise gives row-major ones.
        let strides = if new_shape == x.layout.shape {
            x.layout.strides.clone()
        } else {
            row_major_strides(&new_shape)?
                .into_iter()
                .map(Some)
                .collect()
        };
        return Some(x.with_layout(RefLayout {
            shape: new_shape,
            strides,
            offset,
        }));
    }
    let strides = strides_reproducing(&x.slots(), &new_shape)?;
    Some(x.with_layout(RefLayout {
        shape: new_shape,
        strides,
        offset,
    }))
}

/// `reshape(shape)`: the view when there is one, else a contiguous copy.
pub fn reshape(x: &RefTensor, shape: &[isize]) -> RefResult {
    let new_shape = infer_shape(shape, x.numel())?;
    huge_empty_strides(x, &new_shape)?;
    Ok(match view_resolved(x, new_shape.clone()) {
        Some(v) => v,
        None => {
            let mut copy = x.copy_contiguous();
            copy.layout = RefLayout::contiguous(&new_shape);
            copy
        }
    })
}

/// `flatten(start_dim, end_dim)`.
pub fn flatten(x: &RefTensor, start_dim: isize, end_dim: isize) -> RefResult {
    let start = wrap_dim(start_dim, x.ndim())?;
    let end = wrap_dim(end_dim, x.ndim())?;
    if start > end {
        return Err(RefError::exact(msg::flatten_order()));
    }
    if x.ndim() == 0 {
        return reshape(x, &[1]);
    }
    if start == end {
        return Ok(x.clone());
    }
    let shape = x.shape();
    let mut new_shape: Vec<isize> = shape[..start].iter().map(|&d| d as isize).collect();
    let merged = &shape[start..=end];
    let product = if merged.contains(&0) {
        Some(0)
    } else {
        merged.iter().try_fold(1usize, |p, &d| p.checked_mul(d))
    };
    // The merged size of an empty tensor's huge dims may not fit: PyTorch's
    // int64 product would wrap; the library reports the overflow.
    let Some(product) = product else {
        return Err(RefError::exact(format!(
            "Storage size calculation overflowed with sizes={}",
            msg::list(merged)
        )));
    };
    new_shape.push(product as isize);
    new_shape.extend(shape[end + 1..].iter().map(|&d| d as isize));
    reshape(x, &new_shape)
}

/// `contiguous()`: the tensor itself when contiguous, else a row-major copy.
pub fn contiguous(x: &RefTensor) -> RefTensor {
    if x.layout.is_contiguous() {
        x.clone()
    } else {
        x.copy_contiguous()
    }
}

/// `ravel()`: `contiguous().view(-1)`.
pub fn ravel(x: &RefTensor) -> RefResult {
    view(&contiguous(x), &[-1])
}

/// `transpose(dim0, dim1)`: two dims swapped.
pub fn transpose(x: &RefTensor, dim0: isize, dim1: isize) -> RefResult {
    let a = wrap_dim(dim0, x.ndim())?;
    let b = wrap_dim(dim1, x.ndim())?;
    let mut layout = x.layout.clone();
    if x.ndim() > 0 {
        layout.shape.swap(a, b);
        layout.strides.swap(a, b);
    }
    Ok(x.with_layout(layout))
}

/// `permute(dims)`: dim `i` of the result is dim `dims[i]` of the input.
pub fn permute(x: &RefTensor, dims: &[isize]) -> RefResult {
    let ndim = x.ndim();
    if dims.len() != ndim {
        return Err(RefError::exact(msg::permute_rank(ndim, dims.len())));
    }
    let mut seen = vec![false; ndim];
    let mut layout = x.layout.clone();
    for (i, &d) in dims.iter().enumerate() {
        let w = wrap_dim(d, ndim)?;
        if seen[w] {
            return Err(RefError::exact(msg::permute_duplicate()));
        }
        seen[w] = true;
        layout.shape[i] = x.layout.shape[w];
        layout.strides[i] = x.layout.strides[w];
    }
    Ok(x.with_layout(layout))
}

/// The storage slots `t[index] = v` writes: the element `index` names, or
/// every element of the sub-tensor when it names fewer dims (negative entries
/// count from the end); PyTorch's indexing errors otherwise.
pub fn element_slots(x: &RefTensor, index: &[isize]) -> Result<Vec<usize>, RefError> {
    if index.len() > x.ndim() {
        return Err(RefError::exact(msg::too_many_indices(x.ndim())));
    }
    let mut offset = x.layout.offset as i128;
    for (dim, (&i, &size)) in index.iter().zip(x.shape()).enumerate() {
        let wrapped = if i < 0 {
            i as i128 + size as i128
        } else {
            i as i128
        };
        if wrapped < 0 || wrapped >= size as i128 {
            return Err(RefError::exact(msg::index_out_of_bounds(i, dim, size)));
        }
        // PyTorch selects one index after another; an offset past int64
        // (only an empty view with huge strides) is undefined from there on.
        offset += wrapped * x.layout.stride(dim) as i128;
        if !(0..=i64::MAX as i128).contains(&offset) {
            return Err(RefError::Undefined);
        }
    }
    let rest = &x.shape()[index.len()..];
    let l = &x.layout;
    let sub = RefTensor {
        storage: x.storage.clone(),
        layout: RefLayout {
            shape: rest.to_vec(),
            strides: l.strides[index.len()..].to_vec(),
            offset: offset as usize,
        },
    };
    // A scalar write is PyTorch's fill_, which allows a destination naming a
    // slot twice ("fill is idempotent"): a broadcast view is written whole.
    Ok(sub.slots())
}
