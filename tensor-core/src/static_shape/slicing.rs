//! Typed `narrow!`, `select!`, `split!`, `split_with_sizes!`, `tensor_split!`,
//! `hsplit!`, `vsplit!`, `dsplit!`, `chunk!`, `unbind!` and `index!`: the support
//! their expansions call.
//!
//! These ops change the element count, and a shape type carries its count as
//! a const generic, which stable Rust cannot compute from the input's type
//! (`generic_const_exprs`). So the typed form states the input's shape,
//! `narrow!(x: [5, 8, 3], 1, 0, 4)`, as `view!(x: [4, 4] => ..)` may: the
//! macro then knows every size, makes PyTorch's checks itself (a mistake is
//! a compile error in PyTorch's words) and writes the result's type; the
//! compiler checks that the tensor's type is the stated shape (row-major or
//! [`Strided`](crate::Strided)), through [`Probe`]. A result is typed
//! `Strided`, or row-major where the macro found it row-major for a
//! row-major input (`row_major`, [`typed_kept`]).
//!
//! The layouts come from the dynamic ops' code ([`narrow_any`],
//! [`select_any`], [`split_any`], ...), so strides and offsets are PyTorch's;
//! [`typed`] and [`typed_pieces`] give them the type the macro wrote. A
//! result is a `Result` when something is left to run time: a run-time
//! start or index, a named dim's size, or an input with run-time strides
//! (`Strided`), whose offset and stride arithmetic PyTorch may refuse.
//!
//! ```
//! use tensor_view::{narrow, select, split, Shape, Strided, Tensor};
//! let x = Tensor::<f32, Shape![5, 8, 3]>::zeros();
//! let n: Tensor<f32, Strided<Shape![5, 4, 3]>> = narrow!(x: [5, 8, 3], 1, 2, 4);
//! assert_eq!((n.stride(), n.storage_offset()), (&[24isize, 3, 1][..], 6));
//! let s: Tensor<f32, Shape![8, 3]> = select!(x: [5, 8, 3], 0, -1); // row-major: typed so
//! assert_eq!(s.storage_offset(), 96);
//! let (a, b) = split!(x: [5, 8, 3], 6, 1);
//! let _: (&Tensor<f32, Strided<Shape![5, 6, 3]>>, &Tensor<f32, Strided<Shape![5, 2, 3]>>) = (&a, &b);
//! ```

use std::marker::PhantomData;

use super::layouts::KnownStrides;
use super::markers::{ContiguousStrides, RuntimeStrides, Static, StridedForm};
use super::outcome::{Fallible, Infallible, Outcome};
use super::row_major::KeepsRowMajor;
use super::symbolic::{Sym, SymStrided, TypedShape};
use crate::tensor::Tensor;
use crate::{Element, Int, IntoSections, IntoSplitSize, SplitSize, ViewError};

/// A value whose type is a tensor's shape marker `S`: the macros compare it
/// with the stated shape by method lookup (a per-call trait implemented for
/// the stated shape's `Probe`s, and a fallback for every other).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{probe, Probe};
/// let x = Tensor::<f32, Shape![2, 3]>::zeros();
/// let _: Probe<Shape![2, 3]> = probe(&x);
/// ```
pub struct Probe<S>(PhantomData<fn() -> S>);

/// The [`Probe`] of `src`'s shape marker.
///
/// ```
/// use tensor_view::static_shape::{probe, Probe};
/// let x = tensor_view::Tensor::<u8>::arange(3);
/// let _: Probe<tensor_view::Dyn> = probe(&x);
/// ```
pub fn probe<T: Element, S>(_: &Tensor<T, S>) -> Probe<S> {
    Probe(PhantomData)
}

