//! Element-wise functions of one tensor, as PyTorch computes them: `neg`,
//! `relu`, and for float types `exp`, `log`, `sqrt`, `tanh` and `gelu`
//! (PyTorch's exact, erf form). Each runs through [`Tensor::map`], so it
//! reads any strided view without copying it first and lays the result out
//! as PyTorch does.
//!
//! They return no `Result`: when memory for the result runs out they abort
//! the process, as a `Vec` does (the ops that return a `Result` return
//! PyTorch's allocator error instead).

use super::Tensor;
use crate::numeric::{Arithmetic, Float, Ordered};

impl<T: Arithmetic> Tensor<T> {
    /// `torch.neg(x)` (`-x`); integers wrap (`-(-128i8)` is `-128`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1i8, -128], &[2]).unwrap();
    /// assert_eq!(x.neg().to_vec(), vec![-1, -128]);
    /// ```
    pub fn neg(&self) -> Tensor<T> {
        self.map(T::neg)
    }
}

impl<T: Ordered> Tensor<T> {
    /// `torch.relu(x)`: `max(x, 0)`, keeping NaN and `-0.0` as PyTorch does.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![-2.0f32, 3.0, f32::NAN], &[3]).unwrap();
    /// let y = x.relu().to_vec();
    /// assert_eq!(&y[..2], &[0.0, 3.0]);
    /// assert!(y[2].is_nan());
    /// ```
    pub fn relu(&self) -> Tensor<T> {
        let zero = T::zero();
        self.map(move |v| if v < zero { zero } else { v })
    }
}

impl<T: Float> Tensor<T> {
    /// `torch.exp(x)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<f64>::zeros(&[2]).unwrap().exp().to_vec(), vec![1.0, 1.0]);
    /// ```
    pub fn exp(&self) -> Tensor<T> {
        self.map(T::exp)
    }

    /// `torch.log(x)` (natural; `-inf` at 0, NaN below).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let y = Tensor::from_vec(vec![1.0f32, 0.0], &[2]).unwrap().log();
    /// assert_eq!(y.to_vec(), vec![0.0, f32::NEG_INFINITY]);
    /// ```
    pub fn log(&self) -> Tensor<T> {
        self.map(T::log)
    }

    /// `torch.sqrt(x)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::from_vec(vec![4.0f32, 9.0], &[2]).unwrap().sqrt().to_vec(), vec![2.0, 3.0]);
    /// ```
    pub fn sqrt(&self) -> Tensor<T> {
        self.map(T::sqrt)
    }

    /// `torch.tanh(x)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<f32>::zeros(&[1]).unwrap().tanh().to_vec(), vec![0.0]);
    /// ```
    pub fn tanh(&self) -> Tensor<T> {
        self.map(T::tanh)
    }

    /// `torch.nn.functional.gelu(x)` with its default `approximate='none'`:
    /// `x * (1 + erf(x / √2)) / 2`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let y = Tensor::from_vec(vec![1.0f64], &[1]).unwrap().gelu();
    /// assert!((y.to_vec()[0] - 0.8413447460685429).abs() < 1e-12);
    /// ```
    pub fn gelu(&self) -> Tensor<T> {
        self.map(T::gelu)
    }
}

#[cfg(test)]
mod tests {
    use crate::{f16, Tensor};

    #[test]
    fn strided_views_are_read_in_place() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
        let t = x.t().unwrap();
        let y = t.exp();
        assert_eq!(y.shape(), &[3, 2]);
        assert_eq!(y.stride(), &[1, 3]);
        assert_eq!(y.get(&[2, 1]).unwrap(), 5.0f32.exp());
        assert_eq!(t.neg().get(&[1, 1]).unwrap(), -4.0);
    }

    #[test]
    fn relu_of_integers_and_halves() {
        let i = Tensor::from_vec(vec![-3i64, 0, 7], &[3]).unwrap();
        assert_eq!(i.relu().to_vec(), vec![0, 0, 7]);
        let h = Tensor::from_vec(vec![f16::from_f32(-1.0), f16::from_f32(2.5)], &[2]).unwrap();
        assert_eq!(h.relu().to_vec(), vec![f16::ZERO, f16::from_f32(2.5)]);
        assert_eq!(h.sqrt().to_vec()[1], f16::from_f32(2.5f32.sqrt()));
    }
}
