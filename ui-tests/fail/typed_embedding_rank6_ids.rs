// Looked-up rows add a dim: ids of rank 6 leave no room in a typed shape.
use tensor_view::{typed::layers::Embedding, Tensor, D};

type Ids = Tensor<i64, (D<1>, D<1>, D<1>, D<1>, D<1>, D<2>)>;

fn embed(wte: &Embedding<f32, 10, 4>, ids: &Ids) {
    let _x = wte.forward(ids);
}

fn main() {}
