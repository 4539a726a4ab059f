//! A typed tensor's type is always true (issue 31, item 2): each way the
//! public API once gave a tensor a type that was not its own, tried again.
//! Each now builds the tensor the type states, returns an error, or panics
//! instead of handing out a tensor whose type lies; the ways that no
//! longer compile are the `sealed_*` cases of ui-tests/fail.

// `Shape![..]` and `Layout![..]` types expand to typenum types clippy finds complex.
#![allow(clippy::type_complexity)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use tensor_view::static_shape::{
    expand_any, fixed_result, narrow_any, split_any, typed, typed_kept, typed_pieces, unbind_any,
    view_checked, ContiguousStrides, Fallible, Infallible, Literal, OfStatedShape, Pieces, Static,
};
use tensor_view::typenum::{U16, U4, U7};
use tensor_view::{view, Layout, Shape, Strided, Tensor, ViewError};

/// The bytes `torch.empty_strided(dims, strides)` allocates for `T`: one
/// past the farthest element it addresses (PyTorch's computeStorageNbytes).
fn empty_strided_nbytes(dims: &[usize], strides: &[isize], element_size: usize) -> usize {
    if dims.contains(&0) {
        return 0;
    }
    let farthest: usize = dims
        .iter()
        .zip(strides)
        .map(|(&d, &s)| (d - 1) * s as usize)
        .sum();
    (farthest + 1) * element_size
}

/// Every element's value read through the typed tensor equals the value
/// written at its storage position (offset = Σ index · stride), so the
/// tensor really is laid out with the strides it reports.
fn laid_out_as_reported<S>(t: &Tensor<i64, S>) {
    let d = t.clone().into_dyn();
    let base = d.as_strided(&[d.storage_nbytes() / 8], &[1], 0).unwrap();
    for p in 0..base.numel() {
        base.set(&[p as isize], p as i64).unwrap();
    }
    let values = d.to_vec();
    let mut index = vec![0usize; d.dim()];
    for &value in &values {
        let at: isize = index
            .iter()
            .zip(d.stride())
            .map(|(&i, &s)| i as isize * s)
            .sum();
        assert_eq!(value, at as i64, "index {index:?}");
        for k in (0..index.len()).rev() {
            index[k] += 1;
            if index[k] < d.shape()[k] {
                break;
            }
            index[k] = 0;
        }
    }
}

macro_rules! layout_cases {
    ($([$($d:tt),*], [$($s:tt),*]);* $(;)?) => {$({
        let t = Tensor::<i64, Layout![[$($d),*], [$($s),*]]>::zeros();
        let (dims, strides) = (&[$($d),*], &[$($s),*]);
        assert_eq!((t.shape(), t.stride()), (&dims[..], &strides[..]));
        assert_eq!(t.storage_offset(), 0);
        assert_eq!(t.storage_nbytes(), empty_strided_nbytes(dims, strides, 8));
        laid_out_as_reported(&t);
        let ones = Tensor::<i64, Layout![[$($d),*], [$($s),*]]>::ones();
        assert_eq!(ones.stride(), &strides[..]);
        assert!(ones.to_vec().iter().all(|&v| v == 1));
    })*};
}

/// `zeros()`, `ones()` and `full()` of a `Layout!` type lay the tensor out
/// with the strides the type states, in a storage as large as
/// `torch.empty_strided` gives (checked against its definition), for
/// transposes, permutes, gaps and overlaps.
#[test]
fn layout_constructors_have_the_strides_the_type_states() {
    layout_cases!(
        [2, 3], [1, 2];
        [3, 2], [1, 3];
        [2, 3, 4], [1, 8, 2];
        [4, 2, 3], [1, 12, 4];
        [2, 2], [1, 1];
        [3], [5];
        [1, 4], [9, 2];
        [2, 1, 3], [1, 7, 2];
    );
}

/// A view the type allows of a constructed `Layout!` tensor is the view
/// PyTorch's rule gives from the strides the type states (it once read a
/// row-major tensor and panicked on the views its type allowed).
#[test]
fn views_of_a_constructed_layout_tensor_follow_its_strides() {
    let x = Tensor::<f32, Layout![[2, 3, 4], [1, 8, 2]]>::zeros();
    let merged = view!(x, [2, 12]);
    assert_eq!(merged.stride(), &[1, 2]);
    let dynamic = x.clone().into_dyn().view(&[2, 12]).unwrap();
    assert_eq!(merged.stride(), dynamic.stride());
    let t = Tensor::<f32, Layout![[2, 3], [1, 2]]>::full(2.0);
    let split = view!(t, [2, 3, 1]);
    assert_eq!(
        split.stride(),
        t.clone().into_dyn().view(&[2, 3, 1]).unwrap().stride()
    );
    assert_eq!(split.to_vec(), vec![2.0; 6]);
}

