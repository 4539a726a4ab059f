//! Cuts along one literal dim of a typed tensor, each a view of the same
//! storage: `narrow_to::<DIM, START, LEN>()`, `select_at::<DIM, INDEX>()`,
//! `split_by::<SIZE, DIM>()` and `chunk_into::<CHUNKS, DIM>()` (tuples of
//! pieces). The rules are
//! PyTorch's, decided while compiling for a static dim
//! ([`Narrow`], [`Select`], [`Split`] in `typed::rules`), checked at run
//! time along a named dim (a `Result`, with PyTorch's message).
//!
//! A cut at the leading dim of a row-major tensor is row-major (an offset
//! into the same storage), typed as a tuple; elsewhere it is a
//! [`Permuted`] view whose cut dim keeps its source dim's stride (so a
//! later `view_to` is decided while compiling); from an [`AnyStrides`]
//! input, `AnyStrides`.
//!
//! ```
//! use tensor_view::{dims, typed::{Of, Permuted}, Tensor, D};
//! dims!(B, T);
//! // GPT-2's fused QKV projection, cut into q, k and v:
//! let qkv: Tensor<f32, (B, T, D<2304>)> = Tensor::<f32>::zeros(&[2, 5, 2304])?.into_static()?;
//! let (q, k, v) = qkv.split_by::<768, -1>();
//! let _: &Tensor<f32, Permuted<(B, T, D<2304>), (Of<0, B>, Of<1, T>, Of<2, D<768>>)>> = &q;
//! assert_eq!((k.shape(), k.stride(), k.storage_offset()), (&[2usize, 5, 768][..], &[11520isize, 2304, 1][..], 768));
//! assert!(v.shares_storage(&qkv));
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use super::retype::dynamic;
use crate::static_shape::{Infallible, Outcome, Settle};
use crate::tensor::Tensor;
use crate::typed::dim::Dim;
use std::marker::PhantomData;

use crate::typed::list::{AnyStrides, DimList, TypedDims};
use crate::typed::permuted::{Entry, Identity, MapList, Permuted};
use crate::typed::rules::{At, Chunk, Inner, LeadKind, Leading, Narrow, NarrowLane, Select, Split};
use crate::{Element, ViewError};

/// A typed shape a cut applies to: a row-major tuple, a [`Permuted`] view
/// or an [`AnyStrides`] shape.
///
/// `Cut` is the layout after the ops that keep a row-major tuple row-major
/// at the leading dim but are not cuts (`unsqueeze_at`, `flatten_dims`): a
/// `Permuted` view gives `AnyStrides` there.
#[doc(hidden)]
pub trait Cuttable: TypedDims {
    /// The type of the result, of dims `R`.
    type Cut<R: DimList, Lead: LeadKind>: TypedDims;
}
impl<L: DimList> Cuttable for L {
    type Cut<R: DimList, Lead: LeadKind> = Lead::Keep<R>;
}
impl<L: DimList> Cuttable for AnyStrides<L> {
    type Cut<R: DimList, Lead: LeadKind> = AnyStrides<R>;
}
impl<Src: DimList, Map: MapList> Cuttable for Permuted<Src, Map> {
    type Cut<R: DimList, Lead: LeadKind> = AnyStrides<R>;
}

/// The edit a cut makes of the dim it cuts: resized to `X` (a narrow, a
/// piece of a split).
#[doc(hidden)]
pub struct Resize<X>(PhantomData<X>);
/// The edit a cut makes of the dim it cuts: dropped (a select).
#[doc(hidden)]
pub struct Dropped;

/// The type of a cut along `DIM` of a tensor typed `Self`, whose result
/// has the dims `R` and whose cut dim is edited by `E`: a row-major tuple
/// stays one at the leading dim and becomes a [`Permuted`] view elsewhere;
/// a `Permuted` view stays one (its map edited); `AnyStrides` stays.
#[doc(hidden)]
pub trait CutTo<const DIM: isize, R: DimList, E>: Cuttable {
    /// The result's shape type.
    type Out: TypedDims;
}
impl<L: DimList + At<DIM> + Identity, R: DimList, E, const DIM: isize> CutTo<DIM, R, E> for L
where
    L::Lead: TupleCut<L, R, E, DIM>,
{
    type Out = <L::Lead as TupleCut<L, R, E, DIM>>::Out;
}
impl<L: DimList, R: DimList, E, const DIM: isize> CutTo<DIM, R, E> for AnyStrides<L> {
    type Out = AnyStrides<R>;
}
impl<Src: DimList, Map: MapList, R: DimList, E, const DIM: isize> CutTo<DIM, R, E>
    for Permuted<Src, Map>
