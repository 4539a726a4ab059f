//! Type-level lists of `typenum` numbers (dims, strides) and the few
//! functions the layout checks need on them: indexing, reversal, row-major
//! strides and products, and the values as a `'static` slice.

use std::marker::PhantomData;
use typenum::{U0, U1};

use super::numbers::{Num, NumValue, Times, ToNum};

/// The empty list.
///
/// ```
/// use tensor_view::static_shape::{Nil, StrideValues};
/// assert_eq!(<Nil as StrideValues>::VALUES, &[] as &[isize]);
/// ```
pub struct Nil;

/// The list `H` followed by `T`.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index1, Nil};
/// let _: <Cons<u8, Cons<u16, Nil>> as At<Index1>>::Out = 2u16;
/// ```
pub struct Cons<H, T>(PhantomData<fn() -> (H, T)>);

/// The index 0 of a list.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index0, Nil};
/// let _: <Cons<u8, Nil> as At<Index0>>::Out = 3u8;
/// ```
pub struct Index0;

/// The index after `I`.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index1, Nil};
/// let _: <Cons<u8, Cons<u16, Nil>> as At<Index1>>::Out = 3u16;
/// ```
pub struct Next<I>(PhantomData<fn() -> I>);

/// Index 1.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index1, Nil};
/// type L = Cons<u8, Cons<u16, Nil>>;
/// let _: <L as At<Index1>>::Out = 1u16;
/// ```
pub type Index1 = Next<Index0>;
/// Index 2.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index2, Nil};
/// type L = Cons<u8, Cons<u8, Cons<u16, Nil>>>;
/// let _: <L as At<Index2>>::Out = 1u16;
/// ```
pub type Index2 = Next<Index1>;
/// Index 3.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index3, Nil};
/// type L = Cons<u8, Cons<u8, Cons<u8, Cons<u16, Nil>>>>;
/// let _: <L as At<Index3>>::Out = 1u16;
/// ```
pub type Index3 = Next<Index2>;
/// Index 4.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index4, Nil};
/// type L = Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u16, Nil>>>>>;
/// let _: <L as At<Index4>>::Out = 1u16;
/// ```
pub type Index4 = Next<Index3>;
/// Index 5.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index5, Nil};
/// type L = Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u16, Nil>>>>>>;
/// let _: <L as At<Index5>>::Out = 1u16;
/// ```
pub type Index5 = Next<Index4>;
/// Index 6.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index6, Nil};
/// type L = Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u16, Nil>>>>>>>;
/// let _: <L as At<Index6>>::Out = 1u16;
/// ```
pub type Index6 = Next<Index5>;
/// Index 7.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index7, Nil};
/// type L = Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u8, Cons<u16, Nil>>>>>>>>;
/// let _: <L as At<Index7>>::Out = 1u16;
/// ```
pub type Index7 = Next<Index6>;

/// The item at index `I` of a list.
///
/// ```
/// use tensor_view::static_shape::{At, Cons, Index2, Nil};
/// let _: <Cons<u8, Cons<u16, Cons<u32, Nil>>> as At<Index2>>::Out = 3u32;
/// ```
pub trait At<I> {
    /// The item.
    type Out;
}

impl<H, T> At<Index0> for Cons<H, T> {
    type Out = H;
}

impl<H, T: At<I>, I> At<Next<I>> for Cons<H, T> {
    type Out = T::Out;
}

/// A dims tuple `(D0, D1, ..)` as a list.
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, ToList};
/// let _: Option<<(u8, u16) as ToList>::List> = None::<Cons<u8, Cons<u16, Nil>>>;
/// ```
pub trait ToList {
    /// The list.
    type List;
}

macro_rules! list_type {
    () => { Nil };
    ($head:ident $(, $rest:ident)*) => { Cons<$head, list_type!($($rest),*)> };
    (($s:ident, $e:ident) $(, ($rs:ident, $re:ident))*) => {
        Cons<($s, $e), list_type!($(($rs, $re)),*)>
    };
}

macro_rules! to_list {
    ($($d:ident),*) => {
        impl<$($d),*> ToList for ($($d,)*) {
            type List = list_type!($($d),*);
        }
    };
}

to_list!();
to_list!(A);
to_list!(A, B);
to_list!(A, B, C);
to_list!(A, B, C, D);
to_list!(A, B, C, D, E);
to_list!(A, B, C, D, E, F);
to_list!(A, B, C, D, E, F, G);
to_list!(A, B, C, D, E, F, G, H);

