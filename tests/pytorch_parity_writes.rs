//! PyTorch parity of the operations that have no golden op: `copy_from`
//! (`copy_`), `fill` (`fill_`), `index_select`, `masked_select` and `x[mask]`,
//! `index_put_`, `resize_`, `reshape`'s copy-or-view choice on odd layouts and
//! `contiguous()` of conj/neg views.
//!
//! Every expectation was produced by PyTorch 2.15 (CPU); the comment above
//! each names the call. `tools/golden/parity_writes.py` runs them all and
//! prints the outcomes.
//!
//! One outcome is deliberately not matched: a copy between overlapping views
//! that PyTorch does not detect (neither is dense), such as
//! `v[:, 1:].copy_(v[:, :4])` on `v = torch.arange(10).view(2, 5)`. PyTorch
//! then gives whatever its kernel's traversal order leaves
//! (`[0, 0, 0, 0, 0, 5, 5, 5, 5, 5]` here, with vectorised chunks behaving
//! differently); `copy_from` copies as if the source were cloned first.

use tensor_view::{s, Complex, Tensor};

/// `torch.complex(torch.arange(n.), torch.arange(n.) + 10)`: element i is `i + (i+10)j`.
fn cplx(n: usize) -> Tensor<Complex<f32>> {
    Tensor::from_fn(n, |i| Complex::new(i as f32, i as f32 + 10.0))
}

fn c(re: f32, im: f32) -> Complex<f32> {
    Complex::new(re, im)
}

fn i64s(v: &[i64]) -> Tensor<i64> {
    Tensor::from_vec(v.to_vec(), &[v.len()]).unwrap()
}

fn bools(v: &[bool], shape: &[usize]) -> Tensor<bool> {
    Tensor::from_vec(v.to_vec(), shape).unwrap()
}

const PARTIAL_OVERLAP: &str = "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.";
const INTERNAL_OVERLAP: &str = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.";

// ---- copy_ ----

#[test]
fn copy_broadcasts_rows_columns_and_scalars() {
    // x = torch.zeros(2, 3); x.copy_(torch.arange(3.)) -> [0, 1, 2, 0, 1, 2]
    let x = Tensor::<f32>::zeros(&[2, 3]).unwrap();
    x.copy_from(&Tensor::<f32>::arange(3)).unwrap();
    assert_eq!(x.to_vec(), vec![0., 1., 2., 0., 1., 2.]);
    // x.copy_(torch.arange(2.).view(2, 1)) -> [0, 0, 0, 1, 1, 1]
    x.copy_from(&Tensor::<f32>::arange(2).view(&[2, 1]).unwrap())
        .unwrap();
    assert_eq!(x.to_vec(), vec![0., 0., 0., 1., 1., 1.]);
    // torch.zeros(3).copy_(torch.tensor(7.)) -> [7, 7, 7]
    let v = Tensor::<f32>::zeros(&[3]).unwrap();
    v.copy_from(&Tensor::scalar(7.0f32)).unwrap();
    assert_eq!(v.to_vec(), vec![7.0; 3]);
    // torch.zeros(0, 2).copy_(torch.zeros(2)) succeeds
    Tensor::<f32>::zeros(&[0, 2])
        .unwrap()
        .copy_from(&Tensor::<f32>::zeros(&[2]).unwrap())
        .unwrap();
}

#[test]
fn copies_between_empty_views_at_the_ends_of_int64_broadcast_by_sizes() {
    // copy_ broadcasts by sizes alone; expand's stride arithmetic (a new dim's
    // stride is the next dim's size times its stride) wraps in int64 here.
    let m = isize::MAX;
    let empty = |size: &[isize], stride: &[isize], offset: isize| {
        Tensor::<i64>::arange(0)
            .as_strided(size, stride, Some(offset))
            .unwrap()
    };
    // e = lambda size, stride, off=0: torch.arange(0).as_strided(size, stride, off)
    // e([M, 0], [2, 1]).expand(1, M, 0) -> RuntimeError (a stride of -2)
    // e([1, M, 0], [1, 1, 1]).copy_(e([M, 0], [2, 1])) succeeds
    let src = empty(&[m, 0], &[2, 1], 0);
    empty(&[1, m, 0], &[1, 1, 1], 0).copy_from(&src).unwrap();
    // a = e([1, M, 0, 2], [M, 1, 1, 1], M)
    // a.copy_(a.squeeze()) and a.flatten().copy_(a.transpose(0, 1).flatten()) succeed
    let a = empty(&[1, m, 0, 2], &[m, 1, 1, 1], m);
    a.copy_from(&a.squeeze().unwrap()).unwrap();
    let flat = a.transpose(0, 1).unwrap().flatten(0, -1).unwrap();
    a.flatten(0, -1).unwrap().copy_from(&flat).unwrap();
    // p0 = torch.arange(1).as_strided([1, 3, 0], [M, M, 2**32]); p0.copy_(p0.select(-3, 0))
    // succeeds (p0.select(-3, 0).expand(1, 3, 0) gives the wrapped stride M - 2)
    let p0 = Tensor::<i64>::arange(1)
        .as_strided(&[1, 3, 0], &[m, m, 1 << 32], None)
        .unwrap();
    p0.copy_from(&p0.select(-3, 0).unwrap()).unwrap();
    // a.copy_(e([M, 0, 3], [1, 1, 1])) -> the sizes do not broadcast
    let e = a.copy_from(&empty(&[m, 0, 3], &[1, 1, 1], 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 3"
    );
}

#[test]
fn copy_refuses_shapes_that_do_not_broadcast_to_the_destination() {
    // torch.zeros(2, 2).copy_(torch.arange(3.))
    let e = Tensor::<f32>::zeros(&[2, 2])
        .unwrap()
        .copy_from(&Tensor::<f32>::arange(3))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
    );
    // torch.zeros(2, 3).copy_(torch.zeros(1, 2, 3))
    let e = Tensor::<f32>::zeros(&[2, 3])
        .unwrap()
        .copy_from(&Tensor::<f32>::zeros(&[1, 2, 3]).unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "output with shape [2, 3] doesn't match the broadcast shape [1, 2, 3]"
    );
    // torch.zeros(1, 3).expand(2, 3).copy_(torch.ones(2, 3))
    let x = Tensor::<f32>::zeros(&[1, 3]).unwrap();
    let e = x
        .expand(&[2, 3])
        .unwrap()
        .copy_from(&Tensor::<f32>::ones(&[2, 3]).unwrap())
        .unwrap_err();
    assert_eq!(e.to_string(), INTERNAL_OVERLAP);
    assert_eq!(x.to_vec(), vec![0.0; 3]);
}

