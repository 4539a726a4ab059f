// Heads merged into the batch as `[B*8, T, 64]` (batch-major: the example
// outer, the head inner) and split back as if head-major: `[8, B, -1, 64]`
// would give most (head, example) slices another slice's data.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn attention_out(o: &Tensor<f32, Shape![B, 8, T, 64]>) {
    let per_head: Tensor<f32, Shape![B * 8, T, 64]> = view!(o, [-1, T, 64]);
    let _wrong = view!(per_head, [8, B, -1, 64]);
}

fn main() {}
