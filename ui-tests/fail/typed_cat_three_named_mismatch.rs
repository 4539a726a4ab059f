// `cat` of three typed tensors whose third has another named dim off the
// cat dim: PyTorch's message with the names, numbering the tensor 2.
use tensor_view::{dims, typed::Cat, Tensor, D};

dims!(B, T);

fn join(a: &Tensor<f32, (B, D<2>)>, b: &Tensor<f32, (B, D<3>)>, c: &Tensor<f32, (T, D<1>)>) {
    let _d = (a, b, c).cat::<1>();
}

fn main() {}
