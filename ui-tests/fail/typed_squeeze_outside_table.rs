// Whether `D<3001>` holds one element is decided through the size table,
// which does not hold 3001: the message says so and what to write instead.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<3001>)>::zeros();
    let _y = x.squeeze_at::<1>();
}
