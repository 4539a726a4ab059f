//! The model-block macros (`matmul!`, `add!`, `sub!`, `mul!`, `div!`,
//! `sum!`, `mean!`, `softmax!`, `log_softmax!`) against the dynamic ops:
//! the same values and shapes, on static, partly-dynamic and transposed
//! operands; and the cases a named dim leaves to run time.

// The annotations spell each result's type, which is the point here.
#![allow(clippy::type_complexity)]

use tensor_view::{
    add, dims, div, log_softmax, matmul, mean, mul, softmax, sub, sum, transpose, Layout, Shape,
    Strided, Tensor, ViewError,
};

/// A tensor of distinct small values, typed `S`.
fn filled<S: tensor_view::static_shape::TypedShape>(shape: &[usize], seed: f64) -> Tensor<f64, S> {
    let n: usize = shape.iter().product();
    let values = (0..n).map(|i| ((i as f64 * 0.37 + seed).sin() * 4.0).round() / 4.0);
    Tensor::from_vec(values.collect(), shape)
        .unwrap()
        .into_static()
        .unwrap()
}

fn same<S1, S2>(a: &Tensor<f64, S1>, b: &Tensor<f64, S2>) {
    assert_eq!(a.shape(), b.shape());
    assert_eq!(a.to_vec(), b.to_vec());
}

#[test]
fn static_matmul_matches_the_dynamic_one() {
    let a: Tensor<f64, Shape![2, 4, 3]> = filled(&[2, 4, 3], 0.1);
    let w: Tensor<f64, Shape![5, 3]> = filled(&[5, 3], 0.2);
    let wt: Tensor<f64, Layout![[3, 5], [1, 3]]> = transpose!(w, 0, 1);
    let y: Tensor<f64, Shape![2, 4, 5]> = matmul!(a: [2, 4, 3], wt: [3, 5]);
    same(
        &y,
        &a.clone().into_dyn().matmul(&wt.clone().into_dyn()).unwrap(),
    );
    // vectors: prepended and appended 1s removed
    let v: Tensor<f64, Shape![3]> = filled(&[3], 0.3);
    let av: Tensor<f64, Shape![2, 4]> = matmul!(a: [2, 4, 3], v: [3]);
    same(
        &av,
        &a.clone().into_dyn().matmul(&v.clone().into_dyn()).unwrap(),
    );
    let u: Tensor<f64, Shape![4]> = filled(&[4], 0.4);
    let ua: Tensor<f64, Shape![2, 3]> = matmul!(u: [4], a: [2, 4, 3]);
    same(
        &ua,
        &u.clone().into_dyn().matmul(&a.clone().into_dyn()).unwrap(),
    );
    let dot: Tensor<f64, Shape![]> = matmul!(v: [3], v: [3]);
    same(
        &dot,
        &v.clone().into_dyn().matmul(&v.clone().into_dyn()).unwrap(),
    );
    // broadcast batch dims
    let p: Tensor<f64, Shape![3, 1, 4, 3]> = filled(&[3, 1, 4, 3], 0.5);
    let q: Tensor<f64, Shape![2, 3, 2]> = filled(&[2, 3, 2], 0.6);
    let pq: Tensor<f64, Shape![3, 2, 4, 2]> = matmul!(p: [3, 1, 4, 3], q: [2, 3, 2]);
    same(&pq, &p.into_dyn().matmul(&q.into_dyn()).unwrap());
}

