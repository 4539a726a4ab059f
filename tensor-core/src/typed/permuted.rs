//! [`Permuted`]: strides in the type for a view of a row-major tensor.
//!
//! A transpose, a permute or a cut of a row-major `(B, T, D<768>)` tensor
//! keeps the storage and changes how it is seen: each dim of the view has
//! the stride of one dim of the row-major *source* shape, and its own size
//! (a cut makes a dim smaller, not its stride different). So the layout is
//! the source shape and, for each dim of the view, the source dim it comes
//! from and its size: `Permuted<(B, T, D<2304>), (Of<0, B>, Of<1, T>,
//! Of<2, D<768>>)>` is a part of a fused QKV projection. The strides are
//! products of the source's dims, named ones included, and are never
//! computed while compiling: `view_to` only asks which dims of the view are
//! contiguous with each other (see `typed::rules::strides`).
//!
//! Named dims are taken to hold at least 2 elements, as everywhere in this
//! form; see `view_to` for what that means for an empty or one-row batch.

use std::marker::PhantomData;

use smallvec::SmallVec;

use super::dim::Dim;
use super::list::{DimInfo, DimList, TypedDims, MAX_TYPED_RANK};
use crate::static_shape::Infallible;
use crate::ViewError;

/// A view of a row-major tensor of shape `Src` whose dims are `Map`, a tuple
/// of [`Of`]: each the size of a dim of the view and the source dim whose
/// stride it has. What `transpose!`, `permute!`, `t()`, `mT()` and the cuts
/// (`narrow_to`, `select_at`, `split_by`, `chunk_into`) make of a row-major
/// tuple, so that `view_to` of it is decided while compiling.
///
/// ```
/// use tensor_view::{dims, transpose, typed::{Of, Permuted}, Tensor, D};
/// dims!(B, T);
/// let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::zeros(&[2, 3, 4])?.into_static()?;
/// let y: Tensor<f32, Permuted<(B, T, D<4>), (Of<0, B>, Of<2, D<4>>, Of<1, T>)>> =
///     transpose!(x, 1, 2);
/// assert_eq!((y.shape(), y.stride()), (&[2usize, 4, 3][..], &[12isize, 1, 4][..]));
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub struct Permuted<Src, Map>(PhantomData<fn() -> (Src, Map)>);

impl<Src, Map> Clone for Permuted<Src, Map> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Src, Map> Copy for Permuted<Src, Map> {}
impl<Src, Map> Default for Permuted<Src, Map> {
    fn default() -> Self {
        Permuted(PhantomData)
    }
}
impl<Src, Map> std::fmt::Debug for Permuted<Src, Map> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Permuted")
    }
}

/// A dim of a [`Permuted`] view: `X` elements with the stride of the
/// source's dim `K`. It is a dim itself (of the size `X`), so that a map is
/// a tuple the cuts index as they index a shape.
///
/// ```
/// use tensor_view::{typed::{Dim, Of}, D};
/// assert_eq!(<Of<2, D<768>> as Dim>::SIZE, Some(768));
/// ```
pub struct Of<const K: usize, X>(PhantomData<fn() -> X>);

impl<const K: usize, X> Clone for Of<K, X> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<const K: usize, X> Copy for Of<K, X> {}
impl<const K: usize, X> std::fmt::Debug for Of<K, X> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Of<{K}>")
    }
}
impl<const K: usize, X> Default for Of<K, X> {
    fn default() -> Self {
        Of(PhantomData)
    }
}

impl<const K: usize, X: Dim> super::dim::sealed::Sealed for Of<K, X> {}
impl<const K: usize, X: Dim> Dim for Of<K, X> {
    const SIZE: Option<usize> = X::SIZE;
    type Kind = X::Kind;
    type Outcome = X::Outcome;
    fn symbol() -> Option<(std::any::TypeId, &'static str)> {
        X::symbol()
    }
}

/// An entry of a map: its source dim and size, and the entry of the same
/// source resized.
#[doc(hidden)]
pub trait Entry: Dim {
    /// The source dim.
    const K: usize;
    /// The size.
    type Size: Dim;
    /// The same source dim, `Y` elements.
    type Sized<Y: Dim>: Dim;
}
impl<const K: usize, X: Dim> Entry for Of<K, X> {
    const K: usize = K;
    type Size = X;
    type Sized<Y: Dim> = Of<K, Y>;
}

/// A map's sizes (the view's dims), and the identity map of a shape.
#[doc(hidden)]
pub trait MapList: DimList {
    /// The sizes, a tuple of plain dims.
    type Sizes: DimList;
    /// The source dim of each entry.
    fn sources() -> SmallVec<[usize; MAX_TYPED_RANK]>;
}

