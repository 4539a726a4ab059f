use tensor_view::{Shape, Tensor};

const N: usize = 4;

fn main() {
    let _x = Tensor::<f32, Shape![N, 4]>::zeros();
}
