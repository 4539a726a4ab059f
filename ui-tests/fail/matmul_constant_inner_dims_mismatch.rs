use tensor_view::{matmul, Shape, Tensor};

const N_EMBD: usize = 768;

fn main() {
    let x = Tensor::<f32, Shape![4, {N_EMBD}]>::zeros();
    let w = Tensor::<f32, Shape![512, 3072]>::zeros();
    let _h = matmul!(x: [4, {N_EMBD}], w: [512, 3072]);
}
