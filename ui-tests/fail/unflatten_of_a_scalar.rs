use tensor_view::{unflatten, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![]>::zeros();
    let _u = unflatten!(x, 0, [1]);
}
