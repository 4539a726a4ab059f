//! Merged dims: [`Merged<(B, T)>`](Merged) is one dim of `B*T` elements,
//! what a view that merges named dims makes (`[B, T, 768]` viewed
//! `[-1, 768]` is `(Merged<(B, T)>, D<768>)`).
//!
//! A merged dim lists its factors in order, outermost first: named dims and
//! static sizes (`Merged<(B, D<4>)>` is `B*4`, which differs from
//! `Merged<(D<4>, B)>`, `4*B`). It is a named dim for every rule (it
//! broadcasts only with the identical merged dim or `One`, and two tensors
//! holding it are checked once at run time), except `view`, which reads its
//! factors in order (`typed::rules::ViewAs`), so that a merged dim can be
//! split back into its factors.
//!
//! The split back needs the factors' sizes apart: a tensor whose type holds
//! a merged dim carries them (`Tensor::symbols`), from the view that merged
//! them or from `into_static()`, which refuses a shape that does not give
//! them apart (`[B*T, 768]` alone), as the `Shape!` form does.

use std::any::TypeId;
use std::sync::{Mutex, OnceLock};

use smallvec::SmallVec;

use super::dim::{Dim, Named, D};
use super::list::{DimInfo, DimList, MAX_TYPED_RANK};
use crate::static_shape::symbolic::sizes::{solve_factors, DimFactors, Entries};
use crate::static_shape::{NamedSizes, Symbol};
use crate::ViewError;

/// One dim of the product of the dims `L`, in order: `Merged<(B, T)>` is
/// `B*T`, `Merged<(B, D<4>)>` is `B*4`. Write static factors multiplied
/// (`Merged<(B, D<12>)>`, not `Merged<(B, D<3>, D<4>)>`): a view's `Infer`
/// gives them so, and two merged dims broadcast only when their types are
/// the same.
///
/// ```
/// use tensor_view::{dims, typed::{Infer, Merged}, Tensor, D};
/// dims!(B, T);
/// let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::zeros(&[2, 3, 4])?.into_static()?;
/// let rows: Tensor<f32, (Merged<(B, T)>, D<4>)> = x.view_to::<(Infer, D<4>)>();
/// assert_eq!(rows.shape(), &[6, 4]);
/// let back: Tensor<f32, (B, T, D<4>)> = rows.view_to::<(B, T, D<4>)>();
/// assert_eq!(back.shape(), &[2, 3, 4]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Merged<L>(L);

/// A factor of a [`Merged`] dim: a static size `D<N>` or a named dim.
///
/// ```
/// use tensor_view::{dims, typed::Factor, D};
/// dims!(B);
/// fn factor<F: Factor>() {}
/// factor::<B>();
/// factor::<D<4>>();
/// ```
///
/// Sealed.
pub trait Factor: Dim + sealed::Factor {}
impl<const N: usize> Factor for D<N> {}
impl<S: Symbol> Factor for S {}

/// The factors of a [`Merged`] dim: a tuple of two to six [`Factor`]s.
///
/// ```
/// use tensor_view::{dims, typed::Factors, D};
/// dims!(B, T);
/// assert_eq!(<(B, T) as Factors>::text(), "B*T");
/// assert_eq!(<(B, D<4>) as Factors>::text(), "B*4");
/// ```
///
/// Sealed.
pub trait Factors: sealed::Factors + Copy + Default + 'static {
    /// The factors before the list `R` (a `rules::Cons` list), for the view
    /// rule, which reads a merged dim as its factors.
    #[doc(hidden)]
    type Before<R>;
    /// Each factor, outermost first.
    #[doc(hidden)]
    fn infos() -> SmallVec<[DimInfo; MAX_TYPED_RANK]>;
    /// The product as messages write it: `B*T`.
    fn text() -> String {
        let parts: Vec<String> = Self::infos().iter().map(info_text).collect();
        parts.join("*")
    }
}

fn info_text(info: &DimInfo) -> String {
    match info {
        DimInfo::Static(n) => n.to_string(),
        DimInfo::Named(_, name) => (*name).to_string(),
    }
}

