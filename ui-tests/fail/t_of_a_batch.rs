use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let _t = x.t();
}
