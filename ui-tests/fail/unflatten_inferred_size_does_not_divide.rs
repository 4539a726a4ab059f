use tensor_view::{unflatten, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 768]>::zeros();
    let _u = unflatten!(x, -1, [5, -1]);
}
