//! Expected strings are PyTorch's output for the same values, derived by
//! following `torch/_tensor_str.py` (default print options) step by step.

use crate::{bf16, f16, Complex, Tensor};

fn c32(re: f32, im: f32) -> Complex<f32> {
    Complex::new(re, im)
}

#[test]
fn arange16_4x4() {
    let t = Tensor::<f32>::arange(16).view(&[4, 4]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[ 0.,  1.,  2.,  3.],\n        [ 4.,  5.,  6.,  7.],\n        [ 8.,  9., 10., 11.],\n        [12., 13., 14., 15.]])"
    );
}

#[test]
fn bools() {
    let t = Tensor::from_vec(vec![true, false], &[2]).unwrap();
    assert_eq!(t.to_string(), "tensor([ True, False])");
}

#[test]
fn bools_all_true() {
    let t = Tensor::full(&[2, 2], true).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[True, True],\n        [True, True]])"
    );
}

#[test]
fn neg_floats() {
    let t = Tensor::from_vec(vec![0.9482f32, -0.0310, 1.25, -2.5], &[2, 2]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[ 0.9482, -0.0310],\n        [ 1.2500, -2.5000]])"
    );
}

#[test]
fn sci_small() {
    let t = Tensor::from_vec(vec![1e-5f64, 1.0], &[2]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([1.0000e-05, 1.0000e+00], dtype=torch.float64)"
    );
}

#[test]
fn nonfinite() {
    let t = Tensor::from_vec(vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1.5], &[4]).unwrap();
    assert_eq!(t.to_string(), "tensor([   nan,    inf,   -inf, 1.5000])");
}

#[test]
fn int_mode_nonfinite() {
    let t = Tensor::from_vec(vec![f32::NAN, 2.0, -0.0], &[3]).unwrap();
    assert_eq!(t.to_string(), "tensor([nan, 2., -0.])");
}

#[test]
fn f16() {
    let t = Tensor::from_vec([0.1, -1.5, 1000.0].map(f16::from_f64).to_vec(), &[3]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([ 9.9976e-02, -1.5000e+00,  1.0000e+03], dtype=torch.float16)"
    );
}

#[test]
fn bf16() {
    let t = Tensor::from_vec([0.1, 3.0].map(bf16::from_f64).to_vec(), &[2]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([0.1001, 3.0000], dtype=torch.bfloat16)"
    );
}

#[test]
fn zero_d_float() {
    let t = Tensor::scalar(3.0f32);
    assert_eq!(t.to_string(), "tensor(3.)");
}

#[test]
fn zero_d_int32() {
    let t = Tensor::scalar(-7i32);
    assert_eq!(t.to_string(), "tensor(-7, dtype=torch.int32)");
}

#[test]
fn zero_d_i64() {
    let t = Tensor::scalar(3i64);
    assert_eq!(t.to_string(), "tensor(3)");
}

#[test]
fn zero_d_complex() {
    let t = Tensor::scalar(Complex::new(1.0f32, 2.0));
    assert_eq!(t.to_string(), "tensor(1.+2.j)");
}

#[test]
fn empty_0x3() {
    let t = Tensor::<f32>::zeros(&[0, 3]).unwrap();
    assert_eq!(t.to_string(), "tensor([], size=(0, 3))");
}

#[test]
fn empty_i64() {
    let t = Tensor::<i64>::zeros(&[0]).unwrap();
    assert_eq!(t.to_string(), "tensor([], dtype=torch.int64)");
}

#[test]
fn empty_u8_3d() {
    let t = Tensor::<u8>::zeros(&[2, 0, 1]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([], size=(2, 0, 1), dtype=torch.uint8)"
    );
}

#[test]
fn complex64() {
    let t = Tensor::from_vec(
        vec![
            c32(0.0047, -0.0310),
            c32(1.5, 0.0),
            c32(0.0, -0.0),
            c32(-2.0, 0.25),
        ],
        &[2, 2],
    )
    .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[ 0.0047-0.0310j,  1.5000+0.0000j],\n        [ 0.0000-0.0000j, -2.0000+0.2500j]])"
    );
}

