//! Element-wise arithmetic between tensors of one dtype, with PyTorch's
//! broadcasting: the methods `add`, `sub`, `mul`, `div` and their `_scalar`
//! forms, and the `+ - * /` operators over owned and borrowed operands.
//!
//! Two tensors whose shapes do not broadcast are PyTorch's error (`The size
//! of tensor a (3) must match the size of tensor b (4) at non-singleton
//! dimension 1`). A Rust operator cannot raise, and this crate never panics
//! on bad input, so the operators between two tensors return
//! `Result<Tensor<T>, ViewError>` (write `(&a + &b)?`). An operator with a
//! scalar cannot fail (a scalar broadcasts to every shape) and returns the
//! tensor itself. Results are laid out as [`Tensor::zip_map`] lays them out,
//! as PyTorch does.
//!
//! `div` and `/` exist for float and complex types only ([`Divide`]):
//! PyTorch's `/` of two integer tensors is a float tensor, which a
//! same-dtype API cannot return. Integers wrap on overflow, as PyTorch's do.

use super::Tensor;
use crate::numeric::{Arithmetic, Divide};
use crate::ViewError;
use std::ops::{Add, Div, Mul, Sub};

impl<T: Arithmetic> Tensor<T> {
    /// `torch.add(self, other)`: the element-wise sum, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// let row = Tensor::from_vec(vec![10, 20, 30], &[3]).unwrap();
    /// assert_eq!(x.add(&row).unwrap().to_vec(), vec![10, 21, 32, 13, 24, 35]);
    /// assert_eq!(
    ///     x.add(&Tensor::<i32>::arange(2)).unwrap_err().to_string(),
    ///     "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
    /// );
    /// ```
    pub fn add(&self, other: &Tensor<T>) -> Result<Tensor<T>, ViewError> {
        self.zip_map_trusted(other, T::add)
    }

    /// `torch.sub(self, other)`: the element-wise difference, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i64>::arange(3);
    /// assert_eq!(x.sub(&x).unwrap().to_vec(), vec![0, 0, 0]);
    /// ```
    pub fn sub(&self, other: &Tensor<T>) -> Result<Tensor<T>, ViewError> {
        self.zip_map_trusted(other, T::sub)
    }

    /// `torch.mul(self, other)`: the element-wise product, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let col = Tensor::<u8>::arange(2).view(&[2, 1]).unwrap();
    /// let row = Tensor::<u8>::arange(3);
    /// let outer = col.mul(&row).unwrap();
    /// assert_eq!(outer.shape(), &[2, 3]);
    /// assert_eq!(outer.to_vec(), vec![0, 0, 0, 0, 1, 2]);
    /// ```
    pub fn mul(&self, other: &Tensor<T>) -> Result<Tensor<T>, ViewError> {
        self.zip_map_trusted(other, T::mul)
    }

    /// `self + value` for every element (`x + 2` in PyTorch).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<i8>::arange(3).add_scalar(127).to_vec(), vec![127, -128, -127]);
    /// ```
    pub fn add_scalar(&self, value: T) -> Tensor<T> {
        // `move`: a closure holding a reference to `value` may alias the
        // output in the optimiser's eyes, which keeps the loop scalar
        self.map_trusted(move |v| v.add(value))
    }

    /// `self - value` for every element.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<f32>::arange(2).sub_scalar(1.0).to_vec(), vec![-1.0, 0.0]);
    /// ```
    pub fn sub_scalar(&self, value: T) -> Tensor<T> {
        self.map_trusted(move |v| v.sub(value))
    }

    /// `self * value` for every element.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<u16>::arange(3).mul_scalar(4).to_vec(), vec![0, 4, 8]);
    /// ```
    pub fn mul_scalar(&self, value: T) -> Tensor<T> {
        self.map_trusted(move |v| v.mul(value))
    }
}

impl<T: Divide> Tensor<T> {
    /// `torch.div(self, other)`: true division, broadcast (float and complex
    /// types; see the module docs).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f64>::arange(3);
    /// let two = Tensor::scalar(2.0);
    /// assert_eq!(x.div(&two).unwrap().to_vec(), vec![0.0, 0.5, 1.0]);
    /// assert!(x.div(&Tensor::scalar(0.0)).unwrap().to_vec()[0].is_nan()); // 0/0
    /// ```
    pub fn div(&self, other: &Tensor<T>) -> Result<Tensor<T>, ViewError> {
        self.zip_map_trusted(other, T::div)
    }

