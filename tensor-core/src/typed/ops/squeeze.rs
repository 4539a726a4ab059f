//! `squeeze_at::<DIM>()` and `squeeze_all()` of a typed tensor: PyTorch's
//! `squeeze(dim)` and `squeeze()`, views whose types are computed by
//! [`Squeeze`] and [`SqueezeAll`].
//!
//! A removed dim leaves the other dims' strides as they were: a row-major
//! tuple stays one, a [`Permuted`] view loses the dim's entry (as
//! `select_at` does), an [`AnyStrides`] shape stays `AnyStrides`. A named
//! dim stays in the type; since PyTorch would remove it when it holds one
//! element at run time, the op returns a `Result` and refuses that case
//! rather than give a tensor whose type lies about its shape.

use super::retype::dynamic;
use crate::static_shape::{Fallible, Infallible, Settle};
use crate::tensor::Tensor;
use crate::typed::list::{AnyStrides, DimInfo, DimList, TypedDims};
use crate::typed::permuted::{MapList, Permuted};
use crate::typed::rules::{At, AtRunTime, Kept, Removed, Squeeze, SqueezeAll};
use crate::{Element, ViewError};

/// The layout of a tensor typed `Self` without its dim `DIM`.
#[doc(hidden)]
pub trait SqueezeLayout<const DIM: isize>: TypedDims {
    /// The result's shape type.
    type Dropped: TypedDims;
}
impl<L: DimList + At<DIM>, const DIM: isize> SqueezeLayout<DIM> for L {
    type Dropped = L::Without;
}
impl<L: DimList + At<DIM>, const DIM: isize> SqueezeLayout<DIM> for AnyStrides<L> {
    type Dropped = AnyStrides<L::Without>;
}
impl<Src: DimList, Map: MapList + At<DIM>, const DIM: isize> SqueezeLayout<DIM>
    for Permuted<Src, Map>
where
    Map::Without: MapList,
{
    type Dropped = Permuted<Src, Map::Without>;
}

/// What a verdict of [`Squeeze`] makes of a tensor typed `S`.
#[doc(hidden)]
pub trait SqueezedAs<S, const DIM: isize> {
    /// The result's shape type.
    type Out: TypedDims;
    /// [`Infallible`], or [`Fallible`] for a named dim.
    type Outcome: Settle;
}
impl<S: SqueezeLayout<DIM>, const DIM: isize> SqueezedAs<S, DIM> for Removed {
    type Out = S::Dropped;
    type Outcome = Infallible;
}
impl<S: TypedDims, const DIM: isize> SqueezedAs<S, DIM> for Kept {
    type Out = S;
    type Outcome = Infallible;
}
impl<S: TypedDims, const DIM: isize> SqueezedAs<S, DIM> for AtRunTime {
    type Out = S;
    type Outcome = Fallible;
}

/// The layout of a tensor typed `Self` without its static dims of one
/// element.
#[doc(hidden)]
pub trait SqueezeAllLayout: TypedDims {
    /// The result's shape type.
    type Out: TypedDims;
}
impl<L: SqueezeAll> SqueezeAllLayout for L {
    type Out = L::Out;
}
impl<L: SqueezeAll> SqueezeAllLayout for AnyStrides<L> {
    type Out = AnyStrides<L::Out>;
}
impl<Src: DimList, Map: MapList + SqueezeAll> SqueezeAllLayout for Permuted<Src, Map>
where
    Map::Out: MapList,
{
    type Out = Permuted<Src, Map::Out>;
}

/// The verdict of `squeeze_at::<DIM>()` of a tensor typed `S`.
type Verdict<S, const DIM: isize> = <<S as TypedDims>::List as Squeeze<DIM>>::Verdict;
/// What `squeeze_at::<DIM>()` of a tensor typed `S` returns.
type SqueezedAt<T, S, const DIM: isize> =
    <<Verdict<S, DIM> as SqueezedAs<S, DIM>>::Outcome as crate::static_shape::Outcome>::Wrap<
        Tensor<T, <Verdict<S, DIM> as SqueezedAs<S, DIM>>::Out>,
    >;
/// What `squeeze_all()` of a tensor typed `S` returns.
type SqueezedAll<T, S> =
    <<<S as TypedDims>::List as DimList>::Outcome as crate::static_shape::Outcome>::Wrap<
        Tensor<T, <S as SqueezeAllLayout>::Out>,
    >;

