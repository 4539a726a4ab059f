//! The fixed forms of the typed view mistakes in `ui-tests/fail/typed_view_*`:
//! each compiles with no `Result` (the stride rule decided while compiling
//! that nothing is left to check) and gives PyTorch's values.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::typed::{AnyStrides, Infer, Merged};
use tensor_view::{dims, permute, Tensor, D};

dims!(B, Sq, Bt);

// ViT: `.contiguous()` before the view of the permuted patches.
fn patchify(img: &Tensor<f32, (B, D<3>, D<224>, D<224>)>) -> Tensor<f32, (B, D<196>, D<768>)> {
    let grid = img.view_to::<(B, D<3>, D<14>, D<16>, D<14>, D<16>)>();
    let patches = permute!(grid, [0, 2, 4, 1, 3, 5]);
    patches.contiguous().view_to::<(B, D<196>, D<768>)>()
}

// Megatron GQA: `reshape_to` copies the query part; the key part, one head
// per group, views as it is (the copy is not needed there).
fn queries(
    mixed: &Tensor<f32, (Sq, Bt, D<192>)>,
) -> (
    Tensor<f32, (Sq, Bt, D<8>, D<16>)>,
    Tensor<f32, AnyStrides<(Sq, Bt, D<2>, D<16>)>>,
) {
    let grouped = mixed.view_to::<(Sq, Bt, D<2>, D<6>, D<16>)>();
    let (query, key_value) = grouped.split_by::<4, 3>();
    let (key, _value) = key_value.split_by::<1, 3>();
    (
        query.reshape_to::<(Sq, Bt, D<8>, D<16>)>(),
        key.view_to::<(Sq, Bt, D<2>, D<16>)>(),
    )
}

// pytorch/examples #820 with a run-time batch: `reshape` instead of
// `view` (a copy, typed `3*B`); top-1 views as it is (`[1, B]` to `[B]`).
fn correct_top(
    pred: &Tensor<f32, (B, D<5>)>,
) -> (
    Tensor<f32, (Merged<(D<3>, B)>,)>,
    Tensor<f32, AnyStrides<(B,)>>,
) {
    let correct = pred.t();
    (
        correct.narrow_to::<0, 0, 3>().reshape_to::<(Infer,)>(),
        correct.narrow_to::<0, 0, 1>().view_to::<(Infer,)>(),
    )
}

// sgan #22 with a run-time pedestrian count: `.contiguous()` before the
// view, which merges the steps with the pedestrians (`8*B`).
fn embed_input(seq: &Tensor<f32, (B, D<2>, D<20>)>) -> Tensor<f32, (Merged<(D<8>, B)>, D<2>)> {
    let obs_traj = permute!(seq.narrow_to::<2, 0, 8>(), [2, 0, 1]);
    obs_traj.contiguous().view_to::<(Infer, D<2>)>()
}

fn main() -> Result<(), tensor_view::ViewError> {
    let n = |shape: &[usize]| -> Result<Tensor<f32>, tensor_view::ViewError> {
        let count: usize = shape.iter().product();
        Tensor::<f32>::arange(count).view(shape)
    };
    for batch in [1, 2] {
        let img = n(&[batch, 3, 224, 224])?;
        let tokens = patchify(&img.clone().into_static()?);
        let want = img
            .view(&[batch, 3, 14, 16, 14, 16])?
            .permute(&[0, 2, 4, 1, 3, 5])?
            .reshape(&[batch, 196, 768])?;
        assert_eq!(tokens.to_vec(), want.to_vec());
        let mixed = n(&[3, batch, 192])?;
        let (q, k) = queries(&mixed.clone().into_static()?);
        let grouped = mixed.view(&[3, batch, 2, 6, 16])?;
        let parts = grouped.split(4, 3)?;
        assert_eq!(q.to_vec(), parts[0].reshape(&[3, batch, 8, 16])?.to_vec());
        let key = parts[1].narrow(3, 0, 1)?.view(&[3, batch, 2, 16])?;
        assert_eq!((k.stride(), k.to_vec()), (key.stride(), key.to_vec()));
    }
    for batch in [0, 1, 2, 5] {
        let pred = n(&[batch, 5])?;
        let (top3, top1) = correct_top(&pred.clone().into_static()?);
        let want = pred.t()?.narrow(0, 0, 3)?.reshape(&[3 * batch])?;
        assert_eq!((top3.shape(), top3.to_vec()), (want.shape(), want.to_vec()));
        let want = pred.t()?.narrow(0, 0, 1)?.view(&[batch])?;
        assert_eq!((top1.shape(), top1.to_vec()), (want.shape(), want.to_vec()));
        let seq = n(&[batch, 2, 20])?;
        let flat = embed_input(&seq.clone().into_static()?);
        let want = seq
            .narrow(2, 0, 8)?
            .permute(&[2, 0, 1])?
            .reshape(&[8 * batch, 2])?;
        assert_eq!((flat.shape(), flat.to_vec()), (want.shape(), want.to_vec()));
    }
    Ok(())
}
