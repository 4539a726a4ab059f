//! The strides PyTorch gives the fresh result of an op, one rule per kind of
//! op, shared by the ops of that kind (PyTorch 2.15, CPU):
//!
//! - element-wise ops (`torch.exp(x)`, `x + y`, `torch.where(c, x, y)`):
//!   [`elementwise_strides`], the rules `TensorIterator` applies when it
//!   allocates an output (`fast_set_up`, then `compute_strides`,
//!   `reorder_dimensions` and `allocate_or_resize_outputs`);
//! - `torch.cat` (and `torch.stack`, a cat then a view): [`cat_strides`],
//!   channels-last when every input suggests it, else contiguous;
//! - reductions (`sum`, `mean`, `max`, `min`, `argmax`), `softmax`,
//!   `log_softmax` and `masked_fill`: always contiguous, whatever the input's
//!   layout (PyTorch allocates them with no memory format, or clones with
//!   `MemoryFormat::Contiguous`), so they need no rule here.
//!
//! The element-wise result follows the inputs' memory order, so that
//! `x.t().exp()` is transposed like `x.t()`:
//! 1. inputs of one shape that are all contiguous give a contiguous result;
//!    all channels-last (4-d) a channels-last one; all non-overlapping and
//!    dense *with identical strides* give exactly those strides (size-1 dims
//!    included);
//! 2. otherwise the dims are sorted by the inputs' strides, first input
//!    first: a broadcast (stride 0) dim of an input lets the next input
//!    decide, equal strides put the larger dim outside, and ties no input
//!    breaks keep the logical order. The result is dense in that order; when
//!    the order is the logical one it is plainly contiguous.

mod channels_last;

use super::construct::storage_bytes;
use super::Tensor;
use crate::layout::overlap::is_non_overlapping_and_dense;
use crate::layout::{contiguous_strides, Layout, Strides};
use crate::storage::Storage;
use crate::{Element, ViewError};
use channels_last::{channels_last_strides, is_channels_last, suggests_channels_last};
use smallvec::SmallVec;

/// The strides of the result of an element-wise op over `inputs` (in
/// PyTorch's operand order), whose broadcast shape is `shape`.
pub(crate) fn elementwise_strides(shape: &[usize], inputs: &[&Layout]) -> Strides {
    if inputs.iter().all(|l| l.shape() == shape) {
        if inputs.iter().all(|l| l.is_contiguous()) {
            return contiguous_strides(shape);
        }
        if inputs.iter().all(|l| is_channels_last(l)) {
            return channels_last_strides(shape);
        }
        // PyTorch copies the last input's strides (all are equal here)
        if let Some(last) = inputs.last()
            && inputs
                .iter()
                .all(|l| l.strides() == last.strides() && is_non_overlapping_and_dense(l))
        {
            return last.strides().iter().copied().collect();
        }
    }
    let strides: SmallVec<[Strides; 2]> =
        inputs.iter().map(|l| broadcast_strides(l, shape)).collect();
    let perm = sort_dims(shape, &strides);
    if perm.iter().rev().copied().eq(0..shape.len()) {
        return contiguous_strides(shape);
    }
    // dense in the order of `perm` (fastest first), sizes taken as they are
    let mut out: Strides = smallvec::smallvec![0; shape.len()];
    let mut next: isize = 1;
    for &d in &perm {
        out[d] = next;
        next = next.wrapping_mul(shape[d] as isize);
    }
    out
}

/// The strides of `torch.cat` of `inputs` (the legacy empty `[0]` tensors,
/// which cat skips, included: they suggest a contiguous result), whose result
/// shape is `shape`: PyTorch's `cat_compute_output_memory_format`, so
/// channels-last (or channels-last-3d) when every input suggests it, else
/// contiguous, whatever the inputs' own strides.
pub(crate) fn cat_strides(shape: &[usize], inputs: &[&Layout]) -> Strides {
    if !inputs.is_empty() && inputs.iter().all(|l| suggests_channels_last(l)) {
        channels_last_strides(shape)
    } else {
        contiguous_strides(shape)
    }
}

impl<T: Element> Tensor<T> {
    /// A fresh zero-filled tensor of `shape` with `strides`, which must be
    /// dense (a permutation of row-major strides, as the rules of this
    /// module give), so the storage holds exactly `numel` elements.
    pub(super) fn zeros_with_strides(
        shape: &[usize],
        strides: &[isize],
    ) -> Result<Tensor<T>, ViewError> {
        let storage = Storage::zeroed(storage_bytes::<T>(shape)?)?;
        let layout = Layout::from_parts(shape, strides, 0);
        Ok(Tensor::from_raw(storage, layout, false))
    }
}