where
    E: MapEdit<Map, DIM>,
{
    type Out = Permuted<Src, E::Out>;
}

/// A cut of the row-major tuple `L` at its leading dim (`R` itself) or at
/// another (a [`Permuted`] view of `L`).
#[doc(hidden)]
pub trait TupleCut<L, R, E, const DIM: isize> {
    /// The result's shape type.
    type Out: TypedDims;
}
impl<L, R: DimList, E, const DIM: isize> TupleCut<L, R, E, DIM> for Leading {
    type Out = R;
}
impl<L: DimList + Identity, R, E: MapEdit<L::Map, DIM>, const DIM: isize> TupleCut<L, R, E, DIM>
    for Inner
{
    type Out = Permuted<L, E::Out>;
}

/// The map `M` with its entry at `DIM` edited.
#[doc(hidden)]
pub trait MapEdit<M, const DIM: isize> {
    /// The edited map.
    type Out: MapList;
}
impl<M: MapList + At<DIM>, X: Dim, const DIM: isize> MapEdit<M, DIM> for Resize<X>
where
    M::Lane: Entry,
    M::With<<M::Lane as Entry>::Sized<X>>: MapList,
{
    type Out = M::With<<M::Lane as Entry>::Sized<X>>;
}
impl<M: MapList + At<DIM>, const DIM: isize> MapEdit<M, DIM> for Dropped
where
    M::Without: MapList,
{
    type Out = M::Without;
}

/// The narrowed dim of `narrow_to::<DIM, START, LEN>()` of the shape `L`.
type Piece<L, const DIM: isize, const START: usize, const LEN: usize> =
    <<<L as At<DIM>>::Lane as Dim>::Kind as NarrowLane<START, LEN>>::Piece;

/// What `narrow_to::<DIM, START, LEN>()` of a tensor typed `S` returns.
type Narrowed<T, S, const DIM: isize, const START: usize, const LEN: usize> =
    <<<S as TypedDims>::List as Narrow<DIM, START, LEN>>::Outcome as Outcome>::Wrap<
        Tensor<
            T,
            <S as CutTo<
                DIM,
                <<S as TypedDims>::List as Narrow<DIM, START, LEN>>::Out,
                Resize<Piece<<S as TypedDims>::List, DIM, START, LEN>>,
            >>::Out,
        >,
    >;

/// What `select_at::<DIM, INDEX>()` of a tensor typed `S` returns.
type Selected<T, S, const DIM: isize, const INDEX: usize> = <<<S as TypedDims>::List as Select<
    DIM,
    INDEX,
>>::Outcome as Outcome>::Wrap<
    Tensor<T, <S as CutTo<DIM, <<S as TypedDims>::List as Select<DIM, INDEX>>::Out, Dropped>>::Out>,
>;

/// The pieces of `split_by::<SIZE, DIM>()` of a tensor typed `S`.
type Pieces<T, S, const SIZE: usize, const DIM: isize> =
    <<<S as TypedDims>::List as Split<SIZE, DIM>>::Pieces as TypedPieces<T, S, DIM>>::Out;

/// A dynamic view the rule proved, typed `R`: the check of `into_static`
/// cannot fail (its shape and strides are the rule's).
fn typed_view<T: Element, R: TypedDims, O: Settle>(
    view: Result<Tensor<T>, ViewError>,
) -> O::Wrap<Tensor<T, R>> {
    O::settle(view.and_then(Tensor::into_static::<R>))
}

