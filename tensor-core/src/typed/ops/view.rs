//! `view` and `reshape` of a typed tensor to a typed shape written as the
//! target, checked at run time (a `Result`, as `candle`'s `reshape` is).
//!
//! A view's element count check needs products of sizes, which the readable
//! dims cannot compute while compiling on stable Rust without a bridge to
//! computable numbers (docs/compile-time.md, "Readable shapes"); until that
//! bridge lands, a view between tuples is checked once at run time with
//! PyTorch's messages. The `Shape!` form (`view!(x, [B, T, 12, -1])`) keeps
//! its compile-time checks.

use smallvec::SmallVec;

use crate::tensor::Tensor;
use crate::typed::list::{DimInfo, DimList, TypedDims, MAX_TYPED_RANK};
use crate::{Element, ViewError};

impl<T: Element, S: TypedDims> Tensor<T, S> {
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
        self.as_dynamic().view(&dims)?.into_static::<L>()
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
        let reshaped = self.as_dynamic().reshape(&dims)?;
        // A reshape's copy is row-major; its view may keep size-1 strides.
        L::check(reshaped.shape(), reshaped.stride())?;
        reshaped.into_static::<L>()
    }

    /// The sizes of `L` for this tensor: its static dims, and for each named
    /// dim the size of the dim of that name here.
    fn target_sizes<L: DimList>(&self) -> Result<SmallVec<[usize; MAX_TYPED_RANK]>, ViewError> {
        let mine = S::List::infos();
        L::infos()
            .iter()
            .map(|info| match info {
                DimInfo::Static(n) => Ok(*n),
                DimInfo::Named(id, name) => mine
                    .iter()
                    .position(|m| matches!(m, DimInfo::Named(other, _) if other == id))
                    .map(|i| self.shape()[i])
                    .ok_or_else(|| {
                        ViewError::runtime(format!(
                            "view: the named dim {name} of {} is not a dim of the input of shape {}",
                            L::text(),
                            S::List::text()
                        ))
                    }),
            })
            .collect()
    }
}
