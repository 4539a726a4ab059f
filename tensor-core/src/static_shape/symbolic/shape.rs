//! The partly-dynamic shape marker [`Sym`] and its dims.
//!
//! `Shape![B, T, 768]` (with `B`, `T` declared by `dims!`) is
//! `Sym<768, U768, (SymDim<U1, [B]>, SymDim<U1, [T]>, U768)>`: the product of
//! the static parts as a const generic (messages print it in decimal) and as
//! a `typenum` number (for the arithmetic of `-1`), and the dims. A dim is a
//! `typenum` number (static) or a [`SymDim`]: a product of symbols and static
//! factors *in order*, outermost first (`B`, `B*T`, `4*B`, `B*4`, `B*5*T`).
//! The order is what a view keeps: `B*8` is `[B, 8]` merged (`B` outer) and
//! differs from `8*B`. Each value has one form (neighbouring static factors
//! multiplied, factors of 1 left out), so a type the user writes and a type a
//! view infers are the same type.

use std::any::TypeId;
use std::marker::PhantomData;

use typenum::{UInt, UTerm, Unsigned};

use super::lists::{SCons, SNil};
use super::sizes::NamedSizes;
use super::symbol::Symbol;
use crate::static_shape::diagnostics::{Checked, DimRange, Rank};

/// A partly-dynamic, row-major shape: static dims beside named run-time ones
/// (contiguous as PyTorch defines it: row-major strides, except that a size-1
/// dim or an empty tensor may keep others after `contiguous()`, as in PyTorch).
/// `N` (and `NT`, as a `typenum` number) is the product of the static parts;
/// `Dims` is a tuple of dims ([`SymDim`] or `typenum` numbers).
///
/// ```
/// use tensor_view::{dims, Shape, Tensor};
/// use tensor_view::static_shape::SymDims;
/// dims!(B);
/// type S = Shape![B, 3, 32, 32];
/// let x: Tensor<f32, S> = Tensor::<f32>::zeros(&[2, 3, 32, 32]).unwrap().into_static().unwrap();
/// assert_eq!(x.stride(), &[3072, 1024, 32, 1]);
/// ```
pub struct Sym<const N: usize, NT, Dims>(PhantomData<fn() -> (NT, Dims)>);

/// A dim that is the product of the factors of the list `L`, in order,
/// outermost first: symbols and static `typenum` numbers (never 1, never two
/// numbers side by side, at least one symbol). `C` is the product of the
/// static factors. `B` is `SymDim<U1, SCons<B, SNil>>`; `B*T` lists both
/// symbols; `4*B` is `SymDim<U4, SCons<U4, SCons<B, SNil>>>` and `B*4` lists
/// the same factors the other way round.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{DimKind, SCons, SNil, SymDim};
/// use typenum::U4;
/// dims!(B);
/// type B4 = SymDim<U4, SCons<B, SCons<U4, SNil>>>;
/// let d = <B4 as DimKind>::DESC;
/// assert_eq!((d.coefficient, d.symbols), (4, 1));
/// assert_eq!(<B4 as DimKind>::text(), "B*4");
/// ```
pub struct SymDim<C, L>(pub(crate) PhantomData<fn() -> (C, L)>);

/// What a dim is at run time: `symbols == 0` for a static dim of size
/// `coefficient`, else `coefficient` times that many symbols.
///
/// ```
/// use tensor_view::static_shape::{DimDesc, DimKind};
/// assert_eq!(<typenum::U7 as DimKind>::DESC, DimDesc { coefficient: 7, symbols: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DimDesc {
    /// The static size, or the static factor of a symbolic dim.
    pub coefficient: usize,
    /// How many symbols multiply it.
    pub symbols: usize,
}

/// The private supertraits of [`DimKind`], [`SingleSymbol`], [`SymbolList`]
/// and [`SymDims`]: the facts a partly-dynamic shape states of its dims are
/// the library's, computed from the dims' parameters; no other crate can
/// implement them for a type of its own (issue 31: a typed tensor's type is
/// always true). Symbols themselves stay open: `dims!` implements
/// [`Symbol`] in the user's crate, and a symbol only names a size.
pub(crate) mod sealed {
    use super::super::lists::{SCons, SNil};
    use super::SymDim;