#[test]
fn partly_dynamic_matmul_is_typed_without_a_result() {
    dims!(B, T);
    let x: Tensor<f64, Shape![B, T, 6]> = filled(&[2, 5, 6], 0.7);
    let w: Tensor<f64, Shape![6, 8]> = filled(&[6, 8], 0.8);
    let h: Tensor<f64, Shape![B, T, 8]> = matmul!(x: [B, T, 6], w: [6, 8]);
    same(
        &h,
        &x.clone().into_dyn().matmul(&w.clone().into_dyn()).unwrap(),
    );
    // a transposed partly-dynamic operand is read in place
    let xt: Tensor<f64, Strided<Shape![B, 6, T]>> = transpose!(x, 1, 2);
    let wt: Tensor<f64, Strided<Shape![8, 6]>> = w.t();
    let g: Tensor<f64, Shape![B, 8, T]> = matmul!(wt: [8, 6], xt: [B, 6, T]);
    same(&g, &wt.into_dyn().matmul(&xt.into_dyn()).unwrap());
}

#[test]
fn a_named_dim_on_both_operands_is_compared_at_run_time() -> Result<(), ViewError> {
    dims!(B, T);
    let q: Tensor<f64, Shape![B, T, 4]> = filled(&[2, 3, 4], 0.9);
    let k: Tensor<f64, Shape![B, T, 4]> = filled(&[2, 3, 4], 1.0);
    let kt: Tensor<f64, Strided<Shape![B, 4, T]>> = transpose!(k, 1, 2);
    let att: Tensor<f64, Shape![B, T, T]> = matmul!(q: [B, T, 4], kt: [B, 4, T])?;
    same(&att, &q.clone().into_dyn().matmul(&kt.clone().into_dyn())?);
    // another tensor typed with B, holding another size: PyTorch's message
    let other: Tensor<f64, Strided<Shape![B, 4, T]>> =
        transpose!(filled::<Shape![B, T, 4]>(&[5, 3, 4], 1.1), 1, 2);
    let e = matmul!(q: [B, T, 4], other: [B, 4, T]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The size of tensor a (2) must match the size of tensor b (5) at non-singleton dimension 0"
    );
    // PyTorch multiplies [2, 3, 4] by [2, 4, 5]; the result is no [B, T, T]
    let longer: Tensor<f64, Strided<Shape![B, 4, T]>> =
        transpose!(filled::<Shape![B, T, 4]>(&[2, 5, 4], 1.2), 1, 2);
    let e = matmul!(q: [B, T, 4], longer: [B, 4, T]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "into_static(): expected a tensor of shape [B, T, T], but got shape [2, 3, 5]"
    );
    Ok(())
}

#[test]
fn binary_ops_broadcast_as_the_dynamic_ones() -> Result<(), ViewError> {
    let a: Tensor<f64, Shape![4, 1, 3]> = filled(&[4, 1, 3], 1.2);
    let b: Tensor<f64, Shape![5, 3]> = filled(&[5, 3], 1.3);
    let (da, db) = (a.clone().into_dyn(), b.clone().into_dyn());
    let s: Tensor<f64, Shape![4, 5, 3]> = add!(a: [4, 1, 3], b: [5, 3]);
    same(&s, &da.add(&db)?);
    let d: Tensor<f64, Shape![4, 5, 3]> = sub!(a: [4, 1, 3], b: [5, 3]);
    same(&d, &da.sub(&db)?);
    let p: Tensor<f64, Shape![4, 5, 3]> = mul!(a: [4, 1, 3], b: [5, 3]);
    same(&p, &da.mul(&db)?);
    let ones = Tensor::<f64, Shape![3]>::full(2.0);
    let q: Tensor<f64, Shape![5, 3]> = div!(b: [5, 3], ones: [3]);
    same(&q, &db.div(&ones.into_dyn())?);
    // transposed operands: the result is row-major, with the same values
    let bt: Tensor<f64, Layout![[3, 5], [1, 3]]> = transpose!(b, 0, 1);
    let twice: Tensor<f64, Shape![3, 5]> = add!(bt: [3, 5], bt: [3, 5]);
    assert_eq!(twice.stride(), &[5, 1]);
    same(&twice, &bt.clone().into_dyn().add(&bt.into_dyn())?);
    // partly dynamic
    dims!(B);
    let x: Tensor<f64, Shape![B, 3]> = filled(&[7, 3], 1.4);
    let bias: Tensor<f64, Shape![3]> = filled(&[3], 1.5);
    let y: Tensor<f64, Shape![B, 3]> = add!(x: [B, 3], bias: [3]);
    same(&y, &x.clone().into_dyn().add(&bias.into_dyn())?);
    let z: Tensor<f64, Shape![B, 3]> = mul!(x: [B, 3], x: [B, 3])?;
    same(&z, &x.clone().into_dyn().mul(&x.into_dyn())?);
    Ok(())
}

