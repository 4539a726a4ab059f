use tensor_view::{matmul, Shape, Tensor};

fn main() {
    let a = Tensor::<bool, Shape![2, 2]>::zeros();
    let _c = matmul!(a: [2, 2], a: [2, 2]);
}
