//! Typed view ops (`t`/`mT`/`mH`, `expand!`, `unflatten!`, `unfold!`,
//! `diagonal!`, ...) agree with the dynamic ops they are built on.
//!
//! Each test takes a typed input whose layout is random (any strides,
//! including 0, and any storage offset, made with `as_strided` over a larger
//! storage), runs a fixed chain of typed ops on it and the same chain of
//! dynamic ops on the dynamic tensor, and compares every step: shape,
//! strides, offset, lazy bits and the elements read. The last test walks
//! random chains through a graph of typed shapes, one typed op per step.
//!
//! (Types are written out in full at each step, to show what each op gives.)
#![allow(clippy::type_complexity)]

use proptest::collection::vec;
use proptest::prelude::*;
use tensor_view::{
    diagonal, dims, expand, permute, transpose, unflatten, unfold, unsqueeze, view, view_as_real,
    view_dtype, Complex, Element, Layout, Shape, Strided, Tensor,
};

/// A dynamic tensor of `shape` whose layout is drawn from `bytes`: strides
/// from 0 to 3 times the row-major stride of a random dim order, plus a
/// random storage offset. Element `i` of the storage holds `i`.
fn random_layout(shape: &[usize], bytes: &[u8]) -> Tensor<i64> {
    random_view(shape, bytes, Tensor::<i64>::arange)
}

/// [`random_layout`] over the storage `storage(len)` makes.
fn random_view<T: Element>(
    shape: &[usize],
    bytes: &[u8],
    storage: impl Fn(usize) -> Tensor<T>,
) -> Tensor<T> {
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(0) as usize;
    let rank = shape.len();
    let mut order: Vec<usize> = (0..rank).collect();
    for i in (1..rank).rev() {
        order.swap(i, byte(i) % (i + 1));
    }
    let mut strides = vec![0isize; rank];
    let mut running = 1isize;
    for (k, &d) in order.iter().rev().enumerate() {
        let scale = byte(rank + k) % 4;
        strides[d] = running * scale as isize;
        running *= (shape[d].max(1) * scale.max(1)) as isize;
    }
    let offset = byte(2 * rank) % 5;
    let sizes: Vec<isize> = shape.iter().map(|&s| s as isize).collect();
    storage(running as usize + offset)
        .as_strided(&sizes, &strides, Some(offset as isize))
        .expect("strides within the storage")
}

/// The same view: shape, strides, offset, lazy bits and elements.
fn same<T: Element + PartialEq + std::fmt::Debug, S, S2>(
    typed: &Tensor<T, S>,
    dynamic: &Tensor<T, S2>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(typed.shape(), dynamic.shape());
    prop_assert_eq!(typed.stride(), dynamic.stride());
    prop_assert_eq!(typed.storage_offset(), dynamic.storage_offset());
    prop_assert_eq!(
        (typed.is_conj(), typed.is_neg()),
        (dynamic.is_conj(), dynamic.is_neg())
    );
    prop_assert_eq!(typed.to_vec(), dynamic.to_vec());
    prop_assert!(typed.shares_storage(dynamic));
    Ok(())
}

dims!(B);

