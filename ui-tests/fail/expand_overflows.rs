use tensor_view::{expand, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![1, 1]>::zeros();
    let _e = expand!(x, [4294967296, 4294967296]);
}
