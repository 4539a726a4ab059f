//! t/mT/mH, expand!, unflatten!, unfold!, diagonal!, real/imag, view_dtype! keep typed
//! shapes typed; built and run in full.
#![allow(clippy::type_complexity)] // result types written out, as a user would
use tensor_view::{
    diagonal, dims, expand, unflatten, unfold, view_dtype, Complex, Shape, Strided, Tensor,
};

dims!(B);

type Mat = Shape![2, 3];
type Heads = Shape![B, 2, 2, 3];

fn split_heads(x: &Tensor<f32, Shape![B, 2, 6]>) -> Tensor<f32, Heads> {
    unflatten!(x, -1, [2, -1])
}

fn main() {
    let x = Tensor::<f32, Mat>::zeros();
    let t: Tensor<f32, Strided<Shape![3, 2]>> = x.t();
    let e: Tensor<f32, Strided<Shape![4, 2, 3]>> = expand!(x, [4, 2, 3]);
    let m: Tensor<f32, Strided<Shape![4, 3, 2]>> = e.mT();
    let w: Tensor<f32, Strided<Shape![2, 2, 2]>> = unfold!(x: [2, 3] => 1, 2, 1);
    let d: Tensor<f32, Strided<Shape![2]>> = diagonal!(x: [2, 3] => 0, 0, 1);
    let z = Tensor::<Complex<f32>, Mat>::full(Complex::new(1.0, 2.0));
    let im: Tensor<f32, Strided<Shape![3, 2]>> = z.mH().imag();
    let b: Tensor<f32, Shape![B, 2, 6]> = Tensor::<f32>::zeros(&[5, 2, 6])
        .unwrap()
        .into_static()
        .unwrap();
    assert_eq!(split_heads(&b).shape(), &[5, 2, 2, 3]);
    assert_eq!(
        (t.stride(), m.stride()),
        (&[1isize, 3][..], &[0isize, 1, 3][..])
    );
    assert_eq!((w.shape(), d.shape()), (&[2usize, 2, 2][..], &[2usize][..]));
    assert_eq!(im.to_vec(), vec![-2.0; 6]);
    let bytes: Tensor<u8, Shape![2, 12]> = view_dtype!(x: [2, 3] as u8).unwrap();
    let wide: Result<Tensor<f64, Strided<Shape![3, 1]>>, _> = view_dtype!(x.t(): [3, 2] as f64);
    assert_eq!(bytes.stride(), &[12, 1]);
    assert!(wide.is_err()); // self.stride(-1) must be 1 ..., checked at run time
}
