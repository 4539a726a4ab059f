//! Rules on a shape's rank: [`Matrices`], a shape of at least two dims (a
//! batch of matrices), for `tril` and `triu`.

use crate::typed::dim::Dim;
use crate::typed::list::DimList;

/// A shape of rank 2 or more, what the op `Op` (a marker named as the op,
/// [`tril`] or [`triu`]) takes as a batch of matrices.
///
/// ```
/// use tensor_view::{dims, typed::rules::{tril, Matrices}, D};
/// dims!(T);
/// fn takes<X: Matrices<tril>>() {}
/// takes::<(T, T)>();
/// takes::<(D<2>, T, T)>();
/// ```
#[diagnostic::on_unimplemented(
    message = "{Op}: input tensor must have at least 2 dimensions",
    label = "a tensor of shape `{Self}`"
)]
pub trait Matrices<Op>: DimList {}

/// The op `tril`, as [`Matrices`]' messages name it.
#[allow(non_camel_case_types)]
pub struct tril;
/// The op `triu`, as [`Matrices`]' messages name it.
#[allow(non_camel_case_types)]
pub struct triu;

macro_rules! matrices {
    ($($d:ident)*) => {
        impl<Op, $($d: Dim),*> Matrices<Op> for ($($d,)*) {}
    };
}
matrices!(A0 A1);
matrices!(A0 A1 A2);
matrices!(A0 A1 A2 A3);
matrices!(A0 A1 A2 A3 A4);
matrices!(A0 A1 A2 A3 A4 A5);
