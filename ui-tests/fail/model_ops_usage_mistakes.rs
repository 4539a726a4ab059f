use tensor_view::{matmul, softmax, sum, Shape, Tensor};

fn without_stated_shapes(a: &Tensor<f32, Shape![4, 3]>, b: &Tensor<f32, Shape![3, 5]>) {
    let _ = matmul!(a, b);
}

fn run_time_dim(x: &Tensor<f32, Shape![4, 5]>, d: isize) {
    let _ = sum!(x: [4, 5], d);
}

fn run_time_softmax_dim(x: &Tensor<f32, Shape![4, 5]>, d: isize) {
    let _ = softmax!(x, d);
}

fn keepdim_not_a_bool(x: &Tensor<f32, Shape![4, 5]>) {
    let _ = sum!(x: [4, 5], 1, keepdim = 1);
}

fn negative_stated_dim(x: &Tensor<f32, Shape![4, 5]>, w: &Tensor<f32, Shape![5, 2]>) {
    let _ = matmul!(x: [-1, 5], w: [5, 2]);
}

fn main() {}
