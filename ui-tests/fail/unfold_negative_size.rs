use tensor_view::{unfold, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![8]>::zeros();
    let _w = unfold!(x, 0, -1, 1);
}
