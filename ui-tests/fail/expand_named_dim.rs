use tensor_view::{dims, expand, Shape, Tensor};

dims!(B);

fn main() {
    let x = Tensor::<f32, Shape![1, 3]>::zeros();
    let _e = expand!(x, [B, 3]);
}