type Batch = Shape![3, 2, 4];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn matrix_transposes_agree(bytes in vec(any::<u8>(), 8)) {
        let d = random_layout(&[3, 2, 4], &bytes);
        let x: Tensor<i64, Strided<Batch>> = d.clone().into_static().unwrap();
        let m = x.mT();
        let dm = d.mT().unwrap();
        same(&m, &dm)?;
        let h = m.mH();
        same(&h, &dm.mH().unwrap())?;
        let row = d.select(0, 1).unwrap();
        let typed_row: Tensor<i64, Strided<Shape![2, 4]>> = row.clone().into_static().unwrap();
        let t = typed_row.t();
        same(&t, &row.t().unwrap())?;
        same(&t.t(), &row)?;
    }

    #[test]
    fn matrix_transposes_of_partly_dynamic_tensors_agree(bytes in vec(any::<u8>(), 8), b in 0usize..4) {
        let d = random_layout(&[b, 5, 2], &bytes);
        let x: Tensor<i64, Strided<Shape![B, 5, 2]>> = d.clone().into_static().unwrap();
        let m: Tensor<i64, Strided<Shape![B, 2, 5]>> = x.mT();
        same(&m, &d.mT().unwrap())?;
        let rows: Tensor<i64, Shape![B, 10]> = Tensor::<i64>::arange(b * 10).view(&[b as isize, 10]).unwrap().into_static().unwrap();
        let t: Tensor<i64, Strided<Shape![10, B]>> = rows.t();
        same(&t, &rows.clone().into_dyn().t().unwrap())?;
    }

    #[test]
    fn expands_agree(bytes in vec(any::<u8>(), 8)) {
        let d = random_layout(&[3, 1, 4], &bytes);
        let x: Tensor<i64, Strided<Shape![3, 1, 4]>> = d.clone().into_static().unwrap();
        let e: Tensor<i64, Strided<Shape![2, 3, 5, 4]>> = expand!(x, [2, 3, 5, 4]);
        let de = d.expand(&[2, 3, 5, 4]).unwrap();
        same(&e, &de)?;
        let kept = expand!(x, [2, -1, 5, -1])?;
        same(&kept, &de)?;
        let stated: Tensor<i64, Strided<Shape![2, 3, 5, 4]>> = expand!(x: [3, 1, 4] => [2, -1, 5, -1]);
        same(&stated, &de)?;
        let m: Tensor<i64, Strided<Shape![2, 3, 4, 5]>> = e.mT();
        same(&m, &de.mT().unwrap())?;
        let again: Tensor<i64, Strided<Shape![6, 2, 3, 4, 5]>> = expand!(m, [6, 2, 3, 4, 5]);
        same(&again, &de.mT().unwrap().expand(&[6, 2, 3, 4, 5]).unwrap())?;
    }

    #[test]
    fn expands_of_partly_dynamic_tensors_check_named_dims_at_run_time(bytes in vec(any::<u8>(), 8), b in 0usize..4) {
        let d = random_layout(&[b, 1], &bytes);
        let x: Tensor<i64, Strided<Shape![B, 1]>> = d.clone().into_static().unwrap();
        let typed: Result<Tensor<i64, Strided<Shape![2, 3]>>, _> = expand!(x, [2, 3]);
        match (typed, d.expand(&[2, 3])) {
            (Ok(t), Ok(e)) => same(&t, &e)?,
            (Err(t), Err(e)) => prop_assert_eq!(t.to_string(), e.to_string()),
            (t, e) => prop_assert!(false, "typed {:?}, dynamic {:?}", t.map(|_| ()), e.map(|_| ())),
        }
    }

    #[test]
    fn unflattens_agree(bytes in vec(any::<u8>(), 8)) {
        let d = random_layout(&[2, 12, 3], &bytes);
        let x: Tensor<i64, Strided<Shape![2, 12, 3]>> = d.clone().into_static().unwrap();
        let typed = unflatten!(x, 1, [-1, 2, 3]);
        let dynamic = d.unflatten(1, &[-1, 2, 3]);
        match (typed, dynamic) {
            (Ok(t), Ok(e)) => {
                let t: Tensor<i64, Strided<Shape![2, 2, 2, 3, 3]>> = t;
                same(&t, &e)?;
            }
            (Err(t), Err(e)) => prop_assert_eq!(t.to_string(), e.to_string()),
            (t, e) => prop_assert!(false, "typed {:?}, dynamic {:?}", t.map(|_| ()), e.map(|_| ())),
        }
        let last = unflatten!(x, -1, [3, 1]);
        same(&last.unwrap(), &d.unflatten(-1, &[3, 1]).unwrap())?;
    }

    #[test]
    fn unflattens_of_row_major_tensors_cannot_fail(b in 0usize..3, offset in 0usize..3) {
        let storage = Tensor::<i64>::arange(b * 24 + offset);
        let d = storage.narrow(0, offset as isize, (b * 24) as isize).unwrap().view(&[b as isize, 24]).unwrap();
        let x: Tensor<i64, Shape![B, 24]> = d.clone().into_static().unwrap();
        let u: Tensor<i64, Shape![B, 2, 1, 12]> = unflatten!(x, 1, [2, 1, -1]);
        same(&u, &d.unflatten(1, &[2, 1, -1]).unwrap())?;
        let heads: Tensor<i64, Shape![B, 2, 1, 3, 4]> = unflatten!(u, -1, [3, 4]);
        same(&heads, &d.unflatten(1, &[2, 1, 3, 4]).unwrap())?;
        let flat: Tensor<i64, Shape![B, 24]> = view!(heads, [B, 24]);
        same(&flat, &d)?;
        let s = Tensor::<i64, Shape![0, 6]>::zeros();
        let e: Tensor<i64, Shape![0, 2, 3]> = unflatten!(s, 1, [2, 3]);
        same(&e, &s.clone().into_dyn().unflatten(1, &[2, 3]).unwrap())?;
    }

    #[test]
    fn parts_agree(bytes in vec(any::<u8>(), 8), conj in any::<bool>()) {
        let z = random_view(&[2, 3], &bytes, |n| {
            Tensor::<Complex<f32>>::from_fn(n, |i| Complex::new(i as f32, -2.0 * i as f32))
        });
        let z = if conj { z.conj() } else { z };
        let x: Tensor<Complex<f32>, Strided<Shape![2, 3]>> = z.clone().into_static().unwrap();
        let re: Tensor<f32, Strided<Shape![2, 3]>> = x.real();
        let im: Tensor<f32, Strided<Shape![2, 3]>> = x.imag();
        same(&re, &z.real().unwrap())?;
        same(&im, &z.imag().unwrap())?;
        let h = x.mH();
        same(&h.imag(), &z.mH().unwrap().imag().unwrap())?;
        let back: Tensor<f32, Strided<Shape![3, 2]>> = im.t();
        same(&back, &z.imag().unwrap().t().unwrap())?;
        let pairs: Result<Tensor<f32, Strided<Shape![2, 3, 2]>>, _> = view_as_real!(x: [2, 3]);
        match (pairs, z.view_as_real()) {
            (Ok(t), Ok(e)) => same(&t, &e)?,
            (t, e) => prop_assert_eq!(t.map(|_| ()), e.map(|_| ())),
        }
        prop_assert_eq!(view_as_real!(x).map(|t| t.to_vec()), z.view_as_real().map(|t| t.to_vec()));
    }

    #[test]
    fn unfolds_agree(bytes in vec(any::<u8>(), 8)) {
        let d = random_layout(&[7, 3], &bytes);
        let x: Tensor<i64, Strided<Shape![7, 3]>> = d.clone().into_static().unwrap();
        let typed: Tensor<i64, Strided<Shape![3, 3, 3]>> = unfold!(x: [7, 3] => 0, 3, 2);
        let dynamic = d.unfold(0, 3, 2).unwrap();
        same(&typed, &dynamic)?;
        let checked = unfold!(x, -1, 2, 1).unwrap();
        same(&checked, &d.unfold(-1, 2, 1).unwrap())?;
        let twice: Tensor<i64, Strided<Shape![3, 2, 3, 2]>> = unfold!(typed: [3, 3, 3] => 1, 2, 1);
        same(&twice, &dynamic.unfold(1, 2, 1).unwrap())?;
    }

    #[test]
    fn diagonals_agree(bytes in vec(any::<u8>(), 8), offset in -4isize..5) {
        let d = random_layout(&[3, 2, 4], &bytes);
        let x: Tensor<i64, Strided<Shape![3, 2, 4]>> = d.clone().into_static().unwrap();
        let main: Tensor<i64, Strided<Shape![2, 3]>> = diagonal!(x: [3, 2, 4] => 0, 0, 2);
        same(&main, &d.diagonal(0, 0, 2).unwrap())?;
        let above: Tensor<i64, Strided<Shape![4, 1]>> = diagonal!(x: [3, 2, 4] => 1, 0, 1);
        same(&above, &d.diagonal(1, 0, 1).unwrap())?;
        let below: Tensor<i64, Strided<Shape![3, 0]>> = diagonal!(x: [3, 2, 4] => -2, 1, 2);
        same(&below, &d.diagonal(-2, 1, 2).unwrap())?;
        let any = diagonal!(x, offset, -1, 0).unwrap();
        same(&any, &d.diagonal(offset, -1, 0).unwrap())?;
    }
}

