//! How a typed op's result gets the type its macro wrote.
//!
//! The dynamic ops return fresh tensors whose layout PyTorch's rules chose
//! (row-major for row-major operands; for transposed ones an element-wise
//! op may keep their order). A typed result is row-major (`Shape![..]`),
//! so [`typed_result`] first makes it so: the same storage when only the
//! strides of size-1 dims differ, else a row-major copy. Then `into_static`
//! gives it the type, checking it once (cheap, and the one place where a
//! tensor gets a typed shape).

use std::alloc::{handle_alloc_error, Layout as AllocLayout};

use crate::layout::Layout;
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{ContiguousStrides, Static};
use crate::static_shape::outcome::{Fallible, Infallible, Outcome};
use crate::static_shape::symbolic::{Sym, SymDims, SymStrided, TypedShape};
use crate::tensor::Tensor;
use crate::{Element, ViewError};

/// The row-major shape type of the same dims: what an op that keeps its
/// input's shape but computes a fresh tensor (`softmax`) returns.
///
/// ```
/// use tensor_view::{Layout, Shape, Strided};
/// use tensor_view::static_shape::RowMajorForm;
/// fn row_major<S: RowMajorForm<RowMajor = Shape![3, 2]>>() {}
/// row_major::<Layout![[3, 2], [1, 3]]>();
/// row_major::<Strided<Shape![3, 2]>>();
/// row_major::<Shape![3, 2]>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`softmax!` and `log_softmax!` take a typed tensor (`Tensor<T, Shape![..]>`)",
    label = "a dynamic tensor",
    note = "a dynamic `Tensor<T>` has the methods `softmax(dim)` and `log_softmax(dim)`, which return a `Result`"
)]
pub trait RowMajorForm {
    /// The row-major shape type.
    type RowMajor: TypedShape;
}

#[diagnostic::do_not_recommend]
impl<const N: usize, NT: typenum::Unsigned, D: StaticDims, C> RowMajorForm for Static<N, NT, D, C> {
    type RowMajor = Static<N, NT, D, ContiguousStrides>;
}

#[diagnostic::do_not_recommend]
impl<const N: usize, NT: 'static, D: SymDims> RowMajorForm for Sym<N, NT, D> {
    type RowMajor = Sym<N, NT, D>;
}

#[diagnostic::do_not_recommend]
impl<const N: usize, NT: 'static, D: SymDims> RowMajorForm for SymStrided<N, NT, D> {
    type RowMajor = Sym<N, NT, D>;
}

/// How an [`Outcome`] hands over a typed op's result.
///
/// [`Infallible`]: the macro proved while compiling that the shapes fit, so
/// the only failure left is memory running out for the result, which
/// aborts as `Vec` does ([`handle_alloc_error`]). [`Fallible`]: the error,
/// as the dynamic op gave it.
///
/// ```
/// use tensor_view::static_shape::{Fallible, Infallible, Settle};
/// assert_eq!(Infallible::settle(Ok(3)), 3);
/// assert_eq!(Fallible::settle::<u8>(Ok(3)), Ok(3));
/// ```
pub trait Settle: Outcome {
    /// The result, or its error as the outcome allows.
    fn settle<X>(result: Result<X, ViewError>) -> Self::Wrap<X>;
}

impl Settle for Infallible {
    #[inline]
    fn settle<X>(result: Result<X, ViewError>) -> X {
        match result {
            Ok(x) => x,
            Err(ViewError::OutOfMemory { bytes }) => handle_alloc_error(
                AllocLayout::from_size_align(bytes, 64).unwrap_or(AllocLayout::new::<u64>()),
            ),
            Err(ViewError::SizeOverflow { .. }) => handle_alloc_error(AllocLayout::new::<u64>()),
            Err(e) => Infallible::wrap(Err(e)),
        }
    }
}

impl Settle for Fallible {
    #[inline]
    fn settle<X>(result: Result<X, ViewError>) -> Result<X, ViewError> {
        result
    }
}

/// `t` with row-major strides: itself when it has them, the same storage
/// when it is contiguous as PyTorch defines it (only size-1 dims' strides
/// differ), else a row-major copy.
fn row_major<T: Element>(t: Tensor<T>) -> Result<Tensor<T>, ViewError> {
    let strides = Layout::contiguous(t.shape());
    if t.stride() == strides.strides() {
        return Ok(t);
    }
    if t.is_contiguous() {
        let mut layout = t.layout.clone();
        layout.set_dims(strides.shape(), strides.strides());
        return Ok(t.with_layout(layout));
    }
    // The copy carries the named sizes `t` carried.
    Ok(t.copy_contiguous()?.with_sizes_of(&t))
}

/// Gives the result of a dynamic op the row-major type `R` the macro wrote,
/// directly (`O` = [`Infallible`]) or in a `Result` ([`Fallible`]: something
/// was left to run time, such as a named dim on both operands).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{typed_result, Fallible, Infallible};
/// let d = Tensor::<f32>::ones(&[2, 3])?;
/// let t: Tensor<f32, Shape![2, 3]> = typed_result::<_, Infallible, _>(Ok(d.clone()));
/// let wrong = typed_result::<Shape![3, 2], Fallible, f32>(Ok(d));
/// assert!(wrong.is_err());
/// # let _ = t;
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[inline]
pub fn typed_result<R: TypedShape, O: Settle, T: Element>(
    result: Result<Tensor<T>, ViewError>,
) -> O::Wrap<Tensor<T, R>> {
    O::settle(
        result
            .and_then(row_major)
            .and_then(Tensor::into_static::<R>),
    )
}
