use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![]>::zeros();
    let _v = x.view_dtype::<i16>();
}
