//! Comparisons and selections of typed tensors, broadcast as PyTorch does,
//! the result's type computed from the operands' (a `bool` tensor for the
//! comparisons): `eq`, `ne`, `lt`, `le`, `gt`, `ge` between two tensors and
//! `eq_scalar`, ... with a scalar; [`where_`] and `fill_masked`
//! (`torch.masked_fill`) with a typed condition or mask.
//!
//! As for `+ - * /`: all-static operands give the tensor itself, a named
//! dim on any operand a `Result` (two tensors typed with `B` may hold
//! different sizes for it; the one check left is made at run time, with
//! PyTorch's message). A comparison with a scalar has one tensor, so no
//! `Result`. A shape mismatch is a compile error in PyTorch's words, the
//! mask or condition first as PyTorch reports it (`The size of tensor a
//! (5) must match the size of tensor b (4) at non-singleton dimension 2`).
//!
//! `fill_masked` is not `masked_fill` because the `Shape![..]` encoding's
//! typed tensors have a `masked_fill` method (with a dynamic mask) that
//! covers tuples too; a method of the same name here would be a duplicate
//! definition.

use super::retype::{carry, dynamic, proved, settled};
use crate::numeric::Ordered;
use crate::static_shape::{masked_fill_typed, where_typed, Outcome};
use crate::tensor::Tensor;
use crate::typed::list::{DimList, Join, TypedDims};
use crate::typed::rules::Broadcast;
use crate::Element;

/// The broadcast shape of typed operands of shapes `A` and `B`.
type Out<A, B> = <<A as TypedDims>::List as Broadcast<<B as TypedDims>::List>>::Out;
/// Whether an op of `A` and `B` can fail at run time (a named dim).
type Fails<A, B> = <<<A as TypedDims>::List as DimList>::Outcome as Join>::With<
    <<B as TypedDims>::List as DimList>::Outcome,
>;
/// What a comparison of `A` and `B` returns.
type Compared<A, B> = <Fails<A, B> as Outcome>::Wrap<Tensor<bool, Out<A, B>>>;
/// The shape of `where_(c, a, b)`: `c` with `a` first, then with `b`.
type Where<C, A, B> = <Out<C, A> as Broadcast<<B as TypedDims>::List>>::Out;
/// Whether `where_(c, a, b)` can fail at run time.
type WhereFails<C, A, B> =
    <Fails<C, A> as Join>::With<<<B as TypedDims>::List as DimList>::Outcome>;

/// What `x.fill_masked(mask, v)` returns for `x` of shape `S`, `mask` of `M`.
type Filled<T, M, S> = <Fails<M, S> as Outcome>::Wrap<Tensor<T, Out<M, S>>>;
/// What `where_(c, a, b)` returns.
type Selected<T, C, A, B> = <WhereFails<C, A, B> as Outcome>::Wrap<Tensor<T, Where<C, A, B>>>;

