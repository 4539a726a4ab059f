use tensor_view::{movedim, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let _m = movedim!(x, [0, 1], [2]);
}
