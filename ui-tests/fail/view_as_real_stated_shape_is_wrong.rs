use tensor_view::{view_as_real, Complex, Shape, Tensor};

fn main() {
    let z = Tensor::<Complex<f32>, Shape![2, 3]>::zeros();
    let _r = view_as_real!(z: [3, 2]);
}
