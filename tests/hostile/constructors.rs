//! Constructors given shapes whose element or byte counts overflow, or data
//! of the wrong length: PyTorch's errors, and no allocation of the asked size.

use tensor_view::{Complex, Tensor};

use super::alloc_probe::{within, SMALL};
use super::err_text;

fn overflow(sizes: &[usize]) -> String {
    format!(
        "Storage size calculation overflowed with sizes={}",
        crate::messages::list(sizes)
    )
}

#[test]
fn element_counts_that_overflow_are_errors() {
    // the largest sizes PyTorch's int64 takes (beyond it: `Overflow when unpacking long`)
    let m = isize::MAX as usize;
    let cases: &[&[usize]] = &[&[m, 2], &[1 << 32, 1 << 32], &[m, m, m], &[2, 3, m / 5]];
    for &shape in cases {
        let got = within(SMALL, "zeros", || err_text(Tensor::<u8>::zeros(shape)));
        assert_eq!(got, overflow(shape));
        let got = within(SMALL, "ones", || err_text(Tensor::<f64>::ones(shape)));
        assert_eq!(got, overflow(shape));
        let got = within(SMALL, "full", || err_text(Tensor::full(shape, true)));
        assert_eq!(got, overflow(shape));
        let got = within(SMALL, "from_vec", || {
            err_text(Tensor::<i32>::from_vec(vec![1, 2], shape))
        });
        assert_eq!(got, overflow(shape));
    }
}

#[test]
fn byte_counts_that_overflow_are_errors() {
    // Fine as element counts, too many bytes for the element size.
    let shape = [usize::MAX / 4 + 1];
    let got = within(SMALL, "zeros f32", || {
        err_text(Tensor::<f32>::zeros(&shape))
    });
    assert_eq!(got, overflow(&shape));
    let shape = [1 << 30, 1 << 30, 16];
    let got = within(SMALL, "zeros c128", || {
        err_text(Tensor::<Complex<f64>>::zeros(&shape))
    });
    assert_eq!(got, overflow(&shape));
}

#[test]
fn sizes_no_allocator_can_serve_fail_before_allocating() {
    // 2^63 - 1 bytes: a valid count that no allocation can hold.
    let n = isize::MAX as usize;
    let got = within(SMALL, "zeros u8", || err_text(Tensor::<u8>::zeros(&[n])));
    assert_eq!(
        got,
        format!("[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate {n} bytes. Error code 12 (Cannot allocate memory)")
    );
}

#[test]
fn sizes_beyond_int64_are_pytorchs_unpacking_error() {
    for got in [
        err_text(Tensor::<u8>::zeros(&[usize::MAX, 0])),
        err_text(Tensor::<u8>::ones(&[2, 1usize << 63])),
        err_text(Tensor::full(&[u64::MAX], 1i32)),
        err_text(Tensor::from_vec(vec![1u8], &[usize::MAX])),
    ] {
        assert_eq!(got, "Overflow when unpacking long");
    }
}

#[test]
fn data_of_the_wrong_length_is_rejected() {
    let got = err_text(Tensor::from_vec(vec![0u8; 16], &[3, 3]));
    assert_eq!(got, "shape '[3, 3]' is invalid for input of size 16");
    let got = err_text(Tensor::from_vec(Vec::<u8>::new(), &[1]));
    assert_eq!(got, "shape '[1]' is invalid for input of size 0");
    let got = err_text(Tensor::from_vec::<usize>(vec![1.0f32, 2.0], &[]));
    assert_eq!(got, "shape '[]' is invalid for input of size 2");
}

#[test]
fn empty_shapes_with_huge_dims_allocate_nothing() {
    // PyTorch 2.15 accepts these (their row-major strides fit in int64) ...
    let m = isize::MAX as usize;
    for shape in [
        &[m, 0][..],
        &[0, 1 << 31, 1 << 31],
        &[1 << 40, 0, 1 << 20, 1 << 20],
    ] {
        let x = within(SMALL, "zeros", || Tensor::<f64>::zeros(shape).unwrap());
        assert_eq!((x.shape(), x.numel()), (shape, 0));
        assert!(x.to_vec().is_empty());
        assert_eq!(x.storage_nbytes(), 0);
    }
    // ... and refuses these: torch.zeros(0, m, m) and
    // torch.zeros(2**40, 0, 2**40, 2**40) raise `Stride calculation overflowed`
    for shape in [&[0, m, m][..], &[1 << 40, 0, 1 << 40, 1 << 40]] {
        let got = within(SMALL, "zeros", || err_text(Tensor::<f64>::zeros(shape)));
        assert_eq!(got, "Stride calculation overflowed");
    }
}

#[test]
fn a_zero_after_an_overflowing_product_is_too_late() {
    // PyTorch multiplies the sizes left to right and remembers an overflow.
    for shape in [
        &[1 << 40, 1 << 40, 0][..],
        &[isize::MAX as usize, 4, 0],
        &[3, 1 << 62, 4, 0],
    ] {
        let got = within(SMALL, "zeros", || err_text(Tensor::<u8>::zeros(shape)));
        assert_eq!(got, overflow(shape));
    }
}

#[test]
fn more_bytes_than_isize_max_is_an_overflow_not_an_allocation_failure() {
    let shape = [1usize << 62];
    let got = within(SMALL, "zeros u16", || {
        err_text(Tensor::<u16>::zeros(&shape))
    });
    assert_eq!(got, overflow(&shape));
    let shape = [1usize << 62, 2];
    let got = within(SMALL, "from_vec", || {
        err_text(Tensor::<u8>::from_vec(vec![1], &shape))
    });
    assert_eq!(got, overflow(&shape));
}