/// Implemented by a shape marker for the stated shape `Stated` (a
/// row-major typed shape) when the marker is that shape, row-major or with
/// run-time strides: what a stated shape promises.
///
/// `Outcome` is whether an op on such a tensor may still fail at run time
/// once the macro has checked the sizes: not for row-major strides, which
/// the sizes determine; possibly for strides known only at run time (after
/// `as_strided`, a size-1 or empty dim may have a stride no shape check
/// sees, which PyTorch's offset and stride arithmetic then refuses).
///
/// ```
/// use tensor_view::{Shape, Strided};
/// use tensor_view::static_shape::{Fallible, Infallible, IsStatedShape};
/// fn stated<S: IsStatedShape<Shape![2, 3]>>() {}
/// stated::<Shape![2, 3]>();
/// stated::<Strided<Shape![2, 3]>>();
/// let _: <Strided<Shape![2, 3]> as IsStatedShape<Shape![2, 3]>>::Outcome = Fallible;
/// let _: <Shape![2, 3] as IsStatedShape<Shape![2, 3]>>::Outcome = Infallible;
/// ```
pub trait IsStatedShape<Stated> {
    /// [`Infallible`] for row-major strides, [`Fallible`] for run-time ones.
    type Outcome: Outcome;
    /// [`ContiguousStrides`] for a row-major input (whose results the macro
    /// may type row-major), [`RuntimeStrides`] for any other.
    type Strides: KeepsRowMajor;
}

impl<const N: usize, NT, D, C> IsStatedShape<Static<N, NT, D, C>>
    for Static<N, NT, D, ContiguousStrides>
{
    type Outcome = Infallible;
    type Strides = ContiguousStrides;
}

impl<const N: usize, NT, D, C> IsStatedShape<Static<N, NT, D, C>>
    for Static<N, NT, D, RuntimeStrides>
{
    type Outcome = Fallible;
    type Strides = RuntimeStrides;
}

impl<const N: usize, NT, D, C, L> IsStatedShape<Static<N, NT, D, C>>
    for Static<N, NT, D, KnownStrides<L>>
{
    type Outcome = Fallible;
    type Strides = RuntimeStrides;
}

impl<const N: usize, NT, D> IsStatedShape<Sym<N, NT, D>> for Sym<N, NT, D> {
    type Outcome = Infallible;
    type Strides = ContiguousStrides;
}

impl<const N: usize, NT, D> IsStatedShape<Sym<N, NT, D>> for SymStrided<N, NT, D> {
    type Outcome = Fallible;
    type Strides = RuntimeStrides;
}

/// Verdict: the tensor's type is its stated shape (row-major or strided);
/// `O` is the shape's [`IsStatedShape::Outcome`], `C` its
/// [`IsStatedShape::Strides`].
///
/// ```
/// let _ = tensor_view::static_shape::OfStatedShape::<tensor_view::static_shape::Infallible>::new();
/// ```
pub struct OfStatedShape<O, C = RuntimeStrides>(PhantomData<(O, C)>);

impl<O, C> OfStatedShape<O, C> {
    /// The verdict.
    ///
    /// ```
    /// let _ = tensor_view::static_shape::OfStatedShape::<tensor_view::static_shape::Fallible>::new();
    /// ```
    pub const fn new() -> Self {
        OfStatedShape(PhantomData)
    }
}

impl<O, C> Default for OfStatedShape<O, C> {
    fn default() -> Self {
        OfStatedShape::new()
    }
}

/// What a stated-shape verdict tells the result: whether the op may still
/// fail at run time for the input's strides.
///
/// ```
/// use tensor_view::static_shape::{Fallible, OfStatedShape, StatedVerdict};
/// let _: <OfStatedShape<Fallible> as StatedVerdict>::Outcome = Fallible;
/// ```
pub trait StatedVerdict {
    /// [`Infallible`] or [`Fallible`].
    type Outcome: Outcome;
    /// The marker of a result of the row-major shape `R` that the macro
    /// found row-major for a row-major input: `R` for one, else `R`'s
    /// `Strided` form.
    type Kept<R: StridedForm>;
}

impl<O: Outcome, C: KeepsRowMajor> StatedVerdict for OfStatedShape<O, C> {
    type Outcome = O;
    type Kept<R: StridedForm> = C::Of<R>;
}

/// A tensor not of its stated shape is a compile error already; its result
/// is typed as if it were, so that no second error follows.
impl StatedVerdict for NotOfStatedShape {
    type Outcome = Infallible;
    type Kept<R: StridedForm> = R::Strided;
}