/// `into_static` refuses a tensor whose strides are not the `Layout!`
/// type's, in words that name the layout (not "a contiguous static shape").
#[test]
fn into_static_checks_a_layout_types_strides() {
    let row_major = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    let e = row_major
        .clone()
        .into_static::<Layout![[2, 3], [1, 2]]>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "into_static(): the type's layout needs strides [1, 2], but the tensor has strides [3, 1]"
    );
    let transposed = Tensor::<f32>::zeros(&[3, 2]).unwrap().t().unwrap();
    assert!(transposed.into_static::<Layout![[2, 3], [1, 2]]>().is_ok());
}

/// A hand-written `Static` whose parameters disagree (7 elements, but 16
/// in its `typenum` count and its dims) is refused by `into_static`; its
/// `zeros()` does not build (see ui-tests).
#[test]
fn a_hand_written_static_whose_counts_disagree_is_refused() {
    let d = Tensor::<f32>::zeros(&[4, 4]).unwrap();
    let e = d
        .clone()
        .into_static::<Static<7, U16, (U4, U4)>>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "into_static(): this static shape type was not written by `Shape!` or `Layout!`: its element count, dims and strides disagree"
    );
    assert!(d.clone().into_static::<Static<16, U7, (U4, U4)>>().is_err());
    assert!(d.into_static::<Static<16, U16, (U4, U4)>>().is_ok());
}

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// `typed` and `typed_kept` check the type they give: a fallible call
/// returns the error, an infallible one panics, neither lies.
#[test]
fn typed_and_typed_kept_check_the_type() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let fallible = OfStatedShape::<Fallible>::new();
    let wrong =
        typed::<Strided<Shape![4, 3]>, Fallible, _, f32>(&fallible, narrow_any(&x, 1, 0, 2));
    assert_eq!(
        wrong.unwrap_err().to_string(),
        "into_static(): expected a tensor of shape [4, 3], but got shape [4, 2]"
    );
    let right =
        typed::<Strided<Shape![4, 2]>, Fallible, _, f32>(&fallible, narrow_any(&x, 1, 0, 2));
    assert_eq!(right.unwrap().stride(), &[4, 1]);

    let infallible = OfStatedShape::<Infallible>::new();
    let message = panic_message(|| {
        let _ = typed::<Strided<Shape![2, 2]>, Infallible, _, f32>(
            &infallible,
            narrow_any(&x, 1, 0, 2),
        );
    });
    assert!(
        message.contains("expected a tensor of shape [2, 2], but got shape [4, 2]"),
        "{message}"
    );

    // Row-major as kept: columns 0..2 of a row-major [4, 4] are not row-major.
    let kept = OfStatedShape::<Infallible, ContiguousStrides>::new();
    let message = panic_message(|| {
        let _: Tensor<f32, Shape![4, 2]> =
            typed_kept::<Shape![4, 2], Infallible, _, f32>(&kept, narrow_any(&x, 1, 0, 2));
    });
    assert!(message.contains("strides"), "{message}");
    let rows: Tensor<f32, Shape![2, 4]> =
        typed_kept::<Shape![2, 4], Infallible, _, f32>(&kept, narrow_any(&x, 0, 1, 2));
    assert_eq!(rows.storage_offset(), 4);
}

/// `typed_pieces` and every method of `Pieces` check each piece's type.
#[test]
fn pieces_check_each_type() {
    let x = Tensor::<u8, Shape![2, 3]>::zeros();
    let message = panic_message(|| {
        let _: Tensor<u8, Strided<Shape![4]>> =
            Pieces::new(unbind_any(&x, 0).unwrap()).next_typed();
    });
    assert!(
        message.contains("expected a tensor of shape [4], but got shape [3]"),
        "{message}"
    );
    let message = panic_message(|| {
        let _: [Tensor<u8, Strided<Shape![2]>>; 2] =
            Pieces::new(unbind_any(&x, 0).unwrap()).array();
    });
    assert!(message.contains("got shape [3]"), "{message}");
    let kept = OfStatedShape::<Infallible, ContiguousStrides>::new();
    let message = panic_message(|| {
        let _ = Pieces::new(unbind_any(&x, 1).unwrap()).next_kept::<Shape![2], _>(&kept);
    });
    assert!(message.contains("strides"), "{message}");
    let message = panic_message(|| {
        let _ = Pieces::new(unbind_any(&x, 1).unwrap()).array_kept::<Shape![2], 3, _>(&kept);
    });
    assert!(message.contains("strides"), "{message}");
    let message = panic_message(|| {
        let _: [Tensor<u8, Strided<Shape![3]>>; 3] =
            Pieces::new(unbind_any(&x, 0).unwrap()).array();
    });
    assert!(message.contains("fewer pieces"), "{message}");

    let verdict = OfStatedShape::<Infallible>::new();
    let message = panic_message(|| {
        let _ = typed_pieces::<Infallible, _, _, _>(&verdict, split_any(&x, 1, 0), |mut p| {
            let a: Tensor<u8, Strided<Shape![1, 3]>> = p.next_typed();
            let b: Tensor<u8, Strided<Shape![1, 2]>> = p.next_typed();
            (a, b)
        });
    });
    assert!(message.contains("got shape [1, 3]"), "{message}");
    let rows: [Tensor<u8, Shape![3]>; 2] =
        Pieces::new(unbind_any(&x, 0).unwrap()).array_kept::<Shape![3], 2, _>(&kept);
    assert_eq!(rows[1].storage_offset(), 3);
}