/// A comparison of two typed tensors and its scalar form.
macro_rules! comparison {
    ($bound:ident: $($(#[$doc:meta])* $name:ident, $scalar:ident, $op:tt;)*) => {
        impl<T: $bound, A: TypedDims> Tensor<T, A> {$(
            $(#[$doc])*
            pub fn $name<B: TypedDims>(&self, other: &Tensor<T, B>) -> Compared<A, B>
            where
                A::List: Broadcast<B::List>,
            {
                settled::<Out<A, B>, Fails<A, B>, bool>(carry(
                    dynamic(self).$name(&dynamic(other)),
                    &self.symbols.merged(&other.symbols),
                ))
            }

            #[doc = concat!("`", stringify!($name), "` with a scalar: a `bool` tensor of this tensor's dims.")]
            ///
            /// ```
            /// use tensor_view::{Tensor, D};
            /// let x = Tensor::<f32>::arange(3).into_static::<(D<3>,)>()?;
            #[doc = concat!("let m: Tensor<bool, (D<3>,)> = x.", stringify!($scalar), "(1.0);")]
            #[doc = concat!("assert_eq!(m.to_vec(), vec![0.0 ", stringify!($op), " 1.0, 1.0 ", stringify!($op), " 1.0, 2.0 ", stringify!($op), " 1.0]);")]
            /// # Ok::<(), tensor_view::ViewError>(())
            /// ```
            pub fn $scalar(&self, value: T) -> Tensor<bool, A::List> {
                proved(carry(Ok(dynamic(self).$scalar(value)), &self.symbols))
            }
        )*}
    };
}

comparison! { Element:
    /// `torch.eq(x, y)` (`x == y` element-wise), broadcast.
    ///
    /// ```
    /// use tensor_view::{D, One, Shape, Tensor};
    /// let x = Tensor::<i32>::arange(4).view(&[2, 2])?.into_static::<(D<2>, D<2>)>()?;
    /// let y = Tensor::<i32, (One, D<2>)>::ones();
    /// let m: Tensor<bool, (D<2>, D<2>)> = x.eq(&y);
    /// assert_eq!(m.to_vec(), vec![false, true, false, false]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    eq, eq_scalar, ==;
    /// `torch.ne(x, y)` (`x != y` element-wise), broadcast; NaN is unequal
    /// to everything.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor, dims};
    /// dims!(B);
    /// let x: Tensor<f32, (B, D<2>)> = Tensor::<f32>::zeros(&[3, 2])?.into_static()?;
    /// let y = Tensor::<f32, (D<2>,)>::ones();
    /// let m: Tensor<bool, (B, D<2>)> = x.ne(&y)?; // a named dim: a `Result`
    /// assert_eq!(m.to_vec(), vec![true; 6]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ne, ne_scalar, !=;
}

comparison! { Ordered:
    /// `torch.lt(x, y)` (`x < y` element-wise), broadcast.
    ///
    /// ```
    /// use tensor_view::{D, One, Shape, Tensor};
    /// let x = Tensor::<f32>::arange(3).into_static::<(D<3>,)>()?;
    /// let m: Tensor<bool, (D<3>,)> = x.lt(&Tensor::<f32, (One,)>::ones());
    /// assert_eq!(m.to_vec(), vec![true, false, false]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    lt, lt_scalar, <;
    /// `torch.le(x, y)` (`x <= y` element-wise), broadcast.
    ///
    /// ```
    /// use tensor_view::{D, One, Shape, Tensor};
    /// let x = Tensor::<i64, (D<2>, D<3>)>::zeros();
    /// let m: Tensor<bool, (D<2>, D<3>)> = x.le(&Tensor::<i64, (One, One)>::zeros());
    /// assert_eq!(m.to_vec(), vec![true; 6]);
    /// ```
    le, le_scalar, <=;
    /// `torch.gt(x, y)` (`x > y` element-wise), broadcast.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32>::arange(3).into_static::<(D<3>,)>()?;
    /// let m: Tensor<bool, (D<3>,)> = x.gt(&Tensor::<f32, ()>::ones());
    /// assert_eq!(m.to_vec(), vec![false, false, true]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    gt, gt_scalar, >;
    /// `torch.ge(x, y)` (`x >= y` element-wise), broadcast.
    ///
    /// ```
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<u8, (D<2>,)>::ones();
    /// assert_eq!(x.ge(&x).to_vec(), vec![true, true]);
    /// ```
    ge, ge_scalar, >=;
}

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `torch.masked_fill(x, mask, value)`: `value` where the typed `mask`
    /// is true, else `x`, both broadcast to their common shape (checked
    /// while compiling, the mask first as PyTorch reports it). A named dim
    /// on either gives a `Result`. The result is row-major, as PyTorch's.
    /// (Not `masked_fill`: the `Shape![..]` tensors' `masked_fill` method,
    /// with a dynamic mask and a `Result`, covers tuples too.)
    ///
    /// ```
    /// use tensor_view::{D, One, Shape, Tensor};
    /// let scores = Tensor::<f32, (D<2>, D<2>, D<2>)>::ones();
    /// let causal: Tensor<bool, (One, D<2>, D<2>)> =
    ///     Tensor::from_vec(vec![false, true, false, false], &[1, 2, 2])?.into_static()?;
    /// let masked = scores.fill_masked(&causal, f32::NEG_INFINITY);
    /// assert_eq!(masked.to_vec()[..4], [1.0, f32::NEG_INFINITY, 1.0, 1.0]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>, D<3>, D<4>)>::ones();
    /// let mask = Tensor::<bool, (D<5>,)>::zeros();
    /// // The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 2
    /// let y = x.fill_masked(&mask, 0.0);
    /// ```
    pub fn fill_masked<M: TypedDims>(&self, mask: &Tensor<bool, M>, value: T) -> Filled<T, M, S>
    where
        M::List: Broadcast<S::List>,
    {
        masked_fill_typed::<Out<M, S>, Fails<M, S>, T, S, M>(self, mask, value)
    }
}

/// `torch.where(condition, input, other)` of typed tensors: `input` where
/// `condition` is true, else `other`, all three broadcast (checked while
/// compiling: `condition` with `input` first, then with `other`, as
/// PyTorch checks). A named dim on any of them gives a `Result`.
///
/// ```
/// use tensor_view::{D, One, Shape, Tensor, typed::where_};
/// let c: Tensor<bool, (D<2>, One)> = Tensor::from_vec(vec![true, false], &[2, 1])?.into_static()?;
/// let x = Tensor::<i32, (D<3>,)>::ones();
/// let y = Tensor::<i32, ()>::zeros();
/// let z: Tensor<i32, (D<2>, D<3>)> = where_(&c, &x, &y);
/// assert_eq!(z.to_vec(), vec![1, 1, 1, 0, 0, 0]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
pub fn where_<T: Element, C: TypedDims, A: TypedDims, B: TypedDims>(
    condition: &Tensor<bool, C>,
    input: &Tensor<T, A>,
    other: &Tensor<T, B>,
) -> Selected<T, C, A, B>
where
    C::List: Broadcast<A::List>,
    Out<C, A>: Broadcast<B::List>,
{
    where_typed::<Where<C, A, B>, WhereFails<C, A, B>, T, C, A, B>(condition, input, other)
}

#[cfg(test)]
mod tests {
    use super::where_;
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::{One, D};
    use crate::Tensor;

    test_symbol!(T, crate::typenum::U2);

    #[test]
    fn named_operands_check_their_sizes_at_run_time_mask_first() {
        let scores: Tensor<f32, (T, T)> = Tensor::<f32>::zeros(&[3, 3])
            .unwrap()
            .into_static()
            .unwrap();
        let short: Tensor<bool, (T, T)> = Tensor::from_vec(vec![true; 4], &[2, 2])
            .unwrap()
            .into_static()
            .unwrap();
        assert_eq!(
            scores.fill_masked(&short, 1.0).unwrap_err().to_string(),
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
        );
        assert_eq!(
            scores.lt(&short.map(|b| b as u8 as f32)).unwrap_err().to_string(),
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
        );
        let y: Tensor<f32, (One, T)> = Tensor::<f32>::ones(&[1, 3]).unwrap().into_static().unwrap();
        let c = scores.ge(&y).unwrap();
        let z: Tensor<f32, (T, T)> = where_(&c, &scores, &y).unwrap();
        assert_eq!(z.to_vec(), vec![1.0; 9]);
    }

    #[test]
    fn nan_compares_unequal_and_scalars_compare_with_every_element() {
        let x: Tensor<f32, (D<2>,)> = Tensor::from_vec(vec![f32::NAN, 1.0], &[2])
            .unwrap()
            .into_static()
            .unwrap();
        assert_eq!(x.eq(&x).to_vec(), vec![false, true]);
        assert_eq!(x.ne(&x).to_vec(), vec![true, false]);
        assert_eq!(x.le_scalar(1.0).to_vec(), vec![false, true]);
        assert_eq!(x.gt_scalar(0.0).to_vec(), vec![false, true]);
        assert_eq!(x.ne_scalar(1.0).to_vec(), vec![true, false]);
        assert_eq!(x.lt_scalar(2.0).to_vec(), vec![false, true]);
    }
}
