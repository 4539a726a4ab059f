//! Element-wise comparisons, as PyTorch's `torch.eq`, `ne`, `lt`, `le`,
//! `gt` and `ge`: two tensors of one element type broadcast together
//! (PyTorch's error when they cannot), or a tensor and a scalar, giving a
//! `bool` tensor laid out as `x + y` is (the inputs' memory order). NaN
//! compares unequal to everything, and `-0.0 == 0.0`, as in PyTorch.
//!
//! The typed tensors' comparisons (`typed/ops/compare.rs`) compute their
//! values here.

use super::Tensor;
use crate::numeric::Ordered;
use crate::{Element, ViewError};

/// A comparison of two tensors and its scalar form.
macro_rules! comparison {
    ($bound:ident: $($(#[$doc:meta])* $name:ident, $scalar:ident, $op:tt;)*) => {
        impl<T: $bound> Tensor<T> {$(
            $(#[$doc])*
            pub fn $name(&self, other: &Tensor<T>) -> Result<Tensor<bool>, ViewError> {
                self.zip_map_trusted(other, |a, b| a $op b)
            }

            #[doc = concat!("`torch.", stringify!($name), "(x, value)`: each element `", stringify!($op), "` the scalar, a `bool` tensor of `x`'s shape.")]
            ///
            /// ```
            /// use tensor_core::Tensor;
            /// let x = Tensor::<f32>::arange(3);
            #[doc = concat!("let m = x.", stringify!($scalar), "(1.0);")]
            #[doc = concat!("assert_eq!(m.to_vec(), vec![0.0 ", stringify!($op), " 1.0, 1.0 ", stringify!($op), " 1.0, 2.0 ", stringify!($op), " 1.0]);")]
            /// ```
            pub fn $scalar(&self, value: T) -> Tensor<bool> {
                self.map_trusted(move |a| a $op value)
            }
        )*}
    };
}

comparison! { Element:
    /// `torch.eq(x, y)`: `x == y` element-wise, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(4).view(&[2, 2]).unwrap();
    /// let y = Tensor::<i32>::ones(&[2]).unwrap();
    /// assert_eq!(x.eq(&y).unwrap().to_vec(), vec![false, true, false, false]);
    /// let z = Tensor::<i32>::ones(&[3]).unwrap();
    /// assert_eq!(
    ///     x.eq(&z).unwrap_err().to_string(),
    ///     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
    /// );
    /// ```
    eq, eq_scalar, ==;
    /// `torch.ne(x, y)`: `x != y` element-wise, broadcast (true where
    /// either is NaN).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![f32::NAN, 1.0], &[2]).unwrap();
    /// assert_eq!(x.ne(&x).unwrap().to_vec(), vec![true, false]);
    /// ```
    ne, ne_scalar, !=;
}

comparison! { Ordered:
    /// `torch.lt(x, y)`: `x < y` element-wise, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(3);
    /// let one = Tensor::<f32>::ones(&[1]).unwrap();
    /// assert_eq!(x.lt(&one).unwrap().to_vec(), vec![true, false, false]);
    /// ```
    lt, lt_scalar, <;
    /// `torch.le(x, y)`: `x <= y` element-wise, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i64>::zeros(&[2, 3]).unwrap();
    /// let zero = Tensor::<i64>::zeros(&[1, 1]).unwrap();
    /// assert_eq!(x.le(&zero).unwrap().to_vec(), vec![true; 6]);
    /// ```
    le, le_scalar, <=;
    /// `torch.gt(x, y)`: `x > y` element-wise, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(3);
    /// let one = Tensor::<f32>::ones(&[1]).unwrap();
    /// assert_eq!(x.gt(&one).unwrap().to_vec(), vec![false, false, true]);
    /// ```
    gt, gt_scalar, >;
    /// `torch.ge(x, y)`: `x >= y` element-wise, broadcast.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<u8>::ones(&[2]).unwrap();
    /// assert_eq!(x.ge(&x).unwrap().to_vec(), vec![true, true]);
    /// ```
    ge, ge_scalar, >=;
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn a_transposed_input_gives_a_transposed_result_and_zeros_compare_equal() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap().t().unwrap();
        let m = x.ge_scalar(2.0);
        assert_eq!(m.stride(), &[1, 3]);
        assert_eq!(m.to_vec(), vec![false, true, false, true, true, true]);
        let z = Tensor::from_vec(vec![-0.0f32, 0.0], &[2]).unwrap();
        assert_eq!(z.eq_scalar(0.0).to_vec(), vec![true, true]);
        assert_eq!(z.lt(&z.neg()).unwrap().to_vec(), vec![false, false]);
    }
}
