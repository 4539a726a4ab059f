//! PyTorch's `expand` rule between tuple shapes, decided while compiling:
//! the target has at least the source's dims, aligned from the right; each
//! source dim keeps its size or, a `One`, takes the target's static size;
//! new leading dims are static. Named dims follow the strict broadcasting of
//! this encoding: a named target dim comes only from the same name (a `One`
//! has no run-time size to give it).
//!
//! One impl of [`ExpandTo`] per (source rank, target rank) pair, generated
//! below; each aligned pair of dims is one [`ExpandDim`] check on their
//! kinds, whose leaves carry the sizes (decimal), names and both shapes.

use crate::typed::dim::{Dim, Fixed, Named, Unit};
use crate::typed::list::DimList;

/// `x.expand(Target)` of the shape `Self` is allowed.
///
/// ```
/// use tensor_view::{dims, typed::rules::ExpandTo, One, D};
/// dims!(B);
/// fn expands<X: ExpandTo<Y>, Y>() {}
/// expands::<(One, D<3>), (D<4>, D<3>)>();
/// expands::<(B, One), (D<2>, B, D<5>)>();
/// ```
pub trait ExpandTo<Target>: DimList {}

/// The target has fewer dims than the source.
#[diagnostic::on_unimplemented(
    message = "expand(tensor of shape {Src}, size={Tgt}): the number of sizes provided ({RT}) must be greater or equal to the number of dimensions in the tensor ({RS})",
    label = "expanded here"
)]
#[doc(hidden)]
pub trait ExpandRank<Src, Tgt, const RT: usize, const RS: usize> {}

/// A new leading dim of the target: static (a named dim has no run-time size here).
#[diagnostic::on_unimplemented(
    message = "expand: the new dim {I} of {Tgt} is the named dim `{Self}`, whose size is known only at run time",
    label = "expanded here",
    note = "expand at run time (`x.clone().into_dyn().expand(&[..])?`), or let the op that needs it broadcast (`+`, `*`, `where_`)"
)]
#[doc(hidden)]
pub trait NewDim<Tgt, const I: usize> {}
impl<Tgt, const N: usize, const I: usize> NewDim<Tgt, I> for Fixed<N> {}
impl<Tgt, const I: usize> NewDim<Tgt, I> for Unit {}
impl<Tgt, S: NamedNewDim<Tgt, I>, const I: usize> NewDim<Tgt, I> for Named<S> {}

/// A named new dim: no impl.
#[diagnostic::on_unimplemented(
    message = "expand: the new dim {I} of {Tgt} is the named dim `{Self}`, whose size is known only at run time",
    label = "expanded here",
    note = "expand at run time (`x.clone().into_dyn().expand(&[..])?`), or let the op that needs it broadcast (`+`, `*`, `where_`)"
)]
#[doc(hidden)]
pub trait NamedNewDim<Tgt, const I: usize> {}

/// Two static sizes at the target's dim `I`: equal, or PyTorch's message.
#[diagnostic::on_unimplemented(
    message = "The expanded size of the tensor ({M}) must match the existing size ({N}) at non-singleton dimension {I}.  Target sizes: {Tgt}.  Tensor sizes: {Src}",
    label = "expanded here"
)]
#[doc(hidden)]
pub trait ExpandSizesMatch<Src, Tgt, const N: usize, const M: usize, const I: usize> {}
impl<Src, Tgt, const N: usize, const I: usize> ExpandSizesMatch<Src, Tgt, N, N, I> for () {}

/// A static source dim against a named target dim: never.
#[diagnostic::on_unimplemented(
    message = "The expanded size of the tensor ({M}) must match the existing size ({N}) at non-singleton dimension {I}.  Target sizes: {Tgt}.  Tensor sizes: {Src}",
    label = "expanded here",
    note = "a named dim matches only itself"
)]
#[doc(hidden)]
pub trait ExpandStaticToNamed<Src, Tgt, const N: usize, M, const I: usize> {}

/// A named source dim against a static target dim, or another name: never
/// (the same name: always).
#[diagnostic::on_unimplemented(
    message = "The expanded size of the tensor ({M}) must match the existing size ({N}) at non-singleton dimension {I}.  Target sizes: {Tgt}.  Tensor sizes: {Src}",
    label = "expanded here",
    note = "a named dim matches only itself"
)]
#[doc(hidden)]
pub trait ExpandNamed<Src, Tgt, N, M, const I: usize> {}
impl<Src, Tgt, N, const I: usize> ExpandNamed<Src, Tgt, N, N, I> for () {}