macro_rules! factors {
    ($($f:ident)*) => {
        impl<$($f: Factor),*> sealed::Factors for ($($f,)*) {}
        impl<$($f: Factor),*> Factors for ($($f,)*) {
            type Before<R> = factors!(@cons R; $($f)*);
            fn infos() -> SmallVec<[DimInfo; MAX_TYPED_RANK]> {
                [$(super::list::info::<$f>()),*].into_iter().collect()
            }
        }
    };
    (@cons $r:ident;) => { $r };
    (@cons $r:ident; $first:ident $($rest:ident)*) => {
        super::rules::view::Cons<$first, factors!(@cons $r; $($rest)*)>
    };
}
factors!(A0 A1);
factors!(A0 A1 A2);
factors!(A0 A1 A2 A3);
factors!(A0 A1 A2 A3 A4);
factors!(A0 A1 A2 A3 A4 A5);

impl<L: Factors> Dim for Merged<L> {
    const SIZE: Option<usize> = None;
    type Kind = Named<Self>;
    type Outcome = crate::static_shape::Fallible;
    fn symbol() -> Option<(TypeId, &'static str)> {
        Some((TypeId::of::<Self>(), name::<L>()))
    }
    fn factors() -> Option<SmallVec<[DimInfo; MAX_TYPED_RANK]>> {
        Some(L::infos())
    }
}
impl<L: Factors> super::dim::sealed::Sealed for Merged<L> {}

/// The text `B*T` of the factors `L`, made once per type and kept (a
/// message names a dim by a `&'static str`).
fn name<L: Factors>() -> &'static str {
    static NAMES: OnceLock<Mutex<Vec<(TypeId, &'static str)>>> = OnceLock::new();
    let id = TypeId::of::<L>();
    let names = NAMES.get_or_init(|| Mutex::new(Vec::new()));
    let mut names = names
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&(_, text)) = names.iter().find(|(key, _)| *key == id) {
        return text;
    }
    let text: &'static str = Box::leak(L::text().into_boxed_str());
    names.push((id, text));
    text
}

/// The sizes of the named dims of a tensor of `shape` typed `L`, when `L`
/// holds a merged dim: each name standing alone is its dim's size; then
/// those `seed` carries; then a merged dim with one unknown name gives it
/// (its size over the rest). Fails when a merged dim does not fit its
/// factors' sizes, or when some name's size cannot be told apart (`[B*T,
/// 768]` alone), in the words of the `Shape!` form. A shape with no merged
/// dim carries nothing.
pub(crate) fn named_sizes<L: DimList>(
    shape: &[usize],
    seed: &NamedSizes,
) -> Result<NamedSizes, ViewError> {
    let merged = L::merged_factors();
    if merged.iter().all(Option::is_none) || shape.len() != merged.len() {
        return Ok(NamedSizes::default());
    }
    let known = known_sizes::<L>(shape, seed)?;
    let mut sizes = NamedSizes::default();
    for (id, size) in known {
        let used = merged.iter().flatten().any(|factors| {
            factors
                .iter()
                .any(|f| matches!(f, DimInfo::Named(key, _) if *key == id))
        });
        if used {
            sizes = sizes.with_entry(id, size);
        }
    }
    Ok(sizes)
}

/// The sizes of every named dim of `L` (the names alone in a dim and the
/// factors of merged dims) for a tensor of `shape` carrying `seed`.
pub(crate) fn known_sizes<L: DimList>(
    shape: &[usize],
    seed: &NamedSizes,
) -> Result<Vec<(TypeId, usize)>, ViewError> {
    let infos = L::infos();
    let merged = L::merged_factors();
    let mismatch = || ViewError::TypedShapeMismatch {
        expected: L::text(),
        actual: shape.to_vec(),
    };
    let mut known: Vec<(TypeId, usize)> = Vec::new();
    let find = |known: &[(TypeId, usize)], id: TypeId| {
        known.iter().find(|(key, _)| *key == id).map(|&(_, s)| s)
    };
    for ((info, factors), &size) in infos.iter().zip(&merged).zip(shape) {
        if let (DimInfo::Named(id, _), None) = (info, factors)
            && find(&known, *id).is_none()
        {
            known.push((*id, size));
        }
    }
    for factors in merged.iter().flatten() {
        for f in factors {
            if let DimInfo::Named(id, _) = f
                && find(&known, *id).is_none()
                && let Some(size) = seed.get(*id)
            {
                known.push((*id, size));
            }
        }
    }
    // Only the merged dims are left to solve (a dim that is not merged has
    // been read above, or is static and checked by `check_dims`).
    let (sizes, dims): (Vec<usize>, Vec<DimFactors>) = merged
        .iter()
        .zip(shape)
        .filter_map(|(factors, &size)| {
            let factors = factors.as_ref()?;
            let mut coefficient = 1usize;
            let mut names = Vec::new();
            for f in factors {
                match f {
                    DimInfo::Static(n) => coefficient = coefficient.saturating_mul(*n),
                    DimInfo::Named(id, name) => names.push((*id, *name)),
                }
            }
            Some((size, (coefficient, names)))
        })
        .unzip();
    let mut solved: Entries = known.into_iter().collect();
    let unsolved = solve_factors(&sizes, &dims, &mut solved).map_err(|()| mismatch())?;
    let known: Vec<(TypeId, usize)> = solved.into_vec();
    if !unsolved.is_empty() {
        return Err(ViewError::NamedSizesApart {
            expected: L::text(),
            actual: shape.to_vec(),
            symbols: unsolved.join(" and "),
        });
    }
    Ok(known)
}

