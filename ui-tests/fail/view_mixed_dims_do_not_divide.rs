use tensor_view::{view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let batch = 2;
    let _y = view!(x, [batch, -1, 5]);
}