/// A static target size written as a type, for [`ExpandNamed`]'s message.
#[doc(hidden)]
pub struct Size<const N: usize>;

/// A `One` against a named target dim: never.
#[diagnostic::on_unimplemented(
    message = "expand: a `One` cannot take the size of the named dim `{M}` (dim {I} of {Tgt}): its size is known only at run time",
    label = "expanded here",
    note = "expand at run time (`x.clone().into_dyn().expand(&[..])?`), or let the op that needs it broadcast (`+`, `*`, `where_`)"
)]
#[doc(hidden)]
pub trait ExpandOneToNamed<Tgt, M, const I: usize> {}

/// One aligned pair of dims, on their kinds `(source, target)`, at the target's dim `I`.
#[doc(hidden)]
pub trait ExpandDim<Src, Tgt, const I: usize> {}
impl<Src, Tgt, const M: usize, const I: usize> ExpandDim<Src, Tgt, I> for (Unit, Fixed<M>) {}
impl<Src, Tgt, const I: usize> ExpandDim<Src, Tgt, I> for (Unit, Unit) {}
impl<Src, Tgt, S, const I: usize> ExpandDim<Src, Tgt, I> for (Unit, Named<S>) where
    (): ExpandOneToNamed<Tgt, S, I>
{
}
impl<Src, Tgt, const N: usize, const M: usize, const I: usize> ExpandDim<Src, Tgt, I>
    for (Fixed<N>, Fixed<M>)
where
    (): ExpandSizesMatch<Src, Tgt, N, M, I>,
{
}
impl<Src, Tgt, const N: usize, const I: usize> ExpandDim<Src, Tgt, I> for (Fixed<N>, Unit) where
    (): ExpandSizesMatch<Src, Tgt, N, 1, I>
{
}
impl<Src, Tgt, const N: usize, S, const I: usize> ExpandDim<Src, Tgt, I> for (Fixed<N>, Named<S>) where
    (): ExpandStaticToNamed<Src, Tgt, N, S, I>
{
}
impl<Src, Tgt, S, S2, const I: usize> ExpandDim<Src, Tgt, I> for (Named<S>, Named<S2>) where
    (): ExpandNamed<Src, Tgt, S, S2, I>
{
}
impl<Src, Tgt, S, const M: usize, const I: usize> ExpandDim<Src, Tgt, I> for (Named<S>, Fixed<M>) where
    (): ExpandNamed<Src, Tgt, S, Size<M>, I>
{
}
impl<Src, Tgt, S, const I: usize> ExpandDim<Src, Tgt, I> for (Named<S>, Unit) where
    (): ExpandNamed<Src, Tgt, S, Size<1>, I>
{
}

/// The kind of a dim.
type K<X> = <X as Dim>::Kind;

