//! The static shape type [`Static`] and its two stride markers.
//!
//! A static shape records in the type what the compiler needs to check views:
//! the element count twice (as a const generic, so that messages print it in
//! decimal, and as a `typenum` number, for the arithmetic of `-1`), the dims
//! (a tuple of `typenum` numbers) and what is known of the strides. Users name
//! these types through the `Shape!` macro and the [`Strided`] alias, never by hand.

use std::marker::PhantomData;

use typenum::Unsigned;

use super::dims::StaticDims;
use super::layouts::{KnownStrides, StrideValues};
use super::outcome::{Fallible, Infallible, Outcome};

/// Stride marker: the strides are the row-major strides of the shape
/// (exactly [`contiguous_strides`](crate::layout::contiguous_strides)), so a
/// `view!` needs no run-time check at all.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// let x = Tensor::<f32, Shape![2, 3]>::zeros();
/// assert_eq!(x.stride(), &[3, 1]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ContiguousStrides;

/// Stride marker: the shape is static but the strides are known only at run
/// time (a dynamic tensor converted with `into_static`, or a static
/// `transpose!` of an empty tensor), so `view!` checks element counts while
/// compiling and PyTorch's stride rule at run time.
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// let d = Tensor::<f32>::zeros(&[2, 3]).unwrap().transpose(0, 1).unwrap();
/// let t: Tensor<f32, Strided<Shape![3, 2]>> = d.into_static().unwrap();
/// assert_eq!(t.stride(), &[1, 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuntimeStrides;

/// What a static shape knows of its strides: [`ContiguousStrides`],
/// [`KnownStrides`] (another pattern, known while compiling) or [`RuntimeStrides`].
///
/// ```
/// use tensor_view::static_shape::{Contiguity, ContiguousStrides};
/// assert!(<ContiguousStrides as Contiguity>::KNOWN_CONTIGUOUS);
/// ```
pub trait Contiguity: sealed::Sealed + 'static {
    /// Whether the strides are known (while compiling) to be row-major.
    const KNOWN_CONTIGUOUS: bool;
    /// Whether `flatten!` (a view, or a copy when no view exists) returns a
    /// `Result`: [`Infallible`] when the strides are row-major, [`Fallible`] else.
    type ViewOutcome: Outcome;
    /// The marker of a `flatten!` result: the same for row-major strides,
    /// [`RuntimeStrides`] else (a flatten may copy).
    type Flattened;
    /// The strides every tensor of this marker has, when the marker fixes them.
    fn known_strides<Dims: StaticDims>() -> Option<&'static [isize]>;
    /// The strides recorded in the marker with their sizes times them
    /// ([`KnownStrides`] only), for the check that they fit the dims.
    #[doc(hidden)]
    const RECORDED: Option<(&'static [isize], &'static [isize])> = None;
}

impl Contiguity for ContiguousStrides {
    const KNOWN_CONTIGUOUS: bool = true;
    type ViewOutcome = Infallible;
    type Flattened = ContiguousStrides;

    fn known_strides<Dims: StaticDims>() -> Option<&'static [isize]> {
        Some(Dims::STRIDES)
    }
}

impl Contiguity for RuntimeStrides {
    const KNOWN_CONTIGUOUS: bool = false;
    type ViewOutcome = Fallible;
    type Flattened = RuntimeStrides;

    fn known_strides<Dims: StaticDims>() -> Option<&'static [isize]> {
        None
    }
}

impl<L: StrideValues> Contiguity for KnownStrides<L> {
    const KNOWN_CONTIGUOUS: bool = false;
    const RECORDED: Option<(&'static [isize], &'static [isize])> = Some((L::VALUES, L::OUTER));
    type ViewOutcome = Fallible;
    type Flattened = RuntimeStrides;

    fn known_strides<Dims: StaticDims>() -> Option<&'static [isize]> {
        Some(L::VALUES)
    }
}

/// The private supertrait of the traits that state layout facts
/// ([`Contiguity`], [`StaticShape`], [`StaticDims`], [`StrideValues`], ..):
/// no other crate can implement them, so a marker type's facts are always
/// the numbers the library computes from its parameters.
pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for super::ContiguousStrides {}
    impl Sealed for super::RuntimeStrides {}
    impl<L> Sealed for super::KnownStrides<L> {}
    impl<const N: usize, Numel, Dims, Strides> Sealed for super::Static<N, Numel, Dims, Strides> {}
    impl<const N: usize, NT, D> Sealed for crate::static_shape::symbolic::Sym<N, NT, D> {}
    impl<const N: usize, NT, D> Sealed for crate::static_shape::symbolic::SymStrided<N, NT, D> {}
}

/// Whether the parameters of a [`Static`] agree: `n` elements, which the
/// `typenum` count `numel` and the product of `dims` both are, and (for
/// strides recorded in the type) one stride per dim, each paired with the
/// size times it. Every `Shape!` and `Layout!` type agrees; a type
/// written by hand may not.
const fn agrees(
    n: usize,
    numel: usize,
    dims: &[usize],
    strides: Option<(&[isize], &[isize])>,
) -> bool {
    let mut product: usize = 1;
    let mut i = 0;
    while i < dims.len() {
        product = match product.checked_mul(dims[i]) {
            Some(p) => p,
            None => return false,
        };
        i += 1;
    }
    if product != n || numel != n {
        return false;
    }
    if let Some((strides, outer)) = strides {
        if strides.len() != dims.len() || outer.len() != dims.len() {
            return false;
        }
        let mut i = 0;
        while i < dims.len() {
            match strides[i].checked_mul(dims[i] as isize) {
                Some(o) if o == outer[i] => {}
                _ => return false,
            }
            i += 1;
        }
    }
    true
}

