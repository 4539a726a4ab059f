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

// ---------------------------------------------------------------------
// The traits the macros implement in the user's crate (`DimsOp`,
// `SymbolicPlan`, `PassesCheck`, `DtypeShapes`, ..) cannot be sealed: an
// impl written by hand names any type it likes. Each result they type is
// checked at run time against that type instead.
// ---------------------------------------------------------------------

mod hand_written {
    use super::*;
    use tensor_view::static_shape::{
        carry_named, narrow_to_named, reshape_to, retype, transpose_any, view_as_real_to,
        view_dtype_to, view_symbolic, DimFits, DimsOp, Down, DtypeResult, DtypeShapes, EqualSizes,
        Marked, NoCheck, PassesCheck, PlanOutput, StatedShape, Sym, SymbolicCount, SymbolicPlan,
        TypedShape, ViewCheck, ViewTo,
    };
    use tensor_view::typenum::{U1, U2, U3, U6, U8};
    use tensor_view::{dims, transpose, Complex};

    dims!(B, T);

    /// A `DimsOp` that claims a transpose of [2, 3] keeps row-major strides.
    struct RowMajorTranspose;
    impl DimsOp<(U2, U3), U6, tensor_view::static_shape::ContiguousStrides> for RowMajorTranspose {
        type Dims = (U3, U2);
        type Strides = tensor_view::static_shape::ContiguousStrides;
        type Outcome = Infallible;
    }

    /// One that claims the transpose has the input's dims, in a `Result`.
    struct SameDims;
    impl DimsOp<(U2, U3), U6, tensor_view::static_shape::ContiguousStrides> for SameDims {
        type Dims = (U2, U3);
        type Strides = tensor_view::static_shape::RuntimeStrides;
        type Outcome = Fallible;
    }

    /// A `DimsOp` whose dims do not hold the input's elements: the result
    /// type is a `Static` whose parameters disagree, refused as `into_static`
    /// refuses it.
    struct SevenOfSix;
    impl DimsOp<(U2, U3), U6, tensor_view::static_shape::ContiguousStrides> for SevenOfSix {
        type Dims = (U7,);
        type Strides = tensor_view::static_shape::RuntimeStrides;
        type Outcome = Fallible;
    }

