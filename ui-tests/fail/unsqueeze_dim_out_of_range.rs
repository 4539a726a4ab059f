use tensor_view::{unsqueeze, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    let _u = unsqueeze!(x, 3);
}
