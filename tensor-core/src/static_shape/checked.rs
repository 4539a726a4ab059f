//! The run-time check every typed result passes where its type comes from
//! a trait other crates implement (issue 31: a typed tensor's type is always
//! true).
//!
//! The macros write small types of their own at each call ([`DimsOp`],
//! [`SymbolicPlan`], [`PassesCheck`], ..) that pick a result's type. Rust
//! cannot stop a user from writing such an impl by hand, so no result is
//! typed on their word alone: the layout the shared dynamic code computed
//! is checked against the type ([`Marked`]), which costs a comparison of a
//! few dims and strides (nothing when the type is the one the library itself
//! computed).
//!
//! [`DimsOp`]: super::DimsOp
//! [`SymbolicPlan`]: super::SymbolicPlan
//! [`PassesCheck`]: super::PassesCheck

use std::any::TypeId;

use super::symbolic::TypedShape;
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// A shape marker a result can be checked against: [`Dyn`] (nothing to
/// check) and every typed shape ([`TypedShape`]). Sealed.
///
/// ```
/// use tensor_view::{Dyn, Shape};
/// use tensor_view::static_shape::Marked;
/// fn checkable<M: Marked>() {}
/// checkable::<Dyn>();
/// checkable::<Shape![2, 3]>();
/// ```
pub trait Marked: seal::Checkable + 'static {
    /// Whether `tensor` (its shape, its strides and the sizes it carries
    /// for named dims) has the type.
    #[doc(hidden)]
    fn check_marked(tensor: &Tensor<impl Element, Dyn>) -> Result<(), ViewError>;
}

/// The private supertrait of [`Marked`]: its impls below are all.
mod seal {
    pub trait Checkable {}
    impl Checkable for crate::tensor::Dyn {}
    impl<S: crate::static_shape::TypedShape> Checkable for S {}
}

impl Marked for Dyn {
    #[inline(always)]
    fn check_marked(_: &Tensor<impl Element, Dyn>) -> Result<(), ViewError> {
        Ok(())
    }
}

impl<S: TypedShape> Marked for S {
    #[inline]
    fn check_marked(t: &Tensor<impl Element, Dyn>) -> Result<(), ViewError> {
        S::check_result(t.shape(), t.stride())?;
        S::check_carried(t.shape(), &t.symbols)
    }
}

impl<T: Element> Tensor<T> {
    /// This result of a dynamic op typed `M`, checked (shape, strides and
    /// the sizes of named dims it carries, see [`Marked`]).
    #[inline]
    pub(crate) fn marked<M: Marked>(self) -> Result<Tensor<T, M>, ViewError> {
        M::check_marked(&self)?;
        Ok(self.keeping_bits())
    }
}

impl<T: Element, S> Tensor<T, S> {
    /// This tensor, typed `S` by the library's own rules, typed `M`: free
    /// when `M` is `S` (the case of every call the macros write), else
    /// checked as [`Tensor::marked`] checks.
    #[inline(always)]
    pub(crate) fn remarked<M: Marked>(self) -> Result<Tensor<T, M>, ViewError>
    where
        S: 'static,
    {
        if TypeId::of::<M>() == TypeId::of::<S>() {
            return Ok(self.keeping_bits());
        }
        self.keeping_bits::<Dyn>().marked()
    }
}
