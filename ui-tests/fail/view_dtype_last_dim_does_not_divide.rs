use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<u8, Shape![3, 6]>::zeros();
    let _v = x.view_dtype::<f32>();
}
