// `index_select_at` with ids of two dims: PyTorch's message.
use tensor_view::{dims, Tensor, D};

dims!(B, N);

fn pick(x: &Tensor<f32, (B, D<5>)>, ids: &Tensor<i64, (N, D<2>)>) {
    let _y = x.index_select_at::<1, _>(ids);
}

fn main() {}
