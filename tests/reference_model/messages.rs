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

/// More indices than dims (`t[i, j, k]` on a 2-d tensor).
pub fn too_many_indices(ndim: usize, given: usize) -> String {
    format!("too many indices for tensor of dimension {ndim} (got {given})")
}
