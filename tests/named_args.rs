//! `narrow!` and `expand!` with a size that names the result's dim (`T = t`,
//! or a bare `T` for the size the input carries): nanoGPT's
//! `bias[:, :, :T, :T]`, a bias expanded to a run-time batch. Each typed
//! result is compared with the dynamic op on the same tensor (shape,
//! strides, offset, values, error texts), and the sizes it carries are
//! checked through later typed views.

use tensor_view::{dims, expand, narrow, view, Shape, Strided, Tensor, ViewError};

dims!(B, T);

type Buffer = Shape![1, 1, 8, 8];
type MaskRows = Strided<Shape![1, 1, T, 8]>;
type Mask = Strided<Shape![1, 1, T, T]>;
type Source = Shape![6, 5, 4];
type TokensView = Strided<Shape![B, T, 4]>;
type Tokens = Shape![B, T, 4];
type Rows = Shape![B * T, 4];
type Bias = Shape![1, 3];
type Batched = Strided<Shape![B, 3]>;
type TimeMajor = Strided<Shape![T, B, 3]>;

/// A typed `[1, 1, 8, 8]` buffer holding `0, 1, 2, ..`.
fn buffer() -> Tensor<f32, Buffer> {
    Tensor::<f32>::arange(64)
        .view(&[1, 1, 8, 8])
        .unwrap()
        .into_static()
        .unwrap()
}

/// The typed and the dynamic results are the same view.
fn same_view<S>(typed: &Tensor<f32, S>, dynamic: &Tensor<f32>) {
    assert_eq!(typed.shape(), dynamic.shape());
    assert_eq!(typed.stride(), dynamic.stride());
    assert_eq!(typed.storage_offset(), dynamic.storage_offset());
    assert_eq!(typed.to_vec(), dynamic.to_vec());
}

#[test]
fn the_causal_mask_slice_is_typed_and_carries_its_length() {
    let bias = buffer();
    let dynamic = bias.clone().into_dyn();
    for seq in [0usize, 1, 5, 8] {
        let rows: Tensor<f32, MaskRows> = narrow!(bias: [1, 1, 8, 8], 2, 0, T = seq).unwrap();
        same_view(&rows, &dynamic.narrow(2, 0, seq).unwrap());
        assert_eq!(rows.sym_size::<T>(), Some(seq));
        let mask: Tensor<f32, Mask> = narrow!(rows: [1, 1, T, 8], 3, 0, T).unwrap();
        let expected = dynamic
            .narrow(2, 0, seq)
            .unwrap()
            .narrow(3, 0, seq)
            .unwrap();
        same_view(&mask, &expected);
        assert_eq!(mask.sym_size::<T>(), Some(seq));
        // Giving T its carried size again is the same view.
        let again = narrow!(rows: [1, 1, T, 8], -1, 0, T = seq).unwrap();
        same_view(&again, &expected);
    }
}

#[test]
fn starts_and_lengths_of_any_integer_type_and_negative_starts() {
    let bias = buffer();
    let dynamic = bias.clone().into_dyn();
    let (start, len) = (-5i64, 3i32);
    let cols = narrow!(bias: [1, 1, 8, 8], 3, start, T = len).unwrap();
    same_view(&cols, &dynamic.narrow(3, -5, 3).unwrap());
    assert_eq!(cols.sym_size::<T>(), Some(3));
}

#[test]
fn a_length_beyond_the_dim_is_pytorchs_error() {
    let bias = buffer();
    let dynamic = bias.clone().into_dyn();
    let message = |e: ViewError| e.to_string();
    for (start, len) in [(0isize, 9usize), (6, 3), (8, 1)] {
        let typed = narrow!(bias: [1, 1, 8, 8], 2, start, T = len).unwrap_err();
        let expected = dynamic.narrow(2, start, len).unwrap_err();
        assert_eq!(message(typed), message(expected));
    }
    assert_eq!(
        message(narrow!(bias: [1, 1, 8, 8], 2, 0, T = 2000usize).unwrap_err()),
        "start (0) + length (2000) exceeds dimension size (8)."
    );
    let typed = narrow!(bias: [1, 1, 8, 8], 2, 0, T = -1).unwrap_err();
    assert_eq!(
        message(typed),
        message(dynamic.narrow(2, 0, -1).unwrap_err())
    );
    let typed = narrow!(bias: [1, 1, 8, 8], 2, 0, T = u64::MAX).unwrap_err();
    assert_eq!(message(typed), "Overflow when unpacking long");
}

