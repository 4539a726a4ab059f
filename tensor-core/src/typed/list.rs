//! Typed shapes: tuples of dims, `(B, T, D<768>)`, ranks 0 to 6.
//!
//! A tensor typed with a tuple is row-major (its strides are PyTorch's
//! contiguous strides of its dims); [`AnyStrides`] wraps a tuple whose
//! strides are known only at run time (after a transpose, say). Each named
//! dim is a whole dim of its own, so a tensor's named sizes are read from its
//! shape: nothing is carried beside it.

use std::any::TypeId;

use smallvec::SmallVec;

use super::dim::Dim;
use crate::static_shape::{Fallible, Infallible};
use crate::ViewError;

/// The greatest rank of a typed shape tuple.
pub const MAX_TYPED_RANK: usize = 6;

/// What a check learns of one dim of a typed shape.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimInfo {
    /// A static size.
    Static(usize),
    /// A named dim: its symbol's identity and name.
    Named(TypeId, &'static str),
}

/// The dims of a typed shape, a tuple of [`Dim`]s.
///
/// ```
/// use tensor_view::{dims, typed::DimList, D};
/// dims!(B, T);
/// assert_eq!(<(B, T, D<768>) as DimList>::RANK, 3);
/// assert_eq!(<(B, T, D<768>) as DimList>::text(), "[B, T, 768]");
/// ```
///
/// Sealed: implemented for tuples of dims only.
pub trait DimList:
    sealed::Sealed + crate::static_shape::TypedShape + Copy + Default + 'static
{
    /// The number of dims.
    const RANK: usize;
    /// [`Infallible`] when every dim is static, [`Fallible`] when one is
    /// named: an op comparing two tensors' named dims checks them at run time.
    #[doc(hidden)]
    type Outcome: Join;
    /// Each dim, outermost first.
    #[doc(hidden)]
    fn infos() -> SmallVec<[DimInfo; MAX_TYPED_RANK]>;
    /// The shape as PyTorch's messages write one: `[B, T, 768]`.
    fn text() -> String {
        let parts: Vec<String> = Self::infos()
            .iter()
            .map(|info| match info {
                DimInfo::Static(n) => n.to_string(),
                DimInfo::Named(_, name) => (*name).to_string(),
            })
            .collect();
        format!("[{}]", parts.join(", "))
    }
    /// The dims, when all are static.
    #[doc(hidden)]
    fn static_dims() -> Option<SmallVec<[usize; MAX_TYPED_RANK]>> {
        Self::infos()
            .iter()
            .map(|info| match info {
                DimInfo::Static(n) => Some(*n),
                DimInfo::Named(..) => None,
            })
            .collect()
    }
    /// For each dim, its factors if it is a [`Merged`](super::Merged) dim.
    #[doc(hidden)]
    fn merged_factors() -> SmallVec<[Option<SmallVec<[DimInfo; MAX_TYPED_RANK]>>; MAX_TYPED_RANK]>;
    /// Whether a tensor of `shape` has these dims: the rank, each static
    /// size, and one size for a name used twice.
    #[doc(hidden)]
    fn check_dims(shape: &[usize]) -> Result<(), ViewError> {
        let infos = Self::infos();
        let fits = shape.len() == infos.len()
            && shape
                .iter()
                .zip(&infos)
                .enumerate()
                .all(|(i, (&size, info))| match info {
                    DimInfo::Static(n) => size == *n,
                    DimInfo::Named(id, _) => infos[..i].iter().zip(shape).all(|(other, &s)| {
                        !matches!(other, DimInfo::Named(o, _) if o == id) || s == size
                    }),
                });
        if fits {
            Ok(())
        } else {
            Err(ViewError::TypedShapeMismatch {
                expected: Self::text(),
                actual: shape.to_vec(),
            })
        }
    }
}

/// Outcomes joined: the outcome of an op that is infallible only if all of
/// its parts are.
#[doc(hidden)]
pub trait Join: crate::static_shape::Settle {
    /// [`Infallible`] when both are, [`Fallible`] else.
    type With<Other: Join>: Join;
}
impl Join for Infallible {
    type With<Other: Join> = Other;
}
impl Join for Fallible {
    type With<Other: Join> = Fallible;
}

