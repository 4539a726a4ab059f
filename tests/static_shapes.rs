//! Static shapes end to end: `Shape!`, `view!` (static, inferred, mixed,
//! dynamic), the static ops and the conversions, checked against the layouts
//! the dynamic core (and so PyTorch) gives.

// Written-out static tensor types score high on clippy's measure; see docs/compile-time.md.
#![allow(clippy::type_complexity)]

use tensor_view::{
    flatten, permute, squeeze, transpose, unsqueeze, view, Layout, Shape, Strided, Tensor,
    ViewError,
};

#[test]
fn spec_example_runs() -> Result<(), ViewError> {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let y: Tensor<f32, Shape![2, 8]> = view!(x, [-1, 8]);
    let z: Tensor<f32, Shape![16]> = view!(y, [16]);
    let d: Tensor<f32> = z.into_dyn();
    let s: Tensor<f32, Shape![2, 2, 4]> = d.view(&[2, 2, 4])?.into_static()?;
    let r = view!(d, [2, -1]);
    assert_eq!(s.stride(), &[8, 4, 1]);
    assert_eq!(r?.shape(), &[2, 8]);
    assert!(s.shares_storage(&x));
    Ok(())
}

/// A static tensor with values 0..n in row-major order.
fn arange<S: tensor_view::static_shape::StaticShape>() -> Tensor<f32, S> {
    Tensor::<f32>::arange(S::NUMEL)
        .view(&S::dims().iter().map(|&d| d as isize).collect::<Vec<_>>())
        .unwrap()
        .into_static()
        .unwrap()
}

#[test]
fn static_views_match_the_dynamic_core() {
    let x = arange::<Shape![2, 3, 4]>();
    let d = x.clone().into_dyn();
    let v: Tensor<f32, Shape![6, 4]> = view!(x, [-1, 4]);
    let w = d.view(&[-1, 4]).unwrap();
    assert_eq!((v.shape(), v.stride()), (w.shape(), w.stride()));
    assert_eq!(v.to_vec(), w.to_vec());
    let e: Tensor<f32, Shape![24, 1, 1]> = view!(v, [24, 1, -1]);
    assert_eq!(e.stride(), d.view(&[24, 1, -1]).unwrap().stride());
    let s: Tensor<f32, Shape![]> = view!(arange::<Shape![1]>(), []);
    assert_eq!(s.dim(), 0);
}

#[test]
fn views_keep_the_storage_offset() {
    let base = Tensor::<f32>::arange(20);
    let tail = base.view(&[5, 4]).unwrap();
    let narrowed = tail
        .view(&[-1])
        .unwrap()
        .into_static::<Shape![20]>()
        .unwrap();
    let v: Tensor<f32, Shape![4, 5]> = view!(narrowed, [4, -1]);
    assert_eq!(v.storage_offset(), narrowed.storage_offset());
    assert!(v.shares_storage(&base));
}

#[test]
fn views_after_a_static_transpose_are_decided_while_compiling() {
    let x = arange::<Shape![4, 4]>();
    let t: Tensor<f32, Layout![[4, 4], [1, 4]]> = transpose!(x, 0, 1);
    // `view!(t, [16])` does not compile (ui-tests/fail/view_after_transpose_needs_a_copy.rs);
    // the view that keeps the data in place is typed, with no `Result`.
    let ok: Tensor<f32, Layout![[4, 2, 2], [1, 8, 4]]> = view!(t, [4, 2, -1]);
    let d = t.clone().into_dyn().view(&[4, 2, -1]).unwrap();
    assert_eq!((ok.shape(), ok.stride()), (d.shape(), d.stride()));
    // A view that needs a copy is still a run-time error on a `Strided` tensor.
    let s = t.into_dyn().into_static::<Strided<Shape![4, 4]>>().unwrap();
    assert_eq!(
        view!(s, [16]).unwrap_err().to_string(),
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
    );
}

#[test]
fn mixed_dims_check_the_rest_at_run_time() {
    let x = arange::<Shape![4, 4, 64]>();
    let batch = 2usize;
    let y = view!(x, [batch, -1, 64]).unwrap();
    assert_eq!(y.shape(), &[2, 8, 64]);
    let three = 3i64;
    assert_eq!(
        view!(x, [three, -1, 64]).unwrap_err().to_string(),
        "shape '[3, -1, 64]' is invalid for input of size 1024"
    );
}

#[test]
fn dynamic_inputs_fall_back_to_view() {
    let d = Tensor::<f32>::arange(16);
    assert_eq!(view!(d, [4, -1]).unwrap().shape(), &[4, 4]);
    assert_eq!(
        view!(d, [3, 3]).unwrap_err().to_string(),
        "shape '[3, 3]' is invalid for input of size 16"
    );
    assert_eq!(view!(&d, [16]).unwrap().stride(), &[1]);
}

