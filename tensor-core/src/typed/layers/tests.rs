//! The layers against the dynamic ops: values, loading, and Linear's rule on
//! 60 generated accepted shapes (`linear_cases.rs`).

use super::{Embedding, LayerNorm, Linear};
use crate::static_shape::symbolic::symbol::test_symbol;
use crate::static_shape::Shape;
use crate::typed::{AnyStrides, One, D};
use crate::Tensor;

test_symbol!(B, crate::typenum::U1);
test_symbol!(T, crate::typenum::U2);
test_symbol!(H, crate::typenum::U3);

/// Small integers (exact in any float sum), different for each `seed`.
fn values(shape: &[usize], seed: usize) -> Tensor<f64> {
    let n = shape.iter().product();
    let data = (0..n)
        .map(|j| ((j * 7 + seed * 3) % 11) as f64 - 5.0)
        .collect();
    Tensor::from_vec(data, shape).unwrap()
}

/// A dynamic input of `shape`: row-major, or (`transposed`) the transpose of
/// its last two dims' row-major tensor, so its strides are not row-major.
fn input(shape: &[usize], seed: usize, transposed: bool) -> Tensor<f64> {
    if !transposed {
        return values(shape, seed);
    }
    let mut swapped = shape.to_vec();
    let r = swapped.len();
    swapped.swap(r - 2, r - 1);
    values(&swapped, seed).transpose(-2, -1).unwrap()
}

macro_rules! cases {
    ($($case:expr;)*) => {
        #[test]
        fn linear_rule_agrees_with_the_dynamic_matmul_on_generated_shapes() {
            let mut ran = 0;
            $($case; ran += 1;)*
            assert!(ran >= 50);
        }
    };
}

/// One generated case: `forward` on an input of type `$x` must give the
/// type `$y` (the annotation is the compile-time check) and the shape and
/// values of the dynamic `x.matmul(wᵀ) + b`.
macro_rules! case {
    ($n:literal: $x:ty => $y:ty; [$($size:literal),*]; $i:literal -> $o:literal; bias $bias:literal; transposed $tr:literal) => {{
        let shape = [$($size),*];
        let x_dyn = input(&shape, $n, $tr);
        let x: Tensor<f64, $x> = x_dyn.clone().into_static().unwrap();
        let w = values(&[$o, $i], $n + 1);
        let b = values(&[$o], $n + 2);
        let fc = Linear::<f64, $i, $o>::from_dyn(w.clone(), $bias.then(|| b.clone())).unwrap();
        let y: Tensor<f64, $y> = fc.forward(&x);
        let mut want = x_dyn.matmul(&w.t().unwrap()).unwrap();
        if $bias {
            want = want.add(&b).unwrap();
        }
        assert_eq!(y.shape(), want.shape(), "case {}", $n);
        assert_eq!(y.to_vec(), want.to_vec(), "case {}", $n);
    }};
}

include!("linear_cases.rs");

#[test]
fn linear_from_conv1d_equals_linear_of_the_transposed_weight() {
    let w_io = values(&[3, 2], 1); // Conv1D: [in, out]
    let bias = Tensor::<f64, (D<2>,)>::full(0.5);
    let conv = Linear::<f64, 3, 2>::from_dyn_conv1d(w_io.clone(), Some(bias.clone().into_dyn()));
    let conv = conv.unwrap();
    let w_oi = w_io.t().unwrap().contiguous().unwrap();
    let lin = Linear::<f64, 3, 2>::new(w_oi.into_static::<(D<2>, D<3>)>().unwrap(), Some(bias));
    let x: Tensor<f64, (B, D<3>)> = values(&[4, 3], 5).into_static().unwrap();
    assert_eq!(conv.forward(&x).to_vec(), lin.forward(&x).to_vec());
    // by the definition: y[r][o] = sum_i x[r][i] * w_io[i][o] + 0.5
    let (xv, wv) = (x.to_vec(), w_io.to_vec());
    let want: Vec<f64> = (0..8)
        .map(|k| {
            (0..3)
                .map(|i| xv[k / 2 * 3 + i] * wv[i * 2 + k % 2])
                .sum::<f64>()
                + 0.5
        })
        .collect();
    assert_eq!(conv.forward(&x).to_vec(), want);
}

#[test]
fn loading_checks_shapes() {
    let bad_bias = Linear::<f32, 2, 3>::from_dyn(
        Tensor::zeros(&[3, 2]).unwrap(),
        Some(Tensor::zeros(&[2]).unwrap()),
    );
    assert_eq!(
        bad_bias.unwrap_err().to_string(),
        "into_static(): expected a tensor of shape [3], but got shape [2]"
    );
    assert!(Linear::<f32, 2, 3>::from_dyn_conv1d(Tensor::zeros(&[3, 2]).unwrap(), None).is_err());
    // a strided bias (every other element of a bigger tensor) is taken, made row-major
    let wide = Tensor::<f32>::arange(6);
    let strided = wide.as_strided(&[3], &[2], 0).unwrap();
    let fc = Linear::<f32, 1, 3>::from_dyn(Tensor::zeros(&[3, 1]).unwrap(), Some(strided)).unwrap();
    assert_eq!(
        fc.forward(&Tensor::<f32, (D<1>,)>::ones()).to_vec(),
        vec![0.0, 2.0, 4.0]
    );
}

