//! Element-wise ops of one typed tensor: the result has the operand's dims
//! (`Tensor<T, S>` gives `Tensor<T, S::List>`, row-major whatever the
//! operand's strides) and no `Result`, since one tensor has nothing to
//! mismatch. `exp`, `log`, `sqrt`, `rsqrt`, `tanh`, `sigmoid`, `relu`,
//! `gelu` (PyTorch's erf form), `gelu_tanh`, `neg` (and `-x`), `abs`,
//! `pow` by a scalar, `x + v`, `x - v`, `x * v`, `x / v` with a scalar `v`,
//! and `map` for a function of the user's.
//!
//! The values are the dynamic core's (`tensor/unary.rs`,
//! `kernels/math.rs`): the same kernels, the same accuracy. As a `Vec`
//! does, these ops abort the process when memory for the result runs out
//! (the dynamic ops that return a `Result` return PyTorch's allocator
//! error instead).

use std::ops::{Add, Div, Mul, Neg, Sub};

use super::retype::{carry, dynamic, proved};
use crate::numeric::{Arithmetic, Divide, Float, Ordered};
use crate::tensor::Tensor;
use crate::typed::list::TypedDims;
use crate::Element;

/// The result of an element-wise op of `x`: `f` of its dynamic handle,
/// typed by `x`'s dims.
fn same_dims<T: Element, U: Element, S: TypedDims>(
    x: &Tensor<T, S>,
    f: impl FnOnce(&Tensor<T>) -> Tensor<U>,
) -> Tensor<U, S::List> {
    proved(carry(Ok(f(&dynamic(x))), &x.symbols))
}

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `f` applied to every element, into a tensor of the same dims
    /// (`x.map(f)` is `torch`'s `x.apply_(f)` without the write). `f` runs
    /// once per element, in an unspecified order, over a copy of the input
    /// taken when the call begins, so it may read and write any tensor.
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<i32, (B, D<2>)> = Tensor::<i32>::arange(4).view(&[2, 2])?.into_static()?;
    /// let y: Tensor<f64, (B, D<2>)> = x.map(|v| v as f64 * 0.5);
    /// assert_eq!(y.to_vec(), vec![0.0, 0.5, 1.0, 1.5]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn map<U: Element>(&self, f: impl FnMut(T) -> U) -> Tensor<U, S::List> {
        same_dims(self, |d| d.map(f))
    }
}

impl<T: Arithmetic, S: TypedDims> Tensor<T, S> {
    /// `torch.neg(x)` (also `-&x`); integers wrap (`-(-128i8)` is `-128`).
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<i32, (D<2>,)>::ones();
    /// assert_eq!(x.neg().to_vec(), vec![-1, -1]);
    /// assert_eq!((-&x).to_vec(), vec![-1, -1]);
    /// ```
    pub fn neg(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.neg())
    }

    /// `x + value` (also `&x + value`).
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>,)>::ones();
    /// assert_eq!(x.add_scalar(0.5).to_vec(), vec![1.5, 1.5]);
    /// ```
    pub fn add_scalar(&self, value: T) -> Tensor<T, S::List> {
        same_dims(self, |d| d.add_scalar(value))
    }

    /// `x - value` (also `&x - value`).
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<i64, (D<2>,)>::ones();
    /// assert_eq!(x.sub_scalar(3).to_vec(), vec![-2, -2]);
    /// ```
    pub fn sub_scalar(&self, value: T) -> Tensor<T, S::List> {
        same_dims(self, |d| d.sub_scalar(value))
    }
}

impl<T: Divide, S: TypedDims> Tensor<T, S> {
    /// `x / value` (also `&x / value`), true division as PyTorch's `div`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>,)>::ones();
    /// assert_eq!(x.div_scalar(4.0).to_vec(), vec![0.25, 0.25]);
    /// ```
    pub fn div_scalar(&self, value: T) -> Tensor<T, S::List> {
        same_dims(self, |d| d.div_scalar(value))
    }
}

impl<T: Ordered, S: TypedDims> Tensor<T, S> {
    /// `torch.relu(x)`: `max(x, 0)`, keeping NaN and `-0.0` as PyTorch does.
    ///
    /// ```
    /// use tensor_view::{Tensor, D};
    /// let x: Tensor<f32, (D<3>,)> = Tensor::from_vec(vec![-2.0f32, 0.0, 3.0], &[3])?.into_static()?;
    /// assert_eq!(x.relu().to_vec(), vec![0.0, 0.0, 3.0]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn relu(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.relu())
    }

    /// `torch.abs(x)`: `-0.0` becomes `0.0`, NaN stays NaN, and integers
    /// wrap as PyTorch's do (`abs(-128i8)` is `-128`).
    ///
    /// ```
    /// use tensor_view::{Tensor, D};
    /// let x: Tensor<i8, (D<3>,)> = Tensor::from_vec(vec![-3i8, 4, -128], &[3])?.into_static()?;
    /// assert_eq!(x.abs().to_vec(), vec![3, 4, -128]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn abs(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.abs())
    }
}

