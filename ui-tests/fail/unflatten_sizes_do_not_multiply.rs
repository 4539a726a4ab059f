use tensor_view::{unflatten, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 768]>::zeros();
    let _u = unflatten!(x, 1, [12, 60]);
}
