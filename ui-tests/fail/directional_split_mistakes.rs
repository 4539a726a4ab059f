// Each mistake PyTorch would raise for a typed `hsplit!`, `vsplit!` or `dsplit!`, in its words.
use tensor_view::{dims, dsplit, hsplit, vsplit, Shape, Tensor};

dims!(B);

fn main() {
    let s = Tensor::<f32, Shape![]>::zeros();
    let _a = hsplit!(s: [], 2); // 0-d
    let x = Tensor::<f32, Shape![4, 5]>::zeros();
    let _b = hsplit!(x: [4, 5], 2); // 5 does not divide by 2
    let v = Tensor::<f32, Shape![6]>::zeros();
    let _c = vsplit!(v: [6], 2); // 1-d
    let _d = dsplit!(x: [4, 5], [1]); // 2-d
    let _e = vsplit!(x: [4, 5], 0); // a count of 0
    let q: Tensor<f32, Shape![B, 6]> = Tensor::<f32>::zeros(&[2, 6]).unwrap().into_static().unwrap();
    let _f = vsplit!(q: [B, 6], 2); // the pieces of a named dim are known only at run time
    let _g = hsplit!(x, 5); // a typed tensor needs its shape stated
}