/// Either outcome fallible: the result is a `Result`.
///
/// ```
/// use tensor_view::static_shape::{Fallible, Infallible, JoinOutcome};
/// let _: <Infallible as JoinOutcome<Fallible>>::Joined = Fallible;
/// let _: <Infallible as JoinOutcome<Infallible>>::Joined = Infallible;
/// ```
pub trait JoinOutcome<Other> {
    /// [`Fallible`] when either is.
    type Joined: Outcome;
}

impl JoinOutcome<Infallible> for Infallible {
    type Joined = Infallible;
}

impl JoinOutcome<Fallible> for Infallible {
    type Joined = Fallible;
}

impl<Other> JoinOutcome<Other> for Fallible {
    type Joined = Fallible;
}

/// The outcome of an op whose rules gave `O`, on an input whose verdict is `V`.
pub type JoinedOutcome<O, V> = <O as JoinOutcome<<V as StatedVerdict>::Outcome>>::Joined;

/// Verdict: the tensor's type is not its stated shape (another shape, or a
/// dynamic tensor, whose type has none).
///
/// ```
/// let _ = tensor_view::static_shape::NotOfStatedShape;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotOfStatedShape;

/// The fallback of the stated-shape lookup: every [`Probe`] that the call's
/// own trait does not take is [`NotOfStatedShape`].
///
/// ```
/// use tensor_view::static_shape::{probe, NotOfStatedShape, NotStated};
/// let x = tensor_view::Tensor::<u8>::arange(3);
/// let _: NotOfStatedShape = (&probe(&x)).verdict();
/// ```
pub trait NotStated {
    /// [`NotOfStatedShape`].
    fn verdict(&self) -> NotOfStatedShape {
        NotOfStatedShape
    }
}

impl<S> NotStated for &Probe<S> {}

/// Verdict: the op's input is a dynamic tensor.
///
/// ```
/// let _ = tensor_view::static_shape::DynamicInput;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DynamicInput;

/// Verdict: the op's input is a typed tensor (static or partly dynamic).
///
/// ```
/// let _ = tensor_view::static_shape::TypedInput;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypedInput;

/// Whether a [`Probe`]'s tensor is dynamic ([`DynamicInput`]); the
/// fallback [`NotDynamic`] answers [`TypedInput`] for the rest.
///
/// ```
/// use tensor_view::static_shape::{probe, DynamicInput, IsDynamic};
/// let x = tensor_view::Tensor::<u8>::arange(3);
/// let _: DynamicInput = (&probe(&x)).kind();
/// ```
pub trait IsDynamic {
    /// [`DynamicInput`].
    fn kind(&self) -> DynamicInput {
        DynamicInput
    }
}

impl IsDynamic for Probe<crate::Dyn> {}

/// The fallback of [`IsDynamic`]: [`TypedInput`].
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{probe, NotDynamic, TypedInput};
/// let x = Tensor::<u8, Shape![3]>::zeros();
/// let _: TypedInput = (&probe(&x)).kind();
/// ```
pub trait NotDynamic {
    /// [`TypedInput`].
    fn kind(&self) -> TypedInput {
        TypedInput
    }
}

impl<S> NotDynamic for &Probe<S> {}