impl<T: Element, S: Cuttable> Tensor<T, S> {
    /// `x.narrow(DIM, START, LEN)`: `LEN` entries of the dim `DIM` from
    /// `START`, a view. Along a static dim the bounds are checked while
    /// compiling, in PyTorch's words; along a named dim at run time (a
    /// `Result`). The narrowed dim is `D<LEN>` (`One` for 1).
    ///
    /// ```
    /// use tensor_view::{dims, typed::{Of, Permuted}, Shape, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, (B, D<5>)> = Tensor::<f32>::arange(10).view(&[2, 5])?.into_static()?;
    /// let y: Tensor<f32, Permuted<(B, D<5>), (Of<0, B>, Of<1, D<4>>)>> = x.narrow_to::<1, 1, 4>();
    /// assert_eq!(y.to_vec(), vec![1.0, 2.0, 3.0, 4.0, 6.0, 7.0, 8.0, 9.0]);
    /// let rows = x.narrow_to::<0, 1, 1>()?; // along B: checked at run time
    /// assert_eq!(rows.shape(), &[1, 5]);
    /// let e = x.narrow_to::<0, 1, 2>().unwrap_err();
    /// assert_eq!(e.to_string(), "start (1) + length (2) exceeds dimension size (2).");
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>, D<5>)>::zeros();
    /// let y = x.narrow_to::<1, 3, 4>(); // start (3) + length (4) exceeds dimension size (5).
    /// ```
    pub fn narrow_to<const DIM: isize, const START: usize, const LEN: usize>(
        &self,
    ) -> Narrowed<T, S, DIM, START, LEN>
    where
        <S as TypedDims>::List: Narrow<DIM, START, LEN>,
        <<<S as TypedDims>::List as At<DIM>>::Lane as Dim>::Kind: NarrowLane<START, LEN>,
        S: CutTo<
            DIM,
            <<S as TypedDims>::List as Narrow<DIM, START, LEN>>::Out,
            Resize<Piece<<S as TypedDims>::List, DIM, START, LEN>>,
        >,
    {
        typed_view::<T, _, <S::List as Narrow<DIM, START, LEN>>::Outcome>(
            dynamic(self).narrow(DIM, START, LEN),
        )
    }

    /// `x.select(DIM, INDEX)`: the entry `INDEX` of the dim `DIM`, a view
    /// without that dim. Along a static dim the index is checked while
    /// compiling (PyTorch's message, quoting the shape as its type); along a
    /// named dim at run time (a `Result`).
    ///
    /// ```
    /// use tensor_view::{dims, typed::{Of, Permuted}, Tensor, D};
    /// dims!(T);
    /// let x: Tensor<f32, (T, D<3>)> = Tensor::<f32>::arange(6).view(&[2, 3])?.into_static()?;
    /// let col: Tensor<f32, Permuted<(T, D<3>), (Of<0, T>,)>> = x.select_at::<-1, 2>();
    /// assert_eq!(col.to_vec(), vec![2.0, 5.0]);
    /// let row: Tensor<f32, (D<3>,)> = x.select_at::<0, 1>()?; // along T: a Result
    /// assert_eq!(row.to_vec(), vec![3.0, 4.0, 5.0]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{D, Shape, Tensor};
    /// let x = Tensor::<f32, (D<2>, D<5>)>::zeros();
    /// let y = x.select_at::<1, 5>(); // select(): index 5 out of range ... at dimension 1
    /// ```
    pub fn select_at<const DIM: isize, const INDEX: usize>(&self) -> Selected<T, S, DIM, INDEX>
    where
        <S as TypedDims>::List: Select<DIM, INDEX>,
        S: CutTo<DIM, <<S as TypedDims>::List as Select<DIM, INDEX>>::Out, Dropped>,
    {
        typed_view::<T, _, <S::List as Select<DIM, INDEX>>::Outcome>(
            dynamic(self).select(DIM, INDEX),
        )
    }

    /// `x.split(SIZE, DIM)`: consecutive views of `SIZE` entries along the
    /// static dim `DIM`, the last one smaller when `SIZE` does not divide
    /// the dim (as in PyTorch), as a tuple of at most 16 typed pieces.
    ///
    /// ```
    /// use tensor_view::{dims, typed::{Of, Permuted}, One, Shape, Tensor, D};
    /// dims!(B);
    /// let x = Tensor::<f32, (D<5>, D<2>)>::zeros();
    /// let (a, b, c) = x.split_by::<2, 0>();
    /// let _: (Tensor<f32, (D<2>, D<2>)>, Tensor<f32, (D<2>, D<2>)>) = (a, b);
    /// let _: Tensor<f32, (One, D<2>)> = c; // the last piece, of 1
    /// let y: Tensor<f32, (B, D<5>)> = Tensor::<f32>::zeros(&[3, 5])?.into_static()?;
    /// type Part<X> = Permuted<(B, D<5>), (Of<0, B>, Of<1, X>)>;
    /// let (p, q): (Tensor<f32, Part<D<3>>>, Tensor<f32, Part<D<2>>>) = y.split_by::<3, 1>();
    /// assert_eq!((p.stride(), q.storage_offset()), (&[5isize, 1][..], 3));
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// A split along a named dim is refused (the number of pieces would be
    /// known only at run time):
    ///
    /// ```compile_fail
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(T);
    /// fn halves(x: &Tensor<f32, (T, D<4>)>) {
    ///     let pieces = x.split_by::<2, 0>();
    /// }
    /// ```
    pub fn split_by<const SIZE: usize, const DIM: isize>(&self) -> Pieces<T, S, SIZE, DIM>
    where
        S::List: Split<SIZE, DIM>,
        <S::List as Split<SIZE, DIM>>::Pieces: TypedPieces<T, S, DIM>,
    {
        let pieces = Infallible::settle(dynamic(self).split(SIZE as isize, DIM));
        <<S::List as Split<SIZE, DIM>>::Pieces as TypedPieces<T, S, DIM>>::typed(pieces)
    }
}

