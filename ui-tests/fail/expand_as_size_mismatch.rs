use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    let y = Tensor::<f32, Shape![4, 3, 3]>::zeros();
    let _e = x.expand_as(&y);
}
