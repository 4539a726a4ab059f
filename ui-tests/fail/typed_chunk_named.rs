// `chunk_into` along a named dim: refused (the pieces' sizes are known only
// at run time), with what to write instead.
use tensor_view::{dims, Tensor, D};

dims!(T);

fn thirds(x: &Tensor<f32, (T, D<4>)>) {
    let _pieces = x.chunk_into::<3, 0>();
}

fn main() {}
