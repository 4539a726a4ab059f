//! [`Outcome`]: whether a static op returns its tensor directly or a `Result`.
//!
//! A view of a tensor whose strides are known while compiling cannot fail, so
//! it returns the tensor itself ([`Infallible`]); one whose strides are known
//! only at run time checks PyTorch's stride rule then and returns a `Result`
//! ([`Fallible`]).

use crate::ViewError;

/// The op cannot fail: its output is the value itself.
///
/// ```
/// use tensor_view::static_shape::{Infallible, Outcome};
/// let x: <Infallible as Outcome>::Wrap<u8> = Infallible::wrap(Ok(3));
/// assert_eq!(x, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Infallible;

/// The op checks something at run time: its output is a `Result`.
///
/// ```
/// use tensor_view::static_shape::{Fallible, Outcome};
/// let x: <Fallible as Outcome>::Wrap<u8> = Fallible::wrap(Ok(3));
/// assert_eq!(x, Ok(3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fallible;

/// How an op's result is returned.
///
/// ```
/// use tensor_view::static_shape::{Fallible, Outcome};
/// let e = tensor_view::Tensor::<f32>::arange(4).view(&[3]).map(|_| ()).unwrap_err();
/// assert!(Fallible::wrap::<()>(Err(e)).is_err());
/// ```
pub trait Outcome {
    /// `X` or `Result<X, ViewError>`.
    type Wrap<X>;
    /// Wraps a result computed by the shared layout code. For [`Infallible`]
    /// the caller has proved while compiling that it is `Ok`.
    fn wrap<X>(result: Result<X, ViewError>) -> Self::Wrap<X>;
}

impl Outcome for Infallible {
    type Wrap<X> = X;

    #[inline(always)]
    fn wrap<X>(result: Result<X, ViewError>) -> X {
        match result {
            Ok(x) => x,
            Err(e) => unreachable!(
                "a static shape check passed while compiling but failed at run time: {e}"
            ),
        }
    }
}

impl Outcome for Fallible {
    type Wrap<X> = Result<X, ViewError>;

    #[inline(always)]
    fn wrap<X>(result: Result<X, ViewError>) -> Result<X, ViewError> {
        result
    }
}
