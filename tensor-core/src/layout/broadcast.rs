//! Broadcasting as pure layout maths: the common shape of two shapes
//! (PyTorch's `infer_size`) and a layout stretched to a larger shape with
//! zero strides (what `expand` does), for the write ops that broadcast their
//! source. The rule and its message are `tensor_rules::broadcast`'s, which
//! the macros apply too.

use super::{Dims, Layout, Strides};
use crate::error::IntList;
use crate::ViewError;

/// The broadcast shape of `a` and `b` (aligned from the right, size-1 dims
/// stretch), or PyTorch's `The size of tensor a (3) must match the size of
/// tensor b (4) at non-singleton dimension 1`.
///
/// ```
/// use tensor_core::layout::broadcast_shapes;
/// assert_eq!(broadcast_shapes(&[2, 1], &[3]).unwrap().as_slice(), &[2, 3]);
/// assert_eq!(
///     broadcast_shapes(&[2, 3], &[4]).unwrap_err().to_string(),
///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
/// );
/// ```
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Result<Dims, ViewError> {
    let mut out: Dims = smallvec::smallvec![0; a.len().max(b.len())];
    tensor_rules::broadcast::broadcast(a, b, &mut out, &mut tensor_rules::Strict)
        .map_err(ViewError::runtime)?;
    Ok(out)
}

/// `layout` stretched to `shape` (which it broadcasts to: checked by the
/// caller with [`broadcast_shapes`]); stretched and new dims get stride 0.
pub(crate) fn stretch_to(layout: &Layout, shape: &[usize]) -> Layout {
    let lead = shape.len() - layout.ndim();
    let mut strides: Strides = smallvec::smallvec![0; shape.len()];
    for (d, (&size, &stride)) in layout.shape().iter().zip(layout.strides()).enumerate() {
        strides[lead + d] = if size == shape[lead + d] { stride } else { 0 };
    }
    Layout::from_dims(shape.iter().copied().collect(), strides, layout.offset())
}

/// The error of a write whose destination cannot hold the broadcast shape:
/// `output with shape [3] doesn't match the broadcast shape [2, 3]`.
pub(crate) fn output_shape_mismatch(output: &[usize], broadcast: &[usize]) -> ViewError {
    ViewError::runtime(format!(
        "output with shape {} doesn't match the broadcast shape {}",
        IntList(output),
        IntList(broadcast)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_align_from_the_right() {
        assert_eq!(
            broadcast_shapes(&[], &[]).unwrap().as_slice(),
            &[] as &[usize]
        );
        assert_eq!(
            broadcast_shapes(&[3, 1, 5], &[4, 1]).unwrap().as_slice(),
            &[3, 4, 5]
        );
        assert_eq!(broadcast_shapes(&[0], &[1]).unwrap().as_slice(), &[0]);
        assert_eq!(
            broadcast_shapes(&[0], &[2]).unwrap_err().to_string(),
            "The size of tensor a (0) must match the size of tensor b (2) at non-singleton dimension 0"
        );
    }

    #[test]
    fn stretched_dims_get_stride_zero() {
        let l = Layout::from_parts(&[3, 1], &[1, 3], 2);
        let s = stretch_to(&l, &[2, 3, 4]);
        assert_eq!(
            (s.shape(), s.strides(), s.offset()),
            (&[2usize, 3, 4][..], &[0isize, 1, 0][..], 2)
        );
    }
}
