use tensor_view::{diagonal, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![3, 3]>::zeros();
    let _d = diagonal!(x: [3, 3] => 0, 0, -2);
}
