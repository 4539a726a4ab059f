use tensor_view::{expand, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    let _e = expand!(x, [3]);
}