/// `view_checked` (what `view!` calls) with a target written by hand
/// that the macro's count checks would have refused: a panic for a
/// row-major input, whose view returns no `Result`; the error for one with
/// run-time strides; never a tensor typed with dims it does not have.
#[test]
fn view_checked_refuses_a_target_written_by_hand() {
    let x = Tensor::<f32, Shape![4, 4]>::zeros();
    let message = panic_message(|| {
        let _ = view_checked::<Literal<(U7,)>, _, _>(&x, &[7]);
    });
    assert!(
        message.contains("do not hold the input's 16 elements"),
        "{message}"
    );
    let fine: Tensor<f32, Shape![16]> = view_checked::<Literal<(U16,)>, _, _>(&x, &[16]);
    assert_eq!(fine.stride(), &[1]);
    let s: Tensor<f32, Strided<Shape![4, 4]>> = Tensor::<f32>::zeros(&[4, 4])
        .unwrap()
        .into_static()
        .unwrap();
    let e = view_checked::<Literal<(U4, U4)>, _, _>(&s, &[16]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "into_static(): expected a tensor of shape [4, 4], but got shape [16]"
    );
}

/// `fixed_result` (what `expand!`, `unflatten!`, `unfold!` and
/// `diagonal!` call) checks the type it gives: an error for a
/// partly-dynamic input, a panic where the call returns no `Result`.
#[test]
fn fixed_result_checks_the_type() {
    let x = Tensor::<f32, Shape![1, 3]>::zeros();
    let right: Tensor<f32, Strided<Shape![4, 3]>> =
        fixed_result::<Strided<Shape![4, 3]>, _, _>(&x, expand_any(&x, &[4, 3]));
    assert_eq!(right.stride(), &[0, 1]);
    let message = panic_message(|| {
        let _: Tensor<f32, Strided<Shape![2, 3]>> =
            fixed_result::<Strided<Shape![2, 3]>, _, _>(&x, expand_any(&x, &[4, 3]));
    });
    assert!(
        message.contains("expected a tensor of shape [2, 3], but got shape [4, 3]"),
        "{message}"
    );
    tensor_view::dims!(B);
    let named: Tensor<f32, Shape![B, 3]> = Tensor::<f32>::zeros(&[1, 3])
        .unwrap()
        .into_static()
        .unwrap();
    let e = fixed_result::<Strided<Shape![2, 3]>, _, _>(&named, expand_any(&named, &[4, 3]));
    assert_eq!(
        e.unwrap_err().to_string(),
        "into_static(): expected a tensor of shape [2, 3], but got shape [4, 3]"
    );
}

/// The typed `softmax` and `masked_fill` of a `Layout!` tensor (issue 31,
/// item 7): PyTorch returns a fresh row-major tensor of the input's shape
/// (checked there: `x.t().softmax(-1).stride()` is `(3, 1)` for a [3, 2]
/// `x`), so the result is typed `Shape![..]`.
#[test]
fn softmax_and_masked_fill_of_a_layout_tensor_are_row_major() -> Result<(), ViewError> {
    let x = Tensor::<f32>::arange(6).view(&[3, 2])?.t()?;
    let t: Tensor<f32, Layout![[2, 3], [1, 2]]> = x.clone().into_static()?;
    let p: Tensor<f32, Shape![2, 3]> = t.softmax(-1)?;
    let dynamic = x.softmax(-1)?;
    assert_eq!(
        (p.stride(), p.to_vec()),
        (&[3isize, 1][..], dynamic.to_vec())
    );
    let mask = Tensor::from_vec(vec![true, false, true], &[3])?;
    let filled: Tensor<f32, Shape![2, 3]> = t.masked_fill(&mask, -1.0)?;
    assert_eq!(filled.stride(), &[3, 1]);
    assert_eq!(filled.to_vec(), x.masked_fill(&mask, -1.0)?.to_vec());
    // A mask that broadcasts the result beyond the input's shape: an error.
    let wide = Tensor::from_vec(vec![true; 12], &[2, 2, 3])?;
    assert!(t.masked_fill(&wide, 0.0).is_err());
    Ok(())
}
