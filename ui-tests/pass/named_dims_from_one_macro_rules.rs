//! Two dims! expanded from one macro_rules! body, the name written in the
//! body: each is a dim of its own, whose size a tensor carries apart.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{view, Shape, Tensor};

macro_rules! model_dims {
    ($module:ident) => {
        /// One model's dims.
        pub mod $module {
            ::tensor_view::dims!(pub B);
        }
    };
}

model_dims!(encoder);
model_dims!(decoder);

use decoder::B as DecoderBatch;
use encoder::B as EncoderBatch;

fn main() {
    let x: Tensor<f32, Shape![EncoderBatch, 4]> = Tensor::<f32>::zeros(&[2, 4])
        .unwrap()
        .into_static()
        .unwrap();
    let y: Tensor<f32, Shape![DecoderBatch, 4]> = Tensor::<f32>::zeros(&[3, 4])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(x.sym_size::<EncoderBatch>(), Some(2));
    assert_eq!(x.sym_size::<DecoderBatch>(), None);
    assert_eq!(y.sym_size::<DecoderBatch>(), Some(3));
    assert_eq!(y.sym_size::<EncoderBatch>(), None);
    // each keeps its own size through a view
    let flat: Tensor<f32, Shape![DecoderBatch * 4]> = view!(y, [-1]);
    assert_eq!(
        (flat.shape(), flat.sym_size::<DecoderBatch>()),
        (&[12][..], Some(3))
    );
}
