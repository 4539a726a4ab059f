use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    let _im = x.imag();
}
