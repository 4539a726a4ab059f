// Each mistake PyTorch would raise for a typed `split!`, `chunk!` or
// `unbind!`, in its words, and the limits of a typed result.
use tensor_view::{chunk, dims, split, unbind, Shape, Tensor};

dims!(B);

fn pieces(q: &Tensor<f32, Shape![B, 6]>) {
    let _f = split!(q: [B, 6], 2, 0); // a named dim: how many pieces is known only at run time
}

fn main() {
    let x = Tensor::<f32, Shape![4, 6]>::zeros();
    let _a = split!(x: [4, 6], 0, 1); // split size 0
    let _b = split!(x: [4, 6], -1, 1); // negative split size
    let _c = chunk!(x: [4, 6], 0, 1); // no chunk
    let _d = unbind!(x: [4, 6], 2); // dim out of range
    let big = Tensor::<f32, Shape![100]>::zeros();
    let _g = unbind!(big: [100], 0); // more pieces than a typed result holds
    let s = Tensor::<f32, Shape![]>::zeros();
    let _h = split!(s: [], 1, 0); // 0-d
    let _i = chunk!(s: [], 1, 0); // 0-d
    let _j = unbind!(s: [], 0); // 0-d
}
