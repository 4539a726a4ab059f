use tensor_view::{Shape, Tensor};

fn main() {
    let _x = Tensor::<f32, Shape![-1, 4]>::zeros();
}
