// A head count written as a named constant that does not divide the static
// embedding size: the view of a fully static tensor is a compile error.
use tensor_view::{view, Shape, Tensor};

const N_EMBD: usize = 768;
const N_HEAD: usize = 10;

fn main() {
    let x = Tensor::<f32, Shape![4, { N_EMBD }]>::zeros();
    let _heads = view!(x, [4, { N_HEAD }, -1]);
}
