use tensor_view::{transpose, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let _t = transpose!(x, -4, 0);
}
