use tensor_view::{expand, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![]>::zeros();
    let _e = expand!(x, [2, -1]);
}
