use tensor_view::{view, Tensor};

fn main() {
    let d = Tensor::<f32>::arange(16);
    let _y = view!(d, [2, -1, -1]);
}
