//! Literal dims are checked while compiling, run-time dims at run time.
use tensor_view::{view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 8, 64]>::zeros();
    let batch = 2usize;
    let y = view!(x, [batch, -1, 64]).unwrap();
    assert_eq!(y.shape(), &[2, 16, 64]);
    let n: i32 = 3;
    assert!(view!(x, [n, -1, 64]).is_err());
}
