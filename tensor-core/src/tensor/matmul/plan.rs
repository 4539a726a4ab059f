//! What `torch.matmul` does with two shapes: which of its paths it takes
//! (`dot`, `mv`, `mm`, a folded `mm`/`mv`, or a broadcast `bmm`), the error
//! that path raises, and the shape of the result.
//!
//! PyTorch's error texts depend on the path, and the path on the strides
//! (`should_fold` folds the batch dims of a larger operand into its rows
//! only when they are laid out as one), so the plan reads both. The checks,
//! messages and result shape are `tensor_rules::matmul`'s (which the macros
//! apply too, to row-major operands); the strides' part, `should_fold`, is
//! here. Every path
//! computes the same product, a batch of matrix products with the batch
//! dims broadcast; [`Plan`] gives it in that one form, for the kernels.

use smallvec::SmallVec;

use crate::layout::{broadcast_shapes, Layout};
use crate::ViewError;

/// Sizes of a shape (inline up to eight dims).
pub(super) type Sizes = SmallVec<[usize; 8]>;

/// One operand as a batch of matrices: its layout stretched to the batch
/// shape, followed by its two matrix dims (rows, columns).
#[derive(Debug)]
pub(super) struct Operand {
    /// The operand's layout as `[batch.., rows, cols]`, broadcast dims with stride 0.
    pub layout: Layout,
}

/// The product PyTorch computes for `matmul(a, b)`: for every index of
/// `batch`, the `[n, k]` matrix of `a` times the `[k, p]` matrix of `b`,
/// written into a row-major result of shape `shape`.
#[derive(Debug)]
pub(super) struct Plan {
    /// The broadcast batch dims.
    pub batch: Sizes,
    /// Rows of each product.
    pub n: usize,
    /// The contracted size.
    pub k: usize,
    /// Columns of each product.
    pub p: usize,
    /// `a` as `[batch.., n, k]`.
    pub a: Operand,
    /// `b` as `[batch.., k, p]`.
    pub b: Operand,
    /// The result's shape (`[batch.., n, p]` without the dims a vector operand lacks).
    pub shape: Sizes,
    /// The PyTorch kernel this path dispatches to, for the dtype error
    /// (`"addmm_impl_cpu_" not implemented for 'Bool'`).
    pub kernel: &'static str,
}

/// The plan of `torch.matmul(a, b)` for operands of layouts `a` and `b`,
/// or the error PyTorch raises for their shapes.
pub(super) fn plan(a: &Layout, b: &Layout) -> Result<Plan, ViewError> {
    let (da, db) = (a.ndim(), b.ndim());
    let mut shape: Sizes = SmallVec::from_elem(0, da.max(db));
    let mut folded = false;
    let rank = tensor_rules::matmul::matmul(
        a.shape(),
        b.shape(),
        || {
            folded = should_fold(a, b);
            folded
        },
        &mut shape,
        &mut tensor_rules::Strict,
    )
    .map_err(ViewError::runtime)?;
    shape.truncate(rank);
    // The kernel of the path the rules took, named in PyTorch's dtype errors.
    let kernel = match (da, db) {
        (1, 1) => "dot",
        (2, 1) => "addmv_impl_cpu",
        (1, 2) | (2, 2) => "addmm_impl_cpu_",
        _ if folded => {
            let vector = if da > db { db == 1 } else { da == 1 };
            if vector {
                "addmv_impl_cpu"
            } else {
                "addmm_impl_cpu_"
            }
        }
        _ => "bmm",
    };
    batched(a, b, kernel, shape)
}

/// The shape and strides of `layout` with its last two dims swapped (`mT`).
fn matrix_transposed(layout: &Layout) -> (Sizes, SmallVec<[isize; 8]>) {
    let mut shape: Sizes = layout.shape().iter().copied().collect();
    let mut strides: SmallVec<[isize; 8]> = layout.strides().iter().copied().collect();
    let d = shape.len();
    if d >= 2 {
        shape.swap(d - 1, d - 2);
        strides.swap(d - 1, d - 2);
    }
    (shape, strides)
}

/// PyTorch's `should_fold`: whether the operand of three or more dims (the
/// matrix-transposed `b` when `b` has more dims) meets one of at most two
/// and has its batch dims laid out as one block of rows. (Size-1 dims are
/// skipped, as PyTorch 2.15 does; measured against it in the golden cases.)
fn should_fold(a: &Layout, b: &Layout) -> bool {
    let a_larger = a.ndim() >= b.ndim();
    let (shape, strides) = if a_larger {
        (
            a.shape().iter().copied().collect::<Sizes>(),
            a.strides()
                .iter()
                .copied()
                .collect::<SmallVec<[isize; 8]>>(),
        )
    } else {
        matrix_transposed(b)
    };
    let other_dims = if a_larger { b.ndim() } else { a.ndim() };
    if !(shape.len() >= 3 && other_dims <= 2) || a.ndim() == 2 {
        return false;
    }
    if shape.contains(&0) {
        return true;
    }
    // The row dims (all but the last) must merge into one, as a view would
    // merge them: size-1 dims do not count.
    let rows: SmallVec<[usize; 8]> = (0..shape.len() - 1).filter(|&i| shape[i] != 1).collect();
    rows.windows(2)
        .all(|w| strides[w[0]] == strides[w[1]] * shape[w[1]] as isize)
}