#[test]
fn complex128_whole() {
    let t = Tensor::from_vec(
        vec![
            Complex::new(0.0f64, -0.0),
            Complex::new(1.0, -1.0),
            Complex::new(2.0, -2.0),
        ],
        &[3],
    )
    .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([0.-0.j, 1.-1.j, 2.-2.j], dtype=torch.complex128)"
    );
}

#[test]
fn complex32() {
    let t = Tensor::from_vec(
        vec![
            Complex::new(f16::from_f32(0.5), f16::from_f32(-1.0)),
            Complex::new(f16::from_f32(1.5), f16::from_f32(2.0)),
        ],
        &[2],
    )
    .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([0.5000-1.j, 1.5000+2.j], dtype=torch.complex32)"
    );
}

#[test]
fn big_1d() {
    let t = Tensor::<f32>::arange(2000);
    assert_eq!(
        t.to_string(),
        "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n        1.9990e+03])"
    );
}

#[test]
fn big_i64() {
    let t = Tensor::<i64>::arange(1001);
    assert_eq!(
        t.to_string(),
        "tensor([   0,    1,    2,  ...,  998,  999, 1000])"
    );
}

#[test]
fn big_3d() {
    let t = Tensor::from_fn(2000, |i| (i % 97) as f64)
        .view(&[4, 25, 20])
        .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[[ 0.,  1.,  2.,  ..., 17., 18., 19.],\n         [20., 21., 22.,  ..., 37., 38., 39.],\n         [40., 41., 42.,  ..., 57., 58., 59.],\n         ...,\n         [52., 53., 54.,  ..., 69., 70., 71.],\n         [72., 73., 74.,  ..., 89., 90., 91.],\n         [92., 93., 94.,  ..., 12., 13., 14.]],\n\n        [[15., 16., 17.,  ..., 32., 33., 34.],\n         [35., 36., 37.,  ..., 52., 53., 54.],\n         [55., 56., 57.,  ..., 72., 73., 74.],\n         ...,\n         [67., 68., 69.,  ..., 84., 85., 86.],\n         [87., 88., 89.,  ...,  7.,  8.,  9.],\n         [10., 11., 12.,  ..., 27., 28., 29.]],\n\n        [[30., 31., 32.,  ..., 47., 48., 49.],\n         [50., 51., 52.,  ..., 67., 68., 69.],\n         [70., 71., 72.,  ..., 87., 88., 89.],\n         ...,\n         [82., 83., 84.,  ...,  2.,  3.,  4.],\n         [ 5.,  6.,  7.,  ..., 22., 23., 24.],\n         [25., 26., 27.,  ..., 42., 43., 44.]],\n\n        [[45., 46., 47.,  ..., 62., 63., 64.],\n         [65., 66., 67.,  ..., 82., 83., 84.],\n         [85., 86., 87.,  ...,  5.,  6.,  7.],\n         ...,\n         [ 0.,  1.,  2.,  ..., 17., 18., 19.],\n         [20., 21., 22.,  ..., 37., 38., 39.],\n         [40., 41., 42.,  ..., 57., 58., 59.]]], dtype=torch.float64)"
    );
}

#[test]
fn wrap_30() {
    let t = Tensor::from_fn(30, |i| (i as f64 / 7.0) as f32);
    assert_eq!(
        t.to_string(),
        "tensor([0.0000, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, 0.8571, 1.0000, 1.1429,\n        1.2857, 1.4286, 1.5714, 1.7143, 1.8571, 2.0000, 2.1429, 2.2857, 2.4286,\n        2.5714, 2.7143, 2.8571, 3.0000, 3.1429, 3.2857, 3.4286, 3.5714, 3.7143,\n        3.8571, 4.0000, 4.1429])"
    );
}

#[test]
fn suffix_newline() {
    let t = Tensor::<i32>::arange(16);
    assert_eq!(
        t.to_string(),
        "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15],\n       dtype=torch.int32)"
    );
}

