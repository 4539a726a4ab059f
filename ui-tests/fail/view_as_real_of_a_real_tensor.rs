use tensor_view::{view_as_real, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2]>::zeros();
    let _r = view_as_real!(x: [2]);
}
