//! In-place arithmetic that writes through views: `add_`, `sub_`, `mul_`,
//! `div_`, their `_scalar_` forms, and `neg_`, `relu_`, `exp_`, `log_`,
//! `sqrt_`, `tanh_`, `gelu_`.
//!
//! PyTorch's rules and checks, in its order: a destination with broadcast
//! (stride-0) dims is refused (`unsupported operation: more than one element
//! of the written-to tensor refers to a single memory location. ...`), as is
//! an operand partly overlapping it; then the operand must broadcast to the
//! destination's shape, and the broadcast shape must be the destination's
//! own (`output with shape [3] doesn't match the broadcast shape [2, 3]`).
//! Every check runs before anything is written. The new values are computed
//! into a fresh buffer first and then copied through the view (the copy of
//! [`Tensor::copy_from`]), so an operand that shares the destination's
//! memory is read as it was before the write, as in PyTorch.

use super::write::{internal_overlap_error, partial_overlap_error};
use super::Tensor;
use crate::layout::overlap::{has_internal_overlap, overlap_status, Overlap};
use crate::layout::{broadcast_shapes, output_shape_mismatch};
use crate::numeric::{Arithmetic, Divide, Float, Ordered};
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// Writes `f(self, other)` (with `other` broadcast to this shape) through
    /// this view, after PyTorch's checks (see the module docs). `f` is the
    /// library's (it runs under the read lock, `Tensor::zip_map_trusted`).
    fn update_with(&self, other: &Tensor<T>, f: impl FnMut(T, T) -> T) -> Result<(), ViewError> {
        if has_internal_overlap(&self.layout) {
            return Err(internal_overlap_error());
        }
        if self.storage.same(&other.storage)
            && overlap_status(&self.layout, &other.layout) == Overlap::Partial
        {
            return Err(partial_overlap_error());
        }
        let shape = broadcast_shapes(self.shape(), other.shape())?;
        if shape.as_slice() != self.shape() {
            return Err(output_shape_mismatch(self.shape(), &shape));
        }
        if self.numel() == 0 {
            return Ok(()); // nothing to write (and no copy to make)
        }
        let values = self.zip_map_trusted(other, f)?;
        self.copy_from(&values)
    }

    /// Writes `f(self)` through this view (refused, as PyTorch does, when
    /// the view has broadcast dims).
    fn update(&self, f: impl FnMut(T) -> T) -> Result<(), ViewError> {
        if has_internal_overlap(&self.layout) {
            return Err(internal_overlap_error());
        }
        self.copy_from(&self.try_map_trusted(f)?)
    }
}

impl<T: Arithmetic> Tensor<T> {
    /// `self.add_(other)`: adds `other` (broadcast) into this view.
    ///
    /// ```
    /// use tensor_core::{s, Tensor};
    /// let x = Tensor::<i32>::zeros(&[2, 3]).unwrap();
    /// x.index(&s![.., 1..]).unwrap().add_(&Tensor::from_vec(vec![5, 6], &[2]).unwrap()).unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 5, 6, 0, 5, 6]);
    /// let e = Tensor::<i32>::zeros(&[3]).unwrap().add_(&x).unwrap_err();
    /// assert_eq!(e.to_string(), "output with shape [3] doesn't match the broadcast shape [2, 3]");
    /// ```
    pub fn add_(&self, other: &Tensor<T>) -> Result<(), ViewError> {
        self.update_with(other, T::add)
    }

    /// `self.sub_(other)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(3);
    /// x.sub_(&Tensor::scalar(1.0)).unwrap();
    /// assert_eq!(x.to_vec(), vec![-1.0, 0.0, 1.0]);
    /// ```
    pub fn sub_(&self, other: &Tensor<T>) -> Result<(), ViewError> {
        self.update_with(other, T::sub)
    }

    /// `self.mul_(other)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i64>::arange(4).view(&[2, 2]).unwrap();
    /// x.t().unwrap().mul_(&Tensor::from_vec(vec![1, 10], &[2]).unwrap()).unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 1, 20, 30]);
    /// ```
    pub fn mul_(&self, other: &Tensor<T>) -> Result<(), ViewError> {
        self.update_with(other, T::mul)
    }

    /// `self.add_(value)` for a scalar `value`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<u8>::arange(2);
    /// x.add_scalar_(255).unwrap();
    /// assert_eq!(x.to_vec(), vec![255, 0]);
    /// ```
    pub fn add_scalar_(&self, value: T) -> Result<(), ViewError> {
        self.update(move |v| v.add(value))
    }

    /// `self.sub_(value)` for a scalar `value`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i16>::arange(2);
    /// x.sub_scalar_(1).unwrap();
    /// assert_eq!(x.to_vec(), vec![-1, 0]);
    /// ```
    pub fn sub_scalar_(&self, value: T) -> Result<(), ViewError> {
        self.update(move |v| v.sub(value))
    }

    /// `self.mul_(value)` for a scalar `value`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f64>::arange(3);
    /// x.mul_scalar_(0.5).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0, 0.5, 1.0]);
    /// ```
    pub fn mul_scalar_(&self, value: T) -> Result<(), ViewError> {
        self.update(move |v| v.mul(value))
    }

    /// `self.neg_()`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(2);
    /// x.neg_().unwrap();
    /// assert_eq!(x.to_vec(), vec![0, -1]);
    /// ```
    pub fn neg_(&self) -> Result<(), ViewError> {
        self.update(T::neg)
    }
}

