// `into_static()` converts into the library's shape types only: `TypedShape` is sealed.
use tensor_view::static_shape::TypedShape;
use tensor_view::ViewError;

struct Anything;

impl TypedShape for Anything {
    type Dims = ();
    fn check(_: &[usize], _: &[isize]) -> Result<(), ViewError> {
        Ok(())
    }
}

fn main() {}
