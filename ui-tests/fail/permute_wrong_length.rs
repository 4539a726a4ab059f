use tensor_view::{permute, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    let _p = permute!(x, [0, 1, 2]);
}
