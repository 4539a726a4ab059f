//! The shape-changing views, indexing and the split family given extreme
//! arguments: PyTorch's errors (or results), and no allocation sized by a
//! hostile count.

use tensor_view::{IndexItem, Tensor};

use super::alloc_probe::{within, SMALL};
use super::err_text;
use crate::messages as msg;

const MAX: isize = isize::MAX;
const MIN: isize = isize::MIN;

fn four() -> Tensor<u8> {
    Tensor::arange(4)
}

#[test]
fn as_strided_sizes_strides_and_offsets_past_int64_overflow() {
    let x = four();
    let overflow = |sizes: &str, strides: &str| {
        format!("Storage size calculation overflowed with sizes={sizes} and strides={strides}")
    };
    let got = within(SMALL, "as_strided", || {
        err_text(x.as_strided(&[MAX, 2], &[1, 1], None))
    });
    assert_eq!(got, overflow(&format!("[{MAX}, 2]"), "[1, 1]"));
    let got = err_text(x.as_strided(&[2, 2], &[MAX, 1], None));
    assert_eq!(got, overflow("[2, 2]", &format!("[{MAX}, 1]")));
    let got = err_text(x.as_strided(&[2], &[1], Some(MAX)));
    assert_eq!(got, overflow("[2]", "[1]"));
    // The storage check comes first: MIN - 1 wraps to MAX in int64.
    assert_eq!(
        err_text(x.as_strided(&[MIN], &[1], None)),
        overflow(&format!("[{MIN}]"), "[1]")
    );
    assert_eq!(
        err_text(x.as_strided(&[0, -3], &[1, 1], None)),
        "Trying to create tensor with negative dimension -3: [0, -3]"
    );
    assert_eq!(
        err_text(x.as_strided(&[2], &[1], Some(-1))),
        "Tensor: invalid storage offset -1"
    );
    // No elements: any offset and stride is accepted, and nothing is read.
    let far = within(SMALL, "as_strided", || {
        x.as_strided(&[0, 3], &[MAX, MAX], Some(MAX)).unwrap()
    });
    assert_eq!((far.numel(), far.storage_offset()), (0, MAX as usize));
    assert!(far.to_vec().is_empty() && far.contiguous().unwrap().to_vec().is_empty());
}

#[test]
fn unfold_with_huge_and_negative_windows() {
    let x = four();
    assert_eq!(
        err_text(x.unfold(0, MAX, 1)),
        msg::unfold_too_big(0, 4, MAX)
    );
    assert_eq!(
        err_text(x.unfold(0, MIN, 1)),
        msg::unfold_negative_size(MIN)
    );
    assert_eq!(err_text(x.unfold(0, 2, MIN)), msg::unfold_step(MIN));
    let one_window = x.unfold(0, 2, MAX).unwrap();
    assert_eq!(one_window.shape(), &[1, 2]);
    assert_eq!(one_window.to_vec(), vec![0, 1]);
}

#[test]
fn narrow_select_diagonal_and_dims_at_the_extremes() {
    let x = four();
    assert_eq!(
        err_text(x.narrow(0, MAX, MAX)),
        format!("start out of range (expected to be in range of [-4, 4], but got {MAX})")
    );
    assert_eq!(
        err_text(x.narrow(0, 0, -1)),
        "narrow(): length must be non-negative."
    );
    assert_eq!(
        err_text(x.narrow(0, 1, MAX)),
        msg::narrow_past_end(1, MAX, 4)
    );
    assert_eq!(
        err_text(x.select(0, MIN)),
        msg::select_out_of_range(MIN, &[4], 0)
    );
    let m = x.view(&[2, 2]).unwrap();
    for offset in [MIN, MAX] {
        let d = m.diagonal(offset, 0, 1).unwrap();
        assert_eq!((d.shape(), d.to_vec()), (&[0usize][..], vec![]));
    }
    assert_eq!(err_text(x.unsqueeze(MAX)), msg::dim_out_of_range(MAX, 2));
    assert_eq!(
        err_text(x.movedim(&[MIN], &[0])),
        msg::dim_out_of_range(MIN, 1)
    );
    assert_eq!(
        err_text(x.view(&[1, 4]).unwrap().expand(&[MAX, 4])),
        "numel: integer multiplication overflow"
    );
    assert_eq!(
        err_text(x.unflatten(0, &[MAX, MAX, -1])),
        msg::unflatten_product(&[MAX, MAX, -1], 0, 4)
    );
}

#[test]
fn split_counts_beyond_memory_fail_without_allocating_them() {
    let empty = Tensor::<u8>::zeros(&[0]).unwrap();
    let wide_empty = Tensor::<u8>::zeros(&[1isize << 40, 0]).unwrap();
    // PyTorch would try to build that many views; here the request is refused.
    within(SMALL, "chunk", || assert!(empty.chunk(MAX, 0).is_err()));
    within(SMALL, "tensor_split", || {
        assert!(empty.tensor_split(1isize << 40, 0).is_err())
    });
    within(SMALL, "unbind", || assert!(wide_empty.unbind(0).is_err()));
    within(SMALL, "split", || assert!(wide_empty.split(1, 0).is_err()));
    let x = four();
    assert_eq!(x.split(MAX, 0).unwrap().len(), 1);
    // PyTorch 2.15 computes chunk's piece size (4 + MAX - 1) / MAX in
    // wrapping int64: it comes out 0, and split refuses that.
    assert_eq!(
        err_text(x.chunk(MAX, 0)),
        "split_size can only be 0 if dimension size is 0, but got dimension size of 4"
    );
    assert_eq!(x.chunk(1isize << 40, 0).unwrap().len(), 4);
    assert!(err_text(x.split_with_sizes(&[MAX, MAX, 2], 0))
        .starts_with("split_with_sizes expects split_sizes to sum exactly to 4"));
    let parts = x.tensor_split(&[MAX, MIN][..], 0).unwrap();
    let sizes: Vec<usize> = parts.iter().map(Tensor::numel).collect();
    assert_eq!(sizes, vec![4, 0, 4], "cuts clamp like slice bounds");
}

#[test]
fn slices_with_extreme_bounds_and_steps_clamp() {
    let x = four();
    let s = |start, stop, step| IndexItem::Slice { start, stop, step };
    // PyTorch 2.15 computes the length (4 + MAX - 1) / MAX in wrapping
    // int64: negative, so the slice is empty.
    let all = x.index(&[s(Some(MIN), Some(MAX), Some(MAX))]).unwrap();
    assert_eq!(all.shape(), &[0]);
    let every_other = x.index(&[s(Some(MIN), Some(MAX), Some(2))]).unwrap();
    assert_eq!(every_other.to_vec(), vec![0, 2]);
    assert!(x
        .index(&[s(Some(MAX), None, None)])
        .unwrap()
        .to_vec()
        .is_empty());
    assert!(x.index(&[s(None, None, Some(0))]).is_err());
    assert!(x.index(&[s(None, None, Some(MIN))]).is_err());
    assert_eq!(
        err_text(x.index(&[IndexItem::Int(MIN)])),
        msg::index_out_of_bounds(MIN, 0, 4)
    );
}
