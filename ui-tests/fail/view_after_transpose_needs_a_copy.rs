use tensor_view::{transpose, view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let t = transpose!(x, 0, 1);
    let _flat = view!(t, [16]);
}
