use tensor_view::{unflatten, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![0, 4]>::zeros();
    let _u = unflatten!(x, 0, [0, -1]);
}
