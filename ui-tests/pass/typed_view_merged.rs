//! Views of `Permuted` tensors to merged dims that PyTorch takes with no
//! copy, decided while compiling with a run-time batch: no `Result`, the
//! same storage, and PyTorch's values (the dynamic views, which follow it).
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::typed::{AnyStrides, Infer, Merged};
use tensor_view::{dims, permute, Tensor, D};

dims!(B, T);

// The query part of a fused QKV projection as one row per token, split into
// heads: B and T stay contiguous with each other after the split.
fn token_heads(
    qkv: &Tensor<f32, (B, T, D<2304>)>,
) -> Tensor<f32, AnyStrides<(Merged<(B, T)>, D<12>, D<64>)>> {
    let (q, _, _) = qkv.split_by::<768, -1>();
    q.view_to::<(Infer, D<12>, D<64>)>()
}

// sgan #22 without the copy: the 8 steps stay apart, each step's
// pedestrians and coordinates merged (`B*2`, contiguous with each other).
fn steps(
    seq: &Tensor<f32, (B, D<2>, D<20>)>,
) -> Tensor<f32, AnyStrides<(D<8>, Merged<(B, D<2>)>)>> {
    permute!(seq.narrow_to::<2, 0, 8>(), [2, 0, 1]).view_to::<(D<8>, Infer)>()
}

// A top-k accuracy over the first rows of a batch of predictions: the
// rows a narrow keeps, merged with the batch after it.
fn first_rows(pred: &Tensor<f32, (D<5>, B, T)>) -> Tensor<f32, (Merged<(D<3>, B, T)>,)> {
    let rows = permute!(pred, [0, 1, 2]).narrow_to::<0, 0, 3>();
    rows.view_to::<(Merged<(D<3>, B, T)>,)>()
}

fn main() -> Result<(), tensor_view::ViewError> {
    let n = |shape: &[usize]| -> Result<Tensor<f32>, tensor_view::ViewError> {
        let count: usize = shape.iter().product();
        Tensor::<f32>::arange(count).view(shape)
    };
    for (b, t) in [(0, 2), (1, 1), (2, 3), (5, 2)] {
        let qkv = n(&[b, t, 2304])?;
        let heads = token_heads(&qkv.clone().into_static()?);
        let want = qkv.split(768, 2)?[0].view(&[b * t, 12, 64])?;
        assert_eq!(
            (heads.shape(), heads.stride()),
            (want.shape(), want.stride())
        );
        assert_eq!(heads.to_vec(), want.to_vec());
        let seq = n(&[b, 2, 20])?;
        let flat = steps(&seq.clone().into_static()?);
        let want = seq
            .narrow(2, 0, 8)?
            .permute(&[2, 0, 1])?
            .view(&[8, b * 2])?;
        assert_eq!((flat.shape(), flat.stride()), (want.shape(), want.stride()));
        assert_eq!(flat.to_vec(), want.to_vec());
        let pred = n(&[5, b, t])?;
        let rows = first_rows(&pred.clone().into_static()?);
        let want = pred.narrow(0, 0, 3)?.view(&[3 * b * t])?;
        assert_eq!((rows.shape(), rows.to_vec()), (want.shape(), want.to_vec()));
    }
    Ok(())
}
