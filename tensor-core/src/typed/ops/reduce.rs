//! Ops along one literal dim of a typed tensor: `sum`, `mean`, `max`,
//! `min`, `argmax`, `argmin` (each also `_keepdim`, which keeps a `One`
//! there) and `softmax_along`, `log_softmax_along` (the shape kept). The
//! dim is a const argument, negative from the end as in PyTorch:
//! `x.sum::<-1>()`; a dim out of range is a compile error in PyTorch's
//! words (`Dimension out of range (expected to be in range of [-3, 2], but
//! got 3)`), decided by [`Along`].
//!
//! One tensor in, so no `Result`, with one exception PyTorch imposes:
//! `max`, `min`, `argmax` and `argmin` refuse an empty lane
//! (`max(): Expected reduction dim 1 to have non-zero size.`), so along a
//! named dim, whose size is known only at run time, they return a
//! `Result`; along a static `D<0>` the program is refused when it is built
//! (a post-monomorphization error `cargo check` does not run). As a `Vec`
//! does, these ops abort when memory for the result runs out.
//!
//! `softmax_along` is not `softmax` because the `Shape![..]` encoding's
//! typed tensors have a `softmax(dim)` method that covers tuples too; a
//! method of the same name here would be a duplicate definition.

use super::retype::{carry, dynamic, proved};
use crate::numeric::{Arithmetic, Float, Ordered};
use crate::static_shape::{typed_result, Fallible, Outcome, Settle};
use crate::tensor::Tensor;
use crate::typed::dim::Dim;
use crate::typed::list::TypedDims;
use crate::typed::rules::Along;
use crate::{Element, ViewError};

/// `S`'s dims without the dim `DIM`.
type Out<S, const DIM: isize> = <<S as TypedDims>::List as Along<DIM>>::Out;
/// `S`'s dims with a `One` at `DIM`.
type Kept<S, const DIM: isize> = <<S as TypedDims>::List as Along<DIM>>::Kept;
/// The dim `DIM` of `S`.
type Lane<S, const DIM: isize> = <<S as TypedDims>::List as Along<DIM>>::Lane;
/// Whether an op that refuses an empty lane along `DIM` of `S` returns a
/// `Result` (a named lane) or its values (a static one).
type LaneOutcome<S, const DIM: isize> = <Lane<S, DIM> as Dim>::Outcome;
/// Values and their indices, of shape `R`.
type Pair<T, R> = (Tensor<T, R>, Tensor<i64, R>);
/// Values and indices, directly or in a `Result`.
type Extremes<T, S, R, const DIM: isize> = <LaneOutcome<S, DIM> as Outcome>::Wrap<Pair<T, R>>;
/// Indices, directly or in a `Result`.
type Indices<S, R, const DIM: isize> = <LaneOutcome<S, DIM> as Outcome>::Wrap<Tensor<i64, R>>;

/// A static lane of size 0 is refused when the program is built.
fn assert_lane_not_static_zero<L: Dim>() {
    const {
        assert!(
            !matches!(L::SIZE, Some(0)),
            "max(), min(), argmax() and argmin(): Expected reduction dim to have non-zero size (a D<0> dim)."
        )
    }
}

/// Values and indices of a dynamic `max`/`min`, typed `R`.
fn typed_pair<T: Element, R: crate::typed::list::DimList, O: Settle>(
    result: Result<(Tensor<T>, Tensor<i64>), ViewError>,
    sizes: &crate::static_shape::NamedSizes,
) -> O::Wrap<Pair<T, R>> {
    O::settle(result.and_then(|(values, indices)| {
        Ok((
            typed_result::<R, Fallible, T>(carry(Ok(values), sizes))?,
            typed_result::<R, Fallible, i64>(carry(Ok(indices), sizes))?,
        ))
    }))
}

impl<T: Arithmetic, S: TypedDims> Tensor<T, S> {
    /// `torch.sum(x, dim)` along the literal dim `DIM` (integers sum to
    /// `i64`, as in PyTorch).
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<u8, (B, D<3>)> = Tensor::<u8>::ones(&[2, 3])?.into_static()?;
    /// let s: Tensor<i64, (B,)> = x.sum::<-1>();
    /// assert_eq!(s.to_vec(), vec![3, 3]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>, D<3>)>::zeros();
    /// let s = x.sum::<2>(); // Dimension out of range (expected to be in range of [-2, 1], but got 2)
    /// ```
    pub fn sum<const DIM: isize>(&self) -> Tensor<T::Sum, Out<S, DIM>>
    where
        S::List: Along<DIM>,
    {
        proved(carry(dynamic(self).sum(&[DIM], false), &self.symbols))
    }

