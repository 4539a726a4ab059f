use tensor_view::{squeeze, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 1]>::zeros();
    let _s = squeeze!(x, -3);
}
