use tensor_view::{dims, unflatten, Shape, Tensor};

dims!(B);

fn main() {
    let x: Tensor<f32, Shape![B, 4]> = Tensor::<f32>::zeros(&[2, 4]).unwrap().into_static().unwrap();
    let _u = unflatten!(x, 0, [2, -1]);
}