    /// `self / value` for every element.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<f32>::arange(3).div_scalar(2.0).to_vec(), vec![0.0, 0.5, 1.0]);
    /// ```
    pub fn div_scalar(&self, value: T) -> Tensor<T> {
        self.map_trusted(move |v| v.div(value))
    }
}

/// The four operator impls (`&a op &b`, `a op b`, `&a op b`, `a op &b`)
/// between two tensors, returning `Result`, and the two with a scalar on the
/// right, returning the tensor.
macro_rules! operator {
    ($Trait:ident, $op:ident, $bound:ident, $scalar:ident) => {
        impl<T: $bound> $Trait<&Tensor<T>> for &Tensor<T> {
            type Output = Result<Tensor<T>, ViewError>;
            fn $op(self, other: &Tensor<T>) -> Self::Output {
                Tensor::$op(self, other)
            }
        }
        impl<T: $bound> $Trait<Tensor<T>> for Tensor<T> {
            type Output = Result<Tensor<T>, ViewError>;
            fn $op(self, other: Tensor<T>) -> Self::Output {
                Tensor::$op(&self, &other)
            }
        }
        impl<T: $bound> $Trait<Tensor<T>> for &Tensor<T> {
            type Output = Result<Tensor<T>, ViewError>;
            fn $op(self, other: Tensor<T>) -> Self::Output {
                Tensor::$op(self, &other)
            }
        }
        impl<T: $bound> $Trait<&Tensor<T>> for Tensor<T> {
            type Output = Result<Tensor<T>, ViewError>;
            fn $op(self, other: &Tensor<T>) -> Self::Output {
                Tensor::$op(&self, other)
            }
        }
        impl<T: $bound> $Trait<T> for &Tensor<T> {
            type Output = Tensor<T>;
            fn $op(self, value: T) -> Tensor<T> {
                self.$scalar(value)
            }
        }
        impl<T: $bound> $Trait<T> for Tensor<T> {
            type Output = Tensor<T>;
            fn $op(self, value: T) -> Tensor<T> {
                self.$scalar(value)
            }
        }
    };
}

operator!(Add, add, Arithmetic, add_scalar);
operator!(Sub, sub, Arithmetic, sub_scalar);
operator!(Mul, mul, Arithmetic, mul_scalar);
operator!(Div, div, Divide, div_scalar);

#[cfg(test)]
mod tests {
    use crate::{bf16, Complex, Tensor};

    #[test]
    fn operators_over_owned_and_borrowed_operands() {
        let a = Tensor::<f32>::arange(4).view(&[2, 2]).unwrap();
        let b = a.t().unwrap();
        assert_eq!((&a + &b).unwrap().to_vec(), vec![0.0, 3.0, 3.0, 6.0]);
        assert_eq!(
            (&a - b.clone()).unwrap().to_vec(),
            vec![0.0, -1.0, 1.0, 0.0]
        );
        assert_eq!((a.clone() * &b).unwrap().to_vec(), vec![0.0, 2.0, 2.0, 9.0]);
        let q = (a.clone() / b).unwrap().to_vec();
        assert!(q[0].is_nan());
        assert_eq!(&q[1..], &[0.5, 2.0, 1.0]);
        assert_eq!((&a * 2.0).to_vec(), vec![0.0, 2.0, 4.0, 6.0]);
        assert_eq!((a / 2.0).to_vec(), vec![0.0, 0.5, 1.0, 1.5]);
    }

    #[test]
    fn a_broadcast_mismatch_is_an_error_not_a_panic() {
        let a = Tensor::<i32>::zeros(&[2, 3]).unwrap();
        let b = Tensor::<i32>::zeros(&[2]).unwrap();
        let e = (&a + &b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
        );
    }

    #[test]
    fn halves_and_complex_numbers() {
        let h = Tensor::from_vec(vec![bf16::from_f32(1.0), bf16::from_f32(3.0)], &[2]).unwrap();
        assert_eq!((&h / bf16::from_f32(2.0)).to_vec()[1], bf16::from_f32(1.5));
        let z = Tensor::from_vec(vec![Complex::new(1.0f64, 2.0)], &[1]).unwrap();
        assert_eq!(
            (&z * &z.conj()).unwrap().to_vec(),
            vec![Complex::new(5.0, 0.0)]
        );
    }
}
