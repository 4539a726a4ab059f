use tensor_view::{add, dims, div, Shape, Tensor};

dims!(B);

fn rows(a: &Tensor<f32, Shape![4, 2, 3]>, b: &Tensor<f32, Shape![5, 3]>) {
    let _c = add!(a: [4, 2, 3], b: [5, 3]);
}

fn bias(x: &Tensor<f32, Shape![B, 768]>, bias: &Tensor<f32, Shape![512]>) {
    let _y = div!(x: [B, 768], bias: [512]);
}

fn main() {}
