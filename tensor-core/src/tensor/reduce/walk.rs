//! How a reduction walks its input: one pass over the input in its memory
//! order (PyTorch's `TensorIterator` order, [`Plan`]), with each element's
//! output place and its index along the reduced dims carried beside it, so
//! that nothing the size of the input is ever gathered or listed.

use crate::kernels::plan::Plan;
use crate::layout::{checked_numel, wrap_dim, Layout};
use crate::tensor::construct::storage_bytes;
use crate::{Element, ViewError};

/// Which dims of an `ndim`-d tensor `dims` reduce (wrapped and checked as
/// PyTorch does; no dims means all of them).
pub(in crate::tensor) fn reduced_flags(
    ndim: usize,
    dims: &[isize],
) -> Result<Vec<bool>, ViewError> {
    // A 0-d tensor has nothing to reduce, but its dim 0 (or -1) still
    // may be named only once, as PyTorch checks: one flag for it.
    let mut listed = vec![false; ndim.max(1)];
    for &d in dims {
        let w = wrap_dim(d, ndim)?;
        tensor_rules::dims::list_once(&mut listed, w, tensor_rules::dims::Repeat::Reduce)
            .map_err(ViewError::runtime)?;
    }
    if dims.is_empty() {
        listed.fill(true);
    }
    listed.truncate(ndim);
    Ok(listed)
}

/// A reduction's walk (see the module docs).
pub(super) struct Walk {
    /// Operand 0: the input's storage index; 1: the output's place
    /// (row-major over the kept dims, 0 along the reduced ones); 2: the
    /// element's index in its lane (row-major over the reduced dims, 0 along
    /// the kept ones).
    pub(super) plan: Plan<3>,
    /// The output shape (reduced dims kept as 1 with `keepdim`, else dropped).
    pub(super) out_shape: Vec<usize>,
    /// Elements of the output.
    pub(super) out_numel: usize,
    /// Elements each output element reduces (0 for an empty lane).
    pub(super) lane_len: usize,
}

impl Walk {
    /// The walk reducing `dims` of `layout`, after the checks of the
    /// output's sizes for a result of element type `U`.
    pub(super) fn new<U: Element>(
        layout: &Layout,
        dims: &[isize],
        keepdim: bool,
    ) -> Result<Walk, ViewError> {
        let ndim = layout.ndim();
        let reduced = reduced_flags(ndim, dims)?;
        let shape = layout.shape();
        let out_shape: Vec<usize> = (0..ndim)
            .filter_map(|d| match (reduced[d], keepdim) {
                (false, _) => Some(shape[d]),
                (true, true) => Some(1),
                (true, false) => None,
            })
            .collect();
        let out_numel = storage_bytes::<U>(&out_shape)? / U::DTYPE.size();
        let lane_sizes: Vec<usize> = (0..ndim)
            .filter(|&d| reduced[d])
            .map(|d| shape[d])
            .collect();
        // Only an input with no element has lanes too long to count, and
        // then no lane is walked.
        let lane_len = checked_numel(&lane_sizes).unwrap_or(0);
        // Row-major strides of the kept dims in the output and of the
        // reduced dims in a lane, innermost first (wrapping only where a
        // size-0 dim leaves nothing to walk).
        let (mut out_strides, mut lane_strides) = (vec![0isize; ndim], vec![0isize; ndim]);
        let (mut out_step, mut lane_step) = (1isize, 1isize);
        for d in (0..ndim).rev() {
            let size = shape[d] as isize;
            if reduced[d] {
                lane_strides[d] = lane_step;
                lane_step = lane_step.wrapping_mul(size);
            } else {
                out_strides[d] = out_step;
                out_step = out_step.wrapping_mul(size);
            }
        }
        let plan = Plan::new(
            shape,
            [layout.strides(), &out_strides, &lane_strides],
            [layout.offset(), 0, 0],
            true,
        );
        Ok(Walk {
            plan,
            out_shape,
            out_numel,
            lane_len,
        })
    }
}