    /// A dim: a `typenum` number or a [`SymDim`].
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a dim of a `Shape![..]`: the dims of partly-dynamic shapes are the library's (sealed)",
        label = "not a dim",
        note = "write shapes with `Shape![..]` and named dims with `dims!`"
    )]
    pub trait Dim {}
    // `typenum` seals `Unsigned`: these are its numbers only.
    #[diagnostic::do_not_recommend]
    impl<U: typenum::Unsigned> Dim for U {}
    #[diagnostic::do_not_recommend]
    impl<C, L> Dim for SymDim<C, L> {}

    /// A list of a dim's factors.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a list of a dim's factors: the factors of named dims are the library's (sealed)",
        label = "not a list of factors",
        note = "write shapes with `Shape![..]` and named dims with `dims!`"
    )]
    pub trait List {}
    #[diagnostic::do_not_recommend]
    impl<L: Node> List for L {}

    /// The lists' two cells (a second step, so that messages do not spell
    /// the list type out).
    pub trait Node {}
    impl Node for SNil {}
    impl<H, T> Node for SCons<H, T> {}

    /// A tuple of dims.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not the dims of a `Shape![..]`: the dims of partly-dynamic shapes are the library's (sealed)",
        label = "not the dims of a shape",
        note = "write shapes with `Shape![..]` and named dims with `dims!`"
    )]
    pub trait Dims {}
    macro_rules! tuples {
        ($(($($d:ident),+))*) => {$(
            #[diagnostic::do_not_recommend]
            impl<$($d: Dim),+> Dims for ($($d,)+) {}
        )*};
    }
    tuples! {
        (A) (A, B) (A, B, C) (A, B, C, D) (A, B, C, D, E) (A, B, C, D, E, F)
        (A, B, C, D, E, F, G) (A, B, C, D, E, F, G, H)
    }
}

/// One dim of a [`Sym`] shape. Sealed: `typenum` numbers and [`SymDim`].
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{DimKind, SCons, SNil, SymDim};
/// dims!(B, T);
/// assert_eq!(<SymDim<typenum::U1, SCons<B, SCons<T, SNil>>> as DimKind>::text(), "B*T");
/// assert_eq!(<typenum::U3 as DimKind>::text(), "3");
/// ```
pub trait DimKind: sealed::Dim + 'static {
    /// The run-time description.
    const DESC: DimDesc;
    /// The dim as written in `Shape![..]`.
    fn text() -> String;
    /// The symbols of the dim, in order, with their names.
    fn symbols() -> Vec<(TypeId, &'static str)> {
        Vec::new()
    }
    /// The dim's size for the symbols' sizes `sizes` (`None` if one is
    /// missing).
    fn size_in(_sizes: &NamedSizes) -> Option<usize> {
        Some(Self::DESC.coefficient)
    }
}

impl DimKind for UTerm {
    const DESC: DimDesc = DimDesc {
        coefficient: 0,
        symbols: 0,
    };
    fn text() -> String {
        "0".into()
    }
}

impl<U: Unsigned + 'static, B: 'static> DimKind for UInt<U, B>
where
    UInt<U, B>: Unsigned,
{
    const DESC: DimDesc = DimDesc {
        coefficient: <UInt<U, B> as Unsigned>::USIZE,
        symbols: 0,
    };
    fn text() -> String {
        <UInt<U, B> as Unsigned>::USIZE.to_string()
    }
}

impl<C: Unsigned + 'static, L: SymbolList + 'static> DimKind for SymDim<C, L> {
    const DESC: DimDesc = DimDesc {
        coefficient: C::USIZE,
        symbols: L::LEN,
    };
    fn symbols() -> Vec<(TypeId, &'static str)> {
        L::ids().into_iter().zip(L::names()).collect()
    }
    fn size_in(sizes: &NamedSizes) -> Option<usize> {
        L::product_in(sizes).map(|p| p.saturating_mul(C::USIZE))
    }
    fn text() -> String {
        L::factor_texts().join("*")
    }
}