#[test]
fn reductions_and_softmax_match_the_dynamic_ones() -> Result<(), ViewError> {
    let x: Tensor<f64, Shape![4, 5, 6]> = filled(&[4, 5, 6], 1.6);
    let d = x.clone().into_dyn();
    let s: Tensor<f64, Shape![4, 6]> = sum!(x: [4, 5, 6], 1);
    same(&s, &d.sum(&[1], false)?);
    let k: Tensor<f64, Shape![4, 1, 6]> = sum!(x: [4, 5, 6], -2, keepdim = true);
    same(&k, &d.sum(&[-2], true)?);
    let m: Tensor<f64, Shape![5]> = mean!(x: [4, 5, 6], [0, -1]);
    same(&m, &d.mean(&[0, -1], false)?);
    let p: Tensor<f64, Shape![4, 5, 6]> = softmax!(x, -1);
    same(&p, &d.softmax(-1)?);
    let xt: Tensor<f64, Layout![[6, 5, 4], [1, 6, 30]]> = tensor_view::permute!(x, [2, 1, 0]);
    let l: Tensor<f64, Shape![6, 5, 4]> = log_softmax!(xt, 0);
    same(&l, &xt.into_dyn().log_softmax(0)?);
    let i = Tensor::<i32, Shape![2, 3]>::ones();
    let total: Tensor<i64, Shape![]> = sum!(i: [2, 3], []);
    assert_eq!(total.to_vec(), vec![6]);
    dims!(B);
    let y: Tensor<f64, Shape![B, 5]> = filled(&[3, 5], 1.7);
    let rows: Tensor<f64, Shape![B]> = sum!(y: [B, 5], 1);
    same(&rows, &y.clone().into_dyn().sum(&[1], false)?);
    let cols: Tensor<f64, Shape![1, 5]> = mean!(y: [B, 5], 0, keepdim = true);
    same(&cols, &y.clone().into_dyn().mean(&[0], true)?);
    let py: Tensor<f64, Shape![B, 5]> = softmax!(y, 1);
    same(&py, &y.clone().into_dyn().softmax(1)?);
    // a transposed partly-dynamic tensor is read in place
    let yt: Tensor<f64, Strided<Shape![5, B]>> = transpose!(y, 0, 1);
    let per_row: Tensor<f64, Shape![5]> = sum!(yt: [5, B], -1);
    same(&per_row, &yt.clone().into_dyn().sum(&[-1], false)?);
    let pt: Tensor<f64, Shape![5, B]> = softmax!(yt, 0);
    assert_eq!(pt.stride(), &[3, 1]);
    same(&pt, &yt.into_dyn().softmax(0)?);
    Ok(())
}

const N_EMBD: usize = 6;
const ONE: usize = 1;

#[test]
fn named_constants_are_static_dims() -> Result<(), ViewError> {
    let x: Tensor<f64, Shape![4, { N_EMBD }]> = filled(&[4, 6], 1.8);
    let w: Tensor<f64, Shape![{ N_EMBD }, { 2 * N_EMBD }]> = filled(&[6, 12], 1.9);
    let h: Tensor<f64, Shape![4, 12]> = matmul!(x: [4, {N_EMBD}], w: [{N_EMBD}, {2 * N_EMBD}]);
    same(&h, &x.clone().into_dyn().matmul(&w.into_dyn())?);
    // a constant against a literal: rustc compares them
    let v: Tensor<f64, Shape![6]> = filled(&[6], 2.0);
    let xv: Tensor<f64, Shape![4]> = matmul!(x: [4, {N_EMBD}], v: [6]);
    same(&xv, &x.clone().into_dyn().matmul(&v.into_dyn())?);
    // broadcast of two constants, one of them 1
    let r: Tensor<f64, Shape![{ ONE }, 6]> = filled(&[1, 6], 2.1);
    let s: Tensor<f64, Shape![4, 6]> = add!(x: [4, {N_EMBD}], r: [{ONE}, 6]);
    same(&s, &x.into_dyn().add(&r.into_dyn())?);
    Ok(())
}

