use tensor_view::{transpose, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let _t = transpose!(x, 0, 2);
}
