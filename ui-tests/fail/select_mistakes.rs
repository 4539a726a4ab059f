// Each mistake PyTorch would raise for a typed `select!`, in its words.
use tensor_view::{select, Shape, Tensor};

fn main() {
    let x = Tensor::<f32, Shape![5, 8]>::zeros();
    let _a = select!(x: [5, 8], 1, 8); // index out of range
    let _b = select!(x: [5, 8], -3, 0); // dim out of range
    let s = Tensor::<f32, Shape![]>::zeros();
    let _c = select!(s: [], 0, 0); // 0-d
}