#[test]
fn expand_as_decides_while_compiling_unless_a_named_dim_is_involved() {
    let bias = Tensor::<f32, Shape![1, 4]>::ones();
    let batch: Tensor<f32, Shape![B, 4]> = Tensor::<f32>::zeros(&[5, 4])
        .unwrap()
        .into_static()
        .unwrap();
    let b: Tensor<f32, Strided<Shape![B, 4]>> = bias.expand_as(&batch);
    let dynamic = bias.clone().into_dyn().expand_as(&batch).unwrap();
    assert_eq!((b.shape(), b.stride()), (dynamic.shape(), dynamic.stride()));
    let pair = Tensor::<f32, Shape![2, 4]>::zeros();
    let e = pair.expand_as(&batch).unwrap_err();
    assert_eq!(
        e.to_string(),
        pair.clone()
            .into_dyn()
            .expand_as(&batch)
            .unwrap_err()
            .to_string()
    );
    let five: Tensor<f32, Shape![B, 4]> = Tensor::<f32>::zeros(&[2, 4])
        .unwrap()
        .into_static()
        .unwrap();
    let same_size: Tensor<f32, Strided<Shape![B, 4]>> = pair.expand_as(&five).unwrap();
    assert!(same_size.shares_storage(&pair));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn dtype_views_agree(bytes in vec(any::<u8>(), 8)) {
        let d = random_layout(&[3, 4], &bytes);
        let x: Tensor<i64, Strided<Shape![3, 4]>> = d.clone().into_static().unwrap();
        let same_size: Result<Tensor<f64, Strided<Shape![3, 4]>>, _> = x.view_dtype::<f64>();
        match (same_size, d.view_dtype::<f64>()) {
            (Ok(t), Ok(e)) => same(&t, &e)?,
            (t, e) => prop_assert_eq!(t.map(|_| ()), e.map(|_| ())),
        }
        match (x.view_dtype::<u16>(), d.view_dtype::<u16>()) {
            (Ok(t), Ok(e)) => same(&t, &e)?,
            (t, e) => prop_assert_eq!(t.map(|_| ()), e.map(|_| ())),
        }
        let halves = d.view_dtype::<i32>();
        if let Ok(h) = halves {
            let typed: Tensor<i32> = x.view_dtype::<i32>().unwrap();
            same(&typed, &h)?;
            if let Ok(narrow) = h.narrow(1, 0, 4).and_then(|n| n.contiguous()) {
                let rows: Tensor<i32, Shape![3, 4]> = narrow.clone().into_static().unwrap();
                match (rows.view_dtype::<Complex<f32>>(), narrow.view_dtype::<Complex<f32>>()) {
                    (Ok(t), Ok(e)) => same(&t, &e)?,
                    (t, e) => prop_assert_eq!(t.map(|_| ()), e.map(|_| ())),
                }
            }
        }
    }
}

