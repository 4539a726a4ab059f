//! The typed layouts of transposes, permutes and cuts, and `view_to`,
//! `reshape_to` and `contiguous()` of them, against the dynamic ops: model
//! code with a run-time batch.

#![allow(clippy::type_complexity)] // six-dim layouts, written out

use tensor_view::typed::{AnyStrides, Infer, Of, Permuted};
use tensor_view::{dims, matmul, permute, transpose, One, Tensor, D};

dims!(B, T);

fn arange(shape: &[usize]) -> Tensor<f32> {
    let n: usize = shape.iter().product();
    Tensor::<f32>::arange(n).view(shape).unwrap()
}

/// The typed tensor is the dynamic one: shape, strides, offset, values.
fn same<S>(typed: &Tensor<f32, S>, dynamic: &Tensor<f32>) {
    assert_eq!(typed.shape(), dynamic.shape());
    assert_eq!(typed.stride(), dynamic.stride());
    assert_eq!(typed.storage_offset(), dynamic.storage_offset());
    assert_eq!(typed.to_vec(), dynamic.to_vec());
}

#[test]
fn vit_patchify_with_contiguous() {
    for batch in [1, 2, 3] {
        let d = arange(&[batch, 3, 32, 32]);
        let img: Tensor<f32, (B, D<3>, D<32>, D<32>)> = d.clone().into_static().unwrap();
        let grid = img.view_to::<(B, D<3>, D<2>, D<16>, D<2>, D<16>)>();
        let p: Tensor<
            f32,
            Permuted<
                (B, D<3>, D<2>, D<16>, D<2>, D<16>),
                (
                    Of<0, B>,
                    Of<2, D<2>>,
                    Of<4, D<2>>,
                    Of<1, D<3>>,
                    Of<3, D<16>>,
                    Of<5, D<16>>,
                ),
            >,
        > = permute!(grid, [0, 2, 4, 1, 3, 5]);
        let want = d
            .view(&[batch, 3, 2, 16, 2, 16])
            .unwrap()
            .permute(&[0, 2, 4, 1, 3, 5])
            .unwrap();
        same(&p, &want);
        let tokens: Tensor<f32, (B, D<4>, D<768>)> = p.contiguous().view_to::<(B, D<4>, Infer)>();
        same(&tokens, &want.reshape(&[batch, 4, 768]).unwrap());
        let r: Tensor<f32, (B, D<4>, D<768>)> = p.reshape_to::<(B, D<4>, Infer)>();
        same(&r, &want.reshape(&[batch, 4, 768]).unwrap());
        // no two dims of the permute are contiguous with each other: only
        // the view that keeps every dim needs no copy
        let v: Tensor<f32, AnyStrides<(B, D<2>, D<2>, D<3>, D<16>, D<16>)>> =
            p.view_to::<(B, D<2>, D<2>, D<3>, Infer, D<16>)>();
        same(&v, &want.view(&[batch, 2, 2, 3, 16, 16]).unwrap());
    }
}

#[test]
fn fused_qkv_parts_view_as_heads() {
    let d = arange(&[2, 5, 24]);
    let qkv: Tensor<f32, (B, T, D<24>)> = d.clone().into_static().unwrap();
    let (q, k, v) = qkv.split_by::<8, -1>();
    let _: &Tensor<f32, Permuted<(B, T, D<24>), (Of<0, B>, Of<1, T>, Of<2, D<8>>)>> = &k;
    let parts = d.split(8, -1).unwrap();
    for (typed, dynamic) in [(&q, &parts[0]), (&k, &parts[1]), (&v, &parts[2])] {
        let heads: Tensor<f32, AnyStrides<(B, T, D<2>, D<4>)>> =
            typed.view_to::<(B, T, D<2>, Infer)>();
        same(&heads, &dynamic.view(&[2, 5, 2, 4]).unwrap());
        let t = transpose!(heads, 1, 2);
        same(
            &t,
            &dynamic
                .view(&[2, 5, 2, 4])
                .unwrap()
                .transpose(1, 2)
                .unwrap(),
        );
        let merged: Tensor<f32, (B, T, D<8>)> =
            transpose!(t, 1, 2).contiguous().view_to::<(B, T, Infer)>();
        same(&merged, &dynamic.contiguous().unwrap());
        let kept: Tensor<f32, AnyStrides<(B, T, D<8>)>> = typed.reshape_to::<(B, T, D<8>)>();
        assert!(typed.shares_storage(&kept));
    }
}