/// The pieces of `chunk_into::<CHUNKS, DIM>()` of a tensor typed `S`.
type Chunks<T, S, const CHUNKS: usize, const DIM: isize> =
    <<<S as TypedDims>::List as Chunk<CHUNKS, DIM>>::Pieces as TypedPieces<T, S, DIM>>::Out;

impl<T: Element, S: Cuttable> Tensor<T, S> {
    /// `x.chunk(CHUNKS, DIM)`: PyTorch's pieces of `ceil(size / CHUNKS)`
    /// along the static dim `DIM` (the last smaller, possibly fewer pieces
    /// than `CHUNKS`), views as a tuple; at most 16 chunks are typed.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor, D};
    /// let x = Tensor::<f32, (D<2>, D<6>)>::zeros();
    /// let (a, b, c) = x.chunk_into::<3, -1>();
    /// assert_eq!((a.shape(), c.storage_offset()), (&[2usize, 2][..], 4));
    /// # let _ = b;
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor, D};
    /// let x = Tensor::<f32, (D<2>, D<6>)>::zeros();
    /// let pieces = x.chunk_into::<0, -1>(); // chunk expects `chunks` to be greater than 0, got: 0
    /// ```
    pub fn chunk_into<const CHUNKS: usize, const DIM: isize>(&self) -> Chunks<T, S, CHUNKS, DIM>
    where
        S::List: Chunk<CHUNKS, DIM>,
        <S::List as Chunk<CHUNKS, DIM>>::Pieces: TypedPieces<T, S, DIM>,
    {
        let pieces = Infallible::settle(dynamic(self).chunk(CHUNKS as isize, DIM));
        <<S::List as Chunk<CHUNKS, DIM>>::Pieces as TypedPieces<T, S, DIM>>::typed(pieces)
    }
}

/// The tensors of a split's pieces, from the tuple of their dims along
/// `DIM` of the input typed `S`.
#[doc(hidden)]
pub trait TypedPieces<T: Element, S: Cuttable, const DIM: isize> {
    /// A tuple of typed tensors.
    type Out;
    /// The dynamic pieces, typed (their shapes are the rule's).
    fn typed(pieces: Vec<Tensor<T>>) -> Self::Out;
}

/// The next dynamic piece, typed `R`.
fn next_piece<T: Element, R: TypedDims>(
    pieces: &mut std::vec::IntoIter<Tensor<T>>,
) -> Tensor<T, R> {
    let piece = pieces
        .next()
        .ok_or_else(|| ViewError::runtime("split: fewer pieces than the rule counted".to_string()));
    typed_view::<T, R, Infallible>(piece)
}

/// No pieces: the type of a refused split (its error is the rule's), so
/// that a refused split gives no second error.
impl<T: Element, S: Cuttable, const DIM: isize> TypedPieces<T, S, DIM> for () {
    type Out = ();
    fn typed(_: Vec<Tensor<T>>) -> Self::Out {}
}

macro_rules! typed_pieces {
    ($($x:ident)+) => {
        impl<T: Element, S: Cuttable, const DIM: isize, $($x: Dim),+> TypedPieces<T, S, DIM> for ($($x,)+)
        where
            <S as TypedDims>::List: At<DIM>,
            $(S: CutTo<DIM, <<S as TypedDims>::List as At<DIM>>::With<$x>, Resize<$x>>,)+
        {
            type Out = ($(Tensor<T, <S as CutTo<DIM, <<S as TypedDims>::List as At<DIM>>::With<$x>, Resize<$x>>>::Out>,)+);
            fn typed(pieces: Vec<Tensor<T>>) -> Self::Out {
                let mut pieces = pieces.into_iter();
                ($(next_piece::<T, <S as CutTo<DIM, <<S as TypedDims>::List as At<DIM>>::With<$x>, Resize<$x>>>::Out>(&mut pieces),)+)
            }
        }
    };
}
typed_pieces!(X1);
typed_pieces!(X1 X2);
typed_pieces!(X1 X2 X3);
typed_pieces!(X1 X2 X3 X4);
typed_pieces!(X1 X2 X3 X4 X5);
typed_pieces!(X1 X2 X3 X4 X5 X6);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12 X13);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12 X13 X14);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12 X13 X14 X15);
typed_pieces!(X1 X2 X3 X4 X5 X6 X7 X8 X9 X10 X11 X12 X13 X14 X15 X16);
