//! The partly-dynamic shape marker [`Sym`] and its dims.
//!
//! `Shape![B, T, 768]` (with `B`, `T` declared by `dims!`) is
//! `Sym<768, U768, (SymDim<U1, [B]>, SymDim<U1, [T]>, U768)>`: the product of
//! the static parts as a const generic (messages print it in decimal) and as
//! a `typenum` number (for the arithmetic of `-1`), and the dims. A dim is a
//! `typenum` number (static) or a [`SymDim`]: a static coefficient times a
//! list of symbols (`B`, `B*T`, `4*B`). Each value has one form, so a type the
//! user writes and a type a view infers are the same type.

use std::any::TypeId;
use std::marker::PhantomData;

use typenum::{UInt, UTerm, Unsigned};

use super::lists::{Len, SCons, SNil};
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

/// A dim that is the static coefficient `C` times the symbols of the list `L`
/// (`B` is `SymDim<U1, SCons<B, SNil>>`, `B*T` lists both).
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{DimKind, SCons, SNil, SymDim};
/// dims!(B);
/// let d = <SymDim<typenum::U4, SCons<B, SNil>> as DimKind>::DESC;
/// assert_eq!((d.coefficient, d.symbols), (4, 1));
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

/// One dim of a [`Sym`] shape.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{DimKind, SCons, SNil, SymDim};
/// dims!(B, T);
/// assert_eq!(<SymDim<typenum::U1, SCons<B, SCons<T, SNil>>> as DimKind>::text(), "B*T");
/// assert_eq!(<typenum::U3 as DimKind>::text(), "3");
/// ```
pub trait DimKind: 'static {
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
        let names = L::names().join("*");
        if C::USIZE == 1 {
            names
        } else {
            format!("{}*{names}", C::USIZE)
        }
    }
}

/// A list of symbols ([`SCons`] of [`Symbol`]s).
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, SymbolList};
/// dims!(B, T);
/// assert_eq!(<SCons<B, SCons<T, SNil>> as SymbolList>::names(), ["B", "T"]);
/// ```
pub trait SymbolList: Len {
    /// The number of symbols.
    const LEN: usize;
    /// Their names, in order.
    fn names() -> Vec<&'static str>;
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
    fn ids() -> Vec<std::any::TypeId> {
        Vec::new()
    }
    fn product_in(_sizes: &NamedSizes) -> Option<usize> {
        Some(1)
    }
}

impl<H: Symbol, T: SymbolList> SymbolList for SCons<H, T>
where
    SCons<H, T>: Len,
{
    const LEN: usize = 1 + T::LEN;
    fn names() -> Vec<&'static str> {
        let mut names = vec![H::NAME];
        names.extend(T::names());
        names
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

/// The dim `-1` stands for: the coefficient `C` alone when no symbol falls
/// to it (`Self` is `SNil`), else `SymDim<C, Self>`.
///
/// ```
/// use tensor_view::static_shape::{MakeDim, SNil};
/// let _: <SNil as MakeDim<typenum::U64>>::Dim = typenum::U64::default();
/// ```
pub trait MakeDim<C> {
    /// The dim.
    type Dim;
}

impl<C> MakeDim<C> for SNil {
    type Dim = C;
}

impl<C, H, T> MakeDim<C> for SCons<H, T> {
    type Dim = SymDim<C, SCons<H, T>>;
}

/// The dims of a [`Sym`] shape: a tuple of [`DimKind`]s, ranks 1 to 8.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::{SCons, SNil, SymDim, SymDims};
/// dims!(B);
/// type D = (SymDim<typenum::U1, SCons<B, SNil>>, typenum::U400);
/// assert_eq!(D::descs()[1].coefficient, 400);
/// assert_eq!(D::text(), "[B, 400]");
/// ```
pub trait SymDims: 'static {
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
    /// The dims an op may name at this rank, `DimRange<-rank, rank - 1, Checked>`.
    type Range: Default;
    /// The positions `unsqueeze` may name, `DimRange<-rank - 1, rank, Checked>`.
    type InsertRange: Default;
    /// `Rank<rank, Checked>`.
    type Rank: Default;
}

/// The symbol of a dim that is exactly one symbol with coefficient 1.
pub trait SingleSymbol {
    /// Its type id, if the dim is one symbol.
    fn single() -> Option<std::any::TypeId>;
}

impl SingleSymbol for UTerm {
    fn single() -> Option<std::any::TypeId> {
        None
    }
}

impl<U, B> SingleSymbol for UInt<U, B> {
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
