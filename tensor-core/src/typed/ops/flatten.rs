//! `flatten_dims::<START, END>()` of a typed tensor: PyTorch's `flatten`,
//! the static dims from `START` to `END` multiplied into one
//! (`typed::rules::Flatten`); a named dim among them is refused while
//! compiling (a merged name is not a dim of a tuple shape).

use super::cut::Cuttable;
use super::retype::dynamic;
use crate::static_shape::{Infallible, Settle};
use crate::tensor::Tensor;
use crate::typed::list::TypedDims;
use crate::typed::rules::{Flatten, Leading};
use crate::Element;

/// The type of `flatten_dims::<START, END>()` of a tensor typed `S`.
type Flattened<S, const START: isize, const END: isize> =
    <S as Cuttable>::Cut<<<S as TypedDims>::List as Flatten<START, END>>::Out, Leading>;

impl<T: Element, S: Cuttable> Tensor<T, S> {
    /// `x.flatten(START, END)`: the dims `START..=END` as one, their sizes
    /// multiplied while compiling. A row-major tensor gives a row-major view;
    /// an [`AnyStrides`](crate::typed::AnyStrides) one gives PyTorch's
    /// `reshape` (a view where one exists, else a copy), typed `AnyStrides`.
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, D<12>, D<64>)> = Tensor::<f32>::zeros(&[2, 12, 64])?.into_static()?;
    /// let y: Tensor<f32, (B, D<768>)> = x.flatten_dims::<1, -1>();
    /// assert!(y.shares_storage(&x));
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// A named dim cannot be merged in a tuple shape:
    ///
    /// ```compile_fail
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(B, T);
    /// fn rows(x: &Tensor<f32, (B, T, D<768>)>) {
    ///     let y = x.flatten_dims::<0, 1>(); // flatten over the named dim `B` ...
    /// }
    /// ```
    pub fn flatten_dims<const START: isize, const END: isize>(
        &self,
    ) -> Tensor<T, Flattened<S, START, END>>
    where
        S::List: Flatten<START, END>,
    {
        Infallible::settle(
            dynamic(self)
                .flatten(START, END)
                .and_then(Tensor::into_static::<Flattened<S, START, END>>),
        )
    }
}
