//! Type-level lists: the symbols of a shape and the static sizes between them.
//!
//! `SCons<B, SCons<T, SNil>>` is the list `[B, T]`. Checks match a list's
//! first items by pattern (generated per `view!` call), and drop items by
//! count with [`TakeOff`]; [`Reverse`] gives access to the last items.

use std::marker::PhantomData;

use typenum::{Add1, Unsigned, B1, U0};

/// A list with head `H` and tail `T`.
///
/// ```
/// use tensor_view::static_shape::{Len, SCons, SNil};
/// use typenum::Unsigned;
/// assert_eq!(<<SCons<u8, SCons<u16, SNil>> as Len>::Out as Unsigned>::USIZE, 2);
/// ```
pub struct SCons<H, T>(PhantomData<fn() -> (H, T)>);

/// The empty list.
///
/// ```
/// use tensor_view::static_shape::{Len, SNil};
/// use typenum::Unsigned;
/// assert_eq!(<<SNil as Len>::Out as Unsigned>::USIZE, 0);
/// ```
pub struct SNil;

/// The length of a list, as a `typenum` number.
///
/// ```
/// use tensor_view::static_shape::{Len, SCons, SNil};
/// let _: <SCons<u8, SNil> as Len>::Out = typenum::U1::default();
/// ```
pub trait Len {
    /// The length.
    type Out: Unsigned;
}

impl Len for SNil {
    type Out = U0;
}

impl<H, T: Len> Len for SCons<H, T>
where
    T::Out: std::ops::Add<B1>,
    Add1<T::Out>: Unsigned,
{
    type Out = Add1<T::Out>;
}

/// The list reversed.
///
/// ```
/// use tensor_view::static_shape::{Reverse, SCons, SNil};
/// let _: <SCons<u8, SCons<u16, SNil>> as Reverse>::Out = SCons::<u16, SCons<u8, SNil>>::new();
/// ```
pub trait Reverse {
    /// The reversed list.
    type Out;
}

/// Reverses `Self` onto the list `Acc` (the step of [`Reverse`]).
///
/// ```
/// use tensor_view::static_shape::{ReverseOnto, SCons, SNil};
/// let _: <SCons<u8, SNil> as ReverseOnto<SNil>>::Out = SCons::<u8, SNil>::new();
/// ```
pub trait ReverseOnto<Acc> {
    /// `Self` reversed, then `Acc`.
    type Out;
}

impl<Acc> ReverseOnto<Acc> for SNil {
    type Out = Acc;
}

impl<H, T: ReverseOnto<SCons<H, Acc>>, Acc> ReverseOnto<Acc> for SCons<H, T> {
    type Out = T::Out;
}

impl<L: ReverseOnto<SNil>> Reverse for L {
    type Out = L::Out;
}

impl<H, T> SCons<H, T> {
    /// The (zero-sized) value of the list type.
    ///
    /// ```
    /// let _ = tensor_view::static_shape::SCons::<u8, tensor_view::static_shape::SNil>::new();
    /// ```
    pub fn new() -> Self {
        SCons(PhantomData)
    }
}

impl<H, T> Default for SCons<H, T> {
    fn default() -> Self {
        Self::new()
    }
}

/// A count for [`TakeOff`]: zero.
///
/// ```
/// use tensor_view::static_shape::{SCons, SNil, TakeOff, Zero};
/// let _: <SCons<u8, SNil> as TakeOff<Zero>>::Rest = SCons::<u8, SNil>::new();
/// ```
pub struct Zero;

/// A count for [`TakeOff`]: one more than `N`.
///
/// ```
/// use tensor_view::static_shape::{SCons, SNil, Skip, TakeOff, Zero};
/// let _: <SCons<u8, SNil> as TakeOff<Skip<Zero>>>::Rest = tensor_view::static_shape::SNil;
/// ```
pub struct Skip<N>(PhantomData<N>);

/// The list without its first `N` items (and `SNil` when it is shorter).
///
/// ```
/// use tensor_view::static_shape::{SCons, SNil, Skip, TakeOff, Zero};
/// let _: <SCons<u8, SCons<u16, SNil>> as TakeOff<Skip<Zero>>>::Rest = SCons::<u16, SNil>::new();
/// ```
pub trait TakeOff<N> {
    /// What is left.
    type Rest;
}

impl<L> TakeOff<Zero> for L {
    type Rest = L;
}

impl<N> TakeOff<Skip<N>> for SNil {
    type Rest = SNil;
}

impl<N, H, T: TakeOff<N>> TakeOff<Skip<N>> for SCons<H, T> {
    type Rest = T::Rest;
}
