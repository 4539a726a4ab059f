use tensor_view::{Shape, Tensor};

fn batch() -> usize {
    4
}

fn main() {
    let _x = Tensor::<f32, Shape![batch(), 4]>::zeros();
}
