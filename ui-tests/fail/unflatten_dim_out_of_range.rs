use tensor_view::{unflatten, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 768]>::zeros();
    let _u = unflatten!(x, 2, [12, 64]);
}
