//! `view` of a typed tensor to a typed target written as a tuple:
//! `view_to::<(B, T, D<12>, Infer)>()` checks PyTorch's rule while compiling
//! (`typed::rules::ViewAs`, through the size table of `typed::numbers`);
//! `view_typed`/`reshape_typed` check a target of any sizes once at run
//! time (a `Result`, as `candle`'s `reshape` is).

use smallvec::SmallVec;

use super::relayout::ViewLayout;
use crate::static_shape::NamedSizes;
use crate::tensor::Tensor;
use crate::typed::list::{DimInfo, DimList, TypedDims, MAX_TYPED_RANK};
use crate::typed::merged::known_sizes;
use crate::typed::rules::{InTable, ViewOf};
use crate::{Element, ViewError};

/// What `view_to::<X>()` of a tensor typed `S` returns.
type Viewed<T, S, X> =
    <<S as TypedDims>::Layout as ViewLayout<<X as ViewOf<Input<S>>>::Out>>::Output<T>;
/// The input of `view_to` of a tensor typed `S`: its dims, once its sizes
/// are known to be in the size table.
type Input<S> = <<S as TypedDims>::List as InTable>::Checked;

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `x.view(shape)` to the target `X`, a tuple of dims and at most one
    /// [`Infer`](crate::typed::Infer) (PyTorch's `-1`), checked while
    /// compiling: the element count, and every named dim kept in order
    /// (`typed::rules::ViewAs`). The result's type is computed, the `-1`
    /// filled. A row-major input gives the view itself; a
    /// [`Permuted`](crate::typed::Permuted) input (after a transpose, a
    /// permute or a cut) has its strides checked by PyTorch's stride rule
    /// while compiling too: a view that would need a copy is a compile
    /// error in PyTorch's words, one that needs none is the view itself,
    /// row-major where the input was, else typed
    /// [`AnyStrides`](crate::typed::AnyStrides); an `AnyStrides` input
    /// gives a `Result` of an `AnyStrides` view, as its strides are known
    /// only at run time (PyTorch's view of it need not be row-major).
    ///
    /// The stride rule takes every named dim to hold at least 2 elements
    /// (the named dims' rule of this form). Where a named dim holds 0 or 1
    /// at run time, PyTorch allows more views (every view of an empty
    /// tensor): the compiler refuses some views PyTorch would take for such
    /// a batch, and never takes one PyTorch refuses. A static 0 makes the
    /// tensor empty, and then every view that keeps the count compiles.
    ///
    /// ```
    /// use tensor_view::{dims, typed::{AnyStrides, Infer}, Tensor, D};
    /// dims!(B, T);
    /// let x: Tensor<f32, (B, T, D<768>)> = Tensor::<f32>::zeros(&[2, 5, 768])?.into_static()?;
    /// let q = x.view_to::<(B, T, D<12>, Infer)>(); // (B, T, D<12>, D<64>), no Result
    /// assert_eq!(q.shape(), &[2, 5, 12, 64]);
    /// let back: Tensor<f32, (B, T, D<768>)> = q.view_to::<(B, T, Infer)>();
    /// assert!(back.shares_storage(&x));
    /// // a head split of a part of a fused projection: no copy, no Result
    /// let qkv: Tensor<f32, (B, T, D<2304>)> = Tensor::<f32>::zeros(&[2, 5, 2304])?.into_static()?;
    /// let (q, _, _) = qkv.split_by::<768, -1>();
    /// let heads: Tensor<f32, AnyStrides<(B, T, D<12>, D<64>)>> = q.view_to::<(B, T, D<12>, Infer)>();
    /// assert_eq!(heads.stride(), &[11520, 2304, 64, 1]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// A view across a transpose is a compile error (PyTorch: "view size is
    /// not compatible with input tensor's size and stride (at least one
    /// dimension spans across two contiguous subspaces). Use .reshape(...)
    /// instead."):
    ///
    /// ```compile_fail
    /// use tensor_view::{dims, transpose, typed::Infer, Tensor, D};
    /// dims!(B);
    /// fn flat(x: &Tensor<f32, (B, D<3>, D<4>)>) {
    ///     let y = transpose!(x, 1, 2).view_to::<(B, D<12>)>();
    /// }
    /// ```
    ///
    /// A wrong view is a compile error:
    ///
    /// ```compile_fail
    /// use tensor_view::{dims, typed::Infer, Tensor, D};
    /// dims!(B, T);
    /// fn heads(x: &Tensor<f32, (B, T, D<768>)>) {
    ///     let q = x.view_to::<(B, T, D<10>, Infer)>(); // 768 is not a multiple of 10
    /// }
    /// ```
    pub fn view_to<X: ViewOf<Input<S>>>(&self) -> Viewed<T, S, X>
    where
        S::List: InTable,
        S::Layout: ViewLayout<<X as ViewOf<Input<S>>>::Out>,
    {
        // The rule is read through the target (`ViewOf`, not `ViewAs`): see
        // `ViewOf` for the compile time this saves.
        type Out<S, X> = <X as ViewOf<Input<S>>>::Out;
        let viewed = self
            .target_sizes::<Out<S, X>>()
            .and_then(|dims| self.as_dynamic().view(&dims))
            .map(|mut v| {
                // A merged dim of the result keeps its factors' sizes.
                v.symbols = self.all_sizes::<Out<S, X>>();
                v
            });
        <S::Layout as ViewLayout<Out<S, X>>>::settle(viewed)
    }

    /// `x.view(shape)` to the typed shape `L`: the same storage, or
    /// PyTorch's error (a size that does not fit, or strides that need a
    /// copy). A named dim of `L` takes its size from the dim of the same
    /// name in `self`.
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(B, T);
    /// let x: Tensor<f32, (B, T, D<768>)> = Tensor::<f32>::zeros(&[2, 5, 768])?.into_static()?;
    /// let heads = x.view_typed::<(B, T, D<12>, D<64>)>()?;
    /// assert_eq!(heads.shape(), &[2, 5, 12, 64]);
    /// assert!(heads.shares_storage(&x));
    /// let e = x.view_typed::<(B, T, D<10>, D<64>)>().unwrap_err();
    /// assert_eq!(e.to_string(), "shape '[2, 5, 10, 64]' is invalid for input of size 7680");
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn view_typed<L: DimList>(&self) -> Result<Tensor<T, L>, ViewError> {
        let dims = self.target_sizes::<L>()?;
        let mut viewed = self.as_dynamic().view(&dims)?;
        viewed.symbols = self.all_sizes::<L>();
        viewed.into_static::<L>()
    }

    /// `x.reshape(shape)` to the typed shape `L`: the view where one
    /// exists, else a row-major copy (exactly when PyTorch copies).
    ///
    /// ```
    /// use tensor_view::{dims, typed::AnyStrides, Tensor, D};
    /// dims!(B);
    /// let x: Tensor<f32, AnyStrides<(D<4>, B)>> =
    ///     Tensor::<f32>::zeros(&[3, 4])?.transpose(0, 1)?.into_static()?;
    /// let flat = x.reshape_typed::<(B, D<4>)>()?; // needs a copy
    /// assert!(!flat.shares_storage(&x));
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn reshape_typed<L: DimList>(&self) -> Result<Tensor<T, L>, ViewError> {
        let dims = self.target_sizes::<L>()?;
        let mut reshaped = self.as_dynamic().reshape(&dims)?;
        reshaped.symbols = self.all_sizes::<L>();
        // A reshape's copy is row-major; its view may keep size-1 strides.
        L::check(reshaped.shape(), reshaped.stride())?;
        reshaped.into_static::<L>()
    }

    /// The sizes of `L` for this tensor: its static dims, for each named
    /// dim the size of the dim of that name here, and for each merged dim
    /// the product of its factors' sizes (the names' sizes read from this
    /// tensor's shape and the sizes it carries).
    pub(crate) fn target_sizes<L: DimList>(
        &self,
    ) -> Result<SmallVec<[usize; MAX_TYPED_RANK]>, ViewError> {
        let known = known_sizes::<S::List>(self.shape(), &self.symbols)?;
        let find = |id: &std::any::TypeId| {
            known
                .iter()
                .find(|(key, _)| key == id)
                .map(|&(_, size)| size)
        };
        let missing = |name: &str| {
            ViewError::runtime(format!(
                "view: the named dim {name} of {} is not a dim of the input of shape {}",
                L::text(),
                S::List::text()
            ))
        };
        let mine = S::List::infos();
        L::infos()
            .iter()
            .zip(L::merged_factors())
            .map(|(info, factors)| match (info, factors) {
                (DimInfo::Static(n), _) => Ok(*n),
                (DimInfo::Named(id, name), None) => find(id).ok_or_else(|| missing(name)),
                (DimInfo::Named(id, name), Some(factors)) => {
                    // The same merged dim in the input: its size.
                    if let Some(i) = mine
                        .iter()
                        .position(|m| matches!(m, DimInfo::Named(other, _) if other == id))
                    {
                        return Ok(self.shape()[i]);
                    }
                    factors.iter().try_fold(1usize, |product, f| {
                        let size = match f {
                            DimInfo::Static(n) => *n,
                            DimInfo::Named(id, _) => find(id).ok_or_else(|| missing(name))?,
                        };
                        Ok(product.saturating_mul(size))
                    })
                }
            })
            .collect()
    }

    /// The sizes of every named dim this tensor's type names, as its shape
    /// and the sizes it carries give them, for a view to `L` when `L` holds
    /// a merged dim (else the sizes it carries: nothing to allocate).
    pub(crate) fn all_sizes<L: DimList>(&self) -> NamedSizes {
        let mut sizes = self.symbols.clone();
        if L::merged_factors().iter().all(Option::is_none) {
            return sizes;
        }
        if let Ok(known) = known_sizes::<S::List>(self.shape(), &self.symbols) {
            for (id, size) in known {
                if sizes.get(id).is_none() {
                    sizes = sizes.with_entry(id, size);
                }
            }
        }
        sizes
    }
}
