use tensor_view::{view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let _y = view!(x, [0, -1]);
}
