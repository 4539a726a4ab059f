//! What a view, a reshape and `contiguous()` of a typed tensor give, by
//! its layout: a row-major tuple, a [`Permuted`] view of one (decided while
//! compiling by PyTorch's stride rule) or [`AnyStrides`] (checked at run
//! time).
//!
//! ```
//! use tensor_view::{dims, permute, typed::Infer, Tensor, D};
//! dims!(B);
//! // ViT's patchify, with `.contiguous()` before the view that needs it:
//! let img: Tensor<f32, (B, D<3>, D<8>, D<8>)> = Tensor::<f32>::zeros(&[2, 3, 8, 8])?.into_static()?;
//! let grid = img.view_to::<(B, D<3>, D<2>, D<4>, D<2>, D<4>)>();
//! let patches = permute!(grid, [0, 2, 4, 1, 3, 5]).contiguous();
//! let tokens: Tensor<f32, (B, D<4>, D<48>)> = patches.view_to::<(B, D<4>, Infer)>();
//! assert_eq!(tokens.shape(), &[2, 4, 48]);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use super::retype::{carry, dynamic};
use crate::static_shape::NamedSizes;
use crate::static_shape::{Infallible, Settle, TypedShape};
use crate::tensor::Tensor;
use crate::typed::list::{AnyStrides, DimList, RowMajor, RunTime, TypedDims};
use crate::typed::permuted::{MapList, Mapped, Permuted};
use crate::typed::rules::{CopyVerdict, Copyless, InTable, NeedsCopy, StrideVerdict, ViewOf};
use crate::{Element, ViewError};
use typenum::{B0, B1};

/// What `view_to` of a tensor of this layout (a [`TypedDims::Layout`])
/// gives for the filled target `Out`, and how the dynamic view is typed.
/// One impl per layout, so that a refused view reports the stride rule's
/// own message.
#[doc(hidden)]
pub trait ViewLayout<Out: DimList> {
    /// The typed view, or a `Result` of it.
    type Output<T: Element>;
    /// The dynamic view, typed.
    fn settle<T: Element>(view: Result<Tensor<T>, ViewError>) -> Self::Output<T>;
}

/// A row-major tuple: every view that keeps the count needs no copy.
impl<Out: DimList> ViewLayout<Out> for RowMajor {
    type Output<T: Element> = Tensor<T, Out>;
    fn settle<T: Element>(view: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        Infallible::settle(view.and_then(Tensor::into_static::<Out>))
    }
}

/// Strides known only at run time: PyTorch's stride rule at run time, and
/// the view's strides likewise (a view PyTorch takes need not be row-major:
/// `[8, 2]` transposed from `[2, 8]` views as `[2, 4, 2]` with strides
/// `[4, 1, 8]`).
impl<Out: DimList> ViewLayout<Out> for RunTime {
    type Output<T: Element> = Result<Tensor<T, AnyStrides<Out>>, ViewError>;
    fn settle<T: Element>(view: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        view.and_then(Tensor::into_static::<_>)
    }
}

/// Strides in the type: PyTorch's stride rule while compiling.
impl<Src: DimList, Map: MapList, Out: DimList> ViewLayout<Out> for Mapped<Src, Map>
where
    Permuted<Src, Map>: StrideVerdict<Out>,
    <Permuted<Src, Map> as StrideVerdict<Out>>::Shape: TypedShape,
{
    type Output<T: Element> = Tensor<T, <Permuted<Src, Map> as StrideVerdict<Out>>::Shape>;
    fn settle<T: Element>(view: Result<Tensor<T>, ViewError>) -> Self::Output<T> {
        Infallible::settle(view.and_then(Tensor::into_static::<_>))
    }
}

/// What `reshape_to` of a tensor of this layout gives for the filled
/// target `Out`: the view where it needs no copy, else a row-major copy.
#[doc(hidden)]
pub trait ReshapeLayout<Out: DimList> {
    /// The typed result.
    type Output<T: Element>;
    /// `x.reshape(dims)`, typed.
    /// `sizes`: the sizes of the named dims of `x`, which a merged dim of
    /// the result needs.
    fn reshape<T: Element, S>(
        x: &Tensor<T, S>,
        dims: &[usize],
        sizes: &NamedSizes,
    ) -> Self::Output<T>;
}

/// A row-major tuple: the view, row-major.
impl<Out: DimList> ReshapeLayout<Out> for RowMajor {
    type Output<T: Element> = Tensor<T, Out>;
    fn reshape<T: Element, S>(
        x: &Tensor<T, S>,
        dims: &[usize],
        sizes: &NamedSizes,
    ) -> Self::Output<T> {
        Infallible::settle(carry(dynamic(x).view(dims), sizes).and_then(Tensor::into_static::<Out>))
    }
}

/// Strides known only at run time: PyTorch's reshape (a view where one
/// exists, else a copy), with any strides.
impl<Out: DimList> ReshapeLayout<Out> for RunTime {
    type Output<T: Element> = Tensor<T, AnyStrides<Out>>;
    fn reshape<T: Element, S>(
        x: &Tensor<T, S>,
        dims: &[usize],
        sizes: &NamedSizes,
    ) -> Self::Output<T> {
        Infallible::settle(
            carry(dynamic(x).reshape(dims), sizes).and_then(Tensor::into_static::<_>),
        )
    }
}

