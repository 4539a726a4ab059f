// Two different named dims do not broadcast: the message names them.
use tensor_view::{dims, Tensor, D};

dims!(B, T);

fn same(a: &Tensor<i64, (B, D<3>)>, b: &Tensor<i64, (T, D<3>)>) {
    let _m = a.eq(b);
}

fn main() {}
