//! `t()`, `mT()` and `mH()` of typed tensors: methods, since they take no
//! argument and the rank is in the type.
//!
//! Each method's result type comes from a [`DimsOp`] of this module
//! ([`MatrixTranspose`] for `t`, [`BatchTranspose`] for `mT` and `mH`), as
//! for the macros' per-call types; the layout is computed by the dynamic op
//! (`Tensor::t` and friends), so strides, offset and the conjugate bit are
//! PyTorch's. A rank PyTorch refuses is a compile error in its words: the
//! method's bound on the input's [`Rank`] names the rank in decimal.
//!
//! ```
//! use tensor_view::{dims, Shape, Strided, Tensor};
//! dims!(B);
//! let x = Tensor::<f32, Shape![2, 3]>::zeros();
//! let t: Tensor<f32, Strided<Shape![3, 2]>> = x.t();
//! assert_eq!(t.stride(), &[1, 3]);
//! let b: Tensor<f32, Shape![B, 4, 5]> = Tensor::<f32>::zeros(&[2, 4, 5])?.into_static()?;
//! let m: Tensor<f32, Strided<Shape![B, 5, 4]>> = b.mT();
//! assert_eq!(m.stride(), &[20, 1, 5]);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use super::diagnostics::{Checked, Rank};
use super::markers::RuntimeStrides;
use super::ops::{DimsOp, StaticOp};
use super::outcome::Infallible;
use super::source::ShapeKind;
use super::symbolic::TypedShape;
use crate::tensor::{Dyn, Tensor};
use crate::Element;

/// The op of `t()`: ranks 0 and 1 unchanged, the two dims of a matrix swapped.
/// Other ranks keep the input's type (the rank check reports them).
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// let x = Tensor::<u8, Shape![4]>::zeros();
/// let same: Tensor<u8, Shape![4]> = x.t(); // a vector is its own transpose
/// assert_eq!(same.stride(), &[1]);
/// ```
pub struct MatrixTranspose;

/// The op of `mT()` and `mH()`: the last two dims swapped (rank 2 and up);
/// a 0-d tensor unchanged. Rank 1 keeps the input's type (the rank check
/// reports it).
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// let x = Tensor::<u8, Shape![2, 3, 4]>::zeros();
/// let m: Tensor<u8, Strided<Shape![2, 4, 3]>> = x.mT();
/// assert_eq!(m.stride(), &[12, 1, 4]);
/// ```
pub struct BatchTranspose;

/// The dims kept, the stride marker kept, cannot fail.
macro_rules! keeps {
    ($op:ty; $($d:ident),*) => {
        impl<$($d,)* Numel, C> DimsOp<($($d,)*), Numel, C> for $op {
            type Dims = ($($d,)*);
            type Strides = C;
            type Outcome = Infallible;
        }
    };
}

/// The last two dims swapped, strides known only at run time, cannot fail.
macro_rules! swaps_last_two {
    ($op:ty; $($d:ident),* ; $a:ident, $b:ident) => {
        impl<$($d,)* $a, $b, Numel, C> DimsOp<($($d,)* $a, $b,), Numel, C> for $op {
            type Dims = ($($d,)* $b, $a,);
            type Strides = RuntimeStrides;
            type Outcome = Infallible;
        }
    };
}

keeps!(MatrixTranspose;);
keeps!(MatrixTranspose; A);
swaps_last_two!(MatrixTranspose; ; A, B);
keeps!(MatrixTranspose; A, B, C0);
keeps!(MatrixTranspose; A, B, C0, D);
keeps!(MatrixTranspose; A, B, C0, D, E);
keeps!(MatrixTranspose; A, B, C0, D, E, F);
keeps!(MatrixTranspose; A, B, C0, D, E, F, G);
keeps!(MatrixTranspose; A, B, C0, D, E, F, G, H);

keeps!(BatchTranspose;);
keeps!(BatchTranspose; A);
swaps_last_two!(BatchTranspose; ; A, B);
swaps_last_two!(BatchTranspose; A; B, C0);
swaps_last_two!(BatchTranspose; A, B; C0, D);
swaps_last_two!(BatchTranspose; A, B, C0; D, E);
swaps_last_two!(BatchTranspose; A, B, C0, D; E, F);
swaps_last_two!(BatchTranspose; A, B, C0, D, E; F, G);
swaps_last_two!(BatchTranspose; A, B, C0, D, E, F; G, H);

