// A mask that does not broadcast with the tensor: PyTorch's message, the
// mask as tensor a (`torch.zeros(2, 3, 4).masked_fill(torch.zeros(5,
// dtype=torch.bool), 0.)`), while compiling.
use tensor_view::{Shape, Tensor, D};

fn main() {
    let x = Tensor::<f32, (D<2>, D<3>, D<4>)>::zeros();
    let mask = Tensor::<bool, (D<5>,)>::zeros();
    let _y = x.fill_masked(&mask, 0.0);
}