#[test]
fn empty_shapes_are_typed_as_the_dynamic_ops_give_them() -> Result<(), ViewError> {
    let a = Tensor::<f32, Shape![0, 3]>::zeros();
    let b = Tensor::<f32, Shape![3, 4]>::ones();
    let c: Tensor<f32, Shape![0, 4]> = matmul!(a: [0, 3], b: [3, 4]);
    assert_eq!(
        (c.shape(), c.stride()),
        (&[0usize, 4][..], &[4isize, 1][..])
    );
    let e = Tensor::<f32, Shape![2, 0]>::zeros();
    let f = Tensor::<f32, Shape![0, 5]>::zeros();
    let g: Tensor<f32, Shape![2, 5]> = matmul!(e: [2, 0], f: [0, 5]);
    assert_eq!(g.to_vec(), vec![0.0; 10]);
    let s: Tensor<f32, Shape![2]> = sum!(e: [2, 0], 1);
    assert_eq!(s.to_vec(), vec![0.0; 2]);
    let p: Tensor<f32, Shape![2, 0]> = softmax!(e, 0);
    assert_eq!(p.numel(), 0);
    let q: Tensor<f32, Shape![2, 0]> = add!(e: [2, 0], e: [2, 0]);
    assert_eq!(q.shape(), &[2, 0]);
    Ok(())
}

#[test]
fn operators_of_one_static_row_major_type_are_typed() -> Result<(), ViewError> {
    let a: Tensor<f64, Shape![2, 3]> = filled(&[2, 3], 2.2);
    let b: Tensor<f64, Shape![2, 3]> = filled(&[2, 3], 2.3);
    let (da, db) = (a.clone().into_dyn(), b.clone().into_dyn());
    let sum: Tensor<f64, Shape![2, 3]> = &a + &b;
    same(&sum, &(&da + &db)?);
    same(&(&a - &b), &(&da - &db)?);
    same(&(a.clone() * b.clone()), &(&da * &db)?);
    same(&(a / &b), &(&da / &db)?);
    Ok(())
}

#[test]
fn a_named_dim_against_a_number_is_compared_at_run_time_in_matmul() {
    dims!(T);
    let ok: Tensor<f64, Shape![T]> = filled(&[4], 2.4);
    let bad: Tensor<f64, Shape![T]> = filled(&[3], 2.5);
    let m: Tensor<f64, Shape![4, 5]> = filled(&[4, 5], 2.6);
    let v: Tensor<f64, Shape![5]> = matmul!(ok: [T], m: [4, 5]).unwrap();
    same(&v, &ok.into_dyn().matmul(&m.clone().into_dyn()).unwrap());
    let e = matmul!(bad: [T], m: [4, 5]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "mm: mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)"
    );
    // a broadcast is strict: T against 5 is a compile error (PyTorch's
    // message, ui-tests/fail/named_strict_broadcast_*), T against 1 is T
    let column: Tensor<f64, Shape![T, 1]> = filled(&[3, 1], 2.7);
    let row: Tensor<f64, Shape![1, 5]> = filled(&[1, 5], 2.8);
    let s: Tensor<f64, Shape![T, 5]> = add!(column: [T, 1], row: [1, 5]);
    same(&s, &column.into_dyn().add(&row.clone().into_dyn()).unwrap());
}
