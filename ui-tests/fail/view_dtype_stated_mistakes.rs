use tensor_view::{dims, view_dtype, Shape, Tensor};

dims!(B);

fn main() {
    let x = Tensor::<u8, Shape![3, 6]>::zeros();
    // PyTorch: self.size(-1) must be divisible by 4 to view Byte as Float (different element sizes), but got 6
    let _words = view_dtype!(x: [3, 6] as f32);
    // the stated shape is not the tensor's
    let _bytes = view_dtype!(x: [6, 3] as i8);
    // a 0-d tensor between element sizes
    let s = Tensor::<f32, Shape![]>::zeros();
    let _halves = view_dtype!(s: [] as i16);
    // a named last dim cannot be scaled by the macro
    let q: Tensor<f32, Shape![4, B]> = Tensor::<f32>::zeros(&[4, 2]).unwrap().into_static().unwrap();
    let _q = view_dtype!(q: [4, B] as u8);
}