proptest! {
    #[test]
    fn stated_dtype_views_agree(bytes in vec(any::<u8>(), 8)) {
        let d = random_layout(&[3, 4], &bytes);
        let x: Tensor<i64, Strided<Shape![3, 4]>> = d.clone().into_static().unwrap();
        let narrower: Result<Tensor<u16, Strided<Shape![3, 16]>>, _> = view_dtype!(x: [3, 4] as u16);
        match (narrower, d.view_dtype::<u16>()) {
            (Ok(t), Ok(e)) => same(&t, &e)?,
            (t, e) => prop_assert_eq!(t.map(|_| ()), e.map(|_| ())),
        }
        let wider: Result<Tensor<Complex<f64>, Strided<Shape![3, 2]>>, _> =
            view_dtype!(x: [3, 4] as Complex<f64>);
        match (wider, d.view_dtype::<Complex<f64>>()) {
            (Ok(t), Ok(e)) => same(&t, &e)?,
            (t, e) => prop_assert_eq!(t.map(|_| ()), e.map(|_| ())),
        }
    }
}

#[test]
fn stated_dtype_views_of_row_major_tensors_are_row_major() {
    let d = Tensor::<u8>::arange(48).view(&[4, 12]).unwrap();
    let x: Tensor<u8, Shape![4, 12]> = d.clone().into_static().unwrap();
    let words: Tensor<f32, Shape![4, 3]> = view_dtype!(x: [4, 12] as f32).unwrap();
    let back: Tensor<u8, Shape![4, 12]> = view_dtype!(words: [4, 3] as u8).unwrap();
    let dynamic = d.view_dtype::<f32>().unwrap();
    assert_eq!(
        (words.shape(), words.stride()),
        (dynamic.shape(), dynamic.stride())
    );
    assert_eq!(back.to_vec(), d.to_vec());
    assert!(back.shares_storage(&x));
    let halves: Tensor<f32, Shape![2, 6]> =
        view_dtype!(Tensor::<f64, Shape![2, 3]>::ones(): [2, 3] as f32).unwrap();
    let expected = Tensor::<f64>::ones(&[2, 3])
        .unwrap()
        .view_dtype::<f32>()
        .unwrap();
    assert_eq!(halves.to_vec(), expected.to_vec());
}