/// Gives the result of a dynamic layout op the type `R` the macro wrote:
/// directly when both the macro's rules (`O`) and the input's strides (the
/// verdict `V`) leave nothing to run time, else as a `Result`.
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// use tensor_view::static_shape::{narrow_any, typed, Infallible, OfStatedShape};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let verdict = OfStatedShape::<Infallible>::new();
/// let y = typed::<Strided<Shape![4, 2]>, Infallible, _, f32>(&verdict, narrow_any(&x, 1, 0, 2));
/// assert_eq!(y.stride(), &[4, 1]);
/// ```
///
/// The type is checked against the result as `into_static` checks it (its
/// shape, and its strides where `R` states them), so no call gives a tensor
/// a type that is not its own: a mismatch is the `Err` of a fallible
/// outcome and a panic of an infallible one (which the macros' own calls
/// never meet: they wrote `R` from the same sizes). The check compares the
/// result's few dims and strides with the type's constants.
///
/// ```should_panic
/// use tensor_view::{Shape, Strided, Tensor};
/// use tensor_view::static_shape::{narrow_any, typed, Infallible, OfStatedShape};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let verdict = OfStatedShape::<Infallible>::new();
/// // [4, 2] typed as [4, 3]: refused, never a tensor of the wrong type.
/// let _ = typed::<Strided<Shape![4, 3]>, Infallible, _, f32>(&verdict, narrow_any(&x, 1, 0, 2));
/// ```
#[inline]
pub fn typed<R: TypedShape, O: JoinOutcome<V::Outcome>, V: StatedVerdict, T: Element>(
    _verdict: &V,
    result: Result<Tensor<T>, ViewError>,
) -> <JoinedOutcome<O, V> as Outcome>::Wrap<Tensor<T, R>> {
    <JoinedOutcome<O, V> as Outcome>::wrap(result.and_then(Tensor::checked_as))
}

/// [`typed`] for a result the macro found row-major when the input is: of
/// the row-major shape `R` for a row-major input, else of `R`'s `Strided` form.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{narrow_any, typed_kept, ContiguousStrides, Infallible, OfStatedShape};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let verdict = OfStatedShape::<Infallible, ContiguousStrides>::new();
/// let rows: Tensor<f32, Shape![2, 4]> =
///     typed_kept::<Shape![2, 4], Infallible, _, f32>(&verdict, narrow_any(&x, 0, 1, 2));
/// assert_eq!((rows.stride(), rows.storage_offset()), (&[4isize, 1][..], 4));
/// ```
#[allow(clippy::type_complexity)] // the result names the verdict's marker
#[inline]
pub fn typed_kept<R: StridedForm, O: JoinOutcome<V::Outcome>, V: StatedVerdict, T: Element>(
    verdict: &V,
    result: Result<Tensor<T>, ViewError>,
) -> <JoinedOutcome<O, V> as Outcome>::Wrap<Tensor<T, V::Kept<R>>>
where
    V::Kept<R>: TypedShape,
{
    typed::<V::Kept<R>, O, V, T>(verdict, result)
}

/// Gives the pieces of a split the types the macro wrote (through `build`,
/// which takes them from a [`Pieces`], checking each as [`typed`] does),
/// directly or in a `Result` as [`typed`].
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// use tensor_view::static_shape::{split_any, typed_pieces, Infallible, OfStatedShape};
/// let x = Tensor::<f32, Shape![5]>::zeros();
/// let verdict = OfStatedShape::<Infallible>::new();
/// let (a, b): (Tensor<f32, Strided<Shape![3]>>, Tensor<f32, Strided<Shape![2]>>) =
///     typed_pieces::<Infallible, _, _, _>(&verdict, split_any(&x, 3, 0), |mut p| (p.next_typed(), p.next_typed()));
/// assert_eq!((a.storage_offset(), b.storage_offset()), (0, 3));
/// ```
#[inline]
pub fn typed_pieces<O: JoinOutcome<V::Outcome>, V: StatedVerdict, T: Element, X>(
    _verdict: &V,
    result: Result<Vec<Tensor<T>>, ViewError>,
    build: impl FnOnce(Pieces<T>) -> X,
) -> <JoinedOutcome<O, V> as Outcome>::Wrap<X> {
    <JoinedOutcome<O, V> as Outcome>::wrap(result.map(|pieces| build(Pieces::new(pieces))))
}

/// The pieces of a split, handed out in order with the types the macro wrote.
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// use tensor_view::static_shape::{split_any, Pieces};
/// let x = Tensor::<f32, Shape![5]>::zeros();
/// let mut pieces = Pieces::new(split_any(&x, 3, 0).unwrap());
/// let a: Tensor<f32, Strided<Shape![3]>> = pieces.next_typed();
/// let b: Tensor<f32, Strided<Shape![2]>> = pieces.next_typed();
/// assert_eq!((a.storage_offset(), b.storage_offset()), (0, 3));
/// ```
pub struct Pieces<T: Element>(std::vec::IntoIter<Tensor<T>>);