/// The factors of a merged dim ([`SCons`] of [`Symbol`]s and static
/// `typenum` numbers, in order). Sealed.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, SymbolList};
/// dims!(B, T);
/// type L = SCons<B, SCons<typenum::U5, SCons<T, SNil>>>;
/// assert_eq!(<L as SymbolList>::names(), ["B", "T"]);
/// assert_eq!(<L as SymbolList>::factor_texts(), ["B", "5", "T"]);
/// ```
pub trait SymbolList: sealed::List {
    /// The number of symbols.
    const LEN: usize;
    /// The symbols' names, in order.
    fn names() -> Vec<&'static str>;
    /// Every factor as `Shape!` writes it, in order (`["B", "5", "T"]`).
    fn factor_texts() -> Vec<String>;
    /// Their type ids, in order (to compare symbols at run time).
    fn ids() -> Vec<std::any::TypeId>;
    /// The product of the symbols' sizes in `sizes` (`None` if one is
    /// missing).
    fn product_in(sizes: &NamedSizes) -> Option<usize>;
}

impl SymbolList for SNil {
    const LEN: usize = 0;
    fn names() -> Vec<&'static str> {
        Vec::new()
    }
    fn factor_texts() -> Vec<String> {
        Vec::new()
    }
    fn ids() -> Vec<std::any::TypeId> {
        Vec::new()
    }
    fn product_in(_sizes: &NamedSizes) -> Option<usize> {
        Some(1)
    }
}

impl<H: Symbol, T: SymbolList> SymbolList for SCons<H, T> {
    const LEN: usize = 1 + T::LEN;
    fn names() -> Vec<&'static str> {
        let mut names = vec![H::NAME];
        names.extend(T::names());
        names
    }
    fn factor_texts() -> Vec<String> {
        let mut texts = vec![H::NAME.to_string()];
        texts.extend(T::factor_texts());
        texts
    }
    fn ids() -> Vec<std::any::TypeId> {
        let mut ids = vec![std::any::TypeId::of::<H>()];
        ids.extend(T::ids());
        ids
    }
    fn product_in(sizes: &NamedSizes) -> Option<usize> {
        let head = sizes.get(TypeId::of::<H>())?;
        T::product_in(sizes).map(|rest| rest.saturating_mul(head))
    }
}

// A static 0 (only in the dim a failed `-1` view is given, so that its
// error is the only one): no symbol.
impl<T: SymbolList> SymbolList for SCons<UTerm, T> {
    const LEN: usize = T::LEN;
    fn names() -> Vec<&'static str> {
        T::names()
    }
    fn factor_texts() -> Vec<String> {
        let mut texts = vec!["0".to_string()];
        texts.extend(T::factor_texts());
        texts
    }
    fn ids() -> Vec<std::any::TypeId> {
        T::ids()
    }
    fn product_in(_sizes: &NamedSizes) -> Option<usize> {
        Some(0)
    }
}

// A static factor: its size is in the dim's coefficient, not the symbols'.
impl<U: Unsigned, B, T: SymbolList> SymbolList for SCons<UInt<U, B>, T>
where
    UInt<U, B>: Unsigned,
{
    const LEN: usize = T::LEN;
    fn names() -> Vec<&'static str> {
        T::names()
    }
    fn factor_texts() -> Vec<String> {
        let mut texts = vec![<UInt<U, B> as Unsigned>::USIZE.to_string()];
        texts.extend(T::factor_texts());
        texts
    }
    fn ids() -> Vec<std::any::TypeId> {
        T::ids()
    }
    fn product_in(sizes: &NamedSizes) -> Option<usize> {
        T::product_in(sizes)
    }
}