/// The ranks `t()` accepts (0, 1 and 2).
///
/// ```
/// use tensor_view::static_shape::{Checked, MatrixRank, Rank};
/// fn accepts<const R: usize>(_: Rank<R, Checked>) where Rank<R, Checked>: MatrixRank<R> {}
/// accepts(Rank::<2, Checked>::new());
/// ```
#[diagnostic::on_unimplemented(
    message = "t() expects a tensor with <= 2 dimensions, but self is {R}D",
    label = "this tensor has {R} dims"
)]
pub trait MatrixRank<const R: usize> {}

/// The ranks `mT()` accepts (all but 1).
///
/// ```
/// use tensor_view::static_shape::{BatchRank, Checked, Rank};
/// fn accepts<const R: usize>(_: Rank<R, Checked>) where Rank<R, Checked>: BatchRank<R> {}
/// accepts(Rank::<3, Checked>::new());
/// ```
#[diagnostic::on_unimplemented(
    message = "tensor.mT is only supported on matrices or batches of matrices. Got {R}-D tensor.",
    label = "this tensor has {R} dim"
)]
pub trait BatchRank<const R: usize> {}

/// The ranks `mH()` accepts (all but 1).
///
/// ```
/// use tensor_view::static_shape::{AdjointRank, Checked, Rank};
/// fn accepts<const R: usize>(_: Rank<R, Checked>) where Rank<R, Checked>: AdjointRank<R> {}
/// accepts(Rank::<0, Checked>::new());
/// ```
#[diagnostic::on_unimplemented(
    message = "tensor.mH is only supported on matrices or batches of matrices. Got {R}-D tensor.",
    label = "this tensor has {R} dim"
)]
pub trait AdjointRank<const R: usize> {}

macro_rules! ranks {
    ($name:ident: $($r:literal),*) => {
        $(
            #[diagnostic::do_not_recommend]
            impl $name<$r> for Rank<$r, Checked> {}
        )*
    };
}

ranks!(MatrixRank: 0, 1, 2);
ranks!(BatchRank: 0, 2, 3, 4, 5, 6, 7, 8);
ranks!(AdjointRank: 0, 2, 3, 4, 5, 6, 7, 8);

/// The marker of a typed tensor that `Op` applies to (for the bounds below).
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{MatrixTranspose, TypedOp};
/// fn typed<S: TypedOp<MatrixTranspose>>() {}
/// typed::<Shape![2, 3]>();
/// ```
pub trait TypedOp<Op>: TypedShape + StaticOp<Op> {}

impl<Op, S: TypedShape + StaticOp<Op>> TypedOp<Op> for S {}

impl<T: Element, S: TypedShape> Tensor<T, S> {
    /// The same handle as a dynamic tensor, lazy bits included (the input of
    /// the dynamic op that computes a typed op's layout).
    pub(crate) fn as_dynamic(&self) -> Tensor<T> {
        self.with_layout::<Dyn>(self.layout.clone())
    }

    /// `tensor.t()` of a typed tensor of rank 2 or less: the transposed matrix
    /// (typed `Strided`), or the tensor itself for a vector or a scalar.
    /// A higher rank is a compile error in PyTorch's words
    /// (`t() expects a tensor with <= 2 dimensions, but self is 3D`).
    ///
    /// ```
    /// use tensor_view::{Shape, Strided, Tensor};
    /// let x = Tensor::<i32, Shape![2, 3]>::zeros();
    /// let t: Tensor<i32, Strided<Shape![3, 2]>> = x.t();
    /// assert_eq!((t.shape(), t.stride()), (&[3usize, 2][..], &[1isize, 3][..]));
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<i32, Shape![2, 3, 4]>::zeros();
    /// let t = x.t(); // t() expects a tensor with <= 2 dimensions, but self is 3D
    /// ```
    #[inline]
    pub fn t<const R: usize>(&self) -> <S as StaticOp<MatrixTranspose>>::Output<T>
    where
        S: TypedOp<MatrixTranspose> + ShapeKind<Rank = Rank<R, Checked>>,
        Rank<R, Checked>: MatrixRank<R>,
    {
        S::retype(self.as_dynamic().t())
    }

