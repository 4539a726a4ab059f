//! Model hyper-parameters written as named constants (`{N_EMBD}`) and
//! literal arithmetic (`16 * 5 * 5`) keep shapes and views static: the
//! types equal those written with the literals, and `-1` is inferred across
//! constants, on fully static and on partly-dynamic tensors.

// Written-out static tensor types score high on clippy's measure; see docs/compile-time.md.
#![allow(clippy::type_complexity)]

use tensor_view::static_shape::StaticShape;
use tensor_view::{dims, view, Shape, Tensor, ViewError};

const N_EMBD: usize = 768;
const N_HEAD: usize = 12;
const VOCAB: usize = 50257;
const BIG_VOCAB: usize = 65536;
const ZERO: usize = 0;

dims!(B, T);

/// The same type, written twice: compiles only when `A` and `B` are equal.
fn same_type<A>(_: std::marker::PhantomData<A>, _: std::marker::PhantomData<A>) {}

fn phantom<A>() -> std::marker::PhantomData<A> {
    std::marker::PhantomData
}

#[test]
fn constant_shapes_are_the_literal_shapes() {
    same_type(phantom::<Shape![{ N_EMBD }]>(), phantom::<Shape![768]>());
    same_type(
        phantom::<Shape![{ N_HEAD }, { N_EMBD / N_HEAD }]>(),
        phantom::<Shape![12, 64]>(),
    );
    same_type(
        phantom::<Shape![4, { VOCAB }]>(),
        phantom::<Shape![4, 50257]>(),
    );
    same_type(
        phantom::<Shape![{ BIG_VOCAB }]>(),
        phantom::<Shape![65536]>(),
    );
    same_type(
        phantom::<Shape![{ N_HEAD } * 64, { N_HEAD * 64 }]>(),
        phantom::<Shape![768, 768]>(),
    );
    same_type(
        phantom::<Shape![B, T, { N_EMBD }]>(),
        phantom::<Shape![B, T, 768]>(),
    );
    same_type(
        phantom::<Shape![B, T, { VOCAB }]>(),
        phantom::<Shape![B, T, 50257]>(),
    );
    assert_eq!(<Shape![2, { VOCAB }] as StaticShape>::NUMEL, 2 * VOCAB);
    assert_eq!(
        <Shape![{ BIG_VOCAB }, 2] as StaticShape>::dims(),
        &[65536, 2]
    );
}

#[test]
fn views_of_static_tensors_infer_across_constants() {
    let x = Tensor::<f32, Shape![4, { N_EMBD }]>::zeros();
    let heads: Tensor<f32, Shape![4, 12, 64]> = view!(x, [4, { N_HEAD }, -1]);
    let back: Tensor<f32, Shape![4, 768]> = view!(heads, [-1, { N_EMBD }]);
    let flat: Tensor<f32, Shape![3072]> = view!(back, [{ 4 * N_EMBD }]);
    assert_eq!(heads.shape(), &[4, 12, 64]);
    assert_eq!(heads.stride(), &[768, 64, 1]);
    assert_eq!(flat.shape(), &[3072]);

    let logits = Tensor::<f32, Shape![2, { VOCAB }]>::zeros();
    let rows: Tensor<f32, Shape![1, 2, 50257]> = view!(logits, [1, -1, { VOCAB }]);
    assert_eq!(rows.shape(), &[1, 2, 50257]);
    let wide = Tensor::<f32, Shape![{ BIG_VOCAB }]>::zeros();
    let split: Tensor<f32, Shape![256, 256]> = view!(wide, [-1, { BIG_VOCAB / 256 }]);
    assert_eq!(split.shape(), &[256, 256]);
}

#[test]
fn literal_arithmetic_is_as_static_as_its_value() {
    let x = Tensor::<f32, Shape![2, 16, 5, 5]>::zeros();
    let flat: Tensor<f32, Shape![2, 400]> = view!(x, [-1, 16 * 5 * 5]);
    assert_eq!(flat.shape(), &[2, 400]);
    // Vocabulary sizes as literals: 50257 = 29 * 1733.
    let logits = Tensor::<f32, Shape![2, 50257]>::zeros();
    let rows: Tensor<f32, Shape![1, 2, 50257]> = view!(logits, [1, -1, 50257]);
    assert_eq!(rows.shape(), &[1, 2, 50257]);
    let wide = Tensor::<f32, Shape![3, 65536]>::zeros();
    let grid: Tensor<f32, Shape![3, 256, 256]> = view!(wide, [3, -1, 256]);
    assert_eq!(grid.shape(), &[3, 256, 256]);
}

fn split_heads(q: &Tensor<f32, Shape![B, T, { N_EMBD }]>) -> Tensor<f32, Shape![B, T, 12, 64]> {
    view!(q, [B, T, { N_HEAD }, -1])
}

fn merge_heads(y: &Tensor<f32, Shape![B, T, { N_HEAD }, 64]>) -> Tensor<f32, Shape![B, T, 768]> {
    view!(y, [B, T, { N_HEAD * 64 }])
}

