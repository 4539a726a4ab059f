use tensor_view::{dims, matmul, Shape, Tensor};

dims!(B, T);

fn batched(a: &Tensor<f32, Shape![2, 4, 3]>, b: &Tensor<f32, Shape![2, 4, 5]>) {
    let _ = matmul!(a: [2, 4, 3], b: [2, 4, 5]);
}

fn folded(x: &Tensor<f32, Shape![B, T, 768]>, w: &Tensor<f32, Shape![512, 3072]>) {
    let _ = matmul!(x: [B, T, 768], w: [512, 3072]);
}

fn vectors(u: &Tensor<f32, Shape![3]>, v: &Tensor<f32, Shape![4]>) {
    let _ = matmul!(u: [3], v: [4]);
}

fn matrix_vector(m: &Tensor<f32, Shape![4, 3]>, v: &Tensor<f32, Shape![4]>) {
    let _ = matmul!(m: [4, 3], v: [4]);
}

fn batch_dims(a: &Tensor<f32, Shape![2, 4, 3]>, b: &Tensor<f32, Shape![3, 3, 5]>) {
    let _ = matmul!(a: [2, 4, 3], b: [3, 3, 5]);
}

fn different_named_batch_dims(a: &Tensor<f32, Shape![B, 4, 3]>, b: &Tensor<f32, Shape![T, 3, 5]>) {
    let _ = matmul!(a: [B, 4, 3], b: [T, 3, 5]);
}

fn scalar(s: &Tensor<f32, Shape![]>, v: &Tensor<f32, Shape![3]>) {
    let _ = matmul!(s: [], v: [3]);
}

fn main() {}
