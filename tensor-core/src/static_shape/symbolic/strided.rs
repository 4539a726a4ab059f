//! Partly-dynamic tensors whose strides are known only at run time: the
//! marker [`SymStrided`], what `transpose!` and `permute!` of a [`Sym`]
//! tensor return, and `contiguous()`, which gives back a [`Sym`] tensor.
//!
//! A [`Sym`] tensor is contiguous as PyTorch defines it (row-major strides,
//! except that PyTorch leaves any stride on a size-1 dim and in an empty
//! tensor), so its views are built from the sizes alone. After a transpose
//! that is no longer true: `view!` of a [`SymStrided`] tensor checks the
//! counts and the order of the named dims while compiling, as for [`Sym`],
//! and PyTorch's stride rule at run time, so it returns a `Result`.
//!
//! ```
//! use tensor_view::{dims, transpose, view, Shape, Strided, Tensor};
//! dims!(B, T);
//! let q: Tensor<f32, Shape![B, T, 12, 64]> =
//!     Tensor::<f32>::zeros(&[2, 5, 12, 64]).unwrap().into_static().unwrap();
//! let heads: Tensor<f32, Strided<Shape![B, 12, T, 64]>> = transpose!(q, 1, 2);
//! assert!(view!(heads, [B, 12, -1]).is_err()); // T and 64 are not adjacent in memory
//! let merged: Tensor<f32, Shape![B, 12 * T * 64]> = view!(heads.contiguous().unwrap(), [B, -1]);
//! assert_eq!(merged.shape(), &[2, 3840]);
//! ```

use std::marker::PhantomData;

use super::convert::{check_carried_sizes, check_symbolic_shape, TypedShape};
use super::shape::{Sym, SymDims};
use super::sizes::NamedSizes;
use super::view::{PlanOutput, SymbolicPlan};
use crate::static_shape::checked::Marked;
use crate::static_shape::diagnostics::{InputSize, NamedDims, Unchecked};
use crate::static_shape::markers::StridedForm;
use crate::static_shape::outcome::Fallible;
use crate::static_shape::source::ShapeKind;
use crate::static_shape::view::ViewTo;
use crate::tensor::Tensor;
use crate::{Element, ViewError};

/// A partly-dynamic shape (static dims beside named run-time ones, as
/// [`Sym`]) whose strides are known only at run time. Written
/// `Strided<Shape![B, 12, T, 64]>`.
///
/// ```
/// use tensor_view::{dims, permute, Shape, Strided, Tensor};
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 3, 4]> =
///     Tensor::<f32>::zeros(&[2, 3, 4]).unwrap().into_static().unwrap();
/// let p: Tensor<f32, Strided<Shape![B, 4, 3]>> = permute!(x, [0, 2, 1]);
/// assert_eq!(p.stride(), &[12, 1, 4]);
/// ```
pub struct SymStrided<const N: usize, NT, Dims>(PhantomData<fn() -> (NT, Dims)>);

impl<const N: usize, NT: 'static, D: SymDims> ShapeKind for SymStrided<N, NT, D> {
    type InputSize = InputSize<N, NamedDims>;
    type Numel = Unchecked;
    type Range = D::Range;
    type InsertRange = D::InsertRange;
    type Rank = D::Rank;
}

impl<const N: usize, NT, D> StridedForm for Sym<N, NT, D> {
    type Strided = SymStrided<N, NT, D>;
}

impl<const N: usize, NT, D> StridedForm for SymStrided<N, NT, D> {
    type Strided = SymStrided<N, NT, D>;
}

impl<const N: usize, NT: 'static, D: SymDims> TypedShape for SymStrided<N, NT, D> {
    type Dims = D;

    fn check(shape: &[usize], _strides: &[isize]) -> Result<(), ViewError> {
        check_symbolic_shape::<D>(shape)
    }

    fn named_sizes(shape: &[usize], seed: &NamedSizes) -> Result<NamedSizes, ViewError> {
        NamedSizes::solve::<D>(shape, seed)
    }

    fn check_carried(shape: &[usize], sizes: &NamedSizes) -> Result<(), ViewError> {
        check_carried_sizes::<D>(shape, sizes)
    }
}