    /// `torch.sum(x, dim, keepdim=True)`: a `One` in place of `DIM`.
    ///
    /// ```
    /// use tensor_view::{D, One, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>, D<3>)>::ones();
    /// let s: Tensor<f32, (One, D<3>)> = x.sum_keepdim::<0>();
    /// assert_eq!(s.to_vec(), vec![2.0; 3]);
    /// ```
    pub fn sum_keepdim<const DIM: isize>(&self) -> Tensor<T::Sum, Kept<S, DIM>>
    where
        S::List: Along<DIM>,
    {
        proved(carry(dynamic(self).sum(&[DIM], true), &self.symbols))
    }
}

impl<T: Float, S: TypedDims> Tensor<T, S> {
    /// `torch.mean(x, dim)` along the literal dim `DIM` (NaN for an empty
    /// lane, as PyTorch).
    ///
    /// ```
    /// use tensor_view::{Tensor, D};
    /// let x = Tensor::<f32>::arange(6).view(&[2, 3])?.into_static::<(D<2>, D<3>)>()?;
    /// let m: Tensor<f32, (D<2>,)> = x.mean::<1>();
    /// assert_eq!(m.to_vec(), vec![1.0, 4.0]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn mean<const DIM: isize>(&self) -> Tensor<T, Out<S, DIM>>
    where
        S::List: Along<DIM>,
    {
        proved(carry(dynamic(self).mean(&[DIM], false), &self.symbols))
    }

    /// `torch.mean(x, dim, keepdim=True)`, as `layer_norm` needs it.
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, One, D};
    /// dims!(T);
    /// let x: Tensor<f32, (T, D<4>)> = Tensor::<f32>::ones(&[3, 4])?.into_static()?;
    /// let centred = (&x - &x.mean_keepdim::<-1>())?;
    /// let _: Tensor<f32, (T, One)> = x.mean_keepdim::<-1>();
    /// assert_eq!(centred.to_vec(), vec![0.0; 12]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn mean_keepdim<const DIM: isize>(&self) -> Tensor<T, Kept<S, DIM>>
    where
        S::List: Along<DIM>,
    {
        proved(carry(dynamic(self).mean(&[DIM], true), &self.symbols))
    }

    /// `torch.softmax(x, dim)` along the literal dim `DIM`: a row-major
    /// tensor of the same dims. (Not `softmax`: the `Shape![..]` tensors'
    /// `softmax(dim)` method, which returns a `Result`, covers tuples too.)
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(T);
    /// let att: Tensor<f32, (T, T)> = Tensor::<f32>::zeros(&[2, 2])?.into_static()?;
    /// let p: Tensor<f32, (T, T)> = att.softmax_along::<-1>();
    /// assert_eq!(p.to_vec(), vec![0.5; 4]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn softmax_along<const DIM: isize>(&self) -> Tensor<T, S::List>
    where
        S::List: Along<DIM>,
    {
        proved(carry(dynamic(self).softmax(DIM), &self.symbols))
    }

    /// `torch.log_softmax(x, dim)` along the literal dim `DIM`.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f64, (D<2>,)>::zeros();
    /// let p = x.log_softmax_along::<0>();
    /// assert!((p.to_vec()[0] + std::f64::consts::LN_2).abs() < 1e-15);
    /// ```
    pub fn log_softmax_along<const DIM: isize>(&self) -> Tensor<T, S::List>
    where
        S::List: Along<DIM>,
    {
        proved(carry(dynamic(self).log_softmax(DIM), &self.symbols))
    }
}

