// Two dims! expanded from one macro_rules! body, the name written in the
// body: two declarations, two dims. A view from one to the other is no view.
use tensor_view::{view, Shape, Tensor};

macro_rules! model_dims {
    ($module:ident) => {
        pub mod $module {
            ::tensor_view::dims!(pub B);
        }
    };
}

model_dims!(encoder);
model_dims!(decoder);

use decoder::B as DecoderBatch;
use encoder::B as EncoderBatch;

fn cross(x: &Tensor<f32, Shape![EncoderBatch, 4]>) -> Tensor<f32, Shape![DecoderBatch, 4]> {
    view!(x, [DecoderBatch, 4])
}

fn main() {}