/// Two inputs of a join (a stack, a cat) that give one factor of a merged
/// dim of the result different sizes: the input's number, the name, and
/// the two sizes (the first input's, then this one's).
#[derive(Debug)]
pub(crate) struct FactorMismatch {
    /// The number of the input that disagrees with the first.
    pub(crate) entry: usize,
    /// The first input's size of the name.
    pub(crate) expected: usize,
    /// This input's size of the name.
    pub(crate) actual: usize,
}

/// The named sizes the result of a join (a stack or a cat, whose shapes the
/// op already checked) carries when its type `R` holds a merged dim: the
/// sizes of the merged dims' named factors, which every input (`each[k]`,
/// the sizes its type and shape give, see `Tensor::all_sizes`) must give
/// alike, or the split of the result would differ by input. Without a
/// merged dim in `R`, nothing is compared. The result carries the first
/// input's sizes.
pub(crate) fn join_sizes<R: DimList>(each: &[NamedSizes]) -> Result<NamedSizes, FactorMismatch> {
    let Some(first) = each.first() else {
        return Ok(NamedSizes::default());
    };
    let merged = R::merged_factors();
    let names = || {
        merged.iter().flatten().flatten().filter_map(|f| match f {
            DimInfo::Named(id, _) => Some(*id),
            DimInfo::Static(_) => None,
        })
    };
    // Input by input, then factor by factor, as PyTorch checks the tensors
    // the merged dims stand for.
    for (entry, other) in each.iter().enumerate().skip(1) {
        for id in names() {
            if let (Some(expected), Some(actual)) = (first.get(id), other.get(id))
                && actual != expected
            {
                return Err(FactorMismatch {
                    entry,
                    expected,
                    actual,
                });
            }
        }
    }
    Ok(first.clone())
}

/// The shape of a tensor typed `L` with each merged dim written as its
/// factors' sizes (`[6, 4]` typed `(Merged<(B, T)>, D<4>)` with `B` 2 and
/// `T` 3 is `[2, 3, 4]`), for a message about the factors; a factor whose
/// size is unknown keeps the merged dim whole.
pub(crate) fn split_shape<L: DimList>(shape: &[usize], sizes: &NamedSizes) -> Vec<usize> {
    let mut out = Vec::with_capacity(shape.len());
    for (factors, &size) in L::merged_factors().iter().zip(shape) {
        let parts: Option<Vec<usize>> = factors.as_ref().and_then(|factors| {
            factors
                .iter()
                .map(|f| match f {
                    DimInfo::Static(n) => Some(*n),
                    DimInfo::Named(id, _) => sizes.get(*id),
                })
                .collect()
        });
        match parts {
            Some(parts) => out.extend(parts),
            None => out.push(size),
        }
    }
    out
}

/// The position of the dim `dim` of a shape typed `L` once each merged dim
/// is written as its factors (`split_shape`): `dim` plus the factors beyond
/// the first of each merged dim before it.
pub(crate) fn split_dim<L: DimList>(dim: usize) -> usize {
    L::merged_factors()
        .iter()
        .take(dim)
        .map(|factors| factors.as_ref().map_or(1, |f| f.len()))
        .sum()
}

pub(crate) mod sealed {
    pub trait Factor {}
    impl<const N: usize> Factor for super::D<N> {}
    impl<S: crate::static_shape::Symbol> Factor for S {}
    pub trait Factors {}
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::rules::ViewAs;
    use crate::typed::{Dim, Infer, Merged, One, D};
    use crate::Tensor;

    test_symbol!(B, crate::typenum::U101);
    test_symbol!(T, crate::typenum::U102);
    test_symbol!(H, crate::typenum::U103);

    fn out<I: ViewAs<X, Out = Y>, X, Y>() {}