#[test]
fn copy_between_views_of_one_storage() {
    // x = torch.arange(10); x[1:].copy_(x[:-1]) -> partial overlap error
    let x = Tensor::<i64>::arange(10);
    let e = x
        .index(&s![1..])
        .unwrap()
        .copy_from(&x.index(&s![..-1]).unwrap())
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // x = torch.arange(16).view(4, 4); x[1:, :].copy_(x[:3, :]) -> the same error
    let m = Tensor::<i64>::arange(16).view(&[4, 4]).unwrap();
    let e = m
        .index(&s![1..])
        .unwrap()
        .copy_from(&m.index(&s![..3]).unwrap())
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // y = torch.arange(9).view(3, 3); y.copy_(y.t()) -> the same error
    let y = Tensor::<i64>::arange(9).view(&[3, 3]).unwrap();
    let e = y.copy_from(&y.t().unwrap()).unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    assert_eq!(y.to_vec(), (0..9).collect::<Vec<i64>>());
    // x = torch.arange(10); x[:5].copy_(x[5:]) -> [5, 6, 7, 8, 9, 5, 6, 7, 8, 9]
    x.index(&s![..5])
        .unwrap()
        .copy_from(&x.index(&s![5..]).unwrap())
        .unwrap();
    assert_eq!(x.to_vec(), vec![5, 6, 7, 8, 9, 5, 6, 7, 8, 9]);
    // v = torch.arange(12).view(3, 4); v[:, ::2].copy_(v[:, 1::2])
    //   -> [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11]
    let v = Tensor::<i64>::arange(12).view(&[3, 4]).unwrap();
    v.index(&s![.., ..;2])
        .unwrap()
        .copy_from(&v.index(&s![.., 1..;2]).unwrap())
        .unwrap();
    assert_eq!(v.to_vec(), vec![1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11]);
}

#[test]
fn copy_through_conj_and_neg_views() {
    // z.conj().copy_(torch.tensor([1+2j, 3+4j, 5+6j])) stores the conjugates
    let z = cplx(3);
    let src = Tensor::from_vec(vec![c(1., 2.), c(3., 4.), c(5., 6.)], &[3]).unwrap();
    z.conj().copy_from(&src).unwrap();
    assert_eq!(z.to_vec(), vec![c(1., -2.), c(3., -4.), c(5., -6.)]);
    // torch.zeros(3, dtype=complex64).copy_(z.conj()) -> the conjugated values
    let out = Tensor::<Complex<f32>>::zeros(&[3]).unwrap();
    out.copy_from(&cplx(3).conj()).unwrap();
    assert_eq!(out.to_vec(), vec![c(0., -10.), c(1., -11.), c(2., -12.)]);
    // z.conj().imag.copy_(torch.tensor([1., 2., 3.])) -> z = [0-1j, 1-2j, 2-3j]
    let z = cplx(3);
    let neg = z.conj().imag().unwrap();
    assert!(neg.is_neg());
    neg.copy_from(&Tensor::from_vec(vec![1.0f32, 2., 3.], &[3]).unwrap())
        .unwrap();
    assert_eq!(z.to_vec(), vec![c(0., -1.), c(1., -2.), c(2., -3.)]);
    assert_eq!(neg.to_vec(), vec![1., 2., 3.]);
    // torch.zeros(3).copy_(z.conj().imag) -> [-10, -11, -12]
    let out = Tensor::<f32>::zeros(&[3]).unwrap();
    out.copy_from(&cplx(3).conj().imag().unwrap()).unwrap();
    assert_eq!(out.to_vec(), vec![-10., -11., -12.]);
    // z.conj().imag.copy_(z.conj().imag.flip(0).clone()) -> z = [0+12j, 1+11j, 2+10j]
    let z = cplx(3);
    let flipped = Tensor::from_vec(vec![-12.0f32, -11., -10.], &[3]).unwrap();
    z.conj().imag().unwrap().copy_from(&flipped).unwrap();
    assert_eq!(z.to_vec(), vec![c(0., 12.), c(1., 11.), c(2., 10.)]);
    // z.imag.copy_(z.conj().imag) -> z = [0-10j, 1-11j, 2-12j]: the same
    // elements, read negated, so not "the same data" (PyTorch compares the
    // neg bit too)
    let z = cplx(3);
    z.imag()
        .unwrap()
        .copy_from(&z.conj().imag().unwrap())
        .unwrap();
    assert_eq!(z.to_vec(), vec![c(0., -10.), c(1., -11.), c(2., -12.)]);
    // z.conj().imag.copy_(z.imag) -> z = [0-10j, 1-11j, 2-12j]
    let z = cplx(3);
    z.conj()
        .imag()
        .unwrap()
        .copy_from(&z.imag().unwrap())
        .unwrap();
    assert_eq!(z.to_vec(), vec![c(0., -10.), c(1., -11.), c(2., -12.)]);
    // z.conj().imag.copy_(z.conj().imag) -> unchanged (the same data, read the same way)
    let z = cplx(3);
    let neg = z.conj().imag().unwrap();
    neg.copy_from(&z.conj().imag().unwrap()).unwrap();
    assert_eq!(z.to_vec(), vec![c(0., 10.), c(1., 11.), c(2., 12.)]);
    // z.copy_(z.conj()) -> z = [0-10j, 1-11j, 2-12j]
    let z = cplx(3);
    z.copy_from(&z.conj()).unwrap();
    assert_eq!(z.to_vec(), vec![c(0., -10.), c(1., -11.), c(2., -12.)]);
    // a.conj().imag.copy_(b.conj().imag): the values read move, so a's
    // imaginary parts become b's (PyTorch: a == b afterwards)
    let a = Tensor::<Complex<f32>>::zeros(&[3]).unwrap();
    let b = cplx(3);
    a.conj()
        .imag()
        .unwrap()
        .copy_from(&b.conj().imag().unwrap())
        .unwrap();
    assert_eq!(a.to_vec(), vec![c(0., 10.), c(0., 11.), c(0., 12.)]);
}

