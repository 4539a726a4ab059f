// Per-head rows `[B*T*12, 64]` viewed back with the heads first: the heads
// are the innermost part of the merged dim, so `[12, B, T, 64]` would read
// another head's rows; it takes a permute.
use tensor_view::{dims, view, Shape, Tensor};

dims!(B, T);

fn heads_first(q: &Tensor<f32, Shape![B, T, 12, 64]>) {
    let rows = view!(q, [-1, 64]);
    let _wrong = view!(rows, [12, B, T, 64]);
}

fn main() {}
