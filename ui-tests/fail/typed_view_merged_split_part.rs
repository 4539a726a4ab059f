// A merged target dim that crosses a cut: `q`, the first third of a fused
// `[B, T, 2304]` projection, is `[B, T, 768]` with strides
// `[T*2304, 2304, 1]`. Merging B with T is a view (`[B*T, 768]`), but
// merging T with the 768 columns (`(B, Merged<(T, D<768>)>)`) spans the
// gap the split left: PyTorch refuses it for every T of at least 2.
use tensor_view::{dims, typed::Merged, Tensor, D};

dims!(B, T);

fn flat(qkv: &Tensor<f32, (B, T, D<2304>)>) {
    let (q, _, _) = qkv.split_by::<768, -1>();
    let _rows = q.view_to::<(B, Merged<(T, D<768>)>)>();
}

fn main() {}
