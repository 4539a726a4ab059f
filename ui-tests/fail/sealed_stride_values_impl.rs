// Strides recorded in a type are the library's lists only: `StrideValues` is sealed.
use tensor_view::static_shape::StrideValues;

struct MyStrides;

impl StrideValues for MyStrides {
    const VALUES: &'static [isize] = &[1, 100];
    const OUTER: &'static [isize] = &[4, 400];
}

fn main() {}