#[test]
fn u64_max() {
    let t = Tensor::from_vec(vec![u64::MAX, 0], &[2]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([18446744073709551615,                    0], dtype=torch.uint64)"
    );
}

#[test]
fn i8_neg() {
    let t = Tensor::from_vec(vec![-128i8, 0, 127, 5, -5, 1], &[2, 3]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[-128,    0,  127],\n        [   5,   -5,    1]], dtype=torch.int8)"
    );
}

#[test]
fn big_4d_complex() {
    let t = Tensor::from_fn(1040, |i| c32((i % 5) as f32, 0.0 - (i % 3) as f32))
        .view(&[2, 2, 2, 130])
        .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[[[0.+0.j, 1.-1.j, 2.-2.j,  ..., 2.-1.j, 3.-2.j, 4.+0.j],\n          [0.-1.j, 1.-2.j, 2.+0.j,  ..., 2.-2.j, 3.+0.j, 4.-1.j]],\n\n         [[0.-2.j, 1.+0.j, 2.-1.j,  ..., 2.+0.j, 3.-1.j, 4.-2.j],\n          [0.+0.j, 1.-1.j, 2.-2.j,  ..., 2.-1.j, 3.-2.j, 4.+0.j]]],\n\n\n        [[[0.-1.j, 1.-2.j, 2.+0.j,  ..., 2.-2.j, 3.+0.j, 4.-1.j],\n          [0.-2.j, 1.+0.j, 2.-1.j,  ..., 2.+0.j, 3.-1.j, 4.-2.j]],\n\n         [[0.+0.j, 1.-1.j, 2.-2.j,  ..., 2.-1.j, 3.-2.j, 4.+0.j],\n          [0.-1.j, 1.-2.j, 2.+0.j,  ..., 2.-2.j, 3.+0.j, 4.-1.j]]]])"
    );
}

#[test]
fn conj_mh() {
    let t = Tensor::from_vec(
        vec![
            c32(0.0, 0.0),
            c32(1.0, -1.0),
            c32(2.0, -2.0),
            c32(3.0, -3.0),
        ],
        &[2, 2],
    )
    .unwrap()
    .mH()
    .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[0.-0.j, 2.+2.j],\n        [1.+1.j, 3.+3.j]])"
    );
}

#[test]
fn seed_float_bits_written_through_an_int32_view() {
    let x = Tensor::<f32>::arange(16).view(&[4, 4]).unwrap();
    let bits = x.view_dtype::<i32>().unwrap();
    bits.set(&[0, 0], 1_000_000_000).unwrap();
    assert_eq!(
        x.to_string(),
        "tensor([[4.7238e-03, 1.0000e+00, 2.0000e+00, 3.0000e+00],\n        [4.0000e+00, 5.0000e+00, 6.0000e+00, 7.0000e+00],\n        [8.0000e+00, 9.0000e+00, 1.0000e+01, 1.1000e+01],\n        [1.2000e+01, 1.3000e+01, 1.4000e+01, 1.5000e+01]])"
    );
    assert_eq!(
        bits.to_string(),
        "tensor([[1000000000, 1065353216, 1073741824, 1077936128],\n        [1082130432, 1084227584, 1086324736, 1088421888],\n        [1090519040, 1091567616, 1092616192, 1093664768],\n        [1094713344, 1095761920, 1096810496, 1097859072]], dtype=torch.int32)"
    );
}

#[test]
fn strided_views_print_in_logical_order() {
    let t = Tensor::<f32>::arange(6)
        .view(&[2, 3])
        .unwrap()
        .transpose(0, 1)
        .unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[0., 3.],\n        [1., 4.],\n        [2., 5.]])"
    );
}

#[test]
fn lazy_bits_are_resolved_before_printing() {
    let z = Tensor::from_vec(vec![c32(1.0, -2.0)], &[1, 1]).unwrap();
    assert_eq!(z.mH().unwrap().to_string(), "tensor([[1.+2.j]])");
    let im = z.mH().unwrap().imag().unwrap();
    assert!(im.is_neg());
    assert_eq!(im.to_string(), "tensor([[2.]])");
}