    #[test]
    fn infer_over_named_dims_is_their_merged_dim() {
        out::<(B, T, D<768>), (Infer, D<768>), (Merged<(B, T)>, D<768>)>();
        out::<(D<4>, B), (Infer,), (Merged<(D<4>, B)>,)>();
        out::<(B, D<4>), (Infer,), (Merged<(B, D<4>)>,)>();
        out::<(D<6>, B), (D<2>, Infer), (D<2>, Merged<(D<3>, B)>)>();
        out::<(B, D<2>, T, D<3>), (Infer, D<3>), (Merged<(B, D<2>, T)>, D<3>)>();
        out::<(H, B, T, D<8>), (H, Infer, D<2>, D<4>), (H, Merged<(B, T)>, D<2>, D<4>)>();
        // one name alone stays itself
        out::<(D<2>, B, D<3>), (D<2>, Infer, D<3>), (D<2>, B, D<3>)>();
        out::<(B, T, D<4>), (B, Infer), (B, Merged<(T, D<4>)>)>();
    }

    #[test]
    fn merged_dims_split_back_and_merge_again() {
        out::<(Merged<(B, T)>, D<768>), (B, T, D<768>), (B, T, D<768>)>();
        out::<(Merged<(B, T)>, D<768>), (B, Infer, D<768>), (B, T, D<768>)>();
        out::<
            (Merged<(B, T)>, D<768>),
            (Merged<(B, T)>, D<12>, Infer),
            (Merged<(B, T)>, D<12>, D<64>),
        >();
        out::<(Merged<(B, D<4>)>, One), (B, D<2>, D<2>), (B, D<2>, D<2>)>();
        out::<(B, T, D<4>), (Merged<(B, T, D<4>)>,), (Merged<(B, T, D<4>)>,)>();
        out::<(Merged<(B, T, D<4>)>,), (B, Infer), (B, Merged<(T, D<4>)>)>();
    }

    #[test]
    fn a_merged_dim_prints_its_factors() {
        assert_eq!(<Merged<(B, T)> as Dim>::text(), "B*T");
        assert_eq!(<Merged<(D<4>, B)> as Dim>::text(), "4*B");
        assert_eq!(
            <(Merged<(B, D<4>)>, D<3>) as crate::typed::DimList>::text(),
            "[B*4, 3]"
        );
    }

    #[test]
    fn views_that_merge_carry_the_sizes_to_split_back() {
        let d = Tensor::<f32>::from_fn(24, |i| i as f32 / 8.0)
            .view(&[2, 3, 4])
            .unwrap();
        let x: Tensor<f32, (B, T, D<4>)> = d.clone().into_static().unwrap();
        let m = x.view_to::<(Infer, D<4>)>();
        assert_eq!(m.shape(), &[6, 4]);
        // a fresh result of an op keeps the sizes too
        let m2 = m.exp();
        let back: Tensor<f32, (B, T, D<4>)> = m2.view_to::<(B, T, D<4>)>();
        assert_eq!(back.shape(), &[2, 3, 4]);
        assert_eq!(back.to_vec(), d.exp().to_vec());
        let flat = x.view_to::<(Infer,)>();
        let t: Tensor<f32, (B, Merged<(T, D<4>)>)> = flat.view_to::<(B, Infer)>();
        assert_eq!(t.shape(), &[2, 12]);
    }

    #[test]
    fn into_static_needs_the_sizes_apart() {
        let d = Tensor::<f32>::zeros(&[6, 4]).unwrap();
        let e = d
            .clone()
            .into_static::<(Merged<(B, T)>, D<4>)>()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            crate::ViewError::NamedSizesApart {
                expected: "[B*T, 4]".into(),
                actual: vec![6, 4],
                symbols: "B and T".into()
            }
            .to_string()
        );
        // a name standing alone gives the other
        let x = Tensor::<f32>::zeros(&[6, 2]).unwrap();
        let x: Tensor<f32, (Merged<(B, T)>, B)> = x.into_static().unwrap();
        let y: Tensor<f32, (B, T, B)> = x.view_to::<(B, T, B)>();
        assert_eq!(y.shape(), &[2, 3, 2]);
        // a static factor divides out; a size that is no multiple fails
        let z = Tensor::<f32>::zeros(&[12]).unwrap();
        let z: Tensor<f32, (Merged<(B, D<4>)>,)> = z.into_static().unwrap();
        assert_eq!(z.view_to::<(B, D<4>)>().shape(), &[3, 4]);
        assert!(Tensor::<f32>::zeros(&[10])
            .unwrap()
            .into_static::<(Merged<(B, D<4>)>,)>()
            .is_err());
    }
}
