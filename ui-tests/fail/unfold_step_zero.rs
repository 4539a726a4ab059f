use tensor_view::{unfold, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![8]>::zeros();
    let _w = unfold!(x, 0, 2, 0);
}
