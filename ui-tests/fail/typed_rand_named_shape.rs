// A random fill needs every size while compiling: a named dim is refused.
use tensor_view::{dims, typed::Generator, Tensor, D};

dims!(B);

fn main() {
    let _x = Tensor::<f32, (B, D<3>)>::rand(&mut Generator::manual_seed(0));
}