/// A shape known while compiling: `NUMEL` elements (also as the `typenum`
/// number `Numel`), dims `Dims` (a tuple of `typenum` numbers) and the stride
/// marker `Strides`. Written `Shape![d0, d1, ..]` (contiguous) or
/// `Strided<Shape![d0, d1, ..]>`.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::StaticShape;
/// type S = Shape![4, 4];
/// assert_eq!(<S as StaticShape>::NUMEL, 16);
/// assert_eq!(<S as StaticShape>::dims(), &[4, 4]);
/// let x = Tensor::<f32, S>::zeros();
/// assert_eq!(x.shape(), &[4, 4]);
/// ```
pub struct Static<const NUMEL: usize, Numel, Dims, Strides = ContiguousStrides>(
    PhantomData<StaticParts<Numel, Dims, Strides>>,
);

/// The type parameters of [`Static`], held without owning anything (so
/// `Static` is `Send`, `Sync` and `'static` whatever they are).
type StaticParts<Numel, Dims, Strides> = fn() -> (Numel, Dims, Strides);

/// The layout facts of a static shape type, for code generic over static shapes.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::StaticShape;
/// assert_eq!(<Shape![2, 3, 4] as StaticShape>::RANK, 3);
/// assert!(<Shape![2, 3] as StaticShape>::KNOWN_CONTIGUOUS);
/// ```
///
/// Sealed: implemented by [`Static`] only.
pub trait StaticShape: sealed::Sealed + 'static {
    /// Number of elements.
    const NUMEL: usize;
    /// Number of dims.
    const RANK: usize;
    /// Whether the strides are known to be row-major ([`ContiguousStrides`]).
    const KNOWN_CONTIGUOUS: bool;
    /// The same shape with strides known only at run time.
    type AsStrided: StaticShape;
    /// The dims.
    fn dims() -> &'static [usize];
    /// The row-major strides of the dims (PyTorch's, size-0 dims counting as 1).
    fn contiguous_strides() -> &'static [isize];
    /// The strides every tensor of this type has, when the type fixes them
    /// (row-major for `Shape![..]`, the recorded pattern for [`KnownStrides`]).
    fn known_strides() -> Option<&'static [isize]>;
    /// Whether the type's parameters agree (its element count, `typenum`
    /// count, dims and recorded strides): true for every type `Shape!` and
    /// `Layout!` write. Constructors refuse a type for which it is false.
    #[doc(hidden)]
    const AGREES: bool;
}

impl<const NUMEL: usize, Numel: Unsigned, Dims: StaticDims, Strides: Contiguity> StaticShape
    for Static<NUMEL, Numel, Dims, Strides>
{
    const AGREES: bool = agrees(NUMEL, Numel::USIZE, Dims::DIMS, Strides::RECORDED);
    const NUMEL: usize = NUMEL;
    const RANK: usize = Dims::RANK;
    const KNOWN_CONTIGUOUS: bool = Strides::KNOWN_CONTIGUOUS;
    type AsStrided = Static<NUMEL, Numel, Dims, RuntimeStrides>;

    fn dims() -> &'static [usize] {
        Dims::DIMS
    }

    fn contiguous_strides() -> &'static [isize] {
        Dims::STRIDES
    }

    fn known_strides() -> Option<&'static [isize]> {
        Strides::known_strides::<Dims>()
    }
}

/// A typed shape that has a form with strides known only at run time.
///
/// ```
/// use tensor_view::Shape;
/// use tensor_view::static_shape::{StaticShape, StridedForm};
/// assert!(!<<Shape![2, 3] as StridedForm>::Strided as StaticShape>::KNOWN_CONTIGUOUS);
/// ```
pub trait StridedForm {
    /// The same shape with strides known only at run time.
    type Strided;
}

impl<const NUMEL: usize, Numel, Dims, Strides> StridedForm for Static<NUMEL, Numel, Dims, Strides> {
    type Strided = Static<NUMEL, Numel, Dims, RuntimeStrides>;
}

/// The typed shape `S` with strides known only at run time: the type of a
/// partly-dynamic tensor after `transpose!` or `permute!`, or of any typed
/// tensor whose layout no type describes (converted with `into_static`).
/// `S` is static (`Shape![4, 2, 3]`) or partly dynamic
/// (`Shape![B, 12, T, 64]`, whose strided form is a
/// [`SymStrided`](crate::static_shape::SymStrided)). A static `transpose!`
/// or `permute!` of a row-major tensor records its strides instead:
/// [`KnownStrides`], written `Layout![[dims], [strides]]`.
///
/// ```
/// use tensor_view::{Shape, Strided, Tensor};
/// let d = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap().permute(&[2, 0, 1]).unwrap();
/// let p: Tensor<f32, Strided<Shape![4, 2, 3]>> = d.into_static().unwrap();
/// assert_eq!(p.stride(), &[1, 12, 4]);
/// ```
pub type Strided<S> = <S as StridedForm>::Strided;
