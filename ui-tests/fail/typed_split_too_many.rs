// `split_by` into more pieces than a typed tuple holds (16): the message
// says so and what to write instead.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<40>,)>::zeros();
    let _pieces = x.split_by::<2, 0>();
}
