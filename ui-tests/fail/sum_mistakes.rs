use tensor_view::{mean, sum, Shape, Tensor};

fn out_of_range(x: &Tensor<f32, Shape![4, 5, 6]>) {
    let _a = sum!(x: [4, 5, 6], 3);
}

fn repeated(x: &Tensor<f32, Shape![4, 5, 6]>) {
    let _b = mean!(x: [4, 5, 6], [1, -2], keepdim = true);
}

fn main() {}
