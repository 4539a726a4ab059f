//! What the generated PyTorch cases (`pytorch_cases.rs`) cannot say: printing
//! after a write through another view, the lazy bits as state, and tensors
//! whose shape kind is not `Dyn`. Expected strings are PyTorch's output (each
//! also appears in `pytorch_cases.rs`, taken from PyTorch 2.15).

use crate::{Complex, Tensor};

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
fn lazy_bits_are_resolved_before_printing() {
    let z = Tensor::from_vec(vec![Complex::new(1.0f32, -2.0)], &[1, 1]).unwrap();
    let h = z.mH().unwrap();
    assert!(h.is_conj());
    assert_eq!(h.to_string(), "tensor([[1.+2.j]])");
    let im = h.imag().unwrap();
    assert!(im.is_neg());
    assert_eq!(im.to_string(), "tensor([[2.]])");
}

/// Stands for a static shape type: `Display` is implemented for every `S`.
struct Static2x2;

#[test]
fn static_shape_tensors_print_like_dynamic_ones() {
    let x = Tensor::<f32>::arange(4).view(&[2, 2]).unwrap();
    let s: Tensor<f32, Static2x2> = x.with_layout(x.layout.clone());
    assert_eq!(s.to_string(), "tensor([[0., 1.],\n        [2., 3.]])");
    assert_eq!(s.to_string(), x.to_string());
    // Debug shows the layout, whatever the shape kind
    assert_eq!(
        format!("{s:?}"),
        "Tensor { dtype: F32, shape: [2, 2], stride: [2, 1], offset: 0, conj: false }"
    );
}
