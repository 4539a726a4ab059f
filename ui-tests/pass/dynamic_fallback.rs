//! On a dynamic tensor, view! is x.view(..): a Result checked at run time.
use tensor_view::{view, Tensor};

fn main() {
    let d = Tensor::<f32>::arange(16);
    let r = view!(d, [2, -1]).unwrap();
    assert_eq!(r.shape(), &[2, 8]);
    let e = view!(d, [3, 3]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape '[3, 3]' is invalid for input of size 16"
    );
}