#[test]
fn a_named_dim_keeps_one_size_along_its_chain() {
    let rows = narrow!(buffer(): [1, 1, 8, 8], 2, 0, T = 3usize).unwrap();
    let e = narrow!(rows: [1, 1, T, 8], 3, 0, T = 4usize).unwrap_err();
    assert_eq!(
        e.to_string(),
        "narrow(): length (4) is not the size of the named dim T (3) that the tensor carries"
    );
    // Another symbol is free to have another size.
    let cols = narrow!(rows: [1, 1, T, 8], 3, 0, B = 4usize).unwrap();
    assert_eq!(
        (cols.sym_size::<T>(), cols.sym_size::<B>()),
        (Some(3), Some(4))
    );
}

#[test]
fn carried_sizes_split_a_merged_dim_back() {
    let x: Tensor<f32, Source> = Tensor::<f32>::arange(120)
        .view(&[6, 5, 4])
        .unwrap()
        .into_static()
        .unwrap();
    let (batch, seq) = (2usize, 3usize);
    let batches = narrow!(x: [6, 5, 4], 0, 1, B = batch).unwrap();
    let tokens: Tensor<f32, TokensView> = narrow!(batches: [B, 5, 4], 1, 2, T = seq).unwrap();
    let tokens: Tensor<f32, Tokens> = tokens.contiguous().unwrap();
    let rows: Tensor<f32, Rows> = view!(tokens, [-1, 4]);
    // [B*T, 4] alone does not tell B from T: the carried sizes do.
    let back: Tensor<f32, Tokens> = view!(rows, [B, T, 4]);
    let expected = x
        .clone()
        .into_dyn()
        .narrow(0, 1, 2)
        .unwrap()
        .narrow(1, 2, 3)
        .unwrap();
    assert_eq!(back.shape(), expected.shape());
    assert_eq!(back.to_vec(), expected.to_vec());
    assert_eq!(
        (back.sym_size::<B>(), back.sym_size::<T>()),
        (Some(2), Some(3))
    );
}

/// A typed `[1, 3]` bias holding `0, 1, 2`.
fn bias() -> Tensor<f32, Bias> {
    Tensor::<f32>::arange(3)
        .view(&[1, 3])
        .unwrap()
        .into_static()
        .unwrap()
}

#[test]
fn an_expand_to_a_named_dim_is_typed_and_carries_its_size() {
    let bias = bias();
    let dynamic = bias.clone().into_dyn();
    for batch in [0usize, 1, 4] {
        let rows: Tensor<f32, Batched> = expand!(bias: [1, 3] => [B = batch, -1]).unwrap();
        let expected = dynamic.expand(&[batch as isize, -1]).unwrap();
        same_view(&rows, &expected);
        assert_eq!(rows.sym_size::<B>(), Some(batch));
        // A new leading dim, and a bare B for the size the tensor carries.
        let steps: Tensor<f32, TimeMajor> = expand!(rows: [B, 3] => [T = 2u8, B, 3]).unwrap();
        same_view(&steps, &expected.expand(&[2, batch as isize, 3]).unwrap());
        assert_eq!(
            (steps.sym_size::<T>(), steps.sym_size::<B>()),
            (Some(2), Some(batch))
        );
    }
}

#[test]
fn an_expand_to_a_named_dim_fails_as_pytorch_fails() {
    let bias = bias();
    let dynamic = bias.clone().into_dyn();
    let message = |e: ViewError| e.to_string();
    // A size-3 dim expands to 3 only: any other size is PyTorch's error.
    let typed = expand!(bias: [1, 3] => [2, B = 4usize]).unwrap_err();
    assert_eq!(
        message(typed),
        message(dynamic.expand(&[2, 4]).unwrap_err())
    );
    let same = expand!(bias: [1, 3] => [2, B = 3usize]).unwrap();
    same_view(&same, &dynamic.expand(&[2, 3]).unwrap());
    let typed = expand!(bias: [1, 3] => [B = -2, 3]).unwrap_err();
    assert_eq!(
        message(typed),
        message(dynamic.expand(&[-2, 3]).unwrap_err())
    );
    let typed = expand!(bias: [1, 3] => [B = u64::MAX, 3]).unwrap_err();
    assert_eq!(message(typed), "Overflow when unpacking long");
    // PyTorch's own check first: a size-2 dim does not expand to 3.
    let rows = expand!(bias: [1, 3] => [B = 2usize, 3]).unwrap();
    let typed = expand!(rows: [B, 3] => [T = 5usize, B = 3usize, 3]).unwrap_err();
    let expected = rows.clone().into_dyn().expand(&[5, 3, 3]).unwrap_err();
    assert_eq!(message(typed), message(expected));
    // Then one symbol, one size along the chain: this row still carries B = 2.
    let row = narrow!(rows: [B, 3], 0, 0, 1).unwrap();
    let e = expand!(row: [1, 3] => [B = 3usize, 3]).unwrap_err();
    assert_eq!(
        message(e),
        "expand(): the expanded size of the tensor (3) is not the size of the named dim B (2) that the tensor carries"
    );
    assert!(expand!(row: [1, 3] => [B = 2usize, 3]).is_ok());
}
