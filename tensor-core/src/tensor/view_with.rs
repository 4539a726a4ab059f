//! How a view's handle is made: the input's layout copied, edited by the
//! view op, and written into a new handle to the same storage.
//!
//! The edit runs on a copy of the layout of the view's own, and the new
//! handle is then written in one go by `Tensor::with_inline_layout`
//! (`handle_words.rs`): editing the returned handle in place left it
//! written by mixed 8- and 16-byte stores, which stalled the caller's move
//! of it (measured: view 15.0 -> 12.5 ns, select 11.4 -> 7.6, unsqueeze
//! 12.2 -> 9.4, expand 13.8 -> 10.4). Layouts of more than `INLINE_DIMS`
//! dims are edited in the returned handle.
//!
//! Two entry points differ only in where that rare heap-layout path is
//! compiled, which decides whether the compiler inlines the edit (it is
//! called at one place or two). Measured A/B (BENCHMARKS.md section 1,
//! session 7): with the path out of line, permute went 13.0–13.4 ->
//! 11.7–12.0 ns, rank-6 permute 15.5–15.9 -> 14.0–14.4 and basic indexing
//! 15.8–16.3 -> 14.5–15.0, but transpose 7.9–8.2 -> 9.2–9.3 and view
//! 13.2–13.9 -> 13.9–14.4 (their inlined edit spilled the words being
//! moved). So permute and indexing use [`Tensor::view_with_edit_inlined`],
//! the other views [`Tensor::view_with`].
//!
//! Those measurements had each view called at one place in the bench. A
//! second call site (the bench's run-time-argument cases, or any program
//! that makes the same view twice) left the compiler calling `view_with`,
//! the edit closure and the layout helpers out of line: narrow 7.5 -> 9.5
//! ns, view 11.5 -> 17, expand 9.4 -> 20. So the view ops, both entry
//! points and their edit closures (`#[inline(always)]` on the closure) are
//! always inlined, and so are the layout functions the compiler had left
//! out of line (those of view, permute, expand and indexing, and their
//! helpers), which keep only their inline-rank path in that inlined body
//! (other ranks and the longer error messages are out of line). With two
//! call sites each
//! (BENCHMARKS.md section 1, session 8): narrow 6.6, select 6.7, unsqueeze
//! 7.7, expand 7.4, permute 9.0, view 11.8, indexing 12.6 ns. Making
//! `view_with`'s heap path out of line as well measured 1–1.5 ns slower on
//! narrow, select, unsqueeze and expand.

use super::Tensor;
use crate::layout::Layout;
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// A view of the same storage whose layout is this one changed by
    /// `edit` (see the module docs).
    #[inline(always)]
    pub(crate) fn view_with(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Tensor<T>, ViewError> {
        if self.layout.is_inline() {
            // `edited_inline_layout` spelled out: calling it here (inlined
            // all the same) measured 0.4–0.8 ns slower on transpose, narrow,
            // select and unsqueeze, in alternating runs of both builds.
            let mut layout = self.layout.clone();
            edit(&mut layout)?;
            if layout.is_inline() {
                // SAFETY: checked just above.
                return Ok(unsafe { self.with_inline_layout(&layout) });
            }
            return Ok(self.with_layout(layout));
        }
        self.edited_clone(edit)
    }

    /// [`view_with`](Self::view_with) with the heap-layout path out of line,
    /// so that `edit` is called at one place and inlined (module docs).
    #[inline(always)]
    pub(crate) fn view_with_edit_inlined(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Tensor<T>, ViewError> {
        if self.layout.is_inline() {
            return self.edited_inline_layout(edit);
        }
        self.edited_clone_out_of_line(edit)
    }

    /// The view of an inline layout: `edit` on a copy of it, then the new
    /// handle written from that copy.
    #[inline(always)]
    fn edited_inline_layout(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Tensor<T>, ViewError> {
        let mut layout = self.layout.clone();
        edit(&mut layout)?;
        if layout.is_inline() {
            // SAFETY: checked just above.
            return Ok(unsafe { self.with_inline_layout(&layout) });
        }
        Ok(self.with_layout(layout))
    }

    /// The view of a layout with its dims on the heap: `edit` on the
    /// layout of a clone of this handle.
    #[inline(always)]
    fn edited_clone(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Tensor<T>, ViewError> {
        let mut out = self.clone();
        edit(&mut out.layout)?;
        Ok(out)
    }

    /// [`edited_clone`](Self::edited_clone), compiled out of line.
    #[cold]
    #[inline(never)]
    fn edited_clone_out_of_line(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Tensor<T>, ViewError> {
        self.edited_clone(edit)
    }
}
