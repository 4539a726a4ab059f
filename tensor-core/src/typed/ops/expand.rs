//! `unsqueeze_at::<DIM>()` (a `One` inserted, a view) and
//! `expand_to::<Target>()` of a typed tensor: PyTorch's `expand` to a
//! written tuple, checked while compiling (`typed::rules::ExpandTo`), a
//! view whose expanded dims have stride 0 (typed
//! [`AnyStrides`](crate::typed::AnyStrides)).

use smallvec::SmallVec;

use super::cut::Cuttable;
use super::retype::dynamic;
use crate::static_shape::{Infallible, Settle};
use crate::tensor::Tensor;
use crate::typed::list::{AnyStrides, DimInfo, DimList, TypedDims, MAX_TYPED_RANK};
use crate::typed::permuted::{MapList, Of, Permuted};
use crate::typed::rules::{ExpandTo, Insert, Leading};
use crate::typed::One;
use crate::Element;

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `x.expand(sizes)` to the typed shape `X`: a `One` takes the target's
    /// static size, other dims stay as they are, new leading dims are
    /// static; checked while compiling in PyTorch's words. A named dim of
    /// `X` comes only from the same name (a `One` has no run-time size to
    /// give it).
    ///
    /// ```
    /// use tensor_view::{dims, typed::AnyStrides, One, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, One)> = Tensor::<f32>::arange(2).view(&[2, 1])?.into_static()?;
    /// let y: Tensor<f32, AnyStrides<(D<3>, B, D<4>)>> = x.expand_to::<(D<3>, B, D<4>)>();
    /// assert_eq!((y.shape(), y.stride()), (&[3usize, 2, 4][..], &[0isize, 1, 0][..]));
    /// assert!(y.shares_storage(&x));
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor, D};
    /// let x = Tensor::<f32, (D<3>, D<2>)>::zeros();
    /// // The expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 1. ...
    /// let y = x.expand_to::<(D<3>, D<4>)>();
    /// ```
    pub fn expand_to<X: DimList>(&self) -> Tensor<T, AnyStrides<X>>
    where
        S::List: ExpandTo<X>,
    {
        let offset = X::RANK - S::List::RANK;
        let sizes: SmallVec<[usize; MAX_TYPED_RANK]> = X::infos()
            .iter()
            .enumerate()
            .map(|(i, info)| match info {
                DimInfo::Static(n) => *n,
                // The rule proved it the source's dim of the same name.
                DimInfo::Named(..) => self.shape()[i - offset],
            })
            .collect();
        Infallible::settle(
            dynamic(self)
                .expand(&sizes)
                .and_then(Tensor::into_static::<AnyStrides<X>>),
        )
    }
}

/// The type of `unsqueeze_at::<DIM>()` of a tensor typed `Self`: a
/// row-major tuple stays one, a [`Permuted`] view stays one (a `One` entry
/// inserted in its map: the stride of a size-1 dim is free, and PyTorch's
/// stride rule skips it), `AnyStrides` stays.
#[doc(hidden)]
pub trait Unsqueeze<const DIM: isize>: TypedDims {
    /// The result's shape type.
    type Out: TypedDims;
}
impl<L: DimList + Insert<DIM>, const DIM: isize> Unsqueeze<DIM> for L
where
    L: Cuttable,
{
    type Out = <L as Cuttable>::Cut<<L as Insert<DIM>>::With<One>, Leading>;
}
impl<L: DimList + Insert<DIM>, const DIM: isize> Unsqueeze<DIM> for AnyStrides<L> {
    type Out = AnyStrides<<L as Insert<DIM>>::With<One>>;
}
impl<Src: DimList, Map: MapList + Insert<DIM>, const DIM: isize> Unsqueeze<DIM>
    for Permuted<Src, Map>
where
    <Map as Insert<DIM>>::With<Of<0, One>>: MapList,
{
    type Out = Permuted<Src, <Map as Insert<DIM>>::With<Of<0, One>>>;
}

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `x.unsqueeze(DIM)`: a `One` inserted at `DIM` (`-1` after the last
    /// dim), a view; a row-major tensor stays row-major, and a
    /// [`Permuted`] view keeps its strides in the type (so a later
    /// `view_to` is decided while compiling).
    ///
    /// ```
    /// use tensor_view::{dims, One, Tensor, D};
    /// dims!(T);
    /// let x: Tensor<f32, (T, D<3>)> = Tensor::<f32>::zeros(&[4, 3])?.into_static()?;
    /// let y: Tensor<f32, (T, One, D<3>)> = x.unsqueeze_at::<1>();
    /// assert!(y.shares_storage(&x));
    /// let z: Tensor<f32, (T, D<3>, One)> = x.unsqueeze_at::<-1>();
    /// assert_eq!(z.shape(), &[4, 3, 1]);
    /// // a transpose keeps its strides in the type: the view after it is
    /// // decided while compiling (it splits the 3, which needs no copy)
    /// use tensor_view::{transpose, typed::{AnyStrides, Of, Permuted}};
    /// let t: Tensor<f32, Permuted<(T, D<3>), (Of<1, D<3>>, Of<0, One>, Of<0, T>)>> =
    ///     transpose!(x, 0, 1).unsqueeze_at::<1>();
    /// let v: Tensor<f32, AnyStrides<(D<3>, T)>> = t.view_to::<(D<3>, T)>();
    /// assert_eq!(v.stride(), &[1, 3]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>, D<3>)>::zeros();
    /// let y = x.unsqueeze_at::<3>(); // Dimension out of range (expected to be in range of [-3, 2], but got 3)
    /// ```
    pub fn unsqueeze_at<const DIM: isize>(&self) -> Tensor<T, <S as Unsqueeze<DIM>>::Out>
    where
        S::List: Insert<DIM>,
        S: Unsqueeze<DIM>,
    {
        Infallible::settle(
            dynamic(self)
                .unsqueeze(DIM)
                .and_then(Tensor::into_static::<<S as Unsqueeze<DIM>>::Out>),
        )
    }
}