/// `view_dtype!` of a `Layout!` input against the dynamic op on the same
/// layout: the shape, strides, values and storage agree, and the result's
/// type holds the scaled strides.
fn agrees_with_dynamic<T: Element, U: Element + PartialEq + std::fmt::Debug, S, R>(
    input: &Tensor<T, S>,
    typed: &Tensor<U, R>,
) {
    let dynamic = input.clone().into_dyn().view_dtype::<U>().unwrap();
    assert_eq!(
        (typed.shape(), typed.stride(), typed.storage_offset()),
        (dynamic.shape(), dynamic.stride(), dynamic.storage_offset())
    );
    assert_eq!(typed.to_vec(), dynamic.to_vec());
    assert!(typed.shares_storage(input));
}

#[test]
fn stated_dtype_views_of_known_layouts_are_typed_with_scaled_strides() {
    let x = Tensor::<u8>::arange(64)
        .view(&[4, 2, 8])
        .unwrap()
        .into_static::<Shape![4, 2, 8]>()
        .unwrap();
    // Strides [8, 16, 1]: a larger type divides them, a smaller one multiplies them.
    let t: Tensor<u8, Layout![[2, 4, 8], [8, 16, 1]]> = transpose!(x, 0, 1);
    let words: Tensor<u32, Layout![[2, 4, 2], [2, 4, 1]]> =
        view_dtype!(t: [2, 4, 8] as u32).unwrap();
    agrees_with_dynamic(&t, &words);
    let pairs: Tensor<u16, Layout![[2, 4, 4], [4, 8, 1]]> =
        view_dtype!(t: [2, 4, 8] as u16).unwrap();
    agrees_with_dynamic(&t, &pairs);
    let back: Tensor<u8, Layout![[2, 4, 8], [8, 16, 1]]> =
        view_dtype!(words: [2, 4, 2] as u8).unwrap();
    agrees_with_dynamic(&words, &back);
    assert_eq!(back.to_vec(), t.to_vec());
    let same: Tensor<i8, Layout![[2, 4, 8], [8, 16, 1]]> = view_dtype!(t: [2, 4, 8] as i8).unwrap();
    agrees_with_dynamic(&t, &same);
    // A permute and an unsqueeze (a size-1 dim with its own stride).
    let f = Tensor::<f32>::from_fn(24, |i| i as f32)
        .view(&[2, 3, 4])
        .unwrap()
        .into_static::<Shape![2, 3, 4]>()
        .unwrap();
    let p: Tensor<f32, Layout![[3, 2, 4], [4, 12, 1]]> = permute!(f, [1, 0, 2]);
    let u: Tensor<f32, Layout![[3, 1, 2, 4], [4, 24, 12, 1]]> = unsqueeze!(p, 1);
    let bytes: Tensor<u8, Layout![[3, 1, 2, 16], [16, 96, 48, 1]]> =
        view_dtype!(u: [3, 1, 2, 4] as u8).unwrap();
    agrees_with_dynamic(&u, &bytes);
    let doubles: Tensor<f64, Layout![[3, 1, 2, 2], [2, 12, 6, 1]]> =
        view_dtype!(u: [3, 1, 2, 4] as f64).unwrap();
    agrees_with_dynamic(&u, &doubles);
    // A 0-d tensor whose (empty) strides are in its type, between elements of one size.
    let scalar: Tensor<f32, Layout![[], []]> = Tensor::<f32>::scalar(1.5).into_static().unwrap();
    let bits: Tensor<u32, Layout![[], []]> = view_dtype!(scalar: [] as u32).unwrap();
    agrees_with_dynamic(&scalar, &bits);
    // The storage offset is not in the type: checked at run time, as PyTorch does.
    let tail = Tensor::<u8>::arange(33)
        .narrow(0, 1, 32)
        .unwrap()
        .view(&[4, 8])
        .unwrap()
        .into_static::<Shape![4, 8]>()
        .unwrap();
    let tt: Tensor<u8, Layout![[8, 4], [1, 8]]> = transpose!(tail, 0, 1);
    let rows: Tensor<u8, Layout![[4, 8], [8, 1]]> = transpose!(tt, 0, 1);
    let typed = view_dtype!(rows: [4, 8] as u32).unwrap_err();
    let dynamic = rows.clone().into_dyn().view_dtype::<u32>().unwrap_err();
    assert_eq!(typed.to_string(), dynamic.to_string());
}

