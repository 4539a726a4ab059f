//! `cat` of two to eight typed tensors, `(&a, &b, &c).cat::<DIM>()`, and `stack` of
//! typed tensors of one shape: `[&a, &b, &c].stack::<DIM>()`
//! inserts a static dim of the count at `DIM` (its range PyTorch's,
//! checked while compiling). The result is a new row-major tensor. With a
//! named dim the tensors may hold different sizes for one name, so the
//! stack is checked at run time (a `Result`, PyTorch's message); all-static
//! tensors give the tensor itself.
//!
//! A [`Merged`](crate::typed::Merged) dim of the result keeps its factors'
//! sizes, so it splits back with `view_to` and no `Result`. Tensors of one
//! shape may still give a merged dim's factors different sizes (`B*T` as
//! 2·3 and 3·2): that is refused with PyTorch's message for the tensors the
//! merged dims stand for (`[2, 3, 4]` and `[3, 2, 4]`).

use std::marker::PhantomData;

use super::retype::{dynamic, settled};
use crate::error::IntList;
use crate::layout::wrap_dim;
use crate::static_shape::{NamedSizes, Outcome};
use crate::tensor::Tensor;
use crate::typed::list::{DimList, Join, TypedDims};
use crate::typed::merged::{join_sizes, split_dim, split_shape};
use crate::typed::rules::{CatLists, Insert, Nth, StackCount};
use crate::{Element, ViewError};

/// `torch.stack` of an array of typed tensors of one shape.
///
/// ```
/// use tensor_view::{dims, typed::Stack, Shape, Tensor, D};
/// dims!(T);
/// let a = Tensor::<f32, (D<2>, D<3>)>::ones();
/// let b = Tensor::<f32, (D<2>, D<3>)>::zeros();
/// let s: Tensor<f32, (D<2>, D<2>, D<3>)> = [&a, &b].stack::<1>();
/// assert_eq!(s.to_vec()[..6], [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
/// let x: Tensor<f32, (T, D<3>)> = Tensor::<f32>::ones(&[4, 3])?.into_static()?;
/// let y: Tensor<f32, (T, D<3>)> = Tensor::<f32>::ones(&[5, 3])?.into_static()?;
/// let e = [&x, &y].stack::<0>().unwrap_err(); // one name, two sizes
/// assert_eq!(
///     e.to_string(),
///     "stack expects each tensor to be equal size, but got [4, 3] at entry 0 and [5, 3] at entry 1"
/// );
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
///
/// A position out of range is a compile error in PyTorch's words:
///
/// ```compile_fail
/// use tensor_view::{typed::Stack, Shape, Tensor, D};
/// let a = Tensor::<f32, (D<2>, D<3>)>::ones();
/// let s = [&a, &a].stack::<3>(); // Dimension out of range (expected to be in range of [-3, 2], but got 3)
/// ```
pub trait Stack {
    /// `torch.stack(tensors, DIM)`: the stacked tensor, or a `Result` when
    /// a named dim is involved.
    fn stack<const DIM: isize>(self) -> <Self as StackAt<DIM>>::Out
    where
        Self: StackAt<DIM> + Sized;
}

/// `stack` along `DIM` of the array `Self`: its result.
#[doc(hidden)]
pub trait StackAt<const DIM: isize> {
    /// The result, directly or in a `Result`.
    type Out;
    /// The stacked tensor.
    fn stack_at(self) -> Self::Out;
}

/// The dims of a stack of `K` tensors of `S` along `DIM`.
type Stacked<S, const DIM: isize, const K: usize> =
    <<S as TypedDims>::List as Insert<DIM>>::With<<() as StackCount<K>>::Dim>;

impl<T: Element, S: TypedDims, const K: usize, const DIM: isize> StackAt<DIM> for [&Tensor<T, S>; K]
where
    S::List: Insert<DIM>,
    (): StackCount<K>,
{
    type Out = <<S::List as DimList>::Outcome as Outcome>::Wrap<Tensor<T, Stacked<S, DIM, K>>>;
    fn stack_at(self) -> Self::Out {
        let dynamic: Vec<Tensor<T>> = self.iter().map(|t| dynamic(t)).collect();
        let stacked = Tensor::stack(&dynamic, DIM).and_then(|mut t| {
            // A merged dim of the result keeps its factors' sizes, which
            // every input must give alike.
            let each: Vec<NamedSizes> = self
                .iter()
                .map(|x| x.all_sizes::<Stacked<S, DIM, K>>())
                .collect();
            t.symbols = join_sizes::<Stacked<S, DIM, K>>(&each).map_err(|m| {
                // PyTorch's message for the tensors the merged dims stand for.
                let shape = |k: usize| split_shape::<S::List>(self[k].shape(), &each[k]);
                ViewError::runtime(format!(
                    "stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {}",
                    IntList(&shape(0)),
                    IntList(&shape(m.entry)),
                    m.entry
                ))
            })?;
            Ok(t)
        });
        settled::<Stacked<S, DIM, K>, <S::List as DimList>::Outcome, T>(stacked)
    }
}

impl<T: Element, S: TypedDims, const K: usize> Stack for [&Tensor<T, S>; K] {
    fn stack<const DIM: isize>(self) -> <Self as StackAt<DIM>>::Out
    where
        Self: StackAt<DIM>,
    {
        self.stack_at()
    }
}

