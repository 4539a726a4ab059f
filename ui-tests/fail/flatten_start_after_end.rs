use tensor_view::{flatten, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let _f = flatten!(x, 2, 1);
}
