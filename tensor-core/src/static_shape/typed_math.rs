//! The model-block ops on typed tensors: `matmul_as`, `softmax`,
//! `mul_scalar` and `masked_fill` of a static or partly-dynamic tensor
//! give a typed result, so model code needs no `into_dyn()` / `into_static()`
//! round trips.
//!
//! The ops run on the dynamic core (the same code, the same messages); the
//! result's type is checked once at run time, as `into_static` checks it:
//! a wrong annotation is a `ViewError`, never a wrongly typed tensor. The
//! result carries the sizes of its operands' named dims, so a merged
//! `B*T` of the result splits back into `B` and `T`.
//! For shapes checked while compiling, the macros `matmul!`, `softmax!`,
//! `add!`, `mul!`, ... (`typed_ops`) take the operands' shapes stated and
//! report a mismatch as a compile error; these methods stay for results
//! whose shape the caller only annotates.

use super::symbolic::TypedShape;
use super::typed_ops::RowMajorForm;
use crate::numeric::{Arithmetic, Float};
use crate::tensor::Tensor;
use crate::{Element, ViewError};

impl<T: Element, S: TypedShape> Tensor<T, S> {
    /// `torch.matmul(self, other)` of typed tensors (any layouts, read in
    /// place), typed as `Out`; PyTorch's errors for the shapes, and the
    /// result's shape checked against `Out` once at run time.
    ///
    /// ```
    /// use tensor_view::{transpose, Layout, Shape, Tensor};
    /// let x = Tensor::<f32, Shape![2, 3]>::ones();
    /// let w = Tensor::<f32, Shape![4, 3]>::ones();
    /// let wt: Tensor<f32, Layout![[3, 4], [1, 3]]> = transpose!(w, 0, 1);
    /// let y: Tensor<f32, Shape![2, 4]> = x.matmul_as(&wt)?;
    /// assert_eq!(y.to_vec(), vec![3.0; 8]);
    /// assert!(x.matmul_as::<Shape![2, 5], _>(&wt).is_err()); // the result is [2, 4]
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn matmul_as<Out: TypedShape, S2: TypedShape>(
        &self,
        other: &Tensor<T, S2>,
    ) -> Result<Tensor<T, Out>, ViewError> {
        self.as_dynamic()
            .matmul(&other.as_dynamic())?
            .with_sizes_of(self)
            .with_sizes_of(other)
            .into_static()
    }
}

impl<T: Element, S: TypedShape + RowMajorForm> Tensor<T, S> {
    /// `masked_fill(mask, value)`: `value` where the (broadcast) mask is
    /// true. As in PyTorch the result is a fresh row-major tensor whatever
    /// this tensor's layout, so it has this tensor's shape as a row-major
    /// type (`Shape![..]` also for a `Layout!` or `Strided` input); a mask
    /// that broadcasts the result to a larger shape is an error.
    ///
    /// ```
    /// use tensor_view::{transpose, Shape, Tensor};
    /// let x = Tensor::<f32, Shape![2, 2]>::ones();
    /// let upper = Tensor::from_vec(vec![false, true], &[1, 2])?;
    /// let y: Tensor<f32, Shape![2, 2]> = x.masked_fill(&upper, 0.0)?;
    /// assert_eq!(y.to_vec(), vec![1.0, 0.0, 1.0, 0.0]);
    /// let t: Tensor<f32, Shape![2, 2]> = transpose!(x, 0, 1).masked_fill(&upper, 0.0)?;
    /// assert_eq!(t.stride(), &[2, 1]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn masked_fill(
        &self,
        mask: &Tensor<bool>,
        value: T,
    ) -> Result<Tensor<T, S::RowMajor>, ViewError> {
        self.as_dynamic()
            .masked_fill(mask, value)?
            .with_sizes_of(self)
            .into_static()
    }
}

impl<T: Arithmetic, S: TypedShape> Tensor<T, S> {
    /// `self * value`, with this tensor's type (its layout fits it: always
    /// for row-major types).
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<f32, Shape![3]>::ones();
    /// let y: Tensor<f32, Shape![3]> = x.mul_scalar(0.5)?;
    /// assert_eq!(y.to_vec(), vec![0.5; 3]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn mul_scalar(&self, value: T) -> Result<Tensor<T, S>, ViewError> {
        self.as_dynamic()
            .mul_scalar(value)
            .with_sizes_of(self)
            .into_static()
    }
}

impl<T: Float, S: TypedShape + RowMajorForm> Tensor<T, S> {
    /// `torch.softmax(self, dim)`, numerically stable. As in PyTorch the
    /// result is a fresh row-major tensor whatever this tensor's layout, so
    /// it has this tensor's shape as a row-major type (`Shape![..]` also
    /// for a `Layout!` or `Strided` input).
    ///
    /// ```
    /// use tensor_view::{transpose, Shape, Tensor};
    /// let x = Tensor::<f32, Shape![2, 2]>::ones();
    /// let p: Tensor<f32, Shape![2, 2]> = x.softmax(-1)?;
    /// assert_eq!(p.to_vec(), vec![0.5; 4]);
    /// let t: Tensor<f32, Shape![2, 2]> = transpose!(x, 0, 1).softmax(0)?;
    /// assert_eq!(t.stride(), &[2, 1]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn softmax(&self, dim: isize) -> Result<Tensor<T, S::RowMajor>, ViewError> {
        self.as_dynamic()
            .softmax(dim)?
            .with_sizes_of(self)
            .into_static()
    }
}
