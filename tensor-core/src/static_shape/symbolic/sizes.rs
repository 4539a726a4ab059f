//! The run-time sizes of a partly-dynamic tensor's named dims.
//!
//! A tensor of `Shape![B, T, 768]` carries the sizes of `B` and `T` beside
//! its layout. The shape alone gives them while each symbol has a dim of its
//! own, but a view may merge them (`[B*T, 768]`), and the split back to
//! `[B, T, 768]` needs them apart. So the sizes are read once, when a tensor
//! gets its symbols (`into_static()`), and every view, typed op and clone of
//! it shares them (one reference count): along a chain of views a symbol
//! keeps one size, which is what a symbol promises.
//!
//! Tensors of other shapes carry nothing (`into_dyn()` drops the sizes).

use std::any::TypeId;
use std::sync::Arc;

use smallvec::SmallVec;

use super::shape::{Sym, SymDims};
use super::strided::SymStrided;
use super::symbol::Symbol;
use crate::tensor::Tensor;
use crate::{Element, ViewError};

/// The sizes of the named dims a typed tensor carries: empty for dynamic and
/// fully static tensors, shared (an `Arc`) between the views of one chain.
/// Read them with [`Tensor::sym_size`].
///
/// ```
/// use tensor_view::{dims, view, Shape, Tensor};
/// dims!(B, T);
/// let x: Tensor<f32, Shape![B, T, 4]> = Tensor::<f32>::zeros(&[2, 3, 4])?.into_static()?;
/// let rows: Tensor<f32, Shape![B * T, 4]> = view!(x, [-1, 4]);
/// assert_eq!((rows.sym_size::<B>(), rows.sym_size::<T>()), (Some(2), Some(3)));
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[derive(Clone, Default, Debug)]
pub struct NamedSizes(Option<Arc<Entries>>);

/// Each symbol (by its type) with its size; four fit without a second
/// allocation.
pub(crate) type Entries = SmallVec<[(TypeId, usize); 4]>;

impl NamedSizes {
    /// The size of the symbol `id`, if these sizes have it.
    pub(crate) fn get(&self, id: TypeId) -> Option<usize> {
        let entries = self.0.as_deref()?;
        entries
            .iter()
            .find(|(key, _)| *key == id)
            .map(|&(_, size)| size)
    }

    /// The sizes of the symbols of the dims `D` for a tensor of `shape`:
    /// first those of `seed` (the sizes the tensor came with, if it comes
    /// from a typed chain), then a symbol standing alone beside known ones in
    /// a dim is that dim divided by the rest. Fails when a dim does not fit
    /// its sizes, or when some symbol's size cannot be told apart from
    /// another's (`[B*T, 768]` with nothing else naming `B` or `T`).
    pub(crate) fn solve<D: SymDims>(shape: &[usize], seed: &NamedSizes) -> Result<Self, ViewError> {
        let dims = D::dim_symbols();
        let mismatch = || ViewError::TypedShapeMismatch {
            expected: D::text(),
            actual: shape.to_vec(),
        };
        if dims.len() != shape.len() {
            return Err(mismatch());
        }
        let mut known = Entries::new();
        for (_, ids) in &dims {
            for &(id, _) in ids {
                if let Some(size) = seed.get(id)
                    && !known.iter().any(|(key, _)| *key == id)
                {
                    known.push((id, size));
                }
            }
        }
        let unsolved = solve_factors(shape, &dims, &mut known).map_err(|()| mismatch())?;
        if !unsolved.is_empty() {
            return Err(ViewError::NamedSizesApart {
                expected: D::text(),
                actual: shape.to_vec(),
                symbols: unsolved.join(" and "),
            });
        }
        Ok(if known.is_empty() {
            NamedSizes(None)
        } else {
            NamedSizes(Some(Arc::new(known)))
        })
    }

    /// These sizes, with `size` for the symbol `id` (which they must lack).
    pub(crate) fn with_entry(&self, id: TypeId, size: usize) -> NamedSizes {
        let mut entries = self.0.as_deref().cloned().unwrap_or_default();
        entries.push((id, size));
        NamedSizes(Some(Arc::new(entries)))
    }

    /// The sizes of a broadcast of tensors carrying these and `other`: a
    /// symbol both carry has the size PyTorch's broadcast gives it (1
    /// against a size is that size), whatever the order.
    pub(crate) fn broadcast(&self, other: &NamedSizes) -> NamedSizes {
        let (Some(mine), Some(theirs)) = (&self.0, &other.0) else {
            return self.merged(other);
        };
        let mut entries = (**mine).clone();
        for &(id, size) in theirs.iter() {
            match entries.iter_mut().find(|(key, _)| *key == id) {
                Some((_, mine)) if *mine == 1 => *mine = size,
                Some(_) => {}
                None => entries.push((id, size)),
            }
        }
        NamedSizes(Some(Arc::new(entries)))
    }

