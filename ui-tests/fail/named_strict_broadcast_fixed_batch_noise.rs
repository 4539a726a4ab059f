// Noise sampled with a fixed batch of 128 added to a [B, 200] mean: PyTorch
// accepts it only when B happens to be 128 or 1.
use tensor_view::{add, dims, Shape, Tensor};

dims!(B);

fn reparameterize(mu: &Tensor<f32, Shape![B, 200]>) -> Tensor<f32, Shape![B, 200]> {
    let eps = Tensor::<f32, Shape![128, 200]>::zeros();
    add!(mu: [B, 200], eps: [128, 200])
}

fn main() {
    let mu = Tensor::<f32>::zeros(&[3, 200]).unwrap().into_static().unwrap();
    let _ = reparameterize(&mu);
}