    #[test]
    fn a_dims_op_cannot_make_a_disagreeing_static() {
        let x = Tensor::<f32, Shape![2, 3]>::zeros();
        let e = retype::<SevenOfSix, _, _>(&x, transpose_any(&x, 0, 1)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): this static shape type was not written by `Shape!` or `Layout!`: its element count, dims and strides disagree"
        );
    }

    /// A hand-written `DimsOp` gets no tensor typed with strides or dims it
    /// does not have: a panic where the op returns no `Result`, else the error.
    #[test]
    fn a_dims_op_written_by_hand_cannot_retype() {
        let x = Tensor::<f32, Shape![2, 3]>::zeros();
        let message = panic_message(|| {
            let _ = retype::<RowMajorTranspose, _, _>(&x, transpose_any(&x, 0, 1));
        });
        assert!(
            message.contains("needs strides [2, 1], but the tensor has strides [1, 3]"),
            "{message}"
        );
        let e = retype::<SameDims, _, _>(&x, transpose_any(&x, 0, 1)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [2, 3], but got shape [3, 2]"
        );
        // The macro's own impls still type the same call.
        let t: Tensor<f32, Layout![[3, 2], [1, 3]]> = transpose!(x, 0, 1);
        assert_eq!(t.stride(), &[1, 3]);
    }

    type BT = <Shape![B, T] as TypedShape>::Dims;
    type TB = <Shape![T, B] as TypedShape>::Dims;

    /// A `DimsOp` on a partly-dynamic input that swaps the named dims in the
    /// type only (the symbolic `SymResult` path).
    struct SwapNames;
    impl DimsOp<BT, SymbolicCount, tensor_view::static_shape::ContiguousStrides> for SwapNames {
        type Dims = TB;
        type Strides = tensor_view::static_shape::ContiguousStrides;
        type Outcome = Fallible;
    }

    /// The result is checked against the sizes the tensor carries for its
    /// named dims: `[T, B]` of a `[2, 5]` tensor carrying `B = 2`, `T = 5`
    /// would report `T = 5` for a dim of size 2.
    #[test]
    fn a_symbolic_dims_op_written_by_hand_cannot_rename_dims() -> Result<(), ViewError> {
        let x: Tensor<f32, Shape![B, T]> = Tensor::<f32>::zeros(&[2, 5])?.into_static()?;
        let same = transpose_any(&x, 0, 0);
        let e = retype::<SwapNames, _, _>(&x, same).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [T, B] with the sizes of named dims it carries, but got shape [2, 5]"
        );
        // A square tensor: the swap agrees with the sizes, so it is no lie.
        let sq: Tensor<f32, Shape![B, T]> = Tensor::<f32>::zeros(&[3, 3])?.into_static()?;
        let swapped = retype::<SwapNames, _, _>(&sq, transpose_any(&sq, 0, 0))?;
        assert_eq!(swapped.sym_size::<T>(), Some(3));
        Ok(())
    }

    /// `ViewTo::view_marked` with a marker of the caller's choice: checked.
    #[test]
    fn view_marked_checks_the_marker() {
        let x = Tensor::<f32, Shape![4, 4]>::zeros();
        let message = panic_message(|| {
            let _ = <Shape![4, 4] as ViewTo<Literal<(U16,)>>>::view_marked::<f32, Shape![2, 8]>(
                &x,
                &[16],
            );
        });
        assert!(
            message.contains("expected a tensor of shape [2, 8], but got shape [16]"),
            "{message}"
        );
        let right =
            <Shape![4, 4] as ViewTo<Literal<(U16,)>>>::view_marked::<f32, Shape![16]>(&x, &[16]);
        assert_eq!(right.shape(), &[16]);
        let strided: Tensor<f32, Strided<Shape![4, 4]>> =
            x.clone().into_dyn().into_static().unwrap();
        let e =
            <Strided<Shape![4, 4]> as ViewTo<Literal<(U16,)>>>::view_marked::<f32, Shape![4, 4]>(
                &strided,
                &[16],
            )
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [4, 4], but got shape [16]"
        );
    }

    /// A plan written by hand whose check passes any marker it likes.
    struct LyingPlan;
    struct AnyMarker;
    impl ViewCheck for AnyMarker {
        type Pass<X: Marked> = Shape![B, 3, 2];
    }
    impl PassesCheck<AnyMarker> for LyingPlan {
        type Pass<X: Marked> = X;
    }
    impl<const N: usize, NT, D> SymbolicPlan<N, NT, D> for LyingPlan {
        type Out = Shape![B, 6];
        type Check = AnyMarker;
    }

    /// A plan whose result cannot hold the input's elements.
    struct TooBig;
    impl<const N: usize, NT, D> SymbolicPlan<N, NT, D> for TooBig {
        type Out = Sym<N, NT, <Shape![B, 7] as TypedShape>::Dims>;
        type Check = NoCheck;
    }

    /// `view_checked` with a `SymbolicPlan` or a check written by hand:
    /// the result is the view the type names, or a panic.
    #[test]
    fn view_checked_refuses_a_plan_written_by_hand() -> Result<(), ViewError> {
        let x: Tensor<f32, Shape![B, 6]> = Tensor::<f32>::zeros(&[2, 6])?.into_static()?;
        let message = panic_message(|| {
            let _ = view_checked::<LyingPlan, _, _>(&x, &[]);
        });
        assert!(
            message.contains("expected a tensor of shape [B, 3, 2], but got shape [2, 6]"),
            "{message}"
        );
        let message = panic_message(|| {
            let _ = view_checked::<TooBig, _, _>(&x, &[]);
        });
        assert!(
            message.contains("do not hold the input's 12 elements"),
            "{message}"
        );
        let message = panic_message(|| {
            let _ = view_symbolic::<Shape![B, 7], _, 6, _, _>(&x);
        });
        assert!(
            message.contains("do not hold the input's 12 elements"),
            "{message}"
        );
        let message = panic_message(|| {
            let _ =
                <Shape![4, 4] as PlanOutput<6, _, <Shape![B, 6] as TypedShape>::Dims>>::view(&x);
        });
        assert!(
            message.contains("do not hold the input's 12 elements"),
            "{message}"
        );
        Ok(())
    }

    /// `view_checked` and `reshape_to` of a tensor with strides in the type,
    /// with dims that are not the target's: never typed as the target.
    #[test]
    fn dims_that_are_not_the_targets_are_refused() {
        let t = Tensor::<f32, Layout![[2, 3], [1, 2]]>::zeros();
        let message = panic_message(|| {
            let _ = view_checked::<Literal<(U2, U3)>, _, _>(&t, &[2, 3, 1]);
        });
        assert!(message.contains("but got shape [2, 3, 1]"), "{message}");
        let message = panic_message(|| {
            let _ = reshape_to::<Literal<(U2, U3)>, _, _>(&t, &[2, 3, 1]);
        });
        assert!(message.contains("but got shape [2, 3, 1]"), "{message}");
        let x = Tensor::<f32, Shape![4, 4]>::zeros();
        let t: Tensor<f32, Layout![[4, 4], [1, 4]]> = transpose!(x, 0, 1);
        // Run-time strides: the target's reshape whatever the dims say.
        let s: Tensor<f32, Strided<Shape![4, 4]>> = t.clone().into_dyn().into_static().unwrap();
        let r = reshape_to::<Literal<(U16,)>, _, _>(&s, &[4, 4]);
        assert_eq!(r.shape(), &[16]);
        assert_eq!(
            r.to_vec(),
            t.clone().into_dyn().reshape(&[16]).unwrap().to_vec()
        );
        let r = reshape_to::<Literal<(U2, U8)>, _, _>(&s, &[16]);
        assert_eq!(r.shape(), &[2, 8]);
        let message = panic_message(|| {
            let _ = reshape_to::<Literal<(U2, U3)>, _, _>(&s, &[16]);
        });
        assert!(
            message.contains("do not hold the input's 16 elements"),
            "{message}"
        );
    }

    /// `view_dtype_to` with `DtypeShapes` written by hand.
    struct WrongBytes;
    impl DtypeShapes<Down<4>> for WrongBytes {
        type Shape = Shape![2, 3];
        type LastDim = DimFits;
        type Rank = DimFits;
    }

    #[test]
    fn view_dtype_to_checks_the_stated_shapes() {
        let x = Tensor::<f32, Shape![2, 3]>::zeros();
        let e = view_dtype_to::<WrongBytes, 3, u8, _, _>(&x).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [2, 3], but got shape [2, 12]"
        );
    }

    /// `DtypeResult::retype` (what `view_dtype::<U>()` calls between
    /// elements of one size) with any tensor: checked.
    #[test]
    fn dtype_result_checks_the_type() {
        let d = Tensor::<u8>::zeros(&[3]).unwrap();
        let e = <EqualSizes as DtypeResult<Shape![9]>>::retype(d.clone()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [9], but got shape [3]"
        );
        let ok = <EqualSizes as DtypeResult<Shape![3]>>::retype(d).unwrap();
        assert_eq!(ok.shape(), &[3]);
        let x = Tensor::<u8, Shape![3, 8]>::zeros();
        let b: Tensor<bool, Shape![3, 8]> = x.view_dtype::<bool>().unwrap();
        assert_eq!(b.stride(), &[8, 1]);
    }

    /// `view_as_real_to` with a stated shape that is not the input's.
    #[test]
    fn view_as_real_to_checks_the_stated_shape() {
        let z = Tensor::<Complex<f32>, Shape![3]>::zeros();
        let e = view_as_real_to::<StatedShape<6, U6, (U2, U3)>, _, _>(&z).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [2, 3], but got shape [3, 2]"
        );
        let r = view_as_real_to::<StatedShape<6, U6, (U3, U2)>, _, _>(&z).unwrap();
        assert_eq!(r.stride(), &[2, 1]);
    }

    /// `narrow_to_named` and `carry_named` give a dynamic tensor a size for
    /// a named dim; no typed conversion takes a size that is not the dim's.
    #[test]
    fn carried_sizes_must_be_the_dims() -> Result<(), ViewError> {
        let x = Tensor::<f32, Shape![1, 8]>::zeros();
        let rows = narrow_to_named::<T, _, _>(&x, 1, 0, 5usize)?;
        assert_eq!(rows.shape(), &[1, 5]);
        // `T` is 5: a type naming dim 0 (size 1) `T` is refused.
        let verdict = OfStatedShape::<Fallible>::new();
        let e = typed::<Strided<Shape![T, 5]>, Fallible, _, f32>(&verdict, Ok(rows.clone()))
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("with the sizes of named dims it carries"),
            "{e}"
        );
        let ok = typed::<Strided<Shape![1, T]>, Fallible, _, f32>(&verdict, Ok(rows))?;
        assert_eq!(ok.sym_size::<T>(), Some(5));
        let carried = carry_named::<B, f32>(Tensor::<f32>::zeros(&[3, 4])?, 0, "expand()")?;
        let moved = carried.view(&[4, 3])?;
        assert!(moved.clone().into_static::<Shape![B, 3]>().is_err());
        let e = typed::<Strided<Shape![B, 3]>, Fallible, _, f32>(&verdict, Ok(moved)).unwrap_err();
        assert!(
            e.to_string()
                .contains("with the sizes of named dims it carries"),
            "{e}"
        );
        let _ = U1::default();
        Ok(())
    }
}