/// The product of checked operands as one batch of matrix products.
fn batched(a: &Layout, b: &Layout, kernel: &'static str, shape: Sizes) -> Result<Plan, ViewError> {
    let (da, db) = (a.ndim(), b.ndim());
    let (sa, sb) = (a.shape(), b.shape());
    // A vector `a` is one row; a vector `b` one column.
    let (n, k) = if da == 1 {
        (1, sa[0])
    } else {
        (sa[da - 2], sa[da - 1])
    };
    let p = if db == 1 { 1 } else { sb[db - 1] };
    let batch = broadcast_shapes(&sa[..da.saturating_sub(2)], &sb[..db.saturating_sub(2)])?;
    let a = Operand {
        layout: as_matrices(a, &batch, false),
    };
    let b = Operand {
        layout: as_matrices(b, &batch, true),
    };
    Ok(Plan {
        batch: batch.iter().copied().collect(),
        n,
        k,
        p,
        a,
        b,
        shape,
        kernel,
    })
}

/// `layout` as `[batch.., rows, cols]`: a vector becomes one row (or one
/// column, for the right operand), and its batch dims are stretched to
/// `batch` (missing and size-1 dims get stride 0).
fn as_matrices(layout: &Layout, batch: &[usize], right: bool) -> Layout {
    let d = layout.ndim();
    let (shape, strides) = (layout.shape(), layout.strides());
    let (rows, cols, row_stride, col_stride) = match (d, right) {
        (1, false) => (1, shape[0], 0, strides[0]),
        (1, true) => (shape[0], 1, strides[0], 0),
        _ => (shape[d - 2], shape[d - 1], strides[d - 2], strides[d - 1]),
    };
    let own_batch = d.saturating_sub(2);
    let lead = batch.len() - own_batch;
    let mut out_shape: Sizes = batch.iter().copied().collect();
    let mut out_strides: SmallVec<[isize; 8]> = SmallVec::from_elem(0, batch.len());
    for i in 0..own_batch {
        if shape[i] != 1 {
            out_strides[lead + i] = strides[i];
        }
    }
    out_shape.extend([rows, cols]);
    out_strides.extend([row_stride, col_stride]);
    Layout::from_parts(&out_shape, &out_strides, layout.offset())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contiguous(shape: &[usize]) -> Layout {
        Layout::contiguous(shape)
    }

    fn error(a: &[usize], b: &[usize]) -> String {
        plan(&contiguous(a), &contiguous(b))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn each_path_raises_its_own_message() {
        assert_eq!(
            error(&[], &[3]),
            "both arguments to matmul need to be at least 1D, but they are 0D and 1D"
        );
        assert_eq!(error(&[3], &[4]), "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively");
        assert_eq!(
            error(&[4, 3], &[4]),
            "size mismatch, got input (4), mat (4x3), vec (4)"
        );
        assert_eq!(
            error(&[3], &[4, 5]),
            "mm: mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)"
        );
        assert_eq!(
            error(&[2, 4, 3], &[4]),
            "size mismatch, got input (8), mat (8x3), vec (4)"
        );
        assert_eq!(error(&[2, 4, 3], &[2, 4, 5]), "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4].");
        assert_eq!(error(&[3], &[2, 4, 5]), "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4].");
        assert_eq!(error(&[2, 4, 3], &[3, 4, 5]), "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
    }

    #[test]
    fn the_fold_depends_on_the_batch_strides() {
        // [2, 4, 3] with its batch dims apart (a narrowed row block) is not
        // folded: bmm's message, not mv's.
        let spread = Layout::from_parts(&[2, 4, 3], &[24, 3, 1], 0);
        let e = plan(&spread, &contiguous(&[4])).unwrap_err().to_string();
        assert_eq!(e, "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4].");
    }

    #[test]
    fn result_shapes_follow_torch_matmul() {
        let shape =
            |a: &[usize], b: &[usize]| plan(&contiguous(a), &contiguous(b)).unwrap().shape.to_vec();
        assert_eq!(shape(&[3], &[3]), Vec::<usize>::new());
        assert_eq!(shape(&[2, 3], &[3]), vec![2]);
        assert_eq!(shape(&[3], &[3, 2]), vec![2]);
        assert_eq!(shape(&[2, 1, 4, 3], &[5, 3, 2]), vec![2, 5, 4, 2]);
        assert_eq!(shape(&[5], &[2, 5, 3]), vec![2, 3]);
        assert_eq!(shape(&[2, 5, 3], &[3]), vec![2, 5]);
        assert_eq!(shape(&[4, 3], &[2, 3, 5]), vec![2, 4, 5]);
    }
}
