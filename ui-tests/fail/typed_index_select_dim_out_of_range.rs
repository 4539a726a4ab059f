// `index_select_at` along a dim the tensor does not have: PyTorch's message.
use tensor_view::{dims, Tensor, D};

dims!(B, N);

fn pick(x: &Tensor<f32, (B, D<5>)>, ids: &Tensor<i64, (N,)>) {
    let _y = x.index_select_at::<2, _>(ids);
}

fn main() {}
