// A norm's weight is static: a named last dim (any size) is refused while
// compiling, with the way to check it first. The op takes `C` from the
// weight's type, which rustc has not read when it reports the failed bound:
// it prints `_` for it (the `LayerNorm` layer, whose `C` is in its type,
// prints the size: typed_layer_norm_named_last.rs).
use tensor_view::{dims, Tensor, D};

dims!(B, C);

fn norm(x: &Tensor<f32, (B, C)>, w: &Tensor<f32, (D<768>,)>) {
    let _y = x.rms_norm(Some(w), None);
}

fn main() {}
