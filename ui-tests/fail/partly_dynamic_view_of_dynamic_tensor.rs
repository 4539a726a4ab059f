// Named dims need a typed input.
use tensor_view::{dims, view, Tensor};

dims!(B);

fn main() {
    let x = Tensor::<f32>::zeros(&[2, 8]).unwrap();
    let _y = view!(x, [B, -1]);
}