    /// These sizes, with those of `other` for the symbols these lack.
    pub(crate) fn merged(&self, other: &NamedSizes) -> NamedSizes {
        match (&self.0, &other.0) {
            (_, None) => self.clone(),
            (None, _) => other.clone(),
            (Some(mine), Some(theirs)) => {
                let mut entries = (**mine).clone();
                for &(id, size) in theirs.iter() {
                    if !entries.iter().any(|(key, _)| *key == id) {
                        entries.push((id, size));
                    }
                }
                NamedSizes(Some(Arc::new(entries)))
            }
        }
    }
}

impl<T: Element, S> Tensor<T, S> {
    /// This handle, carrying also the named sizes of `from` (for a result of
    /// a dynamic op on typed operands, before it gets its type back).
    pub(crate) fn with_sizes_of<U: Element, S2>(mut self, from: &Tensor<U, S2>) -> Self {
        self.symbols = self.symbols.merged(&from.symbols);
        self
    }

    /// This handle, carrying the named sizes of `from` first (for a result
    /// that takes `from`'s shape and type, as `view_as` and `expand_as` do).
    pub(crate) fn with_sizes_first_of<U: Element, S2>(mut self, from: &Tensor<U, S2>) -> Self {
        self.symbols = from.symbols.merged(&self.symbols);
        self
    }
}

macro_rules! sym_size {
    ($marker:ident) => {
        impl<T: Element, const N: usize, NT: 'static, D: SymDims> Tensor<T, $marker<N, NT, D>> {
            /// The run-time size of the named dim `B`, as this tensor carries
            /// it (`None` when its type does not name `B`). It is the size
            /// `B` had when the tensor's chain got its type, even where the
            /// shape holds `B` merged with other dims (`[B*T, 768]`).
            ///
            /// ```
            /// use tensor_view::{dims, transpose, Shape, Tensor};
            /// dims!(B, T, H);
            /// let x: Tensor<f32, Shape![B, T, 6]> = Tensor::<f32>::zeros(&[2, 3, 6])?.into_static()?;
            /// assert_eq!(x.sym_size::<T>(), Some(3));
            /// assert_eq!(transpose!(x, 0, 1).sym_size::<B>(), Some(2));
            /// assert_eq!(x.sym_size::<H>(), None);
            /// # Ok::<(), tensor_view::ViewError>(())
            /// ```
            pub fn sym_size<B: Symbol>(&self) -> Option<usize> {
                self.symbols.get(TypeId::of::<B>())
            }
        }
    };
}

sym_size!(Sym);
sym_size!(SymStrided);

