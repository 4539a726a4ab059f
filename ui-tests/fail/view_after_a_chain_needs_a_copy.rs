// transpose!, unsqueeze! and squeeze! keep the strides in the type, so the
// view at the end of the chain is checked while compiling.
use tensor_view::{squeeze, transpose, unsqueeze, view, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![2, 3, 4]>::zeros();
    let t = transpose!(x, 1, 2); // [2, 4, 3], strides [12, 1, 4]
    let u = unsqueeze!(t, 1);
    let s = squeeze!(u, 1);
    let _ok = view!(s, [2, 2, 2, 3]); // splits the 4, whose stride is 1: a view
    let _merged = view!(s, [8, 3]); // 2 (stride 12) and 4 (stride 1) do not chain: a copy
}
