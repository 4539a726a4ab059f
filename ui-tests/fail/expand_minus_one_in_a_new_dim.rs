use tensor_view::{expand, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![3]>::zeros();
    let _e = expand!(x, [-1, 3]);
}