/// `max`/`min` and their `_keepdim` forms.
macro_rules! extremes {
    ($($(#[$doc:meta])* $name:ident, $op:ident, $keepdim:literal, $shape:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<const DIM: isize>(&self) -> Extremes<T, S, $shape<S, DIM>, DIM>
        where
            S::List: Along<DIM>,
        {
            assert_lane_not_static_zero::<Lane<S, DIM>>();
            typed_pair::<T, $shape<S, DIM>, LaneOutcome<S, DIM>>(dynamic(self).$op(DIM, $keepdim), &self.symbols)
        }
    )*};
}

/// `argmax`/`argmin` and their `_keepdim` forms.
macro_rules! arg_extremes {
    ($($(#[$doc:meta])* $name:ident, |$x:ident, $k:ident| $call:expr, $keepdim:literal, $shape:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<const DIM: isize>(&self) -> Indices<S, $shape<S, DIM>, DIM>
        where
            S::List: Along<DIM>,
        {
            assert_lane_not_static_zero::<Lane<S, DIM>>();
            let ($x, $k) = (dynamic(self), $keepdim);
            <LaneOutcome<S, DIM> as Settle>::settle(
                carry($call, &self.symbols)
                    .and_then(|i| typed_result::<$shape<S, DIM>, Fallible, i64>(Ok(i))),
            )
        }
    )*};
}

impl<T: Ordered, S: TypedDims> Tensor<T, S> {
    extremes! {
        /// `torch.max(x, dim)`: the greatest values along the literal dim
        /// `DIM` and their indices (the first on ties, the first NaN if
        /// any). Along a named dim, a `Result` (an empty lane is an error).
        ///
        /// ```
        /// use tensor_view::{dims, Tensor, D};
        /// dims!(B);
        /// let x: Tensor<i32, (D<2>, D<2>)> = Tensor::from_vec(vec![1, 3, 3, 0], &[2, 2])?.into_static()?;
        /// let (values, indices) = x.max::<1>();
        /// assert_eq!((values.to_vec(), indices.to_vec()), (vec![3, 3], vec![1, 0]));
        /// let y: Tensor<i32, (B, D<2>)> = x.into_dyn().into_static()?;
        /// let (values, _) = y.max::<0>()?; // along B: checked at run time
        /// assert_eq!(values.to_vec(), vec![3, 3]);
        /// # Ok::<(), tensor_view::ViewError>(())
        /// ```
        ///
        /// Along a `D<0>` dim, the build fails (PyTorch's run-time error):
        ///
        /// ```compile_fail
        /// use tensor_view::{Shape, Tensor, D};
        /// let x = Tensor::<f32, (D<2>, D<0>)>::zeros();
        /// let (values, indices) = x.max::<1>();
        /// ```
        max, max, false, Out;
        /// `torch.max(x, dim, keepdim=True)`.
        ///
        /// ```
        /// use tensor_view::{D, One, Shape, Tensor};
        /// let x = Tensor::<f32, (D<2>, D<3>)>::ones();
        /// let (values, indices): (Tensor<f32, (D<2>, One)>, _) = x.max_keepdim::<-1>();
        /// assert_eq!(indices.to_vec(), vec![0, 0]);
        /// # let _ = values;
        /// ```
        max_keepdim, max, true, Kept;
        /// `torch.min(x, dim)`: the least values along the literal dim `DIM`
        /// and their indices.
        ///
        /// ```
        /// use tensor_view::{Tensor, D};
        /// let x: Tensor<f64, (D<3>,)> = Tensor::from_vec(vec![2.0, 1.0, 1.0], &[3])?.into_static()?;
        /// let (values, indices) = x.min::<0>();
        /// assert_eq!((values.to_vec(), indices.to_vec()), (vec![1.0], vec![1]));
        /// # Ok::<(), tensor_view::ViewError>(())
        /// ```
        min, min, false, Out;
        /// `torch.min(x, dim, keepdim=True)`.
        ///
        /// ```
        /// use tensor_view::{D, One, Shape, Tensor};
        /// let x = Tensor::<f32, (D<2>, D<3>)>::ones();
        /// let (values, _): (Tensor<f32, (One, D<3>)>, _) = x.min_keepdim::<0>();
        /// assert_eq!(values.to_vec(), vec![1.0; 3]);
        /// ```
        min_keepdim, min, true, Kept;
    }

    arg_extremes! {
        /// `torch.argmax(x, dim)`: the indices of the greatest values along
        /// the literal dim `DIM`, as GPT-2's next token is picked.
        ///
        /// ```
        /// use tensor_view::{Tensor, D};
        /// let logits: Tensor<f32, (D<2>, D<3>)> =
        ///     Tensor::from_vec(vec![0.1, 0.7, 0.2, 0.9, 0.0, 0.1], &[2, 3])?.into_static()?;
        /// let next: Tensor<i64, (D<2>,)> = logits.argmax::<-1>();
        /// assert_eq!(next.to_vec(), vec![1, 0]);
        /// # Ok::<(), tensor_view::ViewError>(())
        /// ```
        argmax, |x, k| x.argmax(Some(DIM), k), false, Out;
        /// `torch.argmax(x, dim, keepdim=True)`.
        ///
        /// ```
        /// use tensor_view::{D, One, Shape, Tensor};
        /// let x = Tensor::<f32, (D<2>, D<3>)>::ones();
        /// let i: Tensor<i64, (D<2>, One)> = x.argmax_keepdim::<1>();
        /// assert_eq!(i.to_vec(), vec![0, 0]);
        /// ```
        argmax_keepdim, |x, k| x.argmax(Some(DIM), k), true, Kept;
        /// `torch.argmin(x, dim)`: the indices of the least values along the
        /// literal dim `DIM` (the first on ties, the first NaN if any).
        ///
        /// ```
        /// use tensor_view::{Tensor, D};
        /// let x: Tensor<i64, (D<4>,)> = Tensor::from_vec(vec![3, 1, 2, 1], &[4])?.into_static()?;
        /// assert_eq!(x.argmin::<0>().to_vec(), vec![1]);
        /// # Ok::<(), tensor_view::ViewError>(())
        /// ```
        argmin, |x, k| x.argmin(Some(DIM), k), false, Out;
        /// `torch.argmin(x, dim, keepdim=True)`.
        ///
        /// ```
        /// use tensor_view::{D, One, Shape, Tensor};
        /// let x = Tensor::<f32, (D<2>, D<3>)>::ones();
        /// let i: Tensor<i64, (One, D<3>)> = x.argmin_keepdim::<0>();
        /// assert_eq!(i.to_vec(), vec![0; 3]);
        /// ```
        argmin_keepdim, |x, k| x.argmin(Some(DIM), k), true, Kept;
    }
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::static_shape::Shape;
    use crate::typed::{AnyStrides, One, D};
    use crate::Tensor;

    test_symbol!(B, crate::typenum::U1);

    #[test]
    fn an_empty_named_lane_is_pytorchs_error_at_run_time() {
        let x: Tensor<f32, (D<2>, B)> = Tensor::<f32>::zeros(&[2, 0])
            .unwrap()
            .into_static()
            .unwrap();
        let message = |e: crate::ViewError| e.to_string();
        assert_eq!(
            message(x.max::<-1>().unwrap_err()),
            "max(): Expected reduction dim 1 to have non-zero size."
        );
        assert_eq!(
            message(x.min_keepdim::<1>().unwrap_err()),
            "min(): Expected reduction dim 1 to have non-zero size."
        );
        assert_eq!(
            message(x.argmax::<1>().unwrap_err()),
            "argmax(): Expected reduction dim 1 to have non-zero size."
        );
        assert_eq!(
            message(x.argmin::<-1>().unwrap_err()),
            "argmin(): Expected reduction dim 1 to have non-zero size."
        );
        // along a static dim of an empty tensor: no lane is empty
        let (v, i): (Tensor<f32, (B,)>, Tensor<i64, (B,)>) = x.max::<0>();
        assert_eq!((v.shape(), i.shape()), (&[0usize][..], &[0usize][..]));
        let s: Tensor<f32, (D<2>,)> = x.sum::<1>();
        assert_eq!(s.to_vec(), vec![0.0, 0.0]);
    }

    #[test]
    fn a_scalar_reduces_along_0_and_minus_1() {
        let x = Tensor::<f32, ()>::full(3.0);
        let s: Tensor<f32, ()> = x.sum::<0>();
        let k: Tensor<f32, ()> = x.sum_keepdim::<-1>();
        assert_eq!((s.to_vec(), k.to_vec()), (vec![3.0], vec![3.0]));
        assert_eq!(x.argmax::<0>().to_vec(), vec![0]);
    }

    #[test]
    fn a_transposed_operand_reduces_in_place() {
        let d = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap().t().unwrap();
        let x: Tensor<i32, AnyStrides<(D<3>, D<2>)>> = d.into_static().unwrap();
        let s: Tensor<i64, (D<3>, One)> = x.sum_keepdim::<1>();
        assert_eq!(s.to_vec(), vec![3, 5, 7]);
        let (v, i) = x.max::<0>();
        assert_eq!((v.to_vec(), i.to_vec()), (vec![2, 5], vec![2, 2]));
        let p: Tensor<f32, (D<3>, D<2>)> = x.map(|v| v as f32).softmax_along::<0>();
        assert_eq!(p.stride(), &[2, 1]);
    }
}
