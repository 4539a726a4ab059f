// A merged target dim of a `Permuted` tensor: `[B, T, 64]` transposed to
// `[T, B, 64]` and viewed `(Infer, D<64>)` merges T with B (`T*B`), which
// the transpose left apart: a copy for every B and T of at least 2
// (PyTorch's run-time error), here a compile error. A merge the strides
// allow compiles (`ui-tests/pass/typed_view_merged.rs`).
use tensor_view::{dims, transpose, typed::Infer, Tensor, D};

dims!(B, T);

fn tokens(x: &Tensor<f32, (B, T, D<64>)>) {
    let _rows = transpose!(x, 0, 1).view_to::<(Infer, D<64>)>();
}

fn main() {}