#[test]
fn stated_dtype_views_leave_offsets_and_lazy_bits_to_run_time() {
    let d = Tensor::<u8>::arange(9);
    let tail: Tensor<u8, Shape![8]> = d.narrow(0, 1, 8).unwrap().into_static().unwrap();
    let typed = view_dtype!(tail: [8] as u16).unwrap_err();
    let dynamic = d.narrow(0, 1, 8).unwrap().view_dtype::<u16>().unwrap_err();
    assert_eq!(typed.to_string(), dynamic.to_string());
    let head: Tensor<u8, Shape![8]> = d.narrow(0, 0, 8).unwrap().into_static().unwrap();
    let words: Tensor<u16, Shape![4]> = view_dtype!(head: [8] as u16).unwrap();
    assert_eq!(words.to_vec()[0], u16::from_ne_bytes([0, 1]));
    let z = Tensor::<Complex<f32>, Shape![2, 2]>::zeros();
    let conj = z.mH();
    let e = view_dtype!(conj: [2, 2] as f32).unwrap_err();
    assert_eq!(
        e.to_string(),
        z.into_dyn()
            .mH()
            .unwrap()
            .view_dtype::<f32>()
            .unwrap_err()
            .to_string()
    );
}

#[test]
fn stated_dtype_views_keep_named_dims() {
    dims!(B);
    let d = Tensor::<f32>::from_fn(12, |i| i as f32)
        .view(&[3, 4])
        .unwrap();
    let x: Tensor<f32, Shape![B, 4]> = d.clone().into_static().unwrap();
    let bytes: Tensor<u8, Shape![B, 16]> = view_dtype!(x: [B, 4] as u8).unwrap();
    let pairs: Tensor<f64, Shape![B, 2]> = view_dtype!(x: [B, 4] as f64).unwrap();
    let expected = d.view_dtype::<u8>().unwrap();
    assert_eq!(
        (bytes.shape(), bytes.stride()),
        (expected.shape(), expected.stride())
    );
    assert_eq!(bytes.to_vec(), expected.to_vec());
    assert_eq!(pairs.shape(), &[3, 2]);
}

#[test]
fn dtype_views_refuse_lazy_bits_like_the_dynamic_op() {
    let z = Tensor::<Complex<f32>, Shape![2, 2]>::full(Complex::new(1.0, 2.0));
    let h = z.mH();
    let typed = h.view_dtype::<u64>().unwrap_err();
    let dynamic = z
        .clone()
        .into_dyn()
        .mH()
        .unwrap()
        .view_dtype::<u64>()
        .unwrap_err();
    assert_eq!(typed.to_string(), dynamic.to_string());
    let bits: Tensor<u64, Shape![2, 2]> = z.view_dtype::<u64>().unwrap();
    assert!(bits.shares_storage(&z));
}

#[test]
fn partly_dynamic_tensors_keep_their_symbols_through_parts_and_dtype_views() {
    let z = Tensor::<Complex<f32>>::from_fn(12, |i| Complex::new(i as f32, 1.0))
        .view(&[3, 4])
        .unwrap();
    let typed: Tensor<Complex<f32>, Shape![B, 4]> = z.clone().into_static().unwrap();
    let re: Tensor<f32, Strided<Shape![B, 4]>> = typed.real();
    assert_eq!(
        (re.stride(), re.to_vec()),
        (z.real().unwrap().stride(), z.real().unwrap().to_vec())
    );
    let bits: Tensor<u64, Shape![B, 4]> = typed.view_dtype::<u64>().unwrap();
    assert_eq!(bits.to_vec(), z.view_dtype::<u64>().unwrap().to_vec());
    let bytes: Tensor<u8> = typed.view_dtype::<u8>().unwrap();
    assert_eq!(bytes.shape(), &[3, 32]);
    let strided: Tensor<Complex<f32>, Strided<Shape![4, B]>> = typed.t();
    let split: Tensor<Complex<f32>, Strided<Shape![2, 2, B]>> =
        unflatten!(strided, 0, [2, 2]).unwrap();
    let dynamic = z.t().unwrap().unflatten(0, &[2, 2]).unwrap();
    assert_eq!(
        (split.shape(), split.stride()),
        (dynamic.shape(), dynamic.stride())
    );
}