impl ExpandTo<()> for () {}
impl<X0: Dim> ExpandTo<(X0,)> for () where K<X0>: NewDim<(X0,), 0> {}
impl<X0: Dim, X1: Dim> ExpandTo<(X0, X1)> for ()
where
    K<X0>: NewDim<(X0, X1), 0>,
    K<X1>: NewDim<(X0, X1), 1>,
{
}
impl<X0: Dim, X1: Dim, X2: Dim> ExpandTo<(X0, X1, X2)> for ()
where
    K<X0>: NewDim<(X0, X1, X2), 0>,
    K<X1>: NewDim<(X0, X1, X2), 1>,
    K<X2>: NewDim<(X0, X1, X2), 2>,
{
}
impl<X0: Dim, X1: Dim, X2: Dim, X3: Dim> ExpandTo<(X0, X1, X2, X3)> for ()
where
    K<X0>: NewDim<(X0, X1, X2, X3), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3), 2>,
    K<X3>: NewDim<(X0, X1, X2, X3), 3>,
{
}
impl<X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim> ExpandTo<(X0, X1, X2, X3, X4)> for ()
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4), 2>,
    K<X3>: NewDim<(X0, X1, X2, X3, X4), 3>,
    K<X4>: NewDim<(X0, X1, X2, X3, X4), 4>,
{
}
impl<X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim> ExpandTo<(X0, X1, X2, X3, X4, X5)> for ()
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4, X5), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4, X5), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4, X5), 2>,
    K<X3>: NewDim<(X0, X1, X2, X3, X4, X5), 3>,
    K<X4>: NewDim<(X0, X1, X2, X3, X4, X5), 4>,
    K<X5>: NewDim<(X0, X1, X2, X3, X4, X5), 5>,
{
}
impl<A0: Dim> ExpandTo<()> for (A0,) where (): ExpandRank<(A0,), (), 0, 1> {}
impl<A0: Dim, X0: Dim> ExpandTo<(X0,)> for (A0,) where (K<A0>, K<X0>): ExpandDim<(A0,), (X0,), 0> {}
impl<A0: Dim, X0: Dim, X1: Dim> ExpandTo<(X0, X1)> for (A0,)
where
    K<X0>: NewDim<(X0, X1), 0>,
    (K<A0>, K<X1>): ExpandDim<(A0,), (X0, X1), 1>,
{
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim> ExpandTo<(X0, X1, X2)> for (A0,)
where
    K<X0>: NewDim<(X0, X1, X2), 0>,
    K<X1>: NewDim<(X0, X1, X2), 1>,
    (K<A0>, K<X2>): ExpandDim<(A0,), (X0, X1, X2), 2>,
{
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> ExpandTo<(X0, X1, X2, X3)> for (A0,)
where
    K<X0>: NewDim<(X0, X1, X2, X3), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3), 2>,
    (K<A0>, K<X3>): ExpandDim<(A0,), (X0, X1, X2, X3), 3>,
{
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim> ExpandTo<(X0, X1, X2, X3, X4)> for (A0,)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4), 2>,
    K<X3>: NewDim<(X0, X1, X2, X3, X4), 3>,
    (K<A0>, K<X4>): ExpandDim<(A0,), (X0, X1, X2, X3, X4), 4>,
{
}
impl<A0: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim>
    ExpandTo<(X0, X1, X2, X3, X4, X5)> for (A0,)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4, X5), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4, X5), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4, X5), 2>,
    K<X3>: NewDim<(X0, X1, X2, X3, X4, X5), 3>,
    K<X4>: NewDim<(X0, X1, X2, X3, X4, X5), 4>,
    (K<A0>, K<X5>): ExpandDim<(A0,), (X0, X1, X2, X3, X4, X5), 5>,
{
}
impl<A0: Dim, A1: Dim> ExpandTo<()> for (A0, A1) where (): ExpandRank<(A0, A1), (), 0, 2> {}
impl<A0: Dim, A1: Dim, X0: Dim> ExpandTo<(X0,)> for (A0, A1) where
    (): ExpandRank<(A0, A1), (X0,), 1, 2>
{
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim> ExpandTo<(X0, X1)> for (A0, A1)
where
    (K<A0>, K<X0>): ExpandDim<(A0, A1), (X0, X1), 0>,
    (K<A1>, K<X1>): ExpandDim<(A0, A1), (X0, X1), 1>,
{
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim> ExpandTo<(X0, X1, X2)> for (A0, A1)
where
    K<X0>: NewDim<(X0, X1, X2), 0>,
    (K<A0>, K<X1>): ExpandDim<(A0, A1), (X0, X1, X2), 1>,
    (K<A1>, K<X2>): ExpandDim<(A0, A1), (X0, X1, X2), 2>,
{
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> ExpandTo<(X0, X1, X2, X3)> for (A0, A1)
where
    K<X0>: NewDim<(X0, X1, X2, X3), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3), 1>,
    (K<A0>, K<X2>): ExpandDim<(A0, A1), (X0, X1, X2, X3), 2>,
    (K<A1>, K<X3>): ExpandDim<(A0, A1), (X0, X1, X2, X3), 3>,
{
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim> ExpandTo<(X0, X1, X2, X3, X4)>
    for (A0, A1)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4), 2>,
    (K<A0>, K<X3>): ExpandDim<(A0, A1), (X0, X1, X2, X3, X4), 3>,
    (K<A1>, K<X4>): ExpandDim<(A0, A1), (X0, X1, X2, X3, X4), 4>,
{
}
impl<A0: Dim, A1: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim>
    ExpandTo<(X0, X1, X2, X3, X4, X5)> for (A0, A1)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4, X5), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4, X5), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4, X5), 2>,
    K<X3>: NewDim<(X0, X1, X2, X3, X4, X5), 3>,
    (K<A0>, K<X4>): ExpandDim<(A0, A1), (X0, X1, X2, X3, X4, X5), 4>,
    (K<A1>, K<X5>): ExpandDim<(A0, A1), (X0, X1, X2, X3, X4, X5), 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim> ExpandTo<()> for (A0, A1, A2) where
    (): ExpandRank<(A0, A1, A2), (), 0, 3>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim> ExpandTo<(X0,)> for (A0, A1, A2) where
    (): ExpandRank<(A0, A1, A2), (X0,), 1, 3>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim> ExpandTo<(X0, X1)> for (A0, A1, A2) where
    (): ExpandRank<(A0, A1, A2), (X0, X1), 2, 3>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim> ExpandTo<(X0, X1, X2)> for (A0, A1, A2)