// ---- fill_ ----

#[test]
fn fill_through_broadcast_conj_neg_and_dtype_views() {
    // x = torch.zeros(1, 3); x.expand(2, 3).fill_(4) -> [4, 4, 4]
    let x = Tensor::<f32>::zeros(&[1, 3]).unwrap();
    x.expand(&[2, 3]).unwrap().fill(4.0).unwrap();
    assert_eq!(x.to_vec(), vec![4.0; 3]);
    // z.conj().fill_(1+2j) -> z = [1-2j, 1-2j]
    let z = cplx(2);
    z.conj().fill(c(1., 2.)).unwrap();
    assert_eq!(z.to_vec(), vec![c(1., -2.); 2]);
    // z.conj().imag.fill_(5) -> z = [0-5j, 1-5j]
    let z = cplx(2);
    z.conj().imag().unwrap().fill(5.0).unwrap();
    assert_eq!(z.to_vec(), vec![c(0., -5.), c(1., -5.)]);
    // z.view(1, 2).mH.imag.fill_(5) -> the same
    let z = cplx(2);
    z.view(&[1, 2])
        .unwrap()
        .mH()
        .unwrap()
        .imag()
        .unwrap()
        .fill(5.0)
        .unwrap();
    assert_eq!(z.to_vec(), vec![c(0., -5.), c(1., -5.)]);
    // x = torch.zeros(2, dtype=int32); x.view(torch.int16).fill_(1) -> [65537, 65537]
    let x = Tensor::<i32>::zeros(&[2]).unwrap();
    x.view_dtype::<i16>().unwrap().fill(1).unwrap();
    assert_eq!(x.to_vec(), vec![65537, 65537]);
    // x = torch.zeros(4); x[1::2].fill_(3) -> [0, 3, 0, 3]
    let x = Tensor::<f32>::zeros(&[4]).unwrap();
    x.index(&s![1..;2]).unwrap().fill(3.0).unwrap();
    assert_eq!(x.to_vec(), vec![0., 3., 0., 3.]);
}

// ---- index_select ----

