//! `view` and `reshape` given hostile shapes: extreme dims, products that
//! overflow, several `-1`, negative dims; and huge shapes of no elements.

use tensor_view::Tensor;

use super::alloc_probe::{within, SMALL};
use super::err_text;
use crate::messages as msg;

fn sixteen() -> Tensor<f32> {
    Tensor::arange(16)
}

#[test]
fn negative_dims_below_minus_one_name_the_dim() {
    for shape in [
        vec![isize::MIN],
        vec![4, isize::MIN],
        vec![-1, -2],
        vec![isize::MIN + 1, 4],
    ] {
        let bad = shape.iter().position(|&d| d < -1).unwrap();
        let want = msg::invalid_shape_dimension(shape[bad], bad, &shape);
        assert_eq!(
            within(SMALL, "view", || err_text(sixteen().view(&shape))),
            want
        );
        assert_eq!(err_text(sixteen().reshape(&shape)), want);
    }
}

#[test]
fn products_that_overflow_are_invalid_shapes() {
    let m = isize::MAX;
    for shape in [
        vec![m, m],
        vec![m, 2],
        vec![1 << 32, 1 << 32],
        vec![m, 2, -1],
        vec![-1, 1 << 62, 4],
        vec![m / 2 + 1, 2],
    ] {
        let want = msg::invalid_shape(&shape, 16);
        assert_eq!(
            within(SMALL, "view", || err_text(sixteen().view(&shape))),
            want
        );
        assert_eq!(
            within(SMALL, "reshape", || err_text(sixteen().reshape(&shape))),
            want
        );
    }
}

#[test]
fn two_inferred_dims_fail_before_the_count_is_checked() {
    assert_eq!(
        err_text(sixteen().view(&[-1, isize::MAX, -1])),
        msg::only_one_inferred()
    );
}

#[test]
fn huge_shapes_of_no_elements_are_views_of_nothing() {
    let empty = Tensor::<i16>::zeros(&[0]).unwrap();
    let m = isize::MAX;
    let v = within(SMALL, "view", || empty.view(&[m, 0, m]).unwrap());
    assert_eq!(v.shape(), &[m as usize, 0, m as usize]);
    // PyTorch's row-major strides of [m, 0, m]: [m, m, 1].
    assert_eq!(v.stride(), &[m, m, 1]);
    assert!(v.shares_storage(&empty) && v.is_contiguous());
    assert!(v.to_vec().is_empty());
    let r = within(SMALL, "reshape", || v.reshape(&[0, -1]));
    assert_eq!(err_text(r), msg::ambiguous_inferred(&[0, -1]));
    let t = v.transpose(0, 1).unwrap();
    let c = within(SMALL, "contiguous", || t.contiguous().unwrap());
    assert!(c.shares_storage(&empty), "an empty tensor is contiguous");
    let f = within(SMALL, "flatten", || v.flatten(1, 2).unwrap());
    assert_eq!(f.shape(), &[m as usize, 0]);
}

#[test]
fn sizes_whose_running_product_overflows_are_refused_by_every_op() {
    // PyTorch checks every new tensor's sizes left to right: a zero that comes
    // after an overflowing product does not save it.
    let overflow = "numel: integer multiplication overflow";
    let m = isize::MAX;
    let empty = Tensor::<i16>::zeros(&[0]).unwrap();
    assert_eq!(err_text(empty.view(&[m, m, 0])), overflow);
    assert_eq!(err_text(empty.reshape(&[m, 4, 0])), overflow);
    assert!(empty.reshape(&[m, 2, 0]).is_ok(), "2m - 2 still fits a u64");
    let x = empty.view(&[m, 0, m]).unwrap();
    assert_eq!(err_text(x.transpose(1, 2)), overflow);
    assert_eq!(err_text(x.permute(&[0, 2, 1])), overflow);
    assert_eq!(err_text(x.movedim(&[1], &[2])), overflow);
    assert!(x.T().is_ok(), "[m, 0, m] reversed is itself");
    assert_eq!(
        err_text(x.unsqueeze(0).unwrap().expand(&[4, -1, -1, -1])),
        overflow
    );
    assert!(x.transpose(0, 2).is_ok());
}

#[test]
fn flattening_huge_dims_of_an_empty_tensor_is_an_error_not_an_overflow() {
    // A view of shape [0, m, m] exists (PyTorch 2.15's
    // torch.zeros(0).view(0, m, m), strides [1, m, 1]; zeros(0, m, m) itself
    // overflows its strides), but m * m does not fit: PyTorch's int64
    // product wraps (to 1, giving shape [0, 1]); this is an error.
    let m = isize::MAX as usize;
    let x = Tensor::<u8>::zeros(&[0])
        .unwrap()
        .view(&[0, m as isize, m as isize])
        .unwrap();
    assert_eq!(
        within(SMALL, "flatten", || err_text(x.flatten(1, 2))),
        format!("Storage size calculation overflowed with sizes=[{m}, {m}]")
    );
    assert_eq!(x.flatten(0, 1).unwrap().shape(), &[0, m]);
}

#[test]
fn copies_of_broadcast_views_too_big_for_memory_are_errors() {
    let pair = Tensor::<f64>::arange(2).view(&[1, 2]).unwrap();
    let overflow = pair
        .expand(&[1isize << 61, 2])
        .unwrap()
        .transpose(0, 1)
        .unwrap();
    let want = format!(
        "Storage size calculation overflowed with sizes={}",
        msg::list(&[2usize, 1 << 61])
    );
    assert_eq!(
        within(SMALL, "contiguous", || err_text(overflow.contiguous())),
        want
    );
    assert_eq!(
        within(SMALL, "reshape", || err_text(overflow.reshape(&[-1]))),
        want
    );
    assert_eq!(within(SMALL, "ravel", || err_text(overflow.ravel())), want);
    // 2^52 bytes: no allocator serves that, and nothing is left allocated.
    let huge = pair
        .expand(&[1isize << 48, 2])
        .unwrap()
        .transpose(0, 1)
        .unwrap();
    let got = err_text(huge.flatten(0, 1));
    assert_eq!(
        got,
        "[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 4503599627370496 bytes. Error code 12 (Cannot allocate memory)"
    );
}
