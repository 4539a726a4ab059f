// A shape marker is a type, never a value one builds.
use std::marker::PhantomData;
use tensor_view::static_shape::Static;
use tensor_view::typenum::{U16, U4};

fn main() {
    let _ = Static::<16, U16, (U4, U4)>(PhantomData);
}