/// The error for named dims that hold one element at run time, which
/// PyTorch's `squeeze` removes and the type keeps.
fn kept_ones<L: DimList>(shape: &[usize], only: Option<usize>) -> ViewError {
    let names: Vec<String> = L::infos()
        .iter()
        .enumerate()
        .filter(|&(i, info)| {
            only.is_none_or(|k| k == i) && shape[i] == 1 && matches!(info, DimInfo::Named(..))
        })
        .map(|(i, info)| match info {
            DimInfo::Named(_, name) => format!("{name} (dim {i})"),
            DimInfo::Static(_) => unreachable!("filtered to named dims"),
        })
        .collect();
    ViewError::runtime(format!(
        "squeeze(): the named dim {} holds 1 element at run time, so PyTorch would remove it, \
         but the type {} keeps it; write it as `One` to squeeze it",
        names.join(", "),
        L::text()
    ))
}

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `x.squeeze(DIM)`: a view without the dim `DIM` when it holds one
    /// element (`One`, `D<1>`), the same shape otherwise (PyTorch does not
    /// refuse a size other than 1). A dim out of range is a compile error
    /// in PyTorch's words. Squeezing a named dim returns a `Result`: the
    /// type keeps the dim, so a run-time size of 1 (which PyTorch would
    /// remove) is an error.
    ///
    /// ```
    /// use tensor_view::{dims, One, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, One, D<3>)> = Tensor::<f32>::zeros(&[2, 1, 3])?.into_static()?;
    /// let y: Tensor<f32, (B, D<3>)> = x.squeeze_at::<1>();
    /// assert!(y.shares_storage(&x));
    /// let same: Tensor<f32, (B, One, D<3>)> = x.squeeze_at::<-1>(); // 3 is not 1
    /// assert_eq!(same.shape(), &[2, 1, 3]);
    /// let kept: Tensor<f32, (B, One, D<3>)> = x.squeeze_at::<0>()?; // B is 2 here
    /// let one: Tensor<f32, (B, D<3>)> = Tensor::<f32>::zeros(&[1, 3])?.into_static()?;
    /// assert!(one.squeeze_at::<0>().is_err()); // PyTorch would remove B
    /// # let _ = kept;
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{One, Shape, Tensor, D};
    /// let x = Tensor::<f32, (D<2>, One)>::zeros();
    /// let y = x.squeeze_at::<2>(); // Dimension out of range (expected to be in range of [-2, 1], but got 2)
    /// ```
    pub fn squeeze_at<const DIM: isize>(&self) -> SqueezedAt<T, S, DIM>
    where
        S::List: Squeeze<DIM>,
        Verdict<S, DIM>: SqueezedAs<S, DIM>,
    {
        type Out<S, const DIM: isize> = <Verdict<S, DIM> as SqueezedAs<S, DIM>>::Out;
        let result = dynamic(self).squeeze_dim(DIM).and_then(|y| {
            if y.dim() == <Out<S, DIM> as TypedDims>::List::RANK {
                y.into_static::<Out<S, DIM>>()
            } else {
                let rank = S::List::RANK as isize;
                let k = if DIM < 0 { DIM + rank } else { DIM };
                Err(kept_ones::<S::List>(self.shape(), Some(k as usize)))
            }
        });
        <<Verdict<S, DIM> as SqueezedAs<S, DIM>>::Outcome as Settle>::settle(result)
    }

    /// `x.squeeze()`: a view without every static dim of one element
    /// (`One`, `D<1>`). With a named dim it returns a `Result`: the type
    /// keeps the named dims, so one that holds 1 element at run time (which
    /// PyTorch would remove) is an error.
    ///
    /// ```
    /// use tensor_view::{dims, One, Shape, Tensor, D};
    /// dims!(T);
    /// let x = Tensor::<f32, (One, D<3>, D<1>)>::zeros();
    /// let y: Tensor<f32, (D<3>,)> = x.squeeze_all();
    /// assert_eq!(y.shape(), &[3]);
    /// let t: Tensor<f32, (One, T)> = Tensor::<f32>::zeros(&[1, 4])?.into_static()?;
    /// let u: Tensor<f32, (T,)> = t.squeeze_all()?;
    /// assert_eq!(u.shape(), &[4]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn squeeze_all(&self) -> SqueezedAll<T, S>
    where
        S: SqueezeAllLayout,
        <S::List as DimList>::Outcome: Settle,
    {
        let result = dynamic(self).squeeze().and_then(|y| {
            if y.dim() == <S::Out as TypedDims>::List::RANK {
                y.into_static::<S::Out>()
            } else {
                Err(kept_ones::<S::List>(self.shape(), None))
            }
        });
        <<S::List as DimList>::Outcome as Settle>::settle(result)
    }
}