#[test]
fn index_select_matches_pytorch() {
    let x = Tensor::<i64>::arange(12).view(&[3, 4]).unwrap();
    // x.index_select(0, torch.tensor([2, 0, 2]))
    let y = x.index_select(0, &i64s(&[2, 0, 2])).unwrap();
    assert_eq!(
        (y.shape(), y.stride()),
        (&[3usize, 4][..], &[4isize, 1][..])
    );
    assert_eq!(y.to_vec(), vec![8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11]);
    assert!(!y.shares_storage(&x));
    // x.index_select(-1, torch.tensor([3, 1])) -> [3, 1, 7, 5, 11, 9]
    let y = x.index_select(-1, &i64s(&[3, 1])).unwrap();
    assert_eq!(y.to_vec(), vec![3, 1, 7, 5, 11, 9]);
    // x.index_select(1, torch.tensor(2)) -> shape [3, 1], [2, 6, 10]
    let y = x.index_select(1, &Tensor::scalar(2i64)).unwrap();
    assert_eq!((y.shape(), y.to_vec()), (&[3usize, 1][..], vec![2, 6, 10]));
    // torch.tensor(5).index_select(0, torch.tensor([0])) -> 0-d 5
    let y = Tensor::scalar(5i64).index_select(0, &i64s(&[0])).unwrap();
    assert_eq!((y.shape(), y.to_vec()), (&[][..], vec![5]));
    // x.index_select(0, torch.tensor([], dtype=int64)) -> shape [0, 4]
    let y = x.index_select(0, &i64s(&[])).unwrap();
    assert_eq!(y.shape(), &[0, 4]);
    // x.t().index_select(0, torch.tensor([1, 1])) -> [1, 5, 9, 1, 5, 9]
    let y = x.t().unwrap().index_select(0, &i64s(&[1, 1])).unwrap();
    assert_eq!(
        (y.stride(), y.to_vec()),
        (&[3isize, 1][..], vec![1, 5, 9, 1, 5, 9])
    );
    // errors: [-1] and [3] -> "index out of range in self"; [[1]] -> not a vector
    for bad in [-1, 3] {
        let e = x.index_select(0, &i64s(&[bad])).unwrap_err();
        assert_eq!(e.to_string(), "index out of range in self");
    }
    let e = x
        .index_select(1, &Tensor::from_vec(vec![1i64], &[1, 1]).unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "index_select(): Index is supposed to be a vector"
    );
    // x.index_select(2, ...) -> Dimension out of range
    assert_eq!(
        x.index_select(2, &i64s(&[0])).unwrap_err().to_string(),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
}

#[test]
fn index_select_of_a_conj_view_gives_plain_conjugated_values() {
    // cplx(4).view(2, 2).conj().index_select(1, torch.tensor([1, 0]))
    //   -> is_conj False, [1-11j, -10j, 3-13j, 2-12j]
    let z = cplx(4).view(&[2, 2]).unwrap();
    let y = z.conj().index_select(1, &i64s(&[1, 0])).unwrap();
    assert!(!y.is_conj());
    assert_eq!(
        y.to_vec(),
        vec![c(1., -11.), c(0., -10.), c(3., -13.), c(2., -12.)]
    );
}

// ---- masked_select and x[mask] ----

#[test]
fn masked_select_broadcasts_both_ways() {
    let x = Tensor::<i64>::arange(12).view(&[3, 4]).unwrap();
    // x.masked_select(torch.tensor([True, False, True, True]))
    let y = x
        .masked_select(&bools(&[true, false, true, true], &[4]))
        .unwrap();
    assert_eq!(y.to_vec(), vec![0, 2, 3, 4, 6, 7, 8, 10, 11]);
    // x.masked_select(torch.tensor([[True], [False], [True]]))
    let y = x
        .masked_select(&bools(&[true, false, true], &[3, 1]))
        .unwrap();
    assert_eq!(y.to_vec(), vec![0, 1, 2, 3, 8, 9, 10, 11]);
    // torch.arange(4).masked_select(<2x4 mask>) broadcasts self: [0, 1, 2, 3, 1, 3]
    let mask = bools(&[true, true, true, true, false, true, false, true], &[2, 4]);
    let y = Tensor::<i64>::arange(4).masked_select(&mask).unwrap();
    assert_eq!(y.to_vec(), vec![0, 1, 2, 3, 1, 3]);
    // x.masked_select(torch.tensor([True, False, True]))
    let e = x
        .masked_select(&bools(&[true, false, true], &[3]))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
    );
    // cplx(3).conj().masked_select(torch.tensor([True, False, True])) -> [-10j, 2-12j]
    let y = cplx(3)
        .conj()
        .masked_select(&bools(&[true, false, true], &[3]))
        .unwrap();
    assert!(!y.is_conj());
    assert_eq!(y.to_vec(), vec![c(0., -10.), c(2., -12.)]);
}

#[test]
fn boolean_mask_indexing_matches_pytorch() {
    let x = Tensor::<i64>::arange(12).view(&[3, 4]).unwrap();
    // x[x % 3 == 0] -> [0, 3, 6, 9]
    let m: Vec<bool> = (0..12).map(|i| i % 3 == 0).collect();
    let y = x.index_by_mask(&bools(&m, &[3, 4])).unwrap();
    assert_eq!(y.to_vec(), vec![0, 3, 6, 9]);
    // x[torch.tensor([True, False, True])] -> rows 0 and 2, shape [2, 4]
    let y = x.index_by_mask(&bools(&[true, false, true], &[3])).unwrap();
    assert_eq!(y.shape(), &[2, 4]);
    assert_eq!(y.to_vec(), vec![0, 1, 2, 3, 8, 9, 10, 11]);
    // x[torch.tensor([True, False])] -> IndexError
    let e = x.index_by_mask(&bools(&[true, false], &[2])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 4] at index 0"
    );
    // x[torch.tensor(True)] -> shape [1, 3, 4]
    let y = x.index_by_mask(&Tensor::scalar(true)).unwrap();
    assert_eq!(y.shape(), &[1, 3, 4]);
    // x.t()[x.t() > 6] -> [8, 9, 10, 7, 11]
    let t = x.t().unwrap();
    let m: Vec<bool> = t.to_vec().iter().map(|&v| v > 6).collect();
    let y = t.index_by_mask(&bools(&m, &[4, 3])).unwrap();
    assert_eq!(y.to_vec(), vec![8, 9, 10, 7, 11]);
}

// ---- index_put_ ----

