// `B*4` is the batch outer and 4 crops inner: the same size as `4*B`, but
// viewing it as `[4, B]` would pair each crop with another image.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B);

fn crops(logits: &Tensor<f32, Shape![B * 4]>) {
    let _wrong = view!(logits, [4, B]);
}

fn main() {}
