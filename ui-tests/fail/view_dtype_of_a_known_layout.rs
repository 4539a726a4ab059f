// `view_dtype!` of a tensor whose strides are in its type: PyTorch's
// stride conditions between element sizes are compile errors.
use tensor_view::{transpose, view_dtype, Layout, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 6]>::zeros();
    let t = transpose!(x, 0, 1); // strides [1, 6]
    // PyTorch: self.stride(-1) must be 1 to view Float as Byte (different element sizes), but got 6
    let _bytes = view_dtype!(t: [6, 4] as u8);

    let rows: Tensor<u8, Layout![[2, 4], [6, 1]]> = Tensor::<u8>::zeros(&[12])
        .unwrap()
        .as_strided(&[2, 4], &[6, 1], 0)
        .unwrap()
        .into_static()
        .unwrap();
    // PyTorch: self.stride(0) must be divisible by 4 to view Byte as Float (different element sizes), but got 6
    let _words = view_dtype!(rows: [2, 4] as f32);
    // The last dim does not divide by 8: that is the one error, as in PyTorch.
    let _doubles = view_dtype!(rows: [2, 4] as f64);
}