where
    (K<A0>, K<X0>): ExpandDim<(A0, A1, A2), (X0, X1, X2), 0>,
    (K<A1>, K<X1>): ExpandDim<(A0, A1, A2), (X0, X1, X2), 1>,
    (K<A2>, K<X2>): ExpandDim<(A0, A1, A2), (X0, X1, X2), 2>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim> ExpandTo<(X0, X1, X2, X3)>
    for (A0, A1, A2)
where
    K<X0>: NewDim<(X0, X1, X2, X3), 0>,
    (K<A0>, K<X1>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3), 1>,
    (K<A1>, K<X2>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3), 2>,
    (K<A2>, K<X3>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3), 3>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    ExpandTo<(X0, X1, X2, X3, X4)> for (A0, A1, A2)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4), 1>,
    (K<A0>, K<X2>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3, X4), 2>,
    (K<A1>, K<X3>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3, X4), 3>,
    (K<A2>, K<X4>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3, X4), 4>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim>
    ExpandTo<(X0, X1, X2, X3, X4, X5)> for (A0, A1, A2)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4, X5), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4, X5), 1>,
    K<X2>: NewDim<(X0, X1, X2, X3, X4, X5), 2>,
    (K<A0>, K<X3>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3, X4, X5), 3>,
    (K<A1>, K<X4>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3, X4, X5), 4>,
    (K<A2>, K<X5>): ExpandDim<(A0, A1, A2), (X0, X1, X2, X3, X4, X5), 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim> ExpandTo<()> for (A0, A1, A2, A3) where
    (): ExpandRank<(A0, A1, A2, A3), (), 0, 4>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim> ExpandTo<(X0,)> for (A0, A1, A2, A3) where
    (): ExpandRank<(A0, A1, A2, A3), (X0,), 1, 4>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim> ExpandTo<(X0, X1)> for (A0, A1, A2, A3) where
    (): ExpandRank<(A0, A1, A2, A3), (X0, X1), 2, 4>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim> ExpandTo<(X0, X1, X2)>
    for (A0, A1, A2, A3)
where
    (): ExpandRank<(A0, A1, A2, A3), (X0, X1, X2), 3, 4>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    ExpandTo<(X0, X1, X2, X3)> for (A0, A1, A2, A3)
where
    (K<A0>, K<X0>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3), 0>,
    (K<A1>, K<X1>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3), 1>,
    (K<A2>, K<X2>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3), 2>,
    (K<A3>, K<X3>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3), 3>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    ExpandTo<(X0, X1, X2, X3, X4)> for (A0, A1, A2, A3)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4), 0>,
    (K<A0>, K<X1>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4), 1>,
    (K<A1>, K<X2>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4), 2>,
    (K<A2>, K<X3>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4), 3>,
    (K<A3>, K<X4>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4), 4>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim, X5: Dim>
    ExpandTo<(X0, X1, X2, X3, X4, X5)> for (A0, A1, A2, A3)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4, X5), 0>,
    K<X1>: NewDim<(X0, X1, X2, X3, X4, X5), 1>,
    (K<A0>, K<X2>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4, X5), 2>,
    (K<A1>, K<X3>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4, X5), 3>,
    (K<A2>, K<X4>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4, X5), 4>,
    (K<A3>, K<X5>): ExpandDim<(A0, A1, A2, A3), (X0, X1, X2, X3, X4, X5), 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim> ExpandTo<()> for (A0, A1, A2, A3, A4) where
    (): ExpandRank<(A0, A1, A2, A3, A4), (), 0, 5>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim> ExpandTo<(X0,)> for (A0, A1, A2, A3, A4) where
    (): ExpandRank<(A0, A1, A2, A3, A4), (X0,), 1, 5>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim> ExpandTo<(X0, X1)>
    for (A0, A1, A2, A3, A4)
