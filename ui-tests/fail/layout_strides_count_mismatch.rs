use tensor_view::{Layout, Tensor};

fn main() {
    let _x: Option<Tensor<f32, Layout![[4, 2, 3], [1, 12]]>> = None;
}