/// One dim as [`solve_factors`] reads it: its static coefficient and its
/// named factors `(id, name)`, outermost first.
pub(crate) type DimFactors = (usize, Vec<(TypeId, &'static str)>);

/// The sizes of the names of `dims` (each a static coefficient times named
/// factors `(id, name)`) for a tensor of `shape`, added to `known`: a dim
/// with one unknown name gives it the dim's size over the rest (a product
/// of zero leaves it undecided), pass after pass. `Err` when a dim does
/// not fit its sizes; else the names no dim told apart, each once. Both
/// typed forms solve their merged dims with it (`Shape![B * T, 768]`, and
/// `(Merged<(B, T)>, D<768>)`).
pub(crate) fn solve_factors(
    shape: &[usize],
    dims: &[DimFactors],
    known: &mut Entries,
) -> Result<Vec<&'static str>, ()> {
    let find = |known: &[(TypeId, usize)], id: TypeId| {
        known
            .iter()
            .find(|(key, _)| *key == id)
            .map(|&(_, size)| size)
    };
    // Each pass names at least one more symbol, or stops.
    loop {
        let mut progress = false;
        for (&size, (coefficient, ids)) in shape.iter().zip(dims) {
            let mut product = *coefficient;
            let mut unknown = None;
            let mut unknowns = 0;
            for &(id, _) in ids {
                match find(known, id) {
                    Some(s) => product = product.saturating_mul(s),
                    None if unknown != Some(id) => {
                        unknowns += 1;
                        unknown = Some(id);
                    }
                    None => unknowns += 1,
                }
            }
            // One unknown symbol, named once in the dim: the dim over the
            // rest (a product of zero leaves it undecided).
            if let (1, Some(id), true) = (unknowns, unknown, product > 0) {
                if size % product != 0 {
                    return Err(());
                }
                known.push((id, size / product));
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    let mut unsolved: Vec<&'static str> = Vec::new();
    for (&size, (coefficient, ids)) in shape.iter().zip(dims) {
        let mut product = Some(*coefficient);
        for &(id, _) in ids {
            product = match (product, find(known, id)) {
                (Some(p), Some(s)) => Some(p.saturating_mul(s)),
                _ => None,
            };
        }
        match product {
            Some(p) if p != size => return Err(()),
            Some(_) => {}
            None => {
                for &(id, name) in ids {
                    if find(known, id).is_none() && !unsolved.contains(&name) {
                        unsolved.push(name);
                    }
                }
            }
        }
    }
    Ok(unsolved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::static_shape::{SCons, SNil, SymDim};
    use typenum::{U1, U2, U4};

    test_symbol!(B, typenum::U11);
    test_symbol!(T, typenum::U12);

    type BDim = SymDim<U1, SCons<B, SNil>>;
    type TDim = SymDim<U1, SCons<T, SNil>>;
    type BT = SymDim<U1, SCons<B, SCons<T, SNil>>>;
    type TwoB = SymDim<U2, SCons<U2, SCons<B, SNil>>>;

    fn size(sizes: &NamedSizes, id: TypeId) -> Option<usize> {
        sizes.get(id)
    }

    #[test]
    fn symbols_alone_in_a_dim_are_read_from_the_shape() {
        let s = NamedSizes::solve::<(BDim, TDim, U4)>(&[3, 5, 4], &NamedSizes::default()).unwrap();
        assert_eq!(size(&s, TypeId::of::<B>()), Some(3));
        assert_eq!(size(&s, TypeId::of::<T>()), Some(5));
        // A coefficient divides out; a dim that is no multiple of it fails.
        let s = NamedSizes::solve::<(TwoB,)>(&[6], &NamedSizes::default()).unwrap();
        assert_eq!(size(&s, TypeId::of::<B>()), Some(3));
        assert!(NamedSizes::solve::<(TwoB,)>(&[7], &NamedSizes::default()).is_err());
    }

    #[test]
    fn a_merged_dim_is_solved_from_the_others_or_from_the_seed() {
        // [B*T, B]: B from the second dim, then T from the first.
        let s = NamedSizes::solve::<(BT, BDim)>(&[15, 3], &NamedSizes::default()).unwrap();
        assert_eq!(size(&s, TypeId::of::<T>()), Some(5));
        // [B*T, 4] alone cannot tell B from T.
        let e = NamedSizes::solve::<(BT, U4)>(&[15, 4], &NamedSizes::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [B*T, 4], but got shape [15, 4], \
             which does not give the sizes of B and T apart"
        );
        // With the sizes the chain carried, it can, and they must fit.
        let seed = NamedSizes::solve::<(BDim, TDim)>(&[3, 5], &NamedSizes::default()).unwrap();
        let s = NamedSizes::solve::<(BT, U4)>(&[15, 4], &seed).unwrap();
        assert_eq!(size(&s, TypeId::of::<B>()), Some(3));
        let e = NamedSizes::solve::<(BT, U4)>(&[16, 4], &seed).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [B*T, 4], but got shape [16, 4]"
        );
    }

    #[test]
    fn a_merged_dim_keeps_its_factors_in_order_and_splits_back() {
        use crate::static_shape::DimKind;
        type B5T = SymDim<typenum::U5, SCons<B, SCons<typenum::U5, SCons<T, SNil>>>>;
        assert_eq!(<B5T as DimKind>::text(), "B*5*T");
        let seed = NamedSizes::solve::<(BDim, TDim)>(&[3, 4], &NamedSizes::default()).unwrap();
        let s = NamedSizes::solve::<(B5T,)>(&[60], &seed).unwrap();
        assert_eq!(size(&s, TypeId::of::<B>()), Some(3));
        assert_eq!(size(&s, TypeId::of::<T>()), Some(4));
        assert_eq!(B5T::size_in(&s), Some(60));
        assert!(NamedSizes::solve::<(B5T,)>(&[61], &seed).is_err());
    }

    #[test]
    fn one_symbol_has_one_size_and_the_rank_must_match() {
        assert!(NamedSizes::solve::<(BDim, BDim)>(&[4, 4], &NamedSizes::default()).is_ok());
        assert!(NamedSizes::solve::<(BDim, BDim)>(&[4, 5], &NamedSizes::default()).is_err());
        assert!(NamedSizes::solve::<(BDim, U4)>(&[4], &NamedSizes::default()).is_err());
        // An empty batch: B is 0, and a B*T dim of 0 leaves T undecided.
        let s = NamedSizes::solve::<(BDim, TDim)>(&[0, 5], &NamedSizes::default()).unwrap();
        assert_eq!(size(&s, TypeId::of::<B>()), Some(0));
        assert!(NamedSizes::solve::<(BT, U4)>(&[0, 4], &NamedSizes::default()).is_err());
    }

    #[test]
    fn merging_keeps_the_first_sizes_and_adds_the_missing() {
        let b3 = NamedSizes::solve::<(BDim,)>(&[3], &NamedSizes::default()).unwrap();
        let b4t5 = NamedSizes::solve::<(BDim, TDim)>(&[4, 5], &NamedSizes::default()).unwrap();
        let m = b3.merged(&b4t5);
        assert_eq!(size(&m, TypeId::of::<B>()), Some(3));
        assert_eq!(size(&m, TypeId::of::<T>()), Some(5));
        assert_eq!(
            size(&NamedSizes::default().merged(&b3), TypeId::of::<B>()),
            Some(3)
        );
    }
}
