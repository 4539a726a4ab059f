//! PyTorch's error messages, spelled out from its sources and the golden
//! cases, for the model's expected errors and the hostile-input tests.

use std::fmt::Display;

/// A list as PyTorch prints an `IntArrayRef`: `[3, 3]`.
pub fn list<I: Display>(items: &[I]) -> String {
    let inner: Vec<String> = items.iter().map(ToString::to_string).collect();
    format!("[{}]", inner.join(", "))
}

/// `maybe_wrap_dim`'s message (a 0-d tensor counts as rank 1 there).
pub fn dim_out_of_range(dim: isize, ndim: usize) -> String {
    let n = ndim.max(1) as i128;
    format!(
        "Dimension out of range (expected to be in range of [{}, {}], but got {dim})",
        -n,
        n - 1
    )
}

/// `infer_size`: the element counts differ.
pub fn invalid_shape(shape: &[isize], numel: usize) -> String {
    format!(
        "shape '{}' is invalid for input of size {numel}",
        list(shape)
    )
}

/// `infer_size`: two `-1`.
pub fn only_one_inferred() -> String {
    "only one dimension can be inferred".into()
}

/// `infer_size`: a dim below `-1`.
pub fn invalid_shape_dimension(value: isize, index: usize, shape: &[isize]) -> String {
    format!(
        "invalid shape dimension {value} at index {index} of shape {}",
        list(shape)
    )
}

/// `infer_size`: `-1` next to a zero dim of an empty tensor.
pub fn ambiguous_inferred(shape: &[isize]) -> String {
    format!(
        "cannot reshape tensor of 0 elements into shape {} because the unspecified dimension size -1 can be any value and is ambiguous",
        list(shape)
    )
}

/// `view` whose strides cannot express the new shape.
pub fn incompatible_view() -> String {
    "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.".into()
}

/// `flatten` with `start_dim` after `end_dim`.
pub fn flatten_order() -> String {
    "flatten() has invalid args: start_dim cannot come after end_dim".into()
}

/// `permute` with a repeated dim.
pub fn permute_duplicate() -> String {
    "permute(): duplicate dims are not allowed.".into()
}

/// `permute` with the wrong number of dims.
pub fn permute_rank(ndim: usize, given: usize) -> String {
    format!(
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {ndim} is not equal to len(dims) = {given}"
    )
}

/// An element index outside its dim (`t[i, j]`).
pub fn index_out_of_bounds(index: isize, dim: usize, size: usize) -> String {
    format!("index {index} is out of bounds for dimension {dim} with size {size}")
}

/// More indices than dims (`t[i, j, k] = v` on a 2-d tensor).
pub fn too_many_indices(ndim: usize) -> String {
    format!("too many indices for tensor of dimension {ndim}")
}

/// `narrow` of a 0-d tensor.
pub fn narrow_0d() -> String {
    "narrow() cannot be applied to a 0-dim tensor.".into()
}

/// `narrow` past the end of its dim (`start` already wrapped).
pub fn narrow_past_end(start: i128, length: isize, size: usize) -> String {
    format!("start ({start}) + length ({length}) exceeds dimension size ({size}).")
}

/// `select` of a 0-d tensor.
pub fn select_0d() -> String {
    "select() cannot be applied to a 0-dim tensor.".into()
}

/// `select` with an index outside its (wrapped) dim.
pub fn select_out_of_range(index: isize, shape: &[usize], dim: usize) -> String {
    format!(
        "select(): index {index} out of range for tensor of size {} at dimension {dim}",
        list(shape)
    )
}

/// `expand` to a size that differs from a non-1 existing size.
pub fn expand_mismatch(
    target: isize,
    size: usize,
    dim: usize,
    sizes: &[isize],
    shape: &[usize],
) -> String {
    format!(
        "The expanded size of the tensor ({target}) must match the existing size ({size}) at non-singleton dimension {dim}.  Target sizes: {}.  Tensor sizes: {}",
        list(sizes),
        list(shape)
    )
}

/// `diagonal` with both dims the same (as given).
pub fn diagonal_identical(dim1: isize, dim2: isize) -> String {
    format!("diagonal dimensions cannot be identical {dim1}, {dim2}")
}

/// `unfold` with a window larger than its (wrapped) dim.
pub fn unfold_too_big(dim: usize, max: usize, size: isize) -> String {
    format!("maximum size for tensor at dimension {dim} is {max} but size is {size}")
}

/// `unfold` with a negative window.
pub fn unfold_negative_size(size: isize) -> String {
    format!("size is {size} but must be >= 0")
}

/// `unfold` with a step below 1.
pub fn unfold_step(step: isize) -> String {
    format!("step is {step} but must be > 0")
}

/// A dim given to an op that needs at least one dim, on a 0-d tensor.
pub fn no_dimensions(dim: isize) -> String {
    format!("Dimension specified as {dim} but tensor has no dimensions")
}

/// `unflatten` whose sizes do not multiply to the dim's size.
pub fn unflatten_product(sizes: &[isize], dim: usize, size: usize) -> String {
    format!(
        "unflatten: Provided sizes {} don't multiply up to the size of dim {dim} ({size}) in the input tensor",
        list(sizes)
    )
}

/// `t()` of a tensor of more than 2 dims.
pub fn t_rank(ndim: usize) -> String {
    format!("t() expects a tensor with <= 2 dimensions, but self is {ndim}D")
}

/// `mT`, `mH` or `adjoint()` (named `what`: "mT", "mH", "adjoint()") of a tensor of fewer than 2 dims.
pub fn batched_matrix_rank(what: &str, ndim: usize) -> String {
    format!(
        "tensor.{what} is only supported on matrices or batches of matrices. Got {ndim}-D tensor."
    )
}

/// `H` of a tensor that is neither 0-d nor 2-d.
pub fn h_rank(ndim: usize) -> String {
    let hint = if ndim > 2 {
        " For batches of matrices, consider using tensor.mH"
    } else {
        ""
    };
    format!("tensor.H is only supported on matrices (2-D tensors). Got {ndim}-D tensor.{hint}")
}

/// `as_strided` reaching past the storage (sizes in bytes).
pub fn as_strided_out_of_bounds(
    size: &[isize],
    stride: &[isize],
    offset: isize,
    itemsize: usize,
    required: i128,
    nbytes: usize,
) -> String {
    format!(
        "setStorage: sizes {}, strides {}, storage offset {offset}, and itemsize {itemsize} requiring a storage size of {required} are out of bounds for storage of size {nbytes}",
        list(size),
        list(stride)
    )
}

/// A write into a tensor that names one storage slot twice (a broadcast view).
pub const INTERNAL_OVERLAP: &str = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.";
