//! Strides in the type after transpose!/permute!: view! decides while
//! compiling, contiguous() and reshape! are typed, with no Result.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{permute, reshape, transpose, unsqueeze, view, Layout, Shape, Tensor};

type ChannelsLast = Layout![[5, 3, 2, 4], [24, 2, 1, 6]];

fn main() {
    let x = Tensor::<f32, Shape![5, 4, 3, 2]>::zeros();
    let p: Tensor<f32, ChannelsLast> = permute!(x, [0, 2, 3, 1]);
    let c: Tensor<f32, Shape![5, 3, 2, 4]> = p.contiguous();
    let rows: Tensor<f32, Shape![30, 4]> = view!(c, [-1, 4]);
    assert!(!rows.shares_storage(&x));
    let copied: Tensor<f32, Shape![30, 4]> = reshape!(p, [-1, 4]);
    assert_eq!(copied.to_vec(), rows.to_vec());
    let viewed: Tensor<f32, Layout![[5, 6, 4], [24, 1, 6]]> = reshape!(p, [5, 6, 4]);
    assert!(viewed.shares_storage(&x));
    // Two transposes back: the view is row-major again, typed Shape!.
    let back: Tensor<f32, Shape![120]> = view!(transpose!(transpose!(x, 0, 1), 0, 1), [120]);
    assert!(back.shares_storage(&x));
    let u = unsqueeze!(p, 4);
    let split: Tensor<f32, Layout![[5, 6, 2, 2, 1], [24, 1, 12, 6, 1]]> = view!(u, [5, 6, 2, 2, 1]);
    assert_eq!(split.stride(), &[24, 1, 12, 6, 1]); // PyTorch: the 1 after the chunk takes its base stride
}
