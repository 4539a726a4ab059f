//! permute!, unsqueeze!, squeeze!, flatten! keep the shape static.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{flatten, permute, squeeze, unsqueeze, Layout, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let p: Tensor<f32, Layout![[4, 2, 3], [1, 12, 4]]> = permute!(x, [2, 0, 1]);
    let u: Tensor<f32, Shape![2, 1, 3, 4]> = unsqueeze!(x, 1);
    let s: Tensor<f32, Shape![2, 3, 4]> = squeeze!(u, 1);
    let f: Tensor<f32, Shape![6, 4]> = flatten!(s, 0, 1);
    let g: Tensor<f32, Shape![24]> = flatten!(x);
    assert_eq!(p.stride(), &[1, 12, 4]);
    assert_eq!(f.stride(), &[4, 1]);
    assert_eq!(g.numel(), 24);
}