#[test]
fn chains_of_permutes_and_cuts() {
    let d = arange(&[2, 3, 4, 5]);
    let x: Tensor<f32, (B, D<3>, D<4>, D<5>)> = d.clone().into_static().unwrap();
    let p = permute!(x, [0, 3, 1, 2]);
    let dp = d.permute(&[0, 3, 1, 2]).unwrap();
    same(&p, &dp);
    let n = p.narrow_to::<1, 1, 3>();
    let dn = dp.narrow(1, 1, 3).unwrap();
    same(&n, &dn);
    let s = n.select_at::<2, 1>();
    same(&s, &dn.select(2, 1).unwrap());
    let back = permute!(p, [0, 2, 3, 1]);
    let _: &Tensor<
        f32,
        Permuted<(B, D<3>, D<4>, D<5>), (Of<0, B>, Of<1, D<3>>, Of<2, D<4>>, Of<3, D<5>>)>,
    > = &back;
    let flat: Tensor<f32, (B, D<60>)> = back.view_to::<(B, Infer)>();
    same(&flat, &d.view(&[2, 60]).unwrap());
    // the last two dims of the permute are contiguous with each other
    let v: Tensor<f32, AnyStrides<(B, D<5>, D<12>)>> = p.view_to::<(B, D<5>, D<12>)>();
    same(&v, &dp.view(&[2, 5, 12]).unwrap());
    let t = x.mT();
    same(&t, &d.transpose(2, 3).unwrap());
    let one: Tensor<f32, (D<3>,)> = Tensor::<f32>::zeros(&[3]).unwrap().into_static().unwrap();
    let same_one: Tensor<f32, (D<3>,)> = one.t();
    assert_eq!(same_one.shape(), &[3]);
}

#[test]
fn narrow_of_the_last_dim_keeps_the_leading_runs() {
    let d = arange(&[3, 2, 6]);
    let x: Tensor<f32, (T, D<2>, D<6>)> = d.clone().into_static().unwrap();
    let n = x.narrow_to::<-1, 2, 4>();
    let dn = d.narrow(-1, 2, 4).unwrap();
    let v: Tensor<f32, AnyStrides<(T, D<2>, D<2>, D<2>)>> = n.view_to::<(T, D<2>, D<2>, Infer)>();
    same(&v, &dn.view(&[3, 2, 2, 2]).unwrap());
    let sel = x.select_at::<-1, 0>();
    let ds = d.select(-1, 0).unwrap();
    let u: Tensor<f32, AnyStrides<(T, D<2>, One)>> = sel.view_to::<(T, D<2>, One)>();
    same(&u, &ds.view(&[3, 2, 1]).unwrap());
}

#[test]
fn matmul_takes_permuted_operands() {
    let d = arange(&[2, 3, 4]);
    let x: Tensor<f32, (B, D<3>, D<4>)> = d.clone().into_static().unwrap();
    let xt = x.mT();
    let gram: Tensor<f32, (B, D<3>, D<3>)> = matmul!(x, xt).unwrap();
    let want = d.matmul(&d.mT().unwrap()).unwrap();
    assert_eq!(gram.to_vec(), want.to_vec());
    let by_method: Tensor<f32, (B, D<3>, D<3>)> = x.matmul(&x.mT()).unwrap();
    assert_eq!(by_method.to_vec(), want.to_vec());
}

/// A view of a tensor whose strides only the run time knows is PyTorch's
/// view, strides included, where PyTorch takes it: `arange(16).view(2,
/// 8).t().view(2, 4, 2)` has strides `(4, 1, 8)`, not row-major.
#[test]
fn a_view_of_any_strides_keeps_pytorchs_strides() {
    for batch in [1, 2, 3] {
        let d = arange(&[batch, 8]).transpose(0, 1).unwrap();
        let t: Tensor<f32, AnyStrides<(D<8>, B)>> = d.clone().into_static().unwrap();
        let v: Tensor<f32, AnyStrides<(D<2>, D<4>, B)>> = t.view_to::<(D<2>, D<4>, B)>().unwrap();
        let dv = d.view(&[2, 4, batch]).unwrap();
        same(&v, &dv);
        assert_eq!(v.stride(), &[4, 1, 8]);
        // flat: PyTorch's view for a batch of 1, its error above
        match (t.view_to::<(Infer,)>(), d.view(&[-1])) {
            (Ok(typed), Ok(dynamic)) => same(&typed, &dynamic),
            (Err(typed), Err(dynamic)) => assert_eq!(typed.to_string(), dynamic.to_string()),
            (typed, dynamic) => panic!("batch {batch}: {typed:?} against {dynamic:?}"),
        }
        assert_eq!(batch == 1, d.view(&[-1]).is_ok());
    }
}