    /// `tensor.mT` of a typed tensor: the last two dims swapped (typed
    /// `Strided`); a 0-d tensor unchanged. A 1-d tensor is a compile error in
    /// PyTorch's words (`tensor.mT is only supported on matrices or batches of
    /// matrices. Got 1-D tensor.`).
    ///
    /// ```
    /// use tensor_view::{Shape, Strided, Tensor};
    /// let x = Tensor::<f32, Shape![5, 2, 3]>::zeros();
    /// let m: Tensor<f32, Strided<Shape![5, 3, 2]>> = x.mT();
    /// assert_eq!(m.stride(), &[6, 1, 3]);
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<f32, Shape![3]>::zeros();
    /// let m = x.mT(); // tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.
    /// ```
    #[allow(non_snake_case)] // PyTorch's name
    #[inline]
    pub fn mT<const R: usize>(&self) -> <S as StaticOp<BatchTranspose>>::Output<T>
    where
        S: TypedOp<BatchTranspose> + ShapeKind<Rank = Rank<R, Checked>>,
        Rank<R, Checked>: BatchRank<R>,
    {
        S::retype(self.as_dynamic().mT())
    }

    /// `tensor.mH` of a typed tensor: the last two dims swapped and, for a
    /// complex tensor, conjugated (a view: the conjugate bit flips); a 0-d
    /// tensor is only conjugated. A 1-d tensor is a compile error in
    /// PyTorch's words (`tensor.mH is only supported on matrices or batches of
    /// matrices. Got 1-D tensor.`).
    ///
    /// ```
    /// use tensor_view::{Complex, Shape, Strided, Tensor};
    /// let z = Tensor::<Complex<f32>, Shape![2, 3]>::full(Complex::new(1.0, 2.0));
    /// let h: Tensor<Complex<f32>, Strided<Shape![3, 2]>> = z.mH();
    /// assert!(h.is_conj() && h.shares_storage(&z));
    /// assert_eq!(h.get(&[2, 1]).unwrap(), Complex::new(1.0, -2.0));
    /// ```
    #[allow(non_snake_case)] // PyTorch's name
    #[inline]
    pub fn mH<const R: usize>(&self) -> <S as StaticOp<BatchTranspose>>::Output<T>
    where
        S: TypedOp<BatchTranspose> + ShapeKind<Rank = Rank<R, Checked>>,
        Rank<R, Checked>: AdjointRank<R>,
    {
        S::retype(self.as_dynamic().mH())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::Static;
    use crate::Complex;
    use typenum::{U2, U24, U3, U4, U6};

    #[test]
    fn typed_results_match_the_dynamic_ops() {
        let d = Tensor::<i32>::arange(24).view(&[2, 3, 4]).unwrap();
        let x: Tensor<i32, Static<24, U24, (U2, U3, U4)>> = d.clone().into_static().unwrap();
        for (typed, dynamic) in [
            (x.mT().into_dyn(), d.mT().unwrap()),
            (x.mH().into_dyn(), d.mH().unwrap()),
        ] {
            assert_eq!(typed.shape(), dynamic.shape());
            assert_eq!(typed.stride(), dynamic.stride());
            assert_eq!(typed.to_vec(), dynamic.to_vec());
        }
        let m = d.narrow(0, 1, 1).unwrap().view(&[3, 4]).unwrap();
        let typed: Tensor<i32, Static<12, typenum::U12, (U3, U4)>> = m
            .clone()
            .into_static::<Static<12, typenum::U12, (U3, U4)>>()
            .unwrap();
        let t = typed.t();
        assert_eq!(
            (t.shape(), t.stride()),
            (&[4usize, 3][..], &[1isize, 4][..])
        );
        assert_eq!(t.storage_offset(), 12);
        assert_eq!(t.to_vec(), m.t().unwrap().to_vec());
    }

    #[test]
    fn conjugate_bits_follow_the_dynamic_op() {
        let z = Tensor::<Complex<f64>>::from_fn(6, |i| Complex::new(i as f64, 1.0))
            .view(&[2, 3])
            .unwrap();
        let typed: Tensor<Complex<f64>, Static<6, U6, (U2, U3)>> = z.clone().into_static().unwrap();
        let h = typed.mH();
        assert!(h.is_conj());
        assert_eq!(h.to_vec(), z.mH().unwrap().to_vec());
        let hh = h.mH();
        assert!(!hh.is_conj());
        assert_eq!(hh.to_vec(), z.to_vec());
    }
}
