//! A partly-dynamic tensor carries the sizes of its named dims, so a merged
//! `B*T` splits back into `B` and `T` with no `Result`, after any chain of
//! typed views, copies and ops. Each split is compared with the dynamic
//! view of the same data, which PyTorch's rules decide.

use tensor_view::{dims, matmul, reshape, softmax, transpose, view, Shape, Strided, Tensor};

dims!(B, T);

type Tokens = Shape![B, T, 6];
type Rows = Shape![B * T, 6];
type RowHeads = Shape![B * T, 2, 3];
type Heads = Shape![B, T, 2, 3];
type TimeMajor = Shape![T, B, 6];
type TimeRows = Shape![T * B, 6];
type Projected = Shape![B * T, 4];
type ProjectedTokens = Shape![B, T, 4];
type RowsAndBatch = Shape![B * T, B];

/// A typed `[batch, seq, 6]` tensor holding `0, 1, 2, ..`.
fn tokens(batch: usize, seq: usize) -> Tensor<f32, Tokens> {
    let shape = [batch as isize, seq as isize, 6];
    let values = Tensor::<f32>::arange(batch * seq * 6);
    values.view(&shape).unwrap().into_static().unwrap()
}

/// The split back, checked against the dynamic view of the same tensor.
fn unmerge(rows: &Tensor<f32, Rows>, batch: usize, seq: usize) -> Tensor<f32, Tokens> {
    let back: Tensor<f32, Tokens> = view!(rows, [B, T, 6]);
    let expected = rows
        .clone()
        .into_dyn()
        .view(&[batch as isize, seq as isize, 6])
        .unwrap();
    assert_eq!(back.shape(), expected.shape());
    assert_eq!(back.stride(), expected.stride());
    assert_eq!(back.to_vec(), expected.to_vec());
    assert!(back.shares_storage(rows));
    back
}

#[test]
fn a_view_chain_splits_back_to_the_sizes_it_started_with() {
    for (batch, seq) in [(2, 5), (5, 2), (1, 7), (3, 1), (0, 4)] {
        let x = tokens(batch, seq);
        let rows: Tensor<f32, Rows> = view!(x, [-1, 6]);
        let back = unmerge(&rows, batch, seq);
        assert!(back.shares_storage(&x));
        assert_eq!(
            (back.sym_size::<B>(), back.sym_size::<T>()),
            (Some(batch), Some(seq))
        );
        // Through heads and back again.
        let heads: Tensor<f32, RowHeads> = view!(rows, [B * T, 2, -1]);
        let split: Tensor<f32, Heads> = view!(heads, [B, T, 2, 3]);
        assert_eq!(split.shape(), &[batch, seq, 2, 3]);
    }
}

#[test]
fn a_copy_keeps_the_sizes_of_its_source() {
    let x = tokens(2, 3);
    // transpose, then contiguous: a copy, typed [T, B, 6].
    let t: Tensor<f32, TimeMajor> = transpose!(x, 0, 1).contiguous().unwrap();
    let rows: Tensor<f32, TimeRows> = view!(t, [-1, 6]);
    let back: Tensor<f32, TimeMajor> = view!(rows, [T, B, 6]);
    assert_eq!(back.shape(), &[3, 2, 6]);
    assert_eq!(back.to_vec(), t.to_vec());
    // reshape! of a transposed tensor copies too (decided at run time for
    // run-time strides, so the result keeps run-time strides).
    let merged: Tensor<f32, Strided<TimeRows>> = reshape!(transpose!(x, 0, 1), [-1, 6]).unwrap();
    assert!(!merged.shares_storage(&x));
    let back: Tensor<f32, Strided<TimeMajor>> = view!(merged, [T, B, 6]).unwrap();
    assert_eq!(back.to_vec(), t.to_vec());
}

