// `chunk_into` more than 16 pieces: the typed limit, and what to write instead.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<40>,)>::zeros();
    let _pieces = x.chunk_into::<20, 0>();
}