#[test]
fn layer_norm_layer_equals_the_dynamic_op() {
    let w = values(&[4], 1);
    let b = values(&[4], 2);
    let ln = LayerNorm::<f64, 4>::from_dyn(w.clone(), Some(b.clone()), 1e-5).unwrap();
    let d = input(&[2, 3, 4], 3, true);
    let x: Tensor<f64, AnyStrides<(B, One, T, D<4>)>> =
        d.unsqueeze(1).unwrap().into_static().unwrap();
    let y: Tensor<f64, (B, One, T, D<4>)> = ln.forward(&x);
    let want = x
        .clone()
        .into_dyn()
        .layer_norm(&[4], Some(&w), Some(&b), 1e-5)
        .unwrap();
    assert_eq!(y.to_vec(), want.to_vec());
    assert!(y.is_contiguous());
    let plain = LayerNorm::<f64, 4>::new(Shape::ones(), None, 1e-5);
    let p: Tensor<f64, (B, One, T, D<4>)> = plain.forward(&x);
    let want = x.into_dyn().layer_norm(&[4], None, None, 1e-5).unwrap();
    assert_eq!(p.to_vec(), want.to_vec());
}

#[test]
fn embedding_looks_up_rows_of_any_ids_shape() {
    let table = values(&[5, 3], 4);
    let e = Embedding::<f64, 5, 3>::from_dyn(table.clone()).unwrap();
    let ids_dyn = Tensor::<i64>::from_vec(vec![4, 0, 2, 2, 1, 3], &[3, 2]).unwrap();
    // ids transposed: read in their logical order
    let ids: Tensor<i64, AnyStrides<(T, B)>> = ids_dyn.t().unwrap().into_static().unwrap();
    let x: Tensor<f64, (T, B, D<3>)> = e.forward(&ids).unwrap();
    assert_eq!(x.shape(), &[2, 3, 3]);
    let tv = table.to_vec();
    let logical = ids.clone().into_dyn().contiguous().unwrap().to_vec();
    let want: Vec<f64> = logical
        .iter()
        .flat_map(|&i| tv[i as usize * 3..][..3].to_vec())
        .collect();
    assert_eq!(x.to_vec(), want);
    // 0-d ids give one row; empty ids an empty result
    let one: Tensor<f64, (D<3>,)> = e.forward(&Tensor::<i64, ()>::full(1)).unwrap();
    assert_eq!(one.to_vec(), tv[3..6].to_vec());
    let none: Tensor<i64, (B,)> = Tensor::<i64>::zeros(&[0]).unwrap().into_static().unwrap();
    assert_eq!(e.forward(&none).unwrap().shape(), &[0, 3]);
    // out of range, either side: PyTorch's IndexError
    for bad in [5i64, -1] {
        let ids: Tensor<i64, (B,)> = Tensor::from_vec(vec![0, bad], &[2])
            .unwrap()
            .into_static()
            .unwrap();
        let err = e.forward(&ids).unwrap_err();
        assert_eq!(err.to_string(), "index out of range in self");
        assert_eq!(err.kind(), crate::ErrorKind::IndexError);
    }
}

#[test]
fn embedding_of_empty_rows_or_an_empty_table_raises_as_pytorch() {
    // PyTorch 2.15: F.embedding(torch.tensor([[0]]), torch.zeros(2, 0)).shape == [1, 1, 0];
    // F.embedding(torch.tensor([[5]]), torch.zeros(2, 0)) raises
    // "INDICES element is out of DATA bounds, id=5 axis_dim=2";
    // F.embedding(torch.tensor([0]), torch.zeros(0, 3)) raises
    // "index_select(): self indexing axis dim should be positive".
    let no_features = Embedding::<f32, 2, 0>::new(Tensor::<f32, (D<2>, D<0>)>::zeros());
    let ids = |v: Vec<i64>| {
        Tensor::from_vec(v, &[1, 1])
            .unwrap()
            .into_static::<(B, T)>()
            .unwrap()
    };
    assert_eq!(
        no_features.forward(&ids(vec![0])).unwrap().shape(),
        &[1, 1, 0]
    );
    assert_eq!(
        no_features.forward(&ids(vec![5])).unwrap_err().to_string(),
        "INDICES element is out of DATA bounds, id=5 axis_dim=2"
    );
    let no_rows = Embedding::<f32, 0, 3>::new(Tensor::<f32, (D<0>, D<3>)>::zeros());
    assert_eq!(
        no_rows.forward(&ids(vec![0])).unwrap_err().to_string(),
        "index_select(): self indexing axis dim should be positive"
    );
}
