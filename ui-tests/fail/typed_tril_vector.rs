// `tril` takes matrices: a 1-d tensor is refused while compiling, in
// PyTorch's words.
use tensor_view::{dims, Tensor};

dims!(T);

fn lower(x: &Tensor<f32, (T,)>) {
    let _y = x.tril(0);
}

fn main() {}
