use tensor_view::{Complex, Shape, Tensor};

fn main() {
    let z = Tensor::<Complex<f32>, Shape![4]>::zeros();
    let _h = z.mH();
}
