// A stride number of one's own cannot enter a `Layout!` type: `NumValue` is sealed.
use tensor_view::static_shape::NumValue;

struct Minus;

impl NumValue for Minus {
    const VALUE: isize = -1;
}

fn main() {}