impl<T: Ordered> Tensor<T> {
    /// `self.relu_()`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![-1i32, 2], &[2]).unwrap();
    /// x.relu_().unwrap();
    /// assert_eq!(x.to_vec(), vec![0, 2]);
    /// ```
    pub fn relu_(&self) -> Result<(), ViewError> {
        let zero = T::zero();
        self.update(move |v| if v < zero { zero } else { v })
    }
}

impl<T: Divide> Tensor<T> {
    /// `self.div_(other)` (float and complex types, as `div`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(3);
    /// x.div_(&Tensor::scalar(2.0)).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0, 0.5, 1.0]);
    /// ```
    pub fn div_(&self, other: &Tensor<T>) -> Result<(), ViewError> {
        self.update_with(other, T::div)
    }

    /// `self.div_(value)` for a scalar `value`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f64>::arange(2);
    /// x.div_scalar_(4.0).unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0, 0.25]);
    /// ```
    pub fn div_scalar_(&self, value: T) -> Result<(), ViewError> {
        self.update(move |v| v.div(value))
    }
}

impl<T: Float> Tensor<T> {
    /// `self.exp_()`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f64>::zeros(&[1]).unwrap();
    /// x.exp_().unwrap();
    /// assert_eq!(x.to_vec(), vec![1.0]);
    /// ```
    pub fn exp_(&self) -> Result<(), ViewError> {
        self.update(T::exp)
    }

    /// `self.log_()`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::ones(&[1]).unwrap();
    /// x.log_().unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0]);
    /// ```
    pub fn log_(&self) -> Result<(), ViewError> {
        self.update(T::log)
    }

    /// `self.sqrt_()`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![9.0f32], &[1]).unwrap();
    /// x.sqrt_().unwrap();
    /// assert_eq!(x.to_vec(), vec![3.0]);
    /// ```
    pub fn sqrt_(&self) -> Result<(), ViewError> {
        self.update(T::sqrt)
    }

    /// `self.tanh_()`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::zeros(&[1]).unwrap();
    /// x.tanh_().unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0]);
    /// ```
    pub fn tanh_(&self) -> Result<(), ViewError> {
        self.update(T::tanh)
    }

    /// `self.copy_(gelu(self))` (PyTorch's `F.gelu(x)` written back; the
    /// erf form).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f64>::zeros(&[1]).unwrap();
    /// x.gelu_().unwrap();
    /// assert_eq!(x.to_vec(), vec![0.0]);
    /// ```
    pub fn gelu_(&self) -> Result<(), ViewError> {
        // PyTorch's kernel choice, as in `gelu` (unary.rs)
        if self.gelu_runs_vectorized() {
            self.update(T::gelu_vectorized)
        } else {
            self.update(T::gelu)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{s, Tensor};

    const INTERNAL: &str = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.";
    const PARTIAL: &str = "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.";

    #[test]
    fn checks_come_in_pytorchs_order_and_leave_the_tensor_unchanged() {
        let col = Tensor::<f32>::zeros(&[3, 1]).unwrap();
        let wide = col.expand(&[3, 3]).unwrap();
        let bad = Tensor::<f32>::zeros(&[4]).unwrap();
        assert_eq!(wide.add_(&bad).unwrap_err().to_string(), INTERNAL);
        assert_eq!(wide.add_scalar_(1.0).unwrap_err().to_string(), INTERNAL);
        let x = Tensor::<f32>::arange(6);
        let (hi, lo) = (x.index(&s![1..]).unwrap(), x.index(&s![..5]).unwrap());
        assert_eq!(hi.add_(&lo).unwrap_err().to_string(), PARTIAL);
        assert_eq!(
            Tensor::<f32>::zeros(&[3]).unwrap().add_(&bad).unwrap_err().to_string(),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0"
        );
        assert_eq!(x.to_vec(), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    }

    #[test]
    fn an_operand_sharing_memory_is_read_before_the_write() {
        // PyTorch 2.15: x = torch.arange(4.).view(2, 2); x.t().add_(x.t()) doubles x,
        // x.t().add_(x) is refused (same elements, other order)
        let x = Tensor::<f32>::arange(4).view(&[2, 2]).unwrap();
        let xt = x.t().unwrap();
        xt.add_(&xt).unwrap();
        assert_eq!(x.to_vec(), vec![0.0, 2.0, 4.0, 6.0]);
        assert_eq!(xt.add_(&x).unwrap_err().to_string(), PARTIAL);
        // y[::2].add_(y[1::2]) on disjoint strided halves
        let y = Tensor::<f32>::arange(6);
        let (even, odd) = (y.index(&s![..;2]).unwrap(), y.index(&s![1..;2]).unwrap());
        even.add_(&odd).unwrap();
        assert_eq!(y.to_vec(), vec![1.0, 1.0, 5.0, 3.0, 9.0, 5.0]);
    }

    #[test]
    fn unary_forms_write_through_views() {
        let x = Tensor::<f64>::from_vec(vec![-1.0, 4.0, -9.0, 16.0], &[2, 2]).unwrap();
        x.index(&s![.., 1]).unwrap().sqrt_().unwrap();
        x.index(&s![.., 0]).unwrap().relu_().unwrap();
        assert_eq!(x.to_vec(), vec![0.0, 2.0, 0.0, 4.0]);
    }
}
