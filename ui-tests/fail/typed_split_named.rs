// `split_by` along a named dim: refused, the number of pieces being known
// only at run time; the note says what to write instead.
use tensor_view::{dims, Tensor, D};

dims!(T);

fn halves(x: &Tensor<f32, (T, D<4>)>) {
    let _pieces = x.split_by::<2, 0>();
}

fn main() {}
