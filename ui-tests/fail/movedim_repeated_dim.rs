use tensor_view::{movedim, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3]>::zeros();
    // -2 is dim 0 of a 2-d tensor: the same dim twice
    let _m = movedim!(x, [0, -2], [0, 1]);
}