impl<T: Float, S: TypedDims> Tensor<T, S> {
    /// `torch.exp(x)`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// assert_eq!(Tensor::<f64, (D<2>,)>::zeros().exp().to_vec(), vec![1.0, 1.0]);
    /// ```
    pub fn exp(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.exp())
    }

    /// `torch.log(x)` (natural; `-inf` at 0, NaN below).
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// assert_eq!(Tensor::<f32, (D<2>,)>::ones().log().to_vec(), vec![0.0, 0.0]);
    /// ```
    pub fn log(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.log())
    }

    /// `torch.sqrt(x)`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// assert_eq!(Tensor::<f32, (D<2>,)>::full(9.0).sqrt().to_vec(), vec![3.0, 3.0]);
    /// ```
    pub fn sqrt(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.sqrt())
    }

    /// `torch.rsqrt(x)`: `1 / sqrt(x)`, as PyTorch computes it (`inf` at 0).
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// assert_eq!(Tensor::<f32, (D<2>,)>::full(4.0).rsqrt().to_vec(), vec![0.5, 0.5]);
    /// ```
    pub fn rsqrt(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.rsqrt())
    }

    /// `torch.tanh(x)`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// assert_eq!(Tensor::<f32, (D<1>,)>::zeros().tanh().to_vec(), vec![0.0]);
    /// ```
    pub fn tanh(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.tanh())
    }

    /// `torch.sigmoid(x)`: `1 / (1 + e^{-x})`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// assert_eq!(Tensor::<f32, (D<1>,)>::zeros().sigmoid().to_vec(), vec![0.5]);
    /// ```
    pub fn sigmoid(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.sigmoid())
    }

    /// `torch.nn.functional.gelu(x)` (`approximate='none'`, the erf form):
    /// `x * (1 + erf(x / √2)) / 2`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let y = Tensor::<f64, (D<1>,)>::ones().gelu();
    /// assert!((y.to_vec()[0] - 0.8413447460685429).abs() < 1e-12);
    /// ```
    pub fn gelu(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.gelu())
    }

    /// `torch.nn.functional.gelu(x, approximate='tanh')` (GPT-2's):
    /// `0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let y = Tensor::<f64, (D<1>,)>::ones().gelu_tanh();
    /// assert!((y.to_vec()[0] - 0.8411919906082768).abs() < 1e-15);
    /// ```
    pub fn gelu_tanh(&self) -> Tensor<T, S::List> {
        same_dims(self, |d| d.gelu_tanh())
    }

    /// `torch.pow(x, exponent)` by a scalar, as the dynamic `pow` computes
    /// it: the exponents 2, 3, 0.5, -0.5, -1 and -2 as products, `sqrt`,
    /// `rsqrt` or reciprocals (0.5 and -0.5 as `powf` for `f16`, as
    /// PyTorch's kernel does); others as `powf` (in `f64`, rounded once to
    /// the element type).
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>,)>::full(4.0);
    /// assert_eq!(x.pow(2.0).to_vec(), vec![16.0, 16.0]);
    /// assert_eq!(x.pow(-0.5).to_vec(), vec![0.5, 0.5]);
    /// assert_eq!(x.pow(1.5).to_vec(), vec![8.0, 8.0]);
    /// ```
    pub fn pow(&self, exponent: f64) -> Tensor<T, S::List> {
        same_dims(self, |d| d.pow(exponent))
    }
}

/// `x op value` and `&x op value` with a scalar right operand, as the
/// methods `add_scalar`, ... compute them.
macro_rules! scalar_operator {
    ($Trait:ident, $method:ident, $bound:ident, $call:ident) => {
        impl<T: $bound, S: TypedDims> $Trait<T> for &Tensor<T, S> {
            type Output = Tensor<T, S::List>;
            #[inline]
            fn $method(self, value: T) -> Self::Output {
                same_dims(self, |d| d.$call(value))
            }
        }
        impl<T: $bound, S: TypedDims> $Trait<T> for Tensor<T, S> {
            type Output = Tensor<T, S::List>;
            #[inline]
            fn $method(self, value: T) -> Self::Output {
                (&self).$method(value)
            }
        }
    };
}

scalar_operator!(Add, add, Arithmetic, add_scalar);
scalar_operator!(Sub, sub, Arithmetic, sub_scalar);
scalar_operator!(Mul, mul, Arithmetic, mul_scalar);
scalar_operator!(Div, div, Divide, div_scalar);

