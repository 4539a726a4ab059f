// A batched product whose inner dims differ: PyTorch's bmm message, whose
// folded batch size the types cannot compute (written `R`, explained in a
// note).
use tensor_view::{Shape, Tensor, D};

fn main() {
    let q = Tensor::<f32, (D<2>, D<12>, D<16>, D<64>)>::zeros();
    let k = Tensor::<f32, (D<2>, D<12>, D<32>, D<16>)>::zeros();
    let _s = q.matmul(&k);
}
