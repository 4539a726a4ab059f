//! The sealed marker types are still what `Shape!` and `Layout!` name: the
//! constructors build them, with the strides they state.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::static_shape::Static;
use tensor_view::typenum::{U16, U4};
use tensor_view::{transpose, Layout, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let same: Tensor<f32, Static<16, U16, (U4, U4)>> = x.clone();
    assert_eq!(same.stride(), &[4, 1]);
    let t: Tensor<f32, Layout![[4, 4], [1, 4]]> = transpose!(x, 0, 1);
    let built = Tensor::<f32, Layout![[4, 4], [1, 4]]>::zeros();
    assert_eq!(built.stride(), t.stride());
}
