use tensor_view::{dims, Shape, Tensor};

dims!(B);

fn batch_t(x: &Tensor<f32, Shape![B]>) {
    let _m = x.mT();
}

fn main() {
    let x: Tensor<f32, Shape![B]> = Tensor::<f32>::zeros(&[3]).unwrap().into_static().unwrap();
    batch_t(&x);
}
