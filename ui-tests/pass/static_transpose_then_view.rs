//! After a static transpose the strides are in the type: view! applies
//! PyTorch's stride rule while compiling, and a view that keeps the data in
//! place is typed, with no Result.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{transpose, view, Layout, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let t: Tensor<f32, Layout![[4, 4], [1, 4]]> = transpose!(x, 0, 1);
    let ok: Tensor<f32, Layout![[4, 2, 2], [1, 8, 4]]> = view!(t, [4, 2, -1]);
    assert_eq!(ok.stride(), &[1, 8, 4]);
    let c: Tensor<f32, Shape![4, 4]> = t.contiguous();
    let flat: Tensor<f32, Shape![16]> = view!(c, [16]);
    assert!(!flat.shares_storage(&x));
}
