// A shape type of one's own cannot claim layout facts: `StaticShape` is
// sealed, so `zeros()` and `into_static()` only ever see the library's types.
use tensor_view::static_shape::StaticShape;
use tensor_view::Shape;

struct Mine;

impl StaticShape for Mine {
    const NUMEL: usize = 7;
    const RANK: usize = 2;
    const KNOWN_CONTIGUOUS: bool = true;
    const AGREES: bool = true;
    type AsStrided = Shape![7];
    fn dims() -> &'static [usize] {
        &[4, 4]
    }
    fn contiguous_strides() -> &'static [isize] {
        &[1, 1]
    }
    fn known_strides() -> Option<&'static [isize]> {
        None
    }
}

fn main() {}