impl<T: Element> Pieces<T> {
    /// The pieces, which the macro proved to be as many as it types.
    ///
    /// ```
    /// use tensor_view::static_shape::{split_any, Pieces};
    /// let x = tensor_view::Tensor::<u8>::arange(4);
    /// let _ = Pieces::new(split_any(&x, 2, 0).unwrap());
    /// ```
    pub fn new(pieces: Vec<Tensor<T>>) -> Pieces<T> {
        Pieces(pieces.into_iter())
    }

    /// The next piece, typed `R`.
    ///
    /// ```
    /// use tensor_view::{Shape, Strided, Tensor};
    /// use tensor_view::static_shape::{unbind_any, Pieces};
    /// let x = Tensor::<u8, Shape![2, 3]>::zeros();
    /// let row: Tensor<u8, Strided<Shape![3]>> = Pieces::new(unbind_any(&x, 0).unwrap()).next_typed();
    /// assert_eq!(row.shape(), &[3]);
    /// ```
    ///
    /// The type is checked against the piece as [`typed`] checks it; a
    /// piece not of type `R`, or a piece asked for past the last, panics
    /// (the macros' own calls never meet either: they wrote the types and
    /// the count from the same sizes).
    ///
    /// ```should_panic
    /// use tensor_view::{Shape, Strided, Tensor};
    /// use tensor_view::static_shape::{unbind_any, Pieces};
    /// let x = Tensor::<u8, Shape![2, 3]>::zeros();
    /// let _: Tensor<u8, Strided<Shape![4]>> = Pieces::new(unbind_any(&x, 0).unwrap()).next_typed();
    /// ```
    pub fn next_typed<R: TypedShape>(&mut self) -> Tensor<T, R> {
        match self.0.next() {
            Some(t) => Infallible::wrap(t.checked_as()),
            None => panic!("a split checked while compiling gave fewer pieces than it types"),
        }
    }

    /// Every piece, typed `R`, as an array of `K` (for `unbind!` and
    /// `chunk!`, whose pieces share one shape).
    ///
    /// ```
    /// use tensor_view::{Shape, Strided, Tensor};
    /// use tensor_view::static_shape::{unbind_any, Pieces};
    /// let x = Tensor::<u8, Shape![2, 3]>::zeros();
    /// let rows: [Tensor<u8, Strided<Shape![3]>>; 2] = Pieces::new(unbind_any(&x, 0).unwrap()).array();
    /// assert_eq!(rows[1].storage_offset(), 3);
    /// ```
    pub fn array<R: TypedShape, const K: usize>(mut self) -> [Tensor<T, R>; K] {
        std::array::from_fn(|_| self.next_typed())
    }

    /// The next piece, of the row-major shape `R`: typed `R` when the
    /// verdict says the input is row-major (the macro found the piece
    /// row-major then), else `R`'s `Strided` form.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// use tensor_view::static_shape::{split_any, ContiguousStrides, Infallible, OfStatedShape, Pieces};
    /// let x = Tensor::<u8, Shape![4, 3]>::zeros();
    /// let verdict = OfStatedShape::<Infallible, ContiguousStrides>::new();
    /// let mut pieces = Pieces::new(split_any(&x, 2, 0).unwrap());
    /// let _first: Tensor<u8, Shape![2, 3]> = pieces.next_kept::<Shape![2, 3], _>(&verdict);
    /// let second: Tensor<u8, Shape![2, 3]> = pieces.next_kept::<Shape![2, 3], _>(&verdict);
    /// assert_eq!(second.storage_offset(), 6);
    /// ```
    pub fn next_kept<R: StridedForm, V: StatedVerdict>(
        &mut self,
        _verdict: &V,
    ) -> Tensor<T, V::Kept<R>>
    where
        V::Kept<R>: TypedShape,
    {
        self.next_typed()
    }