/// Strides in the type: the view or the copy, decided while compiling.
impl<Src: DimList, Map: MapList, Out: DimList> ReshapeLayout<Out> for Mapped<Src, Map>
where
    Permuted<Src, Map>: CopyVerdict<Out>,
    <Permuted<Src, Map> as CopyVerdict<Out>>::Verdict: Reshaped<Out>,
{
    type Output<T: Element> =
        Tensor<T, <<Permuted<Src, Map> as CopyVerdict<Out>>::Verdict as Reshaped<Out>>::Shape>;
    fn reshape<T: Element, S>(
        x: &Tensor<T, S>,
        dims: &[usize],
        sizes: &NamedSizes,
    ) -> Self::Output<T> {
        type Verdict<Src, Map, Out> = <Permuted<Src, Map> as CopyVerdict<Out>>::Verdict;
        let reshaped = if <Verdict<Src, Map, Out> as Reshaped<Out>>::COPIES {
            dynamic(x).contiguous().and_then(|c| c.view(dims))
        } else {
            dynamic(x).view(dims)
        };
        Infallible::settle(carry(reshaped, sizes).and_then(Tensor::into_static::<_>))
    }
}

/// A reshape by the stride rule's verdict.
#[doc(hidden)]
pub trait Reshaped<Out> {
    /// The result's shape type.
    type Shape: TypedShape;
    /// Whether the reshape copies.
    const COPIES: bool;
}
impl<Out: DimList> Reshaped<Out> for Copyless<B1> {
    type Shape = Out;
    const COPIES: bool = false;
}
impl<Out: DimList> Reshaped<Out> for Copyless<B0> {
    type Shape = AnyStrides<Out>;
    const COPIES: bool = false;
}
impl<Out: DimList> Reshaped<Out> for NeedsCopy {
    type Shape = Out;
    const COPIES: bool = true;
}

/// The input of `reshape_to` of a tensor typed `S`.
type Input<S> = <<S as TypedDims>::List as InTable>::Checked;
/// What `reshape_to::<X>()` of a tensor typed `S` returns.
type Reshape<T, S, X> =
    <<S as TypedDims>::Layout as ReshapeLayout<<X as ViewOf<Input<S>>>::Out>>::Output<T>;

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `x.contiguous()`: the same dims, row-major: a copy where the strides
    /// are not row-major, the tensor itself where they are. No `Result`:
    /// the dims are known, so only memory can run out, which aborts as
    /// `Vec` does.
    ///
    /// ```
    /// use tensor_view::{dims, transpose, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, D<3>)> = Tensor::<f32>::arange(6).view(&[2, 3])?.into_static()?;
    /// let t = transpose!(x, 0, 1);
    /// let c: Tensor<f32, (D<3>, B)> = t.contiguous();
    /// assert_eq!(c.to_vec(), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn contiguous(&self) -> Tensor<T, S::List> {
        Infallible::settle(
            carry(dynamic(self).contiguous(), &self.symbols)
                .and_then(Tensor::into_static::<S::List>),
        )
    }

    /// `x.reshape(shape)` to the target `X` (a tuple of dims and at most one
    /// [`Infer`](crate::typed::Infer)), checked as `view_to` checks it: the
    /// view where the strides allow one, else a row-major copy, decided
    /// while compiling for a row-major or [`Permuted`] tensor (PyTorch
    /// decides the same way at run time). The result is row-major, or
    /// [`AnyStrides`] where it is a view that is not (and for an
    /// `AnyStrides` input, whose strides only the run time knows).
    ///
    /// ```
    /// use tensor_view::{dims, permute, typed::Infer, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, D<2>, D<3>)> = Tensor::<f32>::arange(12).view(&[2, 2, 3])?.into_static()?;
    /// let p = permute!(x, [0, 2, 1]);
    /// let flat: Tensor<f32, (B, D<6>)> = p.reshape_to::<(B, Infer)>(); // a copy
    /// assert_eq!(flat.to_vec()[..6], [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    /// assert!(!flat.shares_storage(&x));
    /// let same: Tensor<f32, (B, D<6>)> = x.reshape_to::<(B, Infer)>(); // a view
    /// assert!(same.shares_storage(&x));
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn reshape_to<X: ViewOf<Input<S>>>(&self) -> Reshape<T, S, X>
    where
        S::List: InTable,
        S::Layout: ReshapeLayout<<X as ViewOf<Input<S>>>::Out>,
    {
        type Out<S, X> = <X as ViewOf<Input<S>>>::Out;
        let dims = Infallible::settle(self.target_sizes::<Out<S, X>>());
        <S::Layout as ReshapeLayout<Out<S, X>>>::reshape(
            self,
            &dims,
            &self.all_sizes::<Out<S, X>>(),
        )
    }
}
