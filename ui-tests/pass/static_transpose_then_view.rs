// After a static transpose the shape stays static; view! checks counts while
// compiling and PyTorch's stride rule at run time.
use tensor_view::{transpose, view, Shape, Strided, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let t: Tensor<f32, Strided<Shape![4, 4]>> = transpose!(x, 0, 1);
    assert!(view!(t, [16]).is_err());
    let ok: Tensor<f32, Strided<Shape![4, 2, 2]>> = view!(t, [4, 2, -1]).unwrap();
    assert_eq!(ok.stride(), &[1, 8, 4]);
}