    /// Every piece as [`Pieces::next_kept`] types it, as an array of `K`.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// use tensor_view::static_shape::{unbind_any, ContiguousStrides, Infallible, OfStatedShape, Pieces};
    /// let x = Tensor::<u8, Shape![2, 3]>::zeros();
    /// let verdict = OfStatedShape::<Infallible, ContiguousStrides>::new();
    /// let rows: [Tensor<u8, Shape![3]>; 2] =
    ///     Pieces::new(unbind_any(&x, 0).unwrap()).array_kept::<Shape![3], 2, _>(&verdict);
    /// assert_eq!(rows[1].storage_offset(), 3);
    /// ```
    pub fn array_kept<R: StridedForm, const K: usize, V: StatedVerdict>(
        mut self,
        verdict: &V,
    ) -> [Tensor<T, V::Kept<R>>; K]
    where
        V::Kept<R>: TypedShape,
    {
        std::array::from_fn(|_| self.next_kept::<R, V>(verdict))
    }
}

/// `narrow(dim, start, length)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[4, 4]).unwrap();
/// assert_eq!(tensor_view::static_shape::narrow_any(&x, 0, 1, 2).unwrap().shape(), &[2, 4]);
/// ```
#[inline]
pub fn narrow_any<T: Element, S>(
    src: &Tensor<T, S>,
    dim: impl Int,
    start: impl Int,
    length: impl Int,
) -> Result<Tensor<T>, ViewError> {
    let (dim, start, length) = (dim.to_int()?, start.to_int()?, length.to_int()?);
    Ok(src.with_layout(src.layout.narrow(dim, start, length)?))
}

/// `select(dim, index)` of any kind of tensor, as a dynamic tensor.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[4, 3]).unwrap();
/// assert_eq!(tensor_view::static_shape::select_any(&x, 0, -1).unwrap().shape(), &[3]);
/// ```
#[inline]
pub fn select_any<T: Element, S>(
    src: &Tensor<T, S>,
    dim: impl Int,
    index: impl Int,
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.select(dim.to_int()?, index.to_int()?)?))
}

/// `tensor[key]` (basic indexing) of any kind of tensor, as a dynamic tensor.
///
/// ```
/// use tensor_view::{s, Tensor};
/// let x = Tensor::<f32>::zeros(&[2, 5, 8]).unwrap();
/// let y = tensor_view::static_shape::index_any(&x, &s![0, 2.., None, 1..7;2]).unwrap();
/// assert_eq!(y.shape(), &[3, 1, 3]);
/// ```
#[inline]
pub fn index_any<T: Element, S>(
    src: &Tensor<T, S>,
    key: &[crate::IndexItem],
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.index(key)?))
}

/// Wraps each piece layout as a view of `src`'s storage.
fn views_of<T: Element, S>(
    src: &Tensor<T, S>,
    layouts: Result<Vec<crate::layout::Layout>, ViewError>,
) -> Result<Vec<Tensor<T>>, ViewError> {
    Ok(layouts?.into_iter().map(|l| src.with_layout(l)).collect())
}

/// `split(split_size_or_sections, dim)` of any kind of tensor, as dynamic
/// tensors: pieces of one size, or of the listed sizes.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[5]).unwrap();
/// assert_eq!(tensor_view::static_shape::split_any(&x, 2, 0).unwrap().len(), 3);
/// assert_eq!(tensor_view::static_shape::split_any(&x, &[1, 4], 0).unwrap().len(), 2);
/// ```
pub fn split_any<'a, T: Element, S>(
    src: &Tensor<T, S>,
    split_size_or_sections: impl IntoSplitSize<'a>,
    dim: impl Int,
) -> Result<Vec<Tensor<T>>, ViewError> {
    let dim = dim.to_int()?;
    split_size_or_sections.with_split_size(|split| match split {
        SplitSize::Each(size) => views_of(src, src.layout.split(size, dim)),
        SplitSize::Sizes(sizes) => views_of(src, src.layout.split_with_sizes(sizes, dim)),
    })
}