#[test]
fn index_put_matches_pytorch() {
    // x = torch.zeros(3, 2, int32); x.index_put_((tensor([2, -3]),), tensor([7, 8]))
    let x = Tensor::<i32>::zeros(&[3, 2]).unwrap();
    let vals = Tensor::from_vec(vec![7i32, 8], &[2]).unwrap();
    x.index_put_(&[&i64s(&[2, -3])], &vals).unwrap();
    assert_eq!(x.to_vec(), vec![7, 8, 0, 0, 7, 8]);
    // x = torch.zeros(3, 3); x.index_put_((tensor([0, 2]), tensor([1, 0])), tensor(5))
    let x = Tensor::<i32>::zeros(&[3, 3]).unwrap();
    x.index_put_(&[&i64s(&[0, 2]), &i64s(&[1, 0])], &Tensor::scalar(5i32))
        .unwrap();
    assert_eq!(x.to_vec(), vec![0, 5, 0, 0, 0, 0, 5, 0, 0]);
    // x = torch.zeros(4); x.index_put_((tensor([1, 1, 1]),), tensor([1, 2, 3])) -> [0, 3, 0, 0]
    let x = Tensor::<i32>::zeros(&[4]).unwrap();
    let vals = Tensor::from_vec(vec![1i32, 2, 3], &[3]).unwrap();
    x.index_put_(&[&i64s(&[1, 1, 1])], &vals).unwrap();
    assert_eq!(x.to_vec(), vec![0, 3, 0, 0]);
    // x = torch.zeros(2, 3); x.t().index_put_((tensor([2]),), tensor([4, 5])) -> [0, 0, 4, 0, 0, 5]
    let x = Tensor::<i32>::zeros(&[2, 3]).unwrap();
    let vals = Tensor::from_vec(vec![4i32, 5], &[2]).unwrap();
    x.t().unwrap().index_put_(&[&i64s(&[2])], &vals).unwrap();
    assert_eq!(x.to_vec(), vec![0, 0, 4, 0, 0, 5]);
    // z.conj().index_put_((tensor([1]),), tensor([1+1j])) -> z = [10j, 1-1j]
    let z = cplx(2);
    let vals = Tensor::from_vec(vec![c(1., 1.)], &[1]).unwrap();
    z.conj().index_put_(&[&i64s(&[1])], &vals).unwrap();
    assert_eq!(z.to_vec(), vec![c(0., 10.), c(1., -1.)]);
}

#[test]
fn index_put_errors_match_pytorch() {
    let one = Tensor::scalar(1i32);
    // torch.zeros(3).index_put_((tensor([0]), tensor([0])), tensor(1))
    let x = Tensor::<i32>::zeros(&[3]).unwrap();
    let e = x.index_put_(&[&i64s(&[0]), &i64s(&[0])], &one).unwrap_err();
    assert_eq!(
        e.to_string(),
        "too many indices for tensor of dimension 1 (got 2)"
    );
    // torch.zeros(3).index_put_((tensor([5]),), tensor(1))
    let e = x.index_put_(&[&i64s(&[5])], &one).unwrap_err();
    assert_eq!(
        e.to_string(),
        "index 5 is out of bounds for dimension 0 with size 3"
    );
    // torch.zeros(3, 2).index_put_((tensor([0, 1]),), tensor([1, 2, 3]))
    let y = Tensor::<i32>::zeros(&[3, 2]).unwrap();
    let vals = Tensor::from_vec(vec![1i32, 2, 3], &[3]).unwrap();
    let e = y.index_put_(&[&i64s(&[0, 1])], &vals).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2, 2]"
    );
    // x.index_put_((tensor([0, 1]),), x[1:]) -> overlap error
    let e = x
        .index_put_(&[&i64s(&[0, 1])], &x.index(&s![1..]).unwrap())
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // torch.zeros(2, 2).index_put_((tensor([0, 1]), tensor([0, 1, 0])), tensor(1))
    let z = Tensor::<i32>::zeros(&[2, 2]).unwrap();
    let e = z
        .index_put_(&[&i64s(&[0, 1]), &i64s(&[0, 1, 0])], &one)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"
    );
    assert_eq!(x.to_vec(), vec![0; 3]);
}