#[test]
fn an_op_result_carries_the_sizes_of_its_operands() {
    let x = tokens(2, 3);
    let rows: Tensor<f32, Rows> = view!(x, [-1, 6]);
    let w = Tensor::<f32, Shape![6, 4]>::ones();
    // A linear layer on the merged rows, then back to [B, T, 4].
    let projected: Tensor<f32, Projected> = rows.matmul_as(&w).unwrap();
    let back: Tensor<f32, ProjectedTokens> = view!(projected, [B, T, 4]);
    let expected = x.clone().into_dyn().matmul(&w.clone().into_dyn()).unwrap();
    assert_eq!(back.shape(), expected.shape());
    assert_eq!(back.to_vec(), expected.to_vec());
    let probabilities: Tensor<f32, Rows> = rows.softmax(-1).unwrap();
    let back = unmerge(&probabilities, 2, 3);
    assert_eq!(back.sym_size::<T>(), Some(3));
}

#[test]
fn a_tensor_typed_with_a_merged_dim_needs_its_sizes_apart() {
    // A dynamic tensor carries no named sizes: [B*T, 6] alone does not
    // tell B from T, so the conversion refuses it.
    let flat = Tensor::<f32>::zeros(&[6, 6]).unwrap();
    let e = flat.clone().into_static::<Rows>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "into_static(): expected a tensor of shape [B*T, 6], but got shape [6, 6], \
         which does not give the sizes of B and T apart"
    );
    // into_dyn drops the sizes: typed again, the shape must give them.
    let rows: Tensor<f32, Rows> = view!(tokens(2, 3), [-1, 6]);
    assert!(rows.into_dyn().into_static::<Rows>().is_err());
    // A shape that names each symbol once alone gives them.
    let wide = Tensor::<f32>::zeros(&[6, 4]).unwrap();
    assert!(wide.into_static::<RowsAndBatch>().is_err()); // 4 does not divide 6
    let square = Tensor::<f32>::zeros(&[6, 2]).unwrap();
    let typed: Tensor<f32, RowsAndBatch> = square.into_static().unwrap();
    assert_eq!(
        (typed.sym_size::<B>(), typed.sym_size::<T>()),
        (Some(2), Some(3))
    );
}

#[test]
fn view_as_takes_the_sizes_of_the_tensor_it_copies_the_shape_of() {
    let x = tokens(2, 3);
    let other = tokens(3, 2);
    let rows: Tensor<f32, Rows> = view!(x, [-1, 6]);
    // Same count, other sizes: the result is typed as `other`, with its B and T.
    let like: Tensor<f32, Tokens> = rows.view_as(&other).unwrap();
    assert_eq!(like.shape(), &[3, 2, 6]);
    assert_eq!(
        (like.sym_size::<B>(), like.sym_size::<T>()),
        (Some(3), Some(2))
    );
    let merged: Tensor<f32, Rows> = view!(like, [-1, 6]);
    assert_eq!(view!(merged, [B, T, 6]).shape(), &[3, 2, 6]);
}

#[test]
fn a_typed_model_op_carries_the_sizes_of_its_operands() {
    let x = tokens(2, 3);
    let rows: Tensor<f32, Rows> = view!(x, [-1, 6]);
    let w = Tensor::<f32, Shape![6, 4]>::ones();
    let projected: Tensor<f32, Projected> = matmul!(rows: [B * T, 6], w: [6, 4]);
    let back: Tensor<f32, ProjectedTokens> = view!(projected, [B, T, 4]);
    let expected = x.clone().into_dyn().matmul(&w.clone().into_dyn()).unwrap();
    assert_eq!(back.shape(), expected.shape());
    assert_eq!(back.to_vec(), expected.to_vec());
    // A transposed operand: the result is copied to row-major, sizes kept.
    let t: Tensor<f32, Strided<TimeMajor>> = transpose!(x, 0, 1);
    let probabilities: Tensor<f32, TimeMajor> = softmax!(t, -1);
    let merged: Tensor<f32, TimeRows> = view!(probabilities, [-1, 6]);
    assert_eq!(view!(merged, [T, B, 6]).shape(), &[3, 2, 6]);
}