/// `layout`'s strides stretched to `shape` as `TensorIterator` sees them:
/// missing leading dims and stretched size-1 dims step 0; size-1 dims that
/// stay size 1 keep their stride (it takes part in the sort).
fn broadcast_strides(layout: &Layout, shape: &[usize]) -> Strides {
    let lead = shape.len() - layout.ndim();
    let mut out: Strides = smallvec::smallvec![0; shape.len()];
    for (d, (&size, &stride)) in layout.shape().iter().zip(layout.strides()).enumerate() {
        if !(size == 1 && shape[lead + d] != 1) {
            out[lead + d] = stride;
        }
    }
    out
}

/// PyTorch's `reorder_dimensions` for inputs only: the dims of `shape`,
/// fastest first.
fn sort_dims(shape: &[usize], strides: &[Strides]) -> SmallVec<[usize; 8]> {
    let n = shape.len();
    let mut perm: SmallVec<[usize; 8]> = (0..n).rev().collect();
    if n < 2 {
        return perm;
    }
    // an insertion sort that walks past undecided pairs (it may then swap
    // two dims that are not neighbours, as PyTorch's does)
    for i in 1..n {
        let mut moving = i;
        for before in (0..i).rev() {
            match compare(shape, strides, perm[before], perm[moving]) {
                Some(true) => {
                    perm.swap(before, moving);
                    moving = before;
                }
                Some(false) => break,
                None => {}
            }
        }
    }
    perm
}

/// PyTorch's `should_swap(d0, d1)`: `Some(true)` when `d0` should go outside
/// `d1`, `Some(false)` when it should stay inside, `None` when no input tells.
fn compare(shape: &[usize], strides: &[Strides], d0: usize, d1: usize) -> Option<bool> {
    for s in strides {
        let (s0, s1) = (s[d0], s[d1]);
        if s0 == 0 || s1 == 0 {
            continue;
        }
        if s0 != s1 {
            return Some(s0 > s1);
        }
        if shape[d0] > shape[d1] {
            return Some(true);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strides_of(shape: &[usize], inputs: &[(&[usize], &[isize])]) -> Vec<isize> {
        let layouts: Vec<Layout> = inputs
            .iter()
            .map(|(s, st)| Layout::from_parts(s, st, 0))
            .collect();
        let refs: Vec<&Layout> = layouts.iter().collect();
        elementwise_strides(shape, &refs).to_vec()
    }

    // Expected strides: PyTorch 2.15, `torch.exp(x)` / `torch.add(a, b)` on
    // `as_strided` inputs (tools/golden/elementwise_layouts.py records more).
    #[test]
    fn fast_paths() {
        // contiguous, size-1 stride ignored
        assert_eq!(
            strides_of(&[2, 1, 3], &[(&[2, 1, 3], &[3, 99, 1])]),
            [3, 3, 1]
        );
        // channels last with H = 1
        assert_eq!(
            strides_of(&[2, 3, 1, 4], &[(&[2, 3, 1, 4], &[12, 1, 12, 3])]),
            [12, 1, 12, 3]
        );
        // dense with the same strides: copied, size-1 strides included
        assert_eq!(
            strides_of(&[3, 1, 4], &[(&[3, 1, 4], &[1, 0, 3])]),
            [1, 0, 3]
        );
    }

    #[test]
    fn general_rule() {
        // two permutations: the first input wins
        let (a, b): (&[isize], &[isize]) = (&[1, 2, 6], &[12, 4, 1]);
        assert_eq!(
            strides_of(&[2, 3, 4], &[(&[2, 3, 4], a), (&[2, 3, 4], b)]),
            [1, 2, 6]
        );
        assert_eq!(
            strides_of(&[2, 3, 4], &[(&[2, 3, 4], b), (&[2, 3, 4], a)]),
            [12, 4, 1]
        );
        // a broadcast first input lets the second decide
        assert_eq!(
            strides_of(&[3, 4], &[(&[4], &[1]), (&[3, 4], &[1, 3])]),
            [1, 3]
        );
        // size 0 placed outside
        assert_eq!(
            strides_of(&[2, 0, 3], &[(&[2, 0, 3], &[1, 6, 2]), (&[3], &[1])]),
            [1, 6, 2]
        );
        assert_eq!(strides_of(&[], &[(&[], &[]), (&[], &[])]), [] as [isize; 0]);
    }
}