/// The identity map of a row-major shape: `(Of<0, A0>, Of<1, A1>, ..)`.
#[doc(hidden)]
pub trait Identity: DimList {
    /// The map.
    type Map: MapList;
}

macro_rules! maps {
    ($($x:ident $k:literal)*) => {
        impl<$($x: Entry),*> MapList for ($($x,)*) {
            type Sizes = ($($x::Size,)*);
            fn sources() -> SmallVec<[usize; MAX_TYPED_RANK]> {
                [$($x::K),*].into_iter().collect()
            }
        }
        impl<$($x: Dim),*> Identity for ($($x,)*) {
            type Map = ($(Of<$k, $x>,)*);
        }
    };
}
maps!();
maps!(A0 0);
maps!(A0 0 A1 1);
maps!(A0 0 A1 1 A2 2);
maps!(A0 0 A1 1 A2 2 A3 3);
maps!(A0 0 A1 1 A2 2 A3 3 A4 4);
maps!(A0 0 A1 1 A2 2 A3 3 A4 4 A5 5);

impl<Src: DimList, Map: MapList> super::list::sealed::Sealed for Permuted<Src, Map> {}
impl<Src: DimList, Map: MapList> crate::static_shape::markers::sealed::Sealed
    for Permuted<Src, Map>
{
}

impl<Src: DimList, Map: MapList> TypedDims for Permuted<Src, Map> {
    type List = Map::Sizes;
    const ROW_MAJOR: bool = false;
    type ViewOutcome = Infallible;
    type Layout = Mapped<Src, Map>;
}

/// The layout of a [`Permuted`] view: its source and map.
#[doc(hidden)]
pub struct Mapped<Src, Map>(PhantomData<fn() -> (Src, Map)>);

impl<Src: DimList, Map: MapList> crate::static_shape::TypedShape for Permuted<Src, Map> {
    type Dims = Map::Sizes;

    fn named_sizes(
        shape: &[usize],
        seed: &crate::static_shape::NamedSizes,
    ) -> Result<crate::static_shape::NamedSizes, ViewError> {
        super::merged::named_sizes::<Map::Sizes>(shape, seed)
    }

    /// The dims, and each stride the shape determines: the stride of a
    /// source dim is the product of the source dims after it, each static
    /// or read from a dim of the view that is all of it; a stride behind a
    /// named source dim no dim of the view holds whole is not checked.
    fn check(shape: &[usize], strides: &[isize]) -> Result<(), ViewError> {
        Map::Sizes::check_dims(shape)?;
        let expected = strides_of::<Src, Map>(shape);
        let fits = expected
            .iter()
            .zip(strides)
            .all(|(e, &s)| e.is_none_or(|e| e == s));
        if fits {
            Ok(())
        } else {
            Err(ViewError::runtime(format!(
                "into_static(): the strides {strides:?} are not those of a view of a row-major tensor of shape {}",
                Src::text()
            )))
        }
    }
}

/// The strides of a view of shape `shape` typed `Permuted<Src, Map>`, each
/// where the shape determines it.
fn strides_of<Src: DimList, Map: MapList>(
    shape: &[usize],
) -> SmallVec<[Option<isize>; MAX_TYPED_RANK]> {
    let sources = Map::sources();
    let views = Map::infos();
    let sizes: SmallVec<[Option<usize>; MAX_TYPED_RANK]> = Src::infos()
        .iter()
        .enumerate()
        .map(|(k, info)| match info {
            DimInfo::Static(n) => Some(*n),
            DimInfo::Named(..) => sources
                .iter()
                .zip(&views)
                .position(|(&s, v)| s == k && matches!(v, DimInfo::Named(..)))
                .map(|i| shape[i]),
        })
        .collect();
    let mut src_strides: SmallVec<[Option<isize>; MAX_TYPED_RANK]> =
        SmallVec::from_elem(None, sizes.len());
    let mut running = Some(1isize);
    for (k, size) in sizes.iter().enumerate().rev() {
        src_strides[k] = running;
        running = running
            .zip(*size)
            .map(|(r, s)| r.wrapping_mul(s.max(1) as isize));
    }
    // A dim of one element has a free stride (PyTorch's `unsqueeze` gives
    // it one of its own, and its stride rule skips it).
    sources
        .iter()
        .zip(shape)
        .map(|(&k, &n)| if n == 1 { None } else { src_strides[k] })
        .collect()
}
