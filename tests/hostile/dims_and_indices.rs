//! Dim arguments and element indices at the extremes of `isize`: PyTorch's
//! "out of range" errors, and a failed write changes nothing.

use tensor_view::Tensor;

use super::alloc_probe::{within, SMALL};
use super::err_text;
use crate::messages as msg;

const EXTREMES: [isize; 6] = [
    isize::MIN,
    isize::MIN + 1,
    isize::MAX,
    isize::MAX - 1,
    -3,
    2,
];

fn two_by_three() -> Tensor<i32> {
    Tensor::arange(6).view(&[2, 3]).unwrap()
}

#[test]
fn extreme_dims_are_out_of_range() {
    let x = two_by_three();
    for d in EXTREMES {
        let want = msg::dim_out_of_range(d, 2);
        let got = within(SMALL, "transpose", || err_text(x.transpose(d, 0)));
        assert_eq!(got, want);
        assert_eq!(err_text(x.transpose(1, d)), want);
        assert_eq!(err_text(x.permute(&[0, d])), want);
        assert_eq!(err_text(x.flatten(d, 1)), want);
        assert_eq!(err_text(x.flatten(0, d)), want);
    }
}

#[test]
fn extreme_indices_are_out_of_bounds_and_write_nothing() {
    let x = two_by_three();
    for i in [
        isize::MIN,
        isize::MIN + 1,
        isize::MAX,
        isize::MAX - 1,
        3,
        -4,
    ] {
        let got = within(SMALL, "get", || err_text(x.get(&[0, i])));
        assert_eq!(got, msg::index_out_of_bounds(i, 1, 3));
        assert_eq!(
            err_text(x.set(&[0, i], 7)),
            msg::index_out_of_bounds(i, 1, 3)
        );
    }
    for i in [isize::MIN, isize::MAX, 2, -3] {
        assert_eq!(
            err_text(x.set(&[i, 0], 7)),
            msg::index_out_of_bounds(i, 0, 2)
        );
    }
    assert_eq!(x.to_vec(), vec![0, 1, 2, 3, 4, 5]);
}

#[test]
fn too_many_indices_are_rejected() {
    let x = two_by_three();
    assert_eq!(err_text(x.get(&[0, 0, 0])), msg::too_many_indices(2));
    assert_eq!(
        err_text(x.set(&[0, 0, isize::MIN], 1)),
        msg::too_many_indices(2)
    );
}

#[test]
fn permute_handles_more_dims_than_any_fixed_table() {
    let x = Tensor::<u8>::zeros(&[1; 70]).unwrap();
    let dims: Vec<isize> = (0..70).rev().collect();
    let p = x.permute(&dims).unwrap();
    assert_eq!(p.dim(), 70);
    assert!(p.shares_storage(&x));
    let mut repeated = dims.clone();
    repeated[69] = -1;
    assert_eq!(err_text(x.permute(&repeated)), msg::permute_duplicate());
    assert_eq!(err_text(x.permute(&dims[1..])), msg::permute_rank(70, 69));
}
