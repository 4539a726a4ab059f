use tensor_view::{Layout, Tensor};

fn main() {
    let _x: Option<Tensor<f32, Layout![[4, 3], [0, 1]]>> = None;
}
