//! With the source shape stated, the macro does all the arithmetic itself.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let y: Tensor<f32, Shape![2, 8]> = view!(x: [4, 4] => [-1, 8]);
    assert_eq!(y.shape(), &[2, 8]);
}
