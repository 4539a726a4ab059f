// A named constant that is 0 beside a -1: the -1 cannot be inferred.
use tensor_view::{view, Shape, Tensor};

const N_HEAD: usize = 0;

fn main() {
    let x = Tensor::<f32, Shape![4, 768]>::zeros();
    let _heads = view!(x, [4, { N_HEAD }, -1]);
}