#[test]
fn m_h_of_a_complex_batch_conjugates_like_the_dynamic_op() {
    let z = Tensor::<Complex<f32>>::from_fn(12, |i| Complex::new(i as f32, 1.0 + i as f32))
        .view(&[2, 2, 3])
        .unwrap();
    let typed: Tensor<Complex<f32>, Shape![2, 2, 3]> = z.clone().into_static().unwrap();
    let h: Tensor<Complex<f32>, Strided<Shape![2, 3, 2]>> = typed.mH();
    let dh = z.mH().unwrap();
    assert_eq!((h.stride(), h.is_conj()), (dh.stride(), dh.is_conj()));
    assert!(h.is_conj());
    assert_eq!(h.to_vec(), dh.to_vec());
    let rows: Tensor<f32, Shape![2, 2, 3, 2]> = view_as_real!(typed: [2, 2, 3]).unwrap();
    assert_eq!(rows.stride(), z.view_as_real().unwrap().stride());
    let scalar: Tensor<Complex<f32>, Shape![]> = Tensor::scalar(Complex::new(1.0, 2.0))
        .into_static()
        .unwrap();
    let s: Tensor<Complex<f32>, Shape![]> = scalar.mH();
    assert_eq!(s.get::<usize>(&[]).unwrap(), Complex::new(1.0, -2.0));
}

#[test]
fn negative_bits_survive_the_trip_to_a_typed_tensor_and_back() {
    let z = Tensor::<Complex<f32>>::from_fn(4, |i| Complex::new(i as f32, 1.0 + i as f32));
    let im = z.conj().imag().unwrap();
    assert!(im.is_neg());
    let typed: Tensor<f32, Strided<Shape![4]>> = im.clone().into_static().unwrap();
    assert_eq!(typed.to_vec(), im.to_vec());
    let back = typed.into_dyn();
    assert!(back.is_neg());
    assert_eq!(back.to_vec(), vec![-1.0, -2.0, -3.0, -4.0]);
}

/// Where a random chain is: the typed shape of its tensor, one state per
/// shape the chains below can reach.
#[derive(Clone, Copy, Debug)]
enum At {
    Start,
    Swapped,
    Expanded,
    Split,
    Wide,
    Diagonal,
    Rows,
    Columns,
    /// The end of a chain (a shape no step below starts from).
    Done,
}

/// Both results of one step: the typed op's (as a dynamic tensor) and the
/// dynamic op's, or the same error from both.
fn agree<S>(
    typed: Result<Tensor<i64, S>, tensor_view::ViewError>,
    dynamic: Result<Tensor<i64>, tensor_view::ViewError>,
) -> Result<Option<Tensor<i64>>, TestCaseError> {
    match (typed, dynamic) {
        (Ok(t), Ok(d)) => {
            same(&t, &d)?;
            Ok(Some(d))
        }
        (Err(t), Err(d)) => {
            prop_assert_eq!(t.to_string(), d.to_string());
            Ok(None)
        }
        (t, d) => Err(TestCaseError::fail(format!(
            "typed {:?}, dynamic {:?}",
            t.map(|_| ()),
            d.map(|_| ())
        ))),
    }
}