#[test]
fn views_of_partly_dynamic_tensors_infer_across_constants() -> Result<(), ViewError> {
    let q: Tensor<f32, Shape![B, T, { N_EMBD }]> =
        Tensor::<f32>::zeros(&[2, 5, 768])?.into_static()?;
    let heads = split_heads(&q);
    assert_eq!(heads.shape(), &[2, 5, 12, 64]);
    assert_eq!(merge_heads(&heads).shape(), &[2, 5, 768]);
    let rows: Tensor<f32, Shape![B * T, 768]> = view!(q, [-1, { N_EMBD }]);
    assert_eq!(rows.shape(), &[10, 768]);

    let logits: Tensor<f32, Shape![B, T, { VOCAB }]> =
        Tensor::<f32>::zeros(&[2, 3, VOCAB])?.into_static()?;
    let flat: Tensor<f32, Shape![B * T, 50257]> = view!(logits, [-1, { VOCAB }]);
    assert_eq!(flat.shape(), &[6, 50257]);
    let per_batch: Tensor<f32, Shape![B, T * 50257]> = view!(logits, [B, -1]);
    assert_eq!(per_batch.shape(), &[2, 3 * VOCAB]);
    let wide: Tensor<f32, Shape![B, { BIG_VOCAB }]> =
        Tensor::<f32>::zeros(&[3, BIG_VOCAB])?.into_static()?;
    let grid: Tensor<f32, Shape![B, 256, 256]> = view!(wide, [B, -1, { BIG_VOCAB / 256 }]);
    assert_eq!(grid.shape(), &[3, 256, 256]);
    Ok(())
}

#[test]
fn a_zero_constant_in_a_shape_is_an_empty_shape() {
    let x = Tensor::<f32, Shape![{ ZERO }, 4]>::zeros();
    assert_eq!(x.shape(), &[0, 4]);
    let y: Tensor<f32, Shape![4, 0]> = view!(x, [4, { ZERO }]);
    assert_eq!(y.numel(), 0);
}

#[test]
fn constants_in_views_of_dynamic_tensors_are_run_time_values() -> Result<(), ViewError> {
    let d = Tensor::<f32>::zeros(&[4, 768])?;
    let v = view!(d, [-1, { N_HEAD }, 64])?;
    assert_eq!(v.shape(), &[4, 12, 64]);
    assert!(view!(d, [-1, { N_HEAD * 7 }]).is_err());
    Ok(())
}

/// Constants in the signature of a generic function.
fn rows_of<E: tensor_view::Element>(
    x: &Tensor<E, Shape![B, T, { N_EMBD }]>,
) -> Tensor<E, Shape![B * T, { N_EMBD }]> {
    view!(x, [-1, { N_EMBD }])
}

#[test]
fn constants_work_in_generic_code() -> Result<(), ViewError> {
    let x: Tensor<f64, Shape![B, T, 768]> = Tensor::<f64>::zeros(&[3, 2, 768])?.into_static()?;
    assert_eq!(rows_of(&x).shape(), &[6, 768]);
    Ok(())
}

#[test]
fn views_of_strided_tensors_check_constants_too() -> Result<(), ViewError> {
    use tensor_view::{transpose, Strided};
    // Fully static, strides known at run time.
    let x: Tensor<f32> = Tensor::<f32, Shape![{ N_HEAD }, 4, 64]>::zeros().into_dyn();
    let t: Tensor<f32, Strided<Shape![4, 12, 64]>> = x.transpose(0, 1)?.into_static()?;
    let v: Tensor<f32, Strided<Shape![4, 12, 8, 8]>> = view!(t, [4, { N_HEAD }, 8, -1])?;
    assert_eq!(v.stride(), &[64, 256, 8, 1]);
    // PyTorch's stride rule, at run time.
    assert!(view!(t, [4, { N_EMBD }]).is_err());

    // Partly dynamic, strides known at run time.
    let q: Tensor<f32, Shape![B, { N_HEAD }, T, 64]> =
        Tensor::<f32>::zeros(&[2, 12, 3, 64])?.into_static()?;
    let k: Tensor<f32, Strided<Shape![B, T, 12, 64]>> = transpose!(q, 1, 2);
    let w: Tensor<f32, Strided<Shape![B, T, 12, 8, 8]>> = view!(k, [B, T, { N_HEAD }, 8, -1])?;
    assert_eq!(w.shape(), &[2, 3, 12, 8, 8]);
    Ok(())
}

#[test]
fn views_of_static_layouts_take_constants() {
    use tensor_view::transpose;
    let x = Tensor::<f32, Shape![{ N_HEAD }, 4, 64]>::zeros();
    let t = transpose!(x, 0, 1);
    let v = view!(t, [4, { N_HEAD }, 8, -1]);
    assert_eq!(v.shape(), &[4, 12, 8, 8]);
    assert_eq!(v.stride(), &[64, 256, 8, 1]);
}
