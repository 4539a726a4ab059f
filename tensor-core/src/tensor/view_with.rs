//! How a view's handle is made: the input's layout copied, edited by the
//! view op, and paired with a clone of the input's storage `Arc`; or, on the
//! quick paths of `transpose` and `narrow`, a layout built whole from the
//! input's ([`Tensor::view_of`]), which leaves no freshly written word for
//! the handle's next move to wait on (`layout/dim_lists.rs`).
//!
//! Everything here is safe code: the layout is an ordinary value and the
//! storage an ordinary `Arc`, so a view can neither lose nor leak a count.
//!
//! The view ops, [`Tensor::view_with`] and the ops' edit closures
//! (`#[inline(always)]` on the closure) are always inlined: left to the
//! compiler, a view made at two places of a crate became a call to a
//! shared copy and ran up to twice as slow (BENCHMARKS.md, section 1).

use super::Tensor;
use crate::layout::Layout;
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// A view of the same storage whose layout is this one changed by
    /// `edit`; an error from `edit` leaves nothing behind.
    #[inline(always)]
    pub(crate) fn view_with(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Tensor<T>, ViewError> {
        let mut layout = self.layout.clone();
        edit(&mut layout)?;
        Ok(self.with_layout(layout))
    }

    /// A handle to the same storage with `layout` (built whole by a view's
    /// quick path), the lazy bits kept.
    #[inline(always)]
    pub(crate) fn view_of(&self, layout: Layout) -> Tensor<T> {
        Tensor {
            layout,
            lazy: self.lazy,
            symbols: self.symbols.clone(),
            storage: self.storage.clone(),
            marker: std::marker::PhantomData,
        }
    }
}