impl<T: Arithmetic, S: TypedDims> Neg for &Tensor<T, S> {
    type Output = Tensor<T, S::List>;
    #[inline]
    fn neg(self) -> Self::Output {
        same_dims(self, |d| d.neg())
    }
}

impl<T: Arithmetic, S: TypedDims> Neg for Tensor<T, S> {
    type Output = Tensor<T, S::List>;
    #[inline]
    fn neg(self) -> Self::Output {
        same_dims(&self, |d| d.neg())
    }
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::{AnyStrides, D};
    use crate::{bf16, Tensor};

    test_symbol!(B, crate::typenum::U1);

    fn sample() -> Tensor<f32> {
        let v = [-3.0f32, -0.5, 0.0, 0.25, 1.0, 4.0];
        Tensor::from_vec(v.to_vec(), &[2, 3]).unwrap()
    }

    #[test]
    fn each_op_is_the_dynamic_op_with_the_operands_dims() {
        let d = sample();
        let x: Tensor<f32, (B, D<3>)> = d.clone().into_static().unwrap();
        let same = |typed: Tensor<f32, (B, D<3>)>, dynamic: Tensor<f32>| {
            assert_eq!(typed.shape(), dynamic.shape());
            let (t, e) = (typed.to_vec(), dynamic.to_vec());
            for (a, b) in t.iter().zip(&e) {
                assert!(a == b || (a.is_nan() && b.is_nan()), "{t:?} vs {e:?}");
            }
        };
        same(x.exp(), d.exp());
        same(x.log(), d.log());
        same(x.sqrt(), d.sqrt());
        same(x.tanh(), d.tanh());
        same(x.sigmoid(), d.sigmoid());
        same(x.relu(), d.relu());
        same(x.gelu(), d.gelu());
        same(x.gelu_tanh(), d.gelu_tanh());
        same(x.neg(), d.neg());
        same(-&x, d.neg());
        same(x.map(|v| v * v + 1.0), d.map(|v| v * v + 1.0));
        // by definition: rsqrt = 1 / sqrt, abs, pow by products or powf
        same(x.rsqrt(), d.map(|v| 1.0 / v.sqrt()));
        same(x.abs(), d.map(f32::abs));
        same(x.pow(2.0), d.map(|v| v * v));
        same(x.pow(3.0), d.map(|v| v * v * v));
        same(x.pow(-1.0), d.map(|v| 1.0 / v));
        same(x.pow(0.5), d.map(f32::sqrt));
        same(x.pow(-2.0), d.map(|v| 1.0 / (v * v)));
        same(x.pow(1.5), d.map(|v| (v as f64).powf(1.5) as f32));
        same(&x + 0.5, d.add_scalar(0.5));
        same(&x - 0.5, d.sub_scalar(0.5));
        same(&x * 0.5, d.mul_scalar(0.5));
        same(x.clone() / 4.0, d.div_scalar(4.0));
        same(x.add_scalar(2.0), d.add_scalar(2.0));
        same(x.sub_scalar(2.0), d.sub_scalar(2.0));
        same(x.div_scalar(2.0), d.div_scalar(2.0));
    }

    /// `torch.abs(torch.tensor([-0.0]))` is `0.0` (its sign cleared), and
    /// `torch.rsqrt(torch.tensor([0.0]))` is `inf`.
    #[test]
    fn abs_clears_the_sign_of_zero_and_rsqrt_of_zero_is_infinite() {
        let x: Tensor<f32, (D<2>,)> = Tensor::from_vec(vec![-0.0f32, 0.0], &[2])
            .unwrap()
            .into_static()
            .unwrap();
        let a = x.abs().to_vec();
        assert!(a.iter().all(|v| v.to_bits() == 0));
        assert_eq!(x.rsqrt().to_vec()[1], f32::INFINITY);
        let h: Tensor<bf16, (D<1>,)> = Tensor::from_vec(vec![bf16::from_f32(-2.0)], &[1])
            .unwrap()
            .into_static()
            .unwrap();
        assert_eq!(h.abs().to_vec(), vec![bf16::from_f32(2.0)]);
    }

    #[test]
    fn a_transposed_operand_gives_a_row_major_result() {
        let d = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap().t().unwrap();
        let x: Tensor<f32, AnyStrides<(D<3>, D<2>)>> = d.clone().into_static().unwrap();
        let y: Tensor<f32, (D<3>, D<2>)> = x.exp();
        assert_eq!(y.stride(), &[2, 1]);
        assert_eq!(y.to_vec(), d.exp().to_vec());
        let z: Tensor<f32, (D<3>, D<2>)> = &x * 2.0;
        assert_eq!(z.to_vec(), vec![0.0, 6.0, 2.0, 8.0, 4.0, 10.0]);
    }
}