/// One random step from `at`: a typed op on `d` typed as `at` says, checked
/// against the dynamic op; the next state and tensor, or `None` when both
/// refused (the chain then ends).
fn step(at: At, d: &Tensor<i64>, choice: u8) -> Result<Option<(At, Tensor<i64>)>, TestCaseError> {
    macro_rules! typed {
        ($($dim:literal),*) => {
            d.clone()
                .into_static::<Strided<Shape![$($dim),*]>>()
                .expect("the state's shape")
        };
    }
    let pick = |n: u8| choice % n;
    let next = match at {
        At::Start => {
            let x = typed!(3, 1, 4);
            match pick(4) {
                0 => (At::Swapped, agree(Ok(x.mT()), d.mT())?),
                3 => {
                    let like = Tensor::<u8, Shape![2, 3, 5, 4]>::zeros();
                    (
                        At::Expanded,
                        agree(Ok(x.expand_as(&like)), d.expand_as(&like))?,
                    )
                }
                1 => {
                    let e: Tensor<i64, Strided<Shape![2, 3, 5, 4]>> = expand!(x, [2, 3, 5, 4]);
                    (At::Expanded, agree(Ok(e), d.expand(&[2, 3, 5, 4]))?)
                }
                _ => (
                    At::Split,
                    agree(unflatten!(x, -1, [2, -1]), d.unflatten(-1, &[2, -1]))?,
                ),
            }
        }
        At::Swapped => {
            let x = typed!(3, 4, 1);
            match pick(2) {
                0 => (At::Start, agree(Ok(x.mH()), d.mH())?),
                _ => {
                    let e: Tensor<i64, Strided<Shape![3, 4, 6]>> = expand!(x, [3, 4, 6]);
                    (At::Wide, agree(Ok(e), d.expand(&[3, 4, 6]))?)
                }
            }
        }
        At::Expanded => {
            let x = typed!(2, 3, 5, 4);
            match pick(2) {
                0 => {
                    let g: Tensor<i64, Strided<Shape![2, 5, 3]>> =
                        diagonal!(x: [2, 3, 5, 4] => 0, 1, 3);
                    (At::Diagonal, agree(Ok(g), d.diagonal(0, 1, 3))?)
                }
                _ => {
                    let w: Tensor<i64, Strided<Shape![2, 3, 2, 4, 2]>> =
                        unfold!(x: [2, 3, 5, 4] => 2, 2, 3);
                    (At::Done, agree(Ok(w), d.unfold(2, 2, 3))?)
                }
            }
        }
        At::Split => {
            let x = typed!(3, 1, 2, 2);
            (
                At::Done,
                agree(unflatten!(x, 1, [1, 1]), d.unflatten(1, &[1, 1]))?,
            )
        }
        At::Wide => {
            let x = typed!(3, 4, 6);
            match pick(2) {
                0 => {
                    let g: Tensor<i64, Strided<Shape![6, 3]>> = diagonal!(x: [3, 4, 6] => 0, 0, 1);
                    (At::Rows, agree(Ok(g), d.diagonal(0, 0, 1))?)
                }
                _ => {
                    let w: Tensor<i64, Strided<Shape![3, 4, 2, 3]>> =
                        unfold!(x: [3, 4, 6] => -1, 3, 3);
                    (At::Done, agree(Ok(w), d.unfold(-1, 3, 3))?)
                }
            }
        }
        At::Rows => {
            let x = typed!(6, 3);
            (At::Columns, agree(Ok(x.t()), d.t())?)
        }
        At::Columns => {
            let x = typed!(3, 6);
            match pick(2) {
                0 => (At::Rows, agree(Ok(x.t()), d.t())?),
                _ => {
                    let e: Tensor<i64, Strided<Shape![2, 3, 6]>> = expand!(x, [2, 3, 6]);
                    (At::Done, agree(Ok(e), d.expand(&[2, 3, 6]))?)
                }
            }
        }
        At::Diagonal => {
            let x = typed!(2, 5, 3);
            (At::Done, agree(Ok(x.mT()), d.mT())?)
        }
        At::Done => return Ok(None),
    };
    Ok(next.1.map(|t| (next.0, t)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random chains of typed ops on a random layout agree with the same
    /// chains of dynamic ops, step by step.
    #[test]
    fn random_chains_of_typed_ops_agree(layout in vec(any::<u8>(), 8), choices in vec(any::<u8>(), 1..8)) {
        let mut at = At::Start;
        let mut d = random_layout(&[3, 1, 4], &layout);
        for &choice in &choices {
            match step(at, &d, choice)? {
                Some((next, tensor)) => {
                    at = next;
                    d = tensor;
                }
                None => break,
            }
        }
    }
}