#[test]
fn static_ops_keep_shapes_static_and_layouts_exact() {
    let x = arange::<Shape![2, 3, 4]>();
    let d = x.clone().into_dyn();
    let p: Tensor<f32, Layout![[4, 2, 3], [1, 12, 4]]> = permute!(x, [2, 0, -2]);
    let q = d.permute(&[2, 0, 1]).unwrap();
    assert_eq!((p.shape(), p.stride()), (q.shape(), q.stride()));
    let t: Tensor<f32, Layout![[4, 3, 2], [1, 4, 12]]> = transpose!(x, 0, -1);
    assert_eq!(t.stride(), d.transpose(0, -1).unwrap().stride());
    let u: Tensor<f32, Shape![2, 3, 1, 4]> = unsqueeze!(x, 2);
    assert_eq!(u.stride(), &[12, 4, 4, 1]);
    let s: Tensor<f32, Shape![2, 3, 4]> = squeeze!(u, -2);
    assert_eq!(s.stride(), &[12, 4, 1]);
    let kept: Tensor<f32, Shape![2, 3, 4]> = squeeze!(s, 0);
    assert_eq!(kept.shape(), &[2, 3, 4]);
    let f: Tensor<f32, Shape![2, 12]> = flatten!(x, 1);
    assert_eq!(f.stride(), &[12, 1]);
    let all: Tensor<f32, Shape![24]> = flatten!(x);
    assert!(all.shares_storage(&x));
    let tf: Tensor<f32, Strided<Shape![12, 2]>> = flatten!(t, 0, 1).unwrap();
    assert!(!tf.shares_storage(&x));
    assert_eq!(
        tf.to_vec(),
        d.transpose(0, -1).unwrap().flatten(0, 1).unwrap().to_vec()
    );
}

#[test]
fn unsqueeze_of_an_empty_tensor_keeps_pytorchs_zero_stride() {
    let x = Tensor::<f32, Shape![0, 3]>::zeros();
    let u: Tensor<f32, Strided<Shape![1, 0, 3]>> = unsqueeze!(x, 0);
    assert_eq!(u.stride(), &[0, 3, 1]);
}

#[test]
fn static_ops_on_dynamic_tensors_return_results() {
    let d = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    assert_eq!(transpose!(d, 0, 1).unwrap().shape(), &[3, 2]);
    assert_eq!(
        transpose!(d, 0, 2).unwrap_err().to_string(),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
    assert_eq!(permute!(d, [1, 0]).unwrap().shape(), &[3, 2]);
    assert_eq!(unsqueeze!(d, -1).unwrap().shape(), &[2, 3, 1]);
    let dim = 1;
    assert_eq!(squeeze!(d, dim).unwrap().shape(), &[2, 3]);
}

#[test]
fn into_static_checks_shape_and_strides() {
    let d = Tensor::<u8>::arange(6).view(&[2, 3]).unwrap();
    assert_eq!(
        d.clone()
            .into_static::<Shape![3, 2]>()
            .unwrap_err()
            .to_string(),
        "into_static(): expected a tensor of shape [3, 2], but got shape [2, 3]"
    );
    let t = d.transpose(0, 1).unwrap();
    assert!(matches!(
        t.clone().into_static::<Shape![3, 2]>(),
        Err(ViewError::StaticStridesMismatch { .. })
    ));
    let s = t.into_static::<Strided<Shape![3, 2]>>().unwrap();
    assert_eq!(s.stride(), &[1, 3]);
}

#[test]
fn large_dims_beyond_typenum_aliases_work() {
    let x = Tensor::<u8, Shape![3072, 3]>::zeros();
    let y: Tensor<u8, Shape![9216]> = view!(x, [-1]);
    let z: Tensor<u8, Shape![3, 3072]> = view!(y, [3, -1]);
    assert_eq!(z.shape(), &[3, 3072]);
}

#[test]
fn inferred_dims_of_large_and_prime_divisors() {
    let x = Tensor::<u8, Shape![4096, 3072]>::zeros();
    let y: Tensor<u8, Shape![12288, 1024]> = view!(x, [-1, 1024]);
    let z: Tensor<u8, Shape![3, 4096, 1024]> = view!(y, [3, -1, 1024]);
    assert_eq!(z.stride(), &[4194304, 1024, 1]);
    // 4099 is a prime above the step tables' range: typenum divides by it.
    let p = Tensor::<u8, Shape![2, 4099]>::zeros();
    let q: Tensor<u8, Shape![4099, 2]> = view!(p, [4099, -1]);
    let r: Tensor<u8, Shape![1, 8198]> = view!(q, [-1, 8198]);
    assert_eq!(r.shape(), &[1, 8198]);
}

#[test]
fn a_stated_source_shape_lets_the_macro_do_the_arithmetic() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let y: Tensor<f32, Shape![2, 8]> = view!(x: [4, 4] => [-1, 8]);
    assert_eq!(y.stride(), &[8, 1]);
    let d = x.into_dyn();
    assert_eq!(view!(d: [4, 4] => [16]).unwrap().shape(), &[16]);
}

#[test]
fn spec_constructors_of_both_kinds_resolve_with_shape_in_scope() {
    // SPEC §2's dynamic form with the element type from the annotation, and
    // SPEC §3's static form, in one scope that imports the `Shape` trait+macro.
    use tensor_view::{Shape, Tensor};
    let d: Tensor<f32> = Tensor::zeros(&[2, 3]).unwrap();
    let s = Tensor::<f32, Shape![2, 3]>::zeros();
    assert_eq!(d.shape(), s.shape());
    assert_eq!(d.to_vec(), s.to_vec());
    let o = Tensor::<u8, Shape![2]>::ones();
    assert_eq!(o.to_vec(), vec![1, 1]);
}
