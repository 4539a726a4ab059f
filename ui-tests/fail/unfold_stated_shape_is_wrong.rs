use tensor_view::{unfold, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    let _w = unfold!(x: [3, 2] => 0, 2, 1);
}
