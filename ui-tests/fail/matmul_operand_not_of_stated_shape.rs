use tensor_view::{matmul, Shape, Tensor};

fn main() {
    let a = Tensor::<f32, Shape![4, 3]>::zeros();
    let b = Tensor::<f32, Shape![3, 6]>::zeros();
    let _c = matmul!(a: [4, 3], b: [3, 5]);
}
