use tensor_view::{log_softmax, softmax, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 5, 6]>::zeros();
    let _p = softmax!(x, 3);
    let _l = log_softmax!(x, -4);
    let d = Tensor::<f32>::zeros(&[4, 5]).unwrap();
    let _q = softmax!(d, -1);
}
