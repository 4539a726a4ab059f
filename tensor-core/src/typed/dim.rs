//! One vocabulary for dims: [`D<N>`](D) (a static size), [`One`] (a static
//! 1, which broadcasts) and the named run-time dims `dims!` declares.
//!
//! Each dim has a *kind* ([`Dim::Kind`]) that the rules of `rules/` dispatch
//! on, so exactly one rule matches a pair of dims and a mistake is reported by
//! the one rule that failed, with its sizes in decimal and the user's names.

use std::any::TypeId;

use crate::static_shape::Symbol;

/// A static dim of `N` elements: `(B, T, D<768>)` is a `[B, T, 768]` shape.
///
/// ```
/// use tensor_view::{Shape, Tensor, D};
/// let x = Tensor::<f32, (D<2>, D<3>)>::zeros();
/// assert_eq!(x.shape(), &[2, 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct D<const N: usize>;

/// A static dim of size 1, which broadcasts against any dim (PyTorch's rule).
///
/// A size-1 dim is its own type because a trait cannot tell `D<1>` from
/// `D<N>` on stable Rust (the two impls would overlap): write `One` where a
/// shape has a 1 that broadcasts, as in a mask of shape `(One, One, T, T)`.
/// A `D<1>` (a generic `D<N>` instantiated with 1) is a static dim that
/// matches only itself.
///
/// ```
/// use tensor_view::{One, Shape, Tensor, D};
/// let bias = Tensor::<f32, (One, D<3>)>::ones();
/// assert_eq!(bias.shape(), &[1, 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct One;

/// A dim of a typed shape: [`D<N>`](D), [`One`] or a named run-time dim
/// declared with `dims!`.
///
/// ```
/// use tensor_view::{dims, typed::Dim, One, D};
/// dims!(B);
/// assert_eq!(<D<768> as Dim>::SIZE, Some(768));
/// assert_eq!(<One as Dim>::SIZE, Some(1));
/// assert_eq!(<B as Dim>::SIZE, None);
/// assert_eq!(<B as Dim>::text(), "B");
/// ```
///
/// Sealed: the library implements it for its dims and for every `dims!` name.
pub trait Dim: sealed::Sealed + Copy + Default + 'static {
    /// The size, when it is static.
    const SIZE: Option<usize>;
    /// What the rules dispatch on: [`Fixed<N>`](Fixed), [`Unit`] or [`Named<S>`](Named).
    #[doc(hidden)]
    type Kind;
    /// [`Infallible`](crate::static_shape::Infallible) for a static dim,
    /// [`Fallible`](crate::static_shape::Fallible) for a named one (two
    /// tensors may hold different sizes for one name, so an op comparing them
    /// checks at run time).
    #[doc(hidden)]
    type Outcome: super::list::Join;
    /// The symbol behind a named dim: its identity and name.
    #[doc(hidden)]
    fn symbol() -> Option<(TypeId, &'static str)>;
    /// The factors of a merged dim ([`Merged`](super::Merged)), outermost
    /// first; `None` for other dims.
    #[doc(hidden)]
    fn factors() -> Option<smallvec::SmallVec<[super::list::DimInfo; super::MAX_TYPED_RANK]>> {
        None
    }
    /// The dim as a message writes it: `768`, `1`, `B` or `B*T`.
    fn text() -> String {
        match (Self::SIZE, Self::symbol()) {
            (Some(n), _) => n.to_string(),
            (None, Some((_, name))) => name.to_string(),
            (None, None) => String::from("?"),
        }
    }
}

/// The kind of a static dim of `N` elements (`N` may be 1, for `D<1>`).
#[doc(hidden)]
pub struct Fixed<const N: usize>;
/// The kind of [`One`].
#[doc(hidden)]
pub struct Unit;
/// The kind of the named dim `S`.
#[doc(hidden)]
pub struct Named<S>(S);

impl<const N: usize> Dim for D<N> {
    const SIZE: Option<usize> = Some(N);
    type Kind = Fixed<N>;
    type Outcome = crate::static_shape::Infallible;
    fn symbol() -> Option<(TypeId, &'static str)> {
        None
    }
}

impl Dim for One {
    const SIZE: Option<usize> = Some(1);
    type Kind = Unit;
    type Outcome = crate::static_shape::Infallible;
    fn symbol() -> Option<(TypeId, &'static str)> {
        None
    }
}

impl<S: Symbol> Dim for S {
    const SIZE: Option<usize> = None;
    type Kind = Named<S>;
    type Outcome = crate::static_shape::Fallible;
    fn symbol() -> Option<(TypeId, &'static str)> {
        Some((TypeId::of::<S>(), S::NAME))
    }
}

pub(crate) mod sealed {
    use crate::static_shape::Symbol;

    pub trait Sealed {}
    impl<const N: usize> Sealed for super::D<N> {}
    impl Sealed for super::One {}
    impl<S: Symbol> Sealed for S {}
}