impl<Target, const N: usize, NT: 'static, D: SymDims> ViewTo<Target> for SymStrided<N, NT, D>
where
    Target: SymbolicPlan<N, NT, D>,
    Target::Out: PlanOutput<N, NT, D>,
{
    type Output<T: Element> =
        Result<Tensor<T, <Target::Out as PlanOutput<N, NT, D>>::Strided>, ViewError>;
    type Check = Target::Check;
    type Outcome = Fallible;
    type Marker = <Target::Out as PlanOutput<N, NT, D>>::Strided;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, _dims: &[isize]) -> Self::Output<T> {
        <Target::Out as PlanOutput<N, NT, D>>::view_strided(src)
    }

    #[inline]
    fn view_marked<T: Element, M: Marked>(
        src: &Tensor<T, Self>,
        dims: &[isize],
    ) -> Result<Tensor<T, M>, ViewError> {
        <Self as ViewTo<Target>>::view(src, dims).and_then(Tensor::remarked)
    }
}

impl<T: Element, const N: usize, NT: 'static, D: SymDims> Tensor<T, SymStrided<N, NT, D>> {
    /// `tensor.contiguous()`: this tensor (the same storage) when PyTorch
    /// calls it contiguous, else a row-major copy; either way typed as the
    /// row-major shape, so its views need no run-time check. Fails, as the
    /// dynamic `contiguous()` does, only when the copy would not fit in
    /// memory (an expanded tensor can have far more elements than storage).
    ///
    /// ```
    /// use tensor_view::{dims, transpose, Shape, Tensor};
    /// dims!(B);
    /// let x: Tensor<f32, Shape![B, 2, 3]> =
    ///     Tensor::<f32>::arange(12).view(&[2, 2, 3]).unwrap().into_static().unwrap();
    /// let c: Tensor<f32, Shape![B, 3, 2]> = transpose!(x, 1, 2).contiguous().unwrap();
    /// assert_eq!((c.stride(), c.shares_storage(&x)), (&[6isize, 2, 1][..], false));
    /// assert_eq!(c.to_vec()[..6], [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    /// ```
    pub fn contiguous(&self) -> Result<Tensor<T, Sym<N, NT, D>>, ViewError> {
        if self.is_contiguous() {
            return Ok(self.with_layout(self.layout.clone()));
        }
        let handle: Tensor<T> = self.with_layout(self.layout.clone());
        let copy = handle.copy_contiguous()?.with_sizes_of(self);
        Ok(copy.with_layout(copy.layout.clone()))
    }
}

impl<T: Element, const N: usize, NT: 'static, D: SymDims> Tensor<T, Sym<N, NT, D>> {
    /// `tensor.contiguous()` of a tensor that is contiguous already: this
    /// tensor (the same storage), as in PyTorch.
    ///
    /// ```
    /// use tensor_view::{dims, Shape, Tensor};
    /// dims!(B);
    /// let x: Tensor<f32, Shape![B, 3]> =
    ///     Tensor::<f32>::zeros(&[4, 3]).unwrap().into_static().unwrap();
    /// assert!(x.contiguous().shares_storage(&x));
    /// ```
    pub fn contiguous(&self) -> Tensor<T, Sym<N, NT, D>> {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use crate::static_shape::{SCons, SNil, SymDim};
    use crate::Tensor;
    use typenum::{U1, U3, U4};

    crate::static_shape::symbolic::symbol::test_symbol!(B, typenum::U9);
    type BDim = SymDim<U1, SCons<B, SNil>>;
    type Strided = super::SymStrided<12, typenum::U12, (U4, BDim, U3)>;

    #[test]
    fn a_transposed_view_follows_pytorchs_stride_rule() {
        let x = Tensor::<f32>::arange(24).view(&[2, 3, 4]).unwrap();
        let t = x.permute(&[2, 0, 1]).unwrap();
        let typed = t.clone().into_static::<Strided>().unwrap();
        let c = typed.contiguous().unwrap();
        assert_eq!(c.stride(), &[6, 3, 1]);
        assert_eq!(c.to_vec(), t.contiguous().unwrap().to_vec());
        assert!(!c.shares_storage(&x));
        // An empty batch is contiguous as PyTorch says: no copy.
        let e = Tensor::<f32>::zeros(&[4, 0, 3])
            .unwrap()
            .into_static::<Strided>()
            .unwrap();
        assert!(e.contiguous().unwrap().shares_storage(&e));
    }

    #[test]
    fn into_static_checks_the_shape_not_the_strides() {
        let t = Tensor::<f32>::zeros(&[2, 3, 4])
            .unwrap()
            .permute(&[2, 0, 1])
            .unwrap();
        assert!(t.clone().into_static::<Strided>().is_ok());
        let e = t
            .transpose(0, 1)
            .unwrap()
            .into_static::<Strided>()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [4, B, 3], but got shape [2, 4, 3]"
        );
    }
}
