//! `flatten_dims::<START, END>()` of a typed tensor: PyTorch's `flatten`,
//! the dims from `START` to `END` merged into one while compiling
//! (`typed::rules::Flatten`, the merge a view's `Infer` makes: static sizes
//! multiplied, named dims a [`Merged`](crate::typed::Merged) dim), the
//! result carrying the named sizes a later split of that dim needs.

use super::cut::Cuttable;
use super::retype::{carry, dynamic};
use crate::static_shape::{Infallible, Settle};
use crate::tensor::Tensor;
use crate::typed::list::TypedDims;
use crate::typed::rules::{Flatten, Leading};
use crate::Element;

/// The dims of `flatten_dims::<START, END>()` of a tensor typed `S`.
type FlatDims<S, const START: isize, const END: isize> =
    <<S as TypedDims>::List as Flatten<START, END>>::Out;
/// The type of `flatten_dims::<START, END>()` of a tensor typed `S`.
type Flattened<S, const START: isize, const END: isize> =
    <S as Cuttable>::Cut<FlatDims<S, START, END>, Leading>;

impl<T: Element, S: Cuttable> Tensor<T, S> {
    /// `x.flatten(START, END)`: the dims `START..=END` as one, exactly the
    /// dim a view to `Infer` there gives: static sizes multiplied while
    /// compiling, 1s dropped, named dims a [`Merged`](crate::typed::Merged)
    /// dim of the factors in order (`(B, T, D<768>)` flattened over `0..=1`
    /// is `(Merged<(B, T)>, D<768>)`), which splits back with `view_to`
    /// and no `Result` (the result carries the sizes of `B` and `T`).
    ///
    /// A row-major tensor gives a row-major view. A
    /// [`Permuted`](crate::typed::Permuted) or
    /// [`AnyStrides`](crate::typed::AnyStrides) one gives PyTorch's
    /// `reshape` (a view where the flattened dims are contiguous with each
    /// other, else a row-major copy), typed `AnyStrides`.
    ///
    /// ```
    /// use tensor_view::{dims, typed::Merged, Tensor, D};
    /// dims!(B, T);
    /// let x: Tensor<f32, (B, D<12>, D<64>)> = Tensor::<f32>::zeros(&[2, 12, 64])?.into_static()?;
    /// let y: Tensor<f32, (B, D<768>)> = x.flatten_dims::<1, -1>();
    /// assert!(y.shares_storage(&x));
    /// let h: Tensor<f32, (B, T, D<768>)> = Tensor::<f32>::zeros(&[2, 5, 768])?.into_static()?;
    /// let rows: Tensor<f32, (Merged<(B, T)>, D<768>)> = h.flatten_dims::<0, 1>();
    /// assert_eq!(rows.shape(), &[10, 768]);
    /// let back: Tensor<f32, (B, T, D<768>)> = rows.view_to::<(B, T, D<768>)>();
    /// assert_eq!(back.shape(), &[2, 5, 768]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// A start after the end is a compile error, in PyTorch's words:
    ///
    /// ```compile_fail
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(B, T);
    /// fn rows(x: &Tensor<f32, (B, T, D<768>)>) {
    ///     let y = x.flatten_dims::<1, 0>(); // start_dim cannot come after end_dim
    /// }
    /// ```
    pub fn flatten_dims<const START: isize, const END: isize>(
        &self,
    ) -> Tensor<T, Flattened<S, START, END>>
    where
        S::List: Flatten<START, END>,
    {
        // A merged dim of the result keeps its factors' sizes.
        let sizes = self.all_sizes::<FlatDims<S, START, END>>();
        Infallible::settle(
            carry(dynamic(self).flatten(START, END), &sizes)
                .and_then(Tensor::into_static::<Flattened<S, START, END>>),
        )
    }
}
