// Mistakes of `expand!` with sizes that name the result's dims.
use tensor_view::{dims, expand, Shape, Tensor};

dims!(B);

fn main() {
    let (b, n) = (4usize, 3usize);
    let bias = Tensor::<f32, Shape![1, 768]>::zeros();
    let _a = expand!(bias, [B = b, 768]); // no stated shape to type the result from
    let _b = expand!(bias: [1, 768] => [B, 768]); // the input carries no size for B
    let _c = expand!(bias: [1, 768] => [B = b, 512]); // PyTorch's mismatch, while compiling
    let _d = expand!(bias: [1, 768] => [-1, B = b, 768]); // -1 in a new leading dim
    let _e = expand!(bias: [1, 768] => [B = b, n]); // a run-time size has no place in the type
    let _f = expand!(bias: [1, 768] => [B = b]); // fewer sizes than dims
}