where
    (): ExpandRank<(A0, A1, A2, A3, A4), (X0, X1), 2, 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim> ExpandTo<(X0, X1, X2)>
    for (A0, A1, A2, A3, A4)
where
    (): ExpandRank<(A0, A1, A2, A3, A4), (X0, X1, X2), 3, 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    ExpandTo<(X0, X1, X2, X3)> for (A0, A1, A2, A3, A4)
where
    (): ExpandRank<(A0, A1, A2, A3, A4), (X0, X1, X2, X3), 4, 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim, X4: Dim>
    ExpandTo<(X0, X1, X2, X3, X4)> for (A0, A1, A2, A3, A4)
where
    (K<A0>, K<X0>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), 0>,
    (K<A1>, K<X1>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), 1>,
    (K<A2>, K<X2>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), 2>,
    (K<A3>, K<X3>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), 3>,
    (K<A4>, K<X4>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4), 4>,
{
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > ExpandTo<(X0, X1, X2, X3, X4, X5)> for (A0, A1, A2, A3, A4)
where
    K<X0>: NewDim<(X0, X1, X2, X3, X4, X5), 0>,
    (K<A0>, K<X1>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4, X5), 1>,
    (K<A1>, K<X2>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4, X5), 2>,
    (K<A2>, K<X3>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4, X5), 3>,
    (K<A3>, K<X4>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4, X5), 4>,
    (K<A4>, K<X5>): ExpandDim<(A0, A1, A2, A3, A4), (X0, X1, X2, X3, X4, X5), 5>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim> ExpandTo<()> for (A0, A1, A2, A3, A4, A5) where
    (): ExpandRank<(A0, A1, A2, A3, A4, A5), (), 0, 6>
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, X0: Dim> ExpandTo<(X0,)>
    for (A0, A1, A2, A3, A4, A5)
where
    (): ExpandRank<(A0, A1, A2, A3, A4, A5), (X0,), 1, 6>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, X0: Dim, X1: Dim> ExpandTo<(X0, X1)>
    for (A0, A1, A2, A3, A4, A5)
where
    (): ExpandRank<(A0, A1, A2, A3, A4, A5), (X0, X1), 2, 6>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, X0: Dim, X1: Dim, X2: Dim>
    ExpandTo<(X0, X1, X2)> for (A0, A1, A2, A3, A4, A5)
where
    (): ExpandRank<(A0, A1, A2, A3, A4, A5), (X0, X1, X2), 3, 6>,
{
}
impl<A0: Dim, A1: Dim, A2: Dim, A3: Dim, A4: Dim, A5: Dim, X0: Dim, X1: Dim, X2: Dim, X3: Dim>
    ExpandTo<(X0, X1, X2, X3)> for (A0, A1, A2, A3, A4, A5)
where
    (): ExpandRank<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3), 4, 6>,
{
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
    > ExpandTo<(X0, X1, X2, X3, X4)> for (A0, A1, A2, A3, A4, A5)
where
    (): ExpandRank<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4), 5, 6>,
{
}
impl<
        A0: Dim,
        A1: Dim,
        A2: Dim,
        A3: Dim,
        A4: Dim,
        A5: Dim,
        X0: Dim,
        X1: Dim,
        X2: Dim,
        X3: Dim,
        X4: Dim,
        X5: Dim,
    > ExpandTo<(X0, X1, X2, X3, X4, X5)> for (A0, A1, A2, A3, A4, A5)
where
    (K<A0>, K<X0>): ExpandDim<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), 0>,
    (K<A1>, K<X1>): ExpandDim<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), 1>,
    (K<A2>, K<X2>): ExpandDim<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), 2>,
    (K<A3>, K<X3>): ExpandDim<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), 3>,
    (K<A4>, K<X4>): ExpandDim<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), 4>,
    (K<A5>, K<X5>): ExpandDim<(A0, A1, A2, A3, A4, A5), (X0, X1, X2, X3, X4, X5), 5>,
{
}
