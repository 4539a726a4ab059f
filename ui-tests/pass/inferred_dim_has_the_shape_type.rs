//! -1 is inferred while compiling: the result's type is Shape![..] of the result.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{view, Shape, Tensor};

fn takes_2x8(t: Tensor<f32, Shape![2, 8]>) -> usize {
    t.numel()
}

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let y: Tensor<f32, Shape![2, 8]> = view!(x, [-1, 8]);
    assert_eq!(takes_2x8(view!(x, [2, -1])), 16);
    let big = Tensor::<u8, Shape![3072, 4]>::zeros();
    let flat: Tensor<u8, Shape![12288]> = view!(big, [-1]);
    assert_eq!(
        (y.stride(), flat.shape()),
        (&[8isize, 1][..], &[12288usize][..])
    );
}
