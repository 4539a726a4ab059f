use tensor_view::{matmul, Shape, Tensor};

fn main() {
    let a = Tensor::<f32, Shape![4, 3]>::zeros();
    let b = Tensor::<f32, Shape![4, 5]>::zeros();
    let _c = matmul!(a: [4, 3], b: [4, 5]);
}