macro_rules! tuple_list {
    ($rank:expr; $($d:ident)*) => {
        impl<$($d: Dim),*> sealed::Sealed for ($($d,)*) {}
        impl<$($d: Dim),*> crate::static_shape::markers::sealed::Sealed for ($($d,)*) {}
        impl<$($d: Dim),*> crate::static_shape::TypedShape for ($($d,)*) {
            type Dims = Self;
            fn check(shape: &[usize], strides: &[isize]) -> Result<(), ViewError> {
                super::convert::check_row_major::<Self>(shape, strides)
            }
            fn named_sizes(
                shape: &[usize],
                seed: &crate::static_shape::NamedSizes,
            ) -> Result<crate::static_shape::NamedSizes, ViewError> {
                super::merged::named_sizes::<Self>(shape, seed)
            }
        }
        impl<T: crate::Element, $($d: Dim),*> crate::static_shape::Shape for crate::Tensor<T, ($($d,)*)>
        where
            ($($d,)*): DimList<Outcome = Infallible>,
        {
            type Elem = T;
            fn zeros() -> Self {
                super::convert::zeros::<T, ($($d,)*)>()
            }
            fn full(value: T) -> Self {
                super::convert::full::<T, ($($d,)*)>(value)
            }
        }
        impl<$($d: Dim),*> DimList for ($($d,)*) {
            const RANK: usize = $rank;
            type Outcome = tuple_list!(@outcome $($d)*);
            fn infos() -> SmallVec<[DimInfo; MAX_TYPED_RANK]> {
                [$(info::<$d>()),*].into_iter().collect()
            }
            fn merged_factors() -> SmallVec<[Option<SmallVec<[DimInfo; MAX_TYPED_RANK]>>; MAX_TYPED_RANK]> {
                [$(<$d as Dim>::factors()),*].into_iter().collect()
            }
        }
    };
    (@outcome) => { Infallible };
    (@outcome $first:ident $($rest:ident)*) => {
        <<$first as Dim>::Outcome as Join>::With<tuple_list!(@outcome $($rest)*)>
    };
}

pub(crate) fn info<X: Dim>() -> DimInfo {
    match (X::SIZE, X::symbol()) {
        (Some(n), _) => DimInfo::Static(n),
        (None, Some((id, name))) => DimInfo::Named(id, name),
        (None, None) => unreachable!("a dim is static or named"),
    }
}

tuple_list!(0;);
tuple_list!(1; A0);
tuple_list!(2; A0 A1);
tuple_list!(3; A0 A1 A2);
tuple_list!(4; A0 A1 A2 A3);
tuple_list!(5; A0 A1 A2 A3 A4);
tuple_list!(6; A0 A1 A2 A3 A4 A5);

/// A typed shape whose strides are known only at run time: what
/// `transpose` or `permute` make of a row-major `(B, T, D<768>)`. Ops that
/// read any layout (matmul, element-wise ops, reductions) take it as they
/// take a row-major tensor.
///
/// ```
/// use tensor_view::{typed::AnyStrides, Tensor, D};
/// let d = Tensor::<f32>::zeros(&[2, 3])?.transpose(0, 1)?;
/// let t: Tensor<f32, AnyStrides<(D<3>, D<2>)>> = d.into_static()?;
/// assert_eq!(t.stride(), &[1, 3]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyStrides<L>(L);

/// A typed shape marker of this module: a tuple (row-major) or an
/// [`AnyStrides`] tuple. Ops generic over either read the dims through it.
///
/// ```
/// use tensor_view::{typed::{AnyStrides, TypedDims}, D};
/// assert!(<(D<2>, D<3>) as TypedDims>::ROW_MAJOR);
/// assert!(!<AnyStrides<(D<2>, D<3>)> as TypedDims>::ROW_MAJOR);
/// ```
///
/// Sealed.
pub trait TypedDims: sealed::Sealed + crate::static_shape::TypedShape + 'static {
    /// The dims.
    type List: DimList;
    /// Whether the type promises row-major strides.
    const ROW_MAJOR: bool;
    /// Whether a view of it can fail at run time: never for row-major
    /// strides ([`Infallible`]), by PyTorch's stride rule for others
    /// ([`Fallible`]).
    #[doc(hidden)]
    type ViewOutcome: Join;
    /// What the view rules dispatch on: [`RowMajor`], [`RunTime`] or
    /// `Mapped<Src, Map>` (a [`Permuted`](super::Permuted) view).
    #[doc(hidden)]
    type Layout;
}

/// The layout of a row-major tuple.
#[doc(hidden)]
pub struct RowMajor;
/// The layout of an [`AnyStrides`] tuple: strides known at run time.
#[doc(hidden)]
pub struct RunTime;

impl<L: DimList> TypedDims for L {
    type List = L;
    const ROW_MAJOR: bool = true;
    type ViewOutcome = Infallible;
    type Layout = RowMajor;
}

impl<L: DimList> sealed::Sealed for AnyStrides<L> {}
impl<L: DimList> TypedDims for AnyStrides<L> {
    type List = L;
    const ROW_MAJOR: bool = false;
    type ViewOutcome = Fallible;
    type Layout = RunTime;
}

pub(crate) mod sealed {
    pub trait Sealed {}
}
