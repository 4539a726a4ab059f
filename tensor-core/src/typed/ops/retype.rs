//! The two steps every typed op of one tensor shares: the operand as a
//! dynamic tensor (the same handle, no copy), and the dynamic result typed
//! by the shape the op's rule computed.

use crate::static_shape::{typed_result, Infallible, NamedSizes, Settle};
use crate::tensor::{Dyn, Tensor};
use crate::typed::list::DimList;
use crate::{Element, ViewError};

/// The same handle as a dynamic tensor, lazy bits included.
pub(crate) fn dynamic<T: Element, S>(x: &Tensor<T, S>) -> Tensor<T> {
    x.with_layout::<Dyn>(x.layout.clone())
}

/// A dynamic result of an op whose shape the rule proved, typed `R`
/// (row-major). Its only failure is memory running out for the row-major
/// copy (or for the result itself), which aborts as `Vec` does.
pub(crate) fn proved<R: DimList, T: Element>(result: Result<Tensor<T>, ViewError>) -> Tensor<T, R> {
    typed_result::<R, Infallible, T>(result)
}

/// A dynamic result of an op on typed operands, carrying the sizes of
/// named dims they carry (`sizes`): an op's fresh tensor has none, and a
/// merged dim of its type (`B*T`) needs its factors' sizes apart.
pub(crate) fn carry<T: Element>(
    result: Result<Tensor<T>, ViewError>,
    sizes: &NamedSizes,
) -> Result<Tensor<T>, ViewError> {
    result.map(|mut t| {
        t.symbols = sizes.merged(&t.symbols);
        t
    })
}

/// A dynamic result typed `R`, directly or in a `Result` as `O` says.
pub(crate) fn settled<R: DimList, O: Settle, T: Element>(
    result: Result<Tensor<T>, ViewError>,
) -> O::Wrap<Tensor<T, R>> {
    typed_result::<R, O, T>(result)
}