/// `torch.cat` of typed tensors: `(&a, &b).cat::<DIM>()`, or of up to
/// eight, `(&a, &b, &c).cat::<DIM>()`: the sizes at the static dim `DIM`
/// added, the others equal (checked while compiling in PyTorch's words,
/// numbering the tensors as PyTorch does). The result is a new row-major
/// tensor; with a named dim (two tensors may hold different sizes for one
/// name) a `Result`, checked at run time.
///
/// ```
/// use tensor_view::{dims, typed::Cat, One, Tensor, D};
/// dims!(B);
/// let a: Tensor<f32, (B, D<2>)> = Tensor::<f32>::ones(&[3, 2])?.into_static()?;
/// let b: Tensor<f32, (B, D<3>)> = Tensor::<f32>::zeros(&[3, 3])?.into_static()?;
/// let c: Tensor<f32, (B, D<5>)> = (&a, &b).cat::<-1>()?;
/// assert_eq!(c.to_vec()[..5], [1.0, 1.0, 0.0, 0.0, 0.0]);
/// let o: Tensor<f32, (B, One)> = Tensor::<f32>::full(&[3, 1], 2.0)?.into_static()?;
/// let d: Tensor<f32, (B, D<6>)> = (&a, &o, &b).cat::<1>()?;
/// assert_eq!(d.to_vec()[..6], [1.0, 1.0, 2.0, 0.0, 0.0, 0.0]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
///
/// ```compile_fail
/// use tensor_view::{typed::Cat, Shape, Tensor, D};
/// let a = Tensor::<f32, (D<2>, D<3>)>::ones();
/// let b = Tensor::<f32, (D<2>, D<4>)>::ones();
/// // Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 ...
/// let c = (&a, &b).cat::<0>();
/// ```
pub trait Cat {
    /// `torch.cat((a, b, ..), DIM)`.
    fn cat<const DIM: isize>(self) -> <Self as CatTuple<DIM>>::Out
    where
        Self: CatTuple<DIM> + Sized;
}

/// `cat` along `DIM` of the tuple of tensors `Self`: its result.
#[doc(hidden)]
pub trait CatTuple<const DIM: isize> {
    /// The result, directly or in a `Result`.
    type Out;
    /// The concatenated tensor.
    fn cat_at(self) -> Self::Out;
}

/// Whether a cat of tensors typed `A..` is checked at run time: the join
/// of their dims' outcomes.
macro_rules! joined {
    ($a:ident) => { <<$a as TypedDims>::List as DimList>::Outcome };
    ($a:ident $($rest:ident)+) => {
        <<<$a as TypedDims>::List as DimList>::Outcome as Join>::With<joined!($($rest)+)>
    };
}

/// The result of a cat, typed `R`, carrying the named sizes its merged
/// dims need: those every input (`each`) gives alike, else PyTorch's
/// message for the tensors the merged dims stand for (a merged dim `B*T`
/// of one size whose `B` differs by input splits differently), quoting the
/// sizes of the factor that differs.
fn cat_sizes<R: DimList, T: Element>(
    mut t: Tensor<T>,
    dim: isize,
    each: &[NamedSizes],
) -> Result<Tensor<T>, ViewError> {
    t.symbols = join_sizes::<R>(each).map_err(|m| {
        // The dim as PyTorch numbers it in the tensors the merged dims
        // stand for.
        let dim = split_dim::<R>(wrap_dim(dim, t.dim()).unwrap_or_default());
        ViewError::runtime(format!(
            "Sizes of tensors must match except in dimension {dim}. Expected size {} but got size {} for tensor number {} in the list.",
            m.expected, m.actual, m.entry
        ))
    })?;
    Ok(t)
}

/// The named sizes `x` gives for a result typed `R` (`Tensor::all_sizes`).
fn sizes_for<R: DimList, T: Element, S: TypedDims>(
    _: PhantomData<R>,
    x: &Tensor<T, S>,
) -> NamedSizes {
    x.all_sizes::<R>()
}

/// [`Cat`] of a tuple of references to typed tensors, numbered.
macro_rules! cat_tuple {
    ($($k:tt $a:ident)+) => {
        impl<'a, T: Element, $($a: TypedDims,)+ const DIM: isize> CatTuple<DIM>
            for ($(&'a Tensor<T, $a>,)+)
        where
            ($($a::List,)+): CatLists<DIM, Nth<1>>,
        {
            type Out = <joined!($($a)+) as Outcome>::Wrap<
                Tensor<T, <($($a::List,)+) as CatLists<DIM, Nth<1>>>::Out>,
            >;
            fn cat_at(self) -> Self::Out {
                type Out<$($a,)+ const DIM: isize> =
                    <($(<$a as TypedDims>::List,)+) as CatLists<DIM, Nth<1>>>::Out;
                let all = [$(dynamic(self.$k),)+];
                let out = PhantomData::<Out<$($a,)+ DIM>>;
                let each = [$(sizes_for(out, self.$k),)+];
                let joined = Tensor::cat(&all, DIM)
                    .and_then(|t| cat_sizes::<Out<$($a,)+ DIM>, T>(t, DIM, &each));
                settled::<Out<$($a,)+ DIM>, joined!($($a)+), T>(joined)
            }
        }
        impl<'a, T: Element, $($a: TypedDims,)+> Cat for ($(&'a Tensor<T, $a>,)+) {
            fn cat<const DIM: isize>(self) -> <Self as CatTuple<DIM>>::Out
            where
                Self: CatTuple<DIM>,
            {
                self.cat_at()
            }
        }
    };
}
cat_tuple!(0 A0 1 A1);
cat_tuple!(0 A0 1 A1 2 A2);
cat_tuple!(0 A0 1 A1 2 A2 3 A3);
cat_tuple!(0 A0 1 A1 2 A2 3 A3 4 A4);
cat_tuple!(0 A0 1 A1 2 A2 3 A3 4 A4 5 A5);
cat_tuple!(0 A0 1 A1 2 A2 3 A3 4 A4 5 A5 6 A6);
cat_tuple!(0 A0 1 A1 2 A2 3 A3 4 A4 5 A5 6 A6 7 A7);