/// `split_with_sizes(split_sizes, dim)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[5]).unwrap();
/// let parts = tensor_view::static_shape::split_with_sizes_any(&x, &[2usize, 3], 0).unwrap();
/// assert_eq!(parts[1].shape(), &[3]);
/// ```
pub fn split_with_sizes_any<T: Element, S, I: Int>(
    src: &Tensor<T, S>,
    split_sizes: &[I],
    dim: impl Int,
) -> Result<Vec<Tensor<T>>, ViewError> {
    let split_sizes = I::to_ints(split_sizes)?;
    views_of(
        src,
        src.layout.split_with_sizes(&split_sizes, dim.to_int()?),
    )
}

/// `tensor_split(indices_or_sections, dim)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[7]).unwrap();
/// assert_eq!(tensor_view::static_shape::tensor_split_any(&x, 3, 0).unwrap()[2].shape(), &[2]);
/// assert_eq!(tensor_view::static_shape::tensor_split_any(&x, &[1, 5], 0).unwrap()[1].shape(), &[4]);
/// ```
pub fn tensor_split_any<'a, T: Element, S>(
    src: &Tensor<T, S>,
    indices_or_sections: impl IntoSections<'a>,
    dim: impl Int,
) -> Result<Vec<Tensor<T>>, ViewError> {
    let dim = dim.to_int()?;
    indices_or_sections.with_sections(|s| views_of(src, src.layout.tensor_split(s, dim)))
}

/// `hsplit(indices_or_sections)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 6]).unwrap();
/// assert_eq!(tensor_view::static_shape::hsplit_any(&x, 3).unwrap()[2].shape(), &[2, 2]);
/// ```
pub fn hsplit_any<'a, T: Element, S>(
    src: &Tensor<T, S>,
    indices_or_sections: impl IntoSections<'a>,
) -> Result<Vec<Tensor<T>>, ViewError> {
    indices_or_sections.with_sections(|s| views_of(src, src.layout.hsplit(s)))
}

/// `vsplit(indices_or_sections)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[4, 3]).unwrap();
/// assert_eq!(tensor_view::static_shape::vsplit_any(&x, &[1]).unwrap()[1].shape(), &[3, 3]);
/// ```
pub fn vsplit_any<'a, T: Element, S>(
    src: &Tensor<T, S>,
    indices_or_sections: impl IntoSections<'a>,
) -> Result<Vec<Tensor<T>>, ViewError> {
    indices_or_sections.with_sections(|s| views_of(src, src.layout.vsplit(s)))
}

/// `dsplit(indices_or_sections)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 2, 4]).unwrap();
/// assert_eq!(tensor_view::static_shape::dsplit_any(&x, 2).unwrap()[0].shape(), &[2, 2, 2]);
/// ```
pub fn dsplit_any<'a, T: Element, S>(
    src: &Tensor<T, S>,
    indices_or_sections: impl IntoSections<'a>,
) -> Result<Vec<Tensor<T>>, ViewError> {
    indices_or_sections.with_sections(|s| views_of(src, src.layout.dsplit(s)))
}

/// `chunk(chunks, dim)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[6]).unwrap();
/// assert_eq!(tensor_view::static_shape::chunk_any(&x, 4, 0).unwrap().len(), 3);
/// ```
pub fn chunk_any<T: Element, S>(
    src: &Tensor<T, S>,
    chunks: impl Int,
    dim: impl Int,
) -> Result<Vec<Tensor<T>>, ViewError> {
    views_of(src, src.layout.chunk(chunks.to_int()?, dim.to_int()?))
}

/// `unbind(dim)` of any kind of tensor, as dynamic tensors.
///
/// ```
/// let x = tensor_view::Tensor::<f32>::zeros(&[2, 3]).unwrap();
/// assert_eq!(tensor_view::static_shape::unbind_any(&x, 1).unwrap().len(), 3);
/// ```
pub fn unbind_any<T: Element, S>(
    src: &Tensor<T, S>,
    dim: impl Int,
) -> Result<Vec<Tensor<T>>, ViewError> {
    views_of(src, src.layout.unbind(dim.to_int()?))
}