#[test]
fn index_put_refuses_index_tensors_overlapping_the_destination() {
    // x = torch.tensor([0, 1, 2, 3]); x.index_put_((x[:2],), torch.tensor([7, 8])) -> overlap error
    let x = i64s(&[0, 1, 2, 3]);
    let e = x
        .index_put_(&[&x.index(&s![..2]).unwrap()], &i64s(&[7, 8]))
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // x.index_put_((x,), torch.tensor(9)) -> overlap error (the same elements)
    let nine = Tensor::scalar(9i64);
    assert_eq!(
        x.index_put_(&[&x], &nine).unwrap_err().to_string(),
        PARTIAL_OVERLAP
    );
    // x.t().index_put_((x[:2],), torch.tensor(9)) -> overlap error
    let m = Tensor::from_vec(vec![0i64, 1, 1, 0], &[2, 2]).unwrap();
    let e = m
        .t()
        .unwrap()
        .index_put_(&[&m.index(&s![0]).unwrap()], &nine)
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // checked before the indices' shapes and values:
    // x.index_put_((x[:2],), torch.tensor([1, 2, 3])) -> overlap error
    let e = x
        .index_put_(&[&x.index(&s![..2]).unwrap()], &i64s(&[1, 2, 3]))
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // x = torch.tensor([5, 1, 2, 3]); x.index_put_((x[:1],), torch.tensor(9)) -> overlap error
    let y = i64s(&[5, 1, 2, 3]);
    let e = y
        .index_put_(&[&y.index(&s![..1]).unwrap()], &nine)
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // but torch.tensor([0, 1, 2, 3]).index_put_((x[:2], x[:1]), ...) -> too many indices first
    let e = x
        .index_put_(
            &[&x.index(&s![..2]).unwrap(), &x.index(&s![..1]).unwrap()],
            &nine,
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "too many indices for tensor of dimension 1 (got 2)"
    );
    assert_eq!(x.to_vec(), vec![0, 1, 2, 3]);
    assert_eq!(y.to_vec(), vec![5, 1, 2, 3]);
    // compared by bytes across dtypes: x = torch.zeros(8); i = x.view(torch.int64)
    let f = Tensor::<f32>::zeros(&[8]).unwrap();
    let i = f.view_dtype::<i64>().unwrap();
    let nine = Tensor::scalar(9.0f32);
    // x.index_put_((i[:1],), torch.tensor(9.)) -> overlap error
    let e = f
        .index_put_(&[&i.index(&s![..1]).unwrap()], &nine)
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // x[:4].index_put_((i[1:2],), torch.tensor(9.)) -> overlap error (bytes 8..16 of 0..16)
    let head = f.index(&s![..4]).unwrap();
    let e = head
        .index_put_(&[&i.index(&s![1..2]).unwrap()], &nine)
        .unwrap_err();
    assert_eq!(e.to_string(), PARTIAL_OVERLAP);
    // x[:4].index_put_((i[2:3],), torch.tensor(9.)) -> [9, 0, 0, 0, 0, 0, 0, 0] (disjoint bytes)
    head.index_put_(&[&i.index(&s![2..3]).unwrap()], &nine)
        .unwrap();
    assert_eq!(f.to_vec(), vec![9.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn index_put_takes_index_tensors_sharing_the_storage_elsewhere() {
    // x = torch.tensor([0, 1, 0, 1, 2, 3, 4, 5]); x[:4].index_put_((x[4:6],), torch.tensor(9))
    // -> [0, 1, 9, 9, 2, 3, 4, 5]
    let x = i64s(&[0, 1, 0, 1, 2, 3, 4, 5]);
    let nine = Tensor::scalar(9i64);
    x.index(&s![..4])
        .unwrap()
        .index_put_(&[&x.index(&s![4..6]).unwrap()], &nine)
        .unwrap();
    assert_eq!(x.to_vec(), vec![0, 1, 9, 9, 2, 3, 4, 5]);
    // x = torch.tensor([0, 1, 0, 1, 2, 3, 0, 0]).view(4, 2); x.index_put_((x[:, 0],), torch.tensor(9))
    // -> [[9, 9], [0, 1], [9, 9], [0, 0]]: PyTorch does not compare a
    // non-dense index (its overlap check gives up), and the indices are read first
    let x = Tensor::from_vec(vec![0i64, 1, 0, 1, 2, 3, 0, 0], &[4, 2]).unwrap();
    x.index_put_(&[&x.index(&s![.., 0]).unwrap()], &nine)
        .unwrap();
    assert_eq!(x.to_vec(), vec![9, 9, 0, 1, 9, 9, 0, 0]);
    // x.index_put_((x[:0],), torch.tensor(9)): an empty index overlaps nothing
    let x = i64s(&[0, 1, 2, 3]);
    x.index_put_(&[&x.index(&s![..0]).unwrap()], &nine).unwrap();
    assert_eq!(x.to_vec(), vec![0, 1, 2, 3]);
}

#[test]
fn advanced_indexing_of_negated_views() {
    // z = torch.complex(torch.arange(4.), torch.arange(4.) + 10); n = z.conj().imag
    let z = cplx(4);
    let n = z.conj().imag().unwrap();
    // n.index_select(0, torch.tensor([3, 0])) -> [-13, -10]
    assert_eq!(
        n.index_select(0, &i64s(&[3, 0])).unwrap().to_vec(),
        vec![-13., -10.]
    );
    // n.masked_select(torch.tensor([True, False, True, False])) -> [-10, -12]
    let m = bools(&[true, false, true, false], &[4]);
    assert_eq!(n.masked_select(&m).unwrap().to_vec(), vec![-10., -12.]);
    // n[torch.tensor([False, True, True, False])] -> [-11, -12]
    let m = bools(&[false, true, true, false], &[4]);
    assert_eq!(n.index_by_mask(&m).unwrap().to_vec(), vec![-11., -12.]);
    // n.index_put_((torch.tensor([1, 2]),), torch.tensor([7., 8.])) -> z = [10j, 1-7j, 2-8j, 3+13j]
    let vals = Tensor::from_vec(vec![7.0f32, 8.0], &[2]).unwrap();
    n.index_put_(&[&i64s(&[1, 2])], &vals).unwrap();
    assert_eq!(
        z.to_vec(),
        vec![c(0., 10.), c(1., -7.), c(2., -8.), c(3., 13.)]
    );
}

// ---- resize_ ----

#[test]
fn resize_matches_pytorch() {
    // x = torch.arange(4, int32); alias = x.view(2, 2); x.resize_(2, 3)
    //   -> x [2, 3] strides [3, 1]; both see 24 bytes; alias keeps [2, 2]
    let mut x = Tensor::<i32>::arange(4);
    let alias = x.view(&[2, 2]).unwrap();
    x.resize_(&[2, 3]).unwrap();
    assert_eq!(
        (x.shape(), x.stride()),
        (&[2usize, 3][..], &[3isize, 1][..])
    );
    assert_eq!((x.storage_nbytes(), alias.storage_nbytes()), (24, 24));
    assert_eq!(alias.shape(), &[2, 2]);
    assert_eq!(&x.to_vec()[..4], &[0, 1, 2, 3]);
    // torch.arange(6).view(2, 3).t().resize_(3, 2) keeps strides [1, 3]
    let mut t = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap().t().unwrap();
    t.resize_(&[3, 2]).unwrap();
    assert_eq!(t.stride(), &[1, 3]);
    // ... .resize_(2, 3) -> strides [3, 1], values [0..6]
    t.resize_(&[2, 3]).unwrap();
    assert_eq!(
        (t.stride(), t.to_vec()),
        (&[3isize, 1][..], vec![0, 1, 2, 3, 4, 5])
    );
    // x = torch.arange(10, int16); v = x[4:6]; v.resize_(3, 3)
    //   -> offset 4, storage 26 bytes, v starts [4, 5, 6, 7, 8, 9]
    let x = Tensor::<i16>::arange(10);
    let mut v = x.index(&s![4..6]).unwrap();
    v.resize_(&[3, 3]).unwrap();
    assert_eq!((v.stride(), v.storage_offset()), (&[3isize, 1][..], 4));
    assert_eq!(x.storage_nbytes(), 26);
    assert_eq!(&v.to_vec()[..6], &[4, 5, 6, 7, 8, 9]);
    // v = x[4:6]; v.resize_(0) -> shape [0], stride [1], offset 4, storage unchanged
    let x = Tensor::<i16>::arange(10);
    let mut v = x.index(&s![4..6]).unwrap();
    v.resize_(&[0]).unwrap();
    assert_eq!(
        (v.stride(), v.storage_offset(), x.storage_nbytes()),
        (&[1isize][..], 4, 20)
    );
    // torch.arange(3, int64).resize_(()) -> 0-d holding 0
    let mut s = Tensor::<i64>::arange(3);
    s.resize_::<usize>(&[]).unwrap();
    assert_eq!((s.shape(), s.to_vec()), (&[][..], vec![0]));
}

#[test]
fn resize_overflows_match_pytorch() {
    // torch.arange(3, dtype=int64).resize_(2**60)
    let mut x = Tensor::<i64>::arange(3);
    assert_eq!(
        x.resize_(&[1i64 << 60]).unwrap_err().to_string(),
        "Storage size calculation overflowed with sizes=[1152921504606846976]"
    );
    // torch.arange(3, dtype=int16).resize_(2**62, 2**62)
    let mut y = Tensor::<i16>::arange(3);
    assert_eq!(
        y.resize_(&[1usize << 62, 1 << 62]).unwrap_err().to_string(),
        "numel: integer multiplication overflow"
    );
    // torch.arange(3).resize_(-1, 2): a negative size counts as a huge one
    assert_eq!(
        y.resize_(&[-1, 2]).unwrap_err().to_string(),
        "numel: integer multiplication overflow"
    );
    assert_eq!((x.shape(), y.shape()), (&[3usize][..], &[3usize][..]));
}

// ---- reshape: view or copy ----

/// (shape, strides, offset, is a view of `base`, values)
type Outcome = (Vec<usize>, Vec<isize>, usize, bool, Vec<i64>);

fn outcome(t: &Tensor<i64>, base: &Tensor<i64>) -> Outcome {
    (
        t.shape().to_vec(),
        t.stride().to_vec(),
        t.storage_offset(),
        t.shares_storage(base),
        t.to_vec(),
    )
}

#[test]
fn reshape_views_or_copies_like_pytorch() {
    let x = Tensor::<i64>::arange(12);
    let rep = |v: &[i64], n: usize| -> Vec<i64> { v.iter().flat_map(|&a| vec![a; n]).collect() };
    // e = x[:3].view(3, 1).expand(3, 4)
    let e = x
        .index(&s![..3])
        .unwrap()
        .view(&[3, 1])
        .unwrap()
        .expand(&[3, 4])
        .unwrap();
    // e.reshape(-1) -> copy [12] stride [1]
    assert_eq!(
        outcome(&e.reshape(&[-1]).unwrap(), &x),
        (vec![12], vec![1], 0, false, rep(&[0, 1, 2], 4))
    );
    // e.reshape(3, 2, 2) -> view strides [1, 0, 0]
    assert_eq!(
        outcome(&e.reshape(&[3, 2, 2]).unwrap(), &x),
        (vec![3, 2, 2], vec![1, 0, 0], 0, true, rep(&[0, 1, 2], 4))
    );
    // e.reshape(12, 1) -> copy, strides [1, 1]
    assert_eq!(
        outcome(&e.reshape(&[12, 1]).unwrap(), &x),
        (vec![12, 1], vec![1, 1], 0, false, rep(&[0, 1, 2], 4))
    );
    // e.t().reshape(2, 6) -> copy [2, 6] strides [6, 1]
    let r = e.t().unwrap().reshape(&[2, 6]).unwrap();
    assert_eq!(
        outcome(&r, &x),
        (vec![2, 6], vec![6, 1], 0, false, [0, 1, 2].repeat(4))
    );
    // t = x.view(3, 4).t(); t.reshape(2, 2, 3) -> view strides [2, 1, 4]
    let t = x.view(&[3, 4]).unwrap().t().unwrap();
    let tv = vec![0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11];
    assert_eq!(
        outcome(&t.reshape(&[2, 2, 3]).unwrap(), &x),
        (vec![2, 2, 3], vec![2, 1, 4], 0, true, tv.clone())
    );
    // t.reshape(-1) -> copy
    assert_eq!(
        outcome(&t.reshape(&[-1]).unwrap(), &x),
        (vec![12], vec![1], 0, false, tv)
    );
    // n = x.view(3, 4)[:, 1:3]: reshape(3, 2, 1) view [4, 1, 1] offset 1; reshape(6) copy
    let n = x.view(&[3, 4]).unwrap().index(&s![.., 1..3]).unwrap();
    let nv = vec![1, 2, 5, 6, 9, 10];
    assert_eq!(
        outcome(&n.reshape(&[3, 2, 1]).unwrap(), &x),
        (vec![3, 2, 1], vec![4, 1, 1], 1, true, nv.clone())
    );
    assert_eq!(
        outcome(&n.reshape(&[6]).unwrap(), &x),
        (vec![6], vec![1], 0, false, nv)
    );
    // u = x.unfold(0, 4, 2): reshape(-1) copies; reshape(5, 4) is u itself
    let u = x.unfold(0, 4, 2).unwrap();
    assert!(!u.reshape(&[-1]).unwrap().shares_storage(&x));
    assert_eq!(outcome(&u.reshape(&[5, 4]).unwrap(), &x).1, vec![2, 1]);
    // s1 = x.as_strided((2, 1, 3), (6, 100, 2), 1): reshape(2, 3) view [6, 2];
    // reshape(2, 3, 1, 1) view [6, 2, 2, 2]
    let s1 = x.as_strided(&[2, 1, 3], &[6, 100, 2], Some(1)).unwrap();
    let sv = vec![1, 3, 5, 7, 9, 11];
    assert_eq!(
        outcome(&s1.reshape(&[2, 3]).unwrap(), &x),
        (vec![2, 3], vec![6, 2], 1, true, sv.clone())
    );
    assert_eq!(
        outcome(&s1.reshape(&[2, 3, 1, 1]).unwrap(), &x),
        (vec![2, 3, 1, 1], vec![6, 2, 2, 2], 1, true, sv)
    );
    // x[:0].view(0, 1).expand(0, 5).reshape(5, 0) -> view, strides [1, 1]
    let z = x
        .index(&s![..0])
        .unwrap()
        .view(&[0, 1])
        .unwrap()
        .expand(&[0, 5])
        .unwrap();
    assert_eq!(
        outcome(&z.reshape(&[5, 0]).unwrap(), &x),
        (vec![5, 0], vec![1, 1], 0, true, vec![])
    );
}

#[test]
fn reshape_of_conj_views() {
    let z = cplx(4).view(&[2, 2]).unwrap();
    // z.mH.reshape(-1) -> a plain copy [-10j, 2-12j, 1-11j, 3-13j]
    let r = z.mH().unwrap().reshape(&[-1]).unwrap();
    assert!(!r.is_conj() && !r.shares_storage(&z));
    assert_eq!(
        r.to_vec(),
        vec![c(0., -10.), c(2., -12.), c(1., -11.), c(3., -13.)]
    );
    // z.conj().reshape(4).is_conj() -> True (a view)
    let r = z.conj().reshape(&[4]).unwrap();
    assert!(r.is_conj() && r.shares_storage(&z));
}

// ---- contiguous() of conj/neg views ----

#[test]
fn contiguous_of_conj_and_neg_views() {
    let z = cplx(4).view(&[2, 2]).unwrap();
    // z.conj().contiguous() -> itself: conj True, same storage
    let t = z.conj().contiguous().unwrap();
    assert!(t.is_conj() && t.shares_storage(&z));
    assert_eq!(
        t.to_vec(),
        vec![c(0., -10.), c(1., -11.), c(2., -12.), c(3., -13.)]
    );
    // z.mH.contiguous() -> a copy, conj False, strides [2, 1]
    let t = z.mH().unwrap().contiguous().unwrap();
    assert!(!t.is_conj() && !t.shares_storage(&z));
    assert_eq!(
        (t.stride(), t.to_vec()),
        (
            &[2isize, 1][..],
            vec![c(0., -10.), c(2., -12.), c(1., -11.), c(3., -13.)]
        )
    );
    // z.conj().imag.contiguous() -> a copy (PyTorch's imag view is not
    // contiguous: stride 4 in floats), neg False, [-10, -11, -12, -13]
    let t = z.conj().imag().unwrap().contiguous().unwrap();
    assert!(!t.is_neg() && !t.shares_storage(&z));
    assert_eq!(t.to_vec(), vec![-10., -11., -12., -13.]);
    // z.conj().imag.t().contiguous() -> [-10, -12, -11, -13]
    let t = z.conj().imag().unwrap().t().unwrap().contiguous().unwrap();
    assert!(!t.is_neg());
    assert_eq!(
        (t.stride(), t.to_vec()),
        (&[2isize, 1][..], vec![-10., -12., -11., -13.])
    );
    // z.conj().conj().contiguous() -> z itself
    let t = z.conj().conj().contiguous().unwrap();
    assert!(!t.is_conj() && t.shares_storage(&z));
}
