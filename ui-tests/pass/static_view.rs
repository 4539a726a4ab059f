//! A view of a static contiguous tensor is the tensor itself: no Result.
use tensor_view::{view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let y = view!(x, [2, 8]);
    let z = view!(y, [16]);
    assert_eq!(z.shape(), &[16]);
    assert!(z.shares_storage(&x));
}