/// The strides of a list of `(stride, size * stride)` pairs of [`Num`]s (see
/// [`KnownStrides`](super::KnownStrides)) as a `'static` slice (up to 8 items).
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, Num, StrideValues};
/// use typenum::{U0, U1, U2, U3};
/// type Twelve = Num<U3, U2>;
/// type Four = Num<U1, U2>;
/// assert_eq!(<Cons<(Twelve, Twelve), Cons<(Four, Twelve), Nil>> as StrideValues>::VALUES, &[12, 4]);
/// ```
///
/// Sealed: only the library's lists implement it, so a recorded stride is
/// always a number the type states.
pub trait StrideValues: crate::static_shape::markers::sealed::Sealed + 'static {
    /// The strides.
    const VALUES: &'static [isize];
    /// The second number of each pair (the size times the stride, for
    /// the lists the library's macros and ops write).
    #[doc(hidden)]
    const OUTER: &'static [isize];
}

macro_rules! stride_values {
    ($(($s:ident, $e:ident)),*) => {
        impl<$($s: NumValue, $e: NumValue),*> crate::static_shape::markers::sealed::Sealed
            for list_type!($(($s, $e)),*)
        {
        }

        impl<$($s: NumValue, $e: NumValue),*> StrideValues for list_type!($(($s, $e)),*) {
            const VALUES: &'static [isize] = &[$($s::VALUE),*];
            const OUTER: &'static [isize] = &[$($e::VALUE),*];
        }
    };
}

stride_values!();
stride_values!((A, EA));
stride_values!((A, EA), (B, EB));
stride_values!((A, EA), (B, EB), (C, EC));
stride_values!((A, EA), (B, EB), (C, EC), (D, ED));
stride_values!((A, EA), (B, EB), (C, EC), (D, ED), (E, EE));
stride_values!((A, EA), (B, EB), (C, EC), (D, ED), (E, EE), (F, EF));
stride_values!(
    (A, EA),
    (B, EB),
    (C, EC),
    (D, ED),
    (E, EE),
    (F, EF),
    (G, EG)
);
stride_values!(
    (A, EA),
    (B, EB),
    (C, EC),
    (D, ED),
    (E, EE),
    (F, EF),
    (G, EG),
    (H, EH)
);

/// The list reversed and put in front of `Acc`.
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, RevOnto};
/// let _: Option<<Cons<u8, Cons<u16, Nil>> as RevOnto<Nil>>::Out> = None::<Cons<u16, Cons<u8, Nil>>>;
/// ```
pub trait RevOnto<Acc> {
    /// The result.
    type Out;
}

/// One impl per length (ranks go up to 8), so a reversal is one step
/// rather than one per item.
macro_rules! rev_onto {
    ($($item:ident),*) => {
        impl<Acc, $($item),*> RevOnto<Acc> for list_type!($($item),*) {
            type Out = rev_onto!(@onto Acc; $($item),*);
        }
    };
    (@onto $acc:ty;) => { $acc };
    (@onto $acc:ty; $head:ident $(, $rest:ident)*) => {
        rev_onto!(@onto Cons<$head, $acc>; $($rest),*)
    };
}

rev_onto!();
rev_onto!(A);
rev_onto!(A, B);
rev_onto!(A, B, C);
rev_onto!(A, B, C, D);
rev_onto!(A, B, C, D, E);
rev_onto!(A, B, C, D, E, F);
rev_onto!(A, B, C, D, E, F, G);
rev_onto!(A, B, C, D, E, F, G, H);

/// The row-major strides of a list of dims (all at least 1), each with the
/// size times the stride, and the product of the dims, as [`Num`]s.
///
/// ```
/// use tensor_view::static_shape::{Cons, Nil, NumValue, RowMajor, StrideValues};
/// use typenum::{U2, U3, U4};
/// type Dims = Cons<U2, Cons<U3, Cons<U4, Nil>>>;
/// assert_eq!(<<Dims as RowMajor>::Strides as StrideValues>::VALUES, &[12, 4, 1]);
/// assert_eq!(<<Dims as RowMajor>::Product as NumValue>::VALUE, 24);
/// ```
pub trait RowMajor {
    /// The `(stride, size * stride)` pairs.
    type Strides;
    /// The product of the dims.
    type Product;
}

impl RowMajor for Nil {
    type Strides = Nil;
    type Product = Num<U1, U0>;
}

impl<D: ToNum, T: RowMajor> RowMajor for Cons<D, T>
where
    D::Out: Times<T::Product>,
{
    type Strides = Cons<(T::Product, <D::Out as Times<T::Product>>::Out), T::Strides>;
    type Product = <D::Out as Times<T::Product>>::Out;
}
