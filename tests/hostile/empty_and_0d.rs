//! Every op on 0-d tensors and on tensors with a zero-size dim: PyTorch's
//! results (shape, strides, aliasing) and errors.

use tensor_view::Tensor;

use super::err_text;
use crate::messages as msg;

#[test]
fn zero_d_tensors_take_dims_minus_one_and_zero() {
    let s = Tensor::scalar(5i64);
    assert_eq!(s.view::<isize>(&[]).unwrap().shape(), &[] as &[usize]);
    let v = s.view(&[1, 1]).unwrap();
    assert_eq!(
        (v.shape(), v.stride()),
        (&[1usize, 1][..], &[1isize, 1][..])
    );
    assert_eq!(s.view(&[-1]).unwrap().shape(), &[1]);
    assert_eq!(err_text(s.view(&[2])), msg::invalid_shape(&[2], 1));
    assert_eq!(err_text(s.view(&[0])), msg::invalid_shape(&[0], 1));
    assert_eq!(s.reshape(&[1, -1, 1]).unwrap().shape(), &[1, 1, 1]);
    let f = s.flatten(0, -1).unwrap();
    assert_eq!((f.shape(), f.stride()), (&[1usize][..], &[1isize][..]));
    assert_eq!(err_text(s.flatten(0, 1)), msg::dim_out_of_range(1, 0));
    assert_eq!(err_text(s.flatten(-2, 0)), msg::dim_out_of_range(-2, 0));
    assert!(s.transpose(-1, 0).unwrap().shares_storage(&s));
    assert_eq!(err_text(s.transpose(0, 1)), msg::dim_out_of_range(1, 0));
    assert_eq!(s.permute::<isize>(&[]).unwrap().dim(), 0);
    assert_eq!(err_text(s.permute(&[0])), msg::permute_rank(0, 1));
    assert!(s.contiguous().unwrap().shares_storage(&s));
    assert_eq!(s.ravel().unwrap().shape(), &[1]);
    s.set::<isize>(&[], 9).unwrap();
    assert_eq!((s.get::<isize>(&[]).unwrap(), s.to_vec()), (9, vec![9]));
    assert_eq!(f.get(&[0]).unwrap(), 9, "flatten of a 0-d tensor is a view");
}

#[test]
fn empty_tensors_view_reshape_and_copy_nothing() {
    let x = Tensor::<f32>::zeros(&[3, 0, 2]).unwrap();
    let v = x.view(&[-1]).unwrap();
    assert_eq!((v.shape(), v.stride()), (&[0usize][..], &[1isize][..]));
    assert!(v.shares_storage(&x));
    assert_eq!(
        err_text(x.view(&[0, -1])),
        msg::ambiguous_inferred(&[0, -1])
    );
    assert_eq!(err_text(x.view(&[1])), msg::invalid_shape(&[1], 0));
    let same = x.view(&[3, 0, 2]).unwrap();
    assert_eq!(
        same.stride(),
        x.stride(),
        "an unchanged shape keeps its strides"
    );
    let t = x.transpose(0, 2).unwrap();
    assert!(t.is_contiguous(), "empty tensors are contiguous");
    assert!(t.contiguous().unwrap().shares_storage(&x));
    assert!(t.reshape(&[6, 0]).unwrap().shares_storage(&x));
    assert!(t.view(&[-1]).unwrap().shares_storage(&x));
    assert_eq!(t.flatten(0, 1).unwrap().shape(), &[0, 3]);
    assert!(t.ravel().unwrap().shares_storage(&x));
    assert!(t.to_vec().is_empty() && t.to_bytes().is_empty());
    assert_eq!(
        err_text(x.get(&[0, 0, 0])),
        msg::index_out_of_bounds(0, 1, 0)
    );
    assert_eq!(
        err_text(x.set(&[-1, -1, 0], 1.0)),
        msg::index_out_of_bounds(-1, 1, 0)
    );
    assert!(x.equal(&Tensor::<f32>::zeros(&[3, 0, 2]).unwrap()));
    assert!(!x.equal(&Tensor::<f32>::zeros(&[0]).unwrap()));
}
