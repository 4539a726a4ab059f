// Each mistake PyTorch would raise for a typed `index!`, in its words, and
// the limits of a typed key.
use tensor_view::{dims, index, Shape, Tensor};

dims!(B);

fn rows(q: &Tensor<f32, Shape![B, 6]>) {
    let _g = index!(q: [B, 6], [1..3]); // slicing a named dim: its size is known only at run time
}

fn main() {
    let x = Tensor::<f32, Shape![2, 5, 8]>::zeros();
    let _a = index!(x: [2, 5, 8], [0, 0, 0, 0]); // too many indices
    let _b = index!(x: [2, 5, 8], [.., 5]); // out of bounds
    let _c = index!(x: [2, 5, 8], [1..3;0]); // zero step
    let _d = index!(x: [2, 5, 8], [..;-1]); // negative step
    let i = 1;
    let _e = index!(x: [2, 5, 8], [i]); // a typed key is made of literals
    let _f = index!(x: [2, 5, 8], [None, None, None, None, None, None]); // more than 8 dims
    let _h = index!(x: [2, 5, 8], [..;4294967296]); // a step whose stride arithmetic may wrap
}