/// The dims of a [`Sym`] shape: a tuple of [`DimKind`]s, ranks 1 to 8.
/// Sealed.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, SymDim, SymDims};
/// dims!(B);
/// type D = (SymDim<typenum::U1, SCons<B, SNil>>, typenum::U400);
/// assert_eq!(D::descs()[1].coefficient, 400);
/// assert_eq!(D::text(), "[B, 400]");
/// ```
pub trait SymDims: sealed::Dims + 'static {
    /// The dims as a list, for the type-level walks.
    type List;
    /// The number of dims.
    const RANK: usize;
    /// The run-time descriptions of the dims.
    fn descs() -> &'static [DimDesc];
    /// The shape as written: `[B, 3, 32, 32]`.
    fn text() -> String;
    /// For each dim that is exactly one symbol, the symbol's type id.
    fn single_symbols() -> Vec<Option<std::any::TypeId>>;
    /// Each dim's coefficient and symbols (with their names), in order.
    fn dim_symbols() -> Vec<(usize, Vec<(TypeId, &'static str)>)>;
    /// The dims' sizes for the symbols' sizes `sizes`, written to `out`;
    /// the rank, or `None` if a symbol's size is missing.
    fn sizes_in(sizes: &NamedSizes, out: &mut [usize; 8]) -> Option<usize>;
    /// Whether each dim of `shape` whose symbols all have a size in
    /// `sizes` is that size (and `shape` has this rank).
    #[doc(hidden)]
    fn sizes_agree(shape: &[usize], sizes: &NamedSizes) -> bool;
    /// The dims an op may name at this rank, `DimRange<-rank, rank - 1, Checked>`.
    type Range: Default;
    /// The positions `unsqueeze` may name, `DimRange<-rank - 1, rank, Checked>`.
    type InsertRange: Default;
    /// `Rank<rank, Checked>`.
    type Rank: Default;
}

/// The symbol of a dim that is exactly one symbol with coefficient 1.
/// Sealed, as [`DimKind`].
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, SingleSymbol, SymDim};
/// dims!(B);
/// assert!(<SymDim<typenum::U1, SCons<B, SNil>> as SingleSymbol>::single().is_some());
/// assert!(<typenum::U3 as SingleSymbol>::single().is_none());
/// ```
pub trait SingleSymbol: sealed::Dim {
    /// Its type id, if the dim is one symbol.
    fn single() -> Option<std::any::TypeId>;
}

impl<U: Unsigned> SingleSymbol for U {
    fn single() -> Option<std::any::TypeId> {
        None
    }
}

impl<C: Unsigned, L: SymbolList> SingleSymbol for SymDim<C, L> {
    fn single() -> Option<std::any::TypeId> {
        (C::USIZE == 1 && L::LEN == 1).then(|| L::ids()[0])
    }
}

macro_rules! sym_dims {
    ($rank:literal, [$lo:literal, $hi:literal], [$ilo:literal, $ihi:literal]; $($d:ident),+) => {
        impl<$($d: DimKind + SingleSymbol),+> SymDims for ($($d,)+) {
            type List = sym_dims!(@list $($d),+);
            const RANK: usize = $rank;
            type Range = DimRange<$lo, $hi, Checked>;
            type InsertRange = DimRange<$ilo, $ihi, Checked>;
            type Rank = Rank<$rank, Checked>;
            fn descs() -> &'static [DimDesc] {
                const { &[$($d::DESC),+] }
            }
            fn text() -> String {
                let items: [String; $rank] = [$($d::text()),+];
                format!("[{}]", items.join(", "))
            }
            fn single_symbols() -> Vec<Option<std::any::TypeId>> {
                vec![$($d::single()),+]
            }
            fn dim_symbols() -> Vec<(usize, Vec<(TypeId, &'static str)>)> {
                vec![$(($d::DESC.coefficient, $d::symbols())),+]
            }
            #[inline]
            fn sizes_in(sizes: &NamedSizes, out: &mut [usize; 8]) -> Option<usize> {
                let dims = [$($d::size_in(sizes)?),+];
                out[..$rank].copy_from_slice(&dims);
                Some($rank)
            }
            #[inline]
            fn sizes_agree(shape: &[usize], sizes: &NamedSizes) -> bool {
                let Ok(shape) = <&[usize; $rank]>::try_from(shape) else {
                    return false;
                };
                let mut at = shape.iter();
                true $(&& at.next().is_some_and(|&s| $d::size_in(sizes).is_none_or(|t| t == s)))+
            }
        }
    };
    (@list $head:ident $(, $rest:ident)*) => { SCons<$head, sym_dims!(@list $($rest),*)> };
    (@list) => { SNil };
}

sym_dims!(1, [-1, 0], [-2, 1]; A);
sym_dims!(2, [-2, 1], [-3, 2]; A, B);
sym_dims!(3, [-3, 2], [-4, 3]; A, B, C);
sym_dims!(4, [-4, 3], [-5, 4]; A, B, C, D);
sym_dims!(5, [-5, 4], [-6, 5]; A, B, C, D, E);
sym_dims!(6, [-6, 5], [-7, 6]; A, B, C, D, E, F);
sym_dims!(7, [-7, 6], [-8, 7]; A, B, C, D, E, F, G);
sym_dims!(8, [-8, 7], [-9, 8]; A, B, C, D, E, F, G, H);
