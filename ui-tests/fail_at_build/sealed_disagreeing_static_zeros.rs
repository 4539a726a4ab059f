// A hand-written `Static` whose element count (7) disagrees with its
// dims (4 * 4) has no constructor: `zeros()` of it does not build.
use tensor_view::static_shape::Static;
use tensor_view::typenum::{U16, U4};
use tensor_view::{Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Static<7, U16, (U4, U4)>>::zeros();
    println!("{:?}", x.shape());
}
