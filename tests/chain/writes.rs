//! Writes in chains: `fill`, `copy_from` between pool tensors (views of one
//! storage or of two), and `resize_`. A copy runs only where PyTorch's result
//! is defined: not into a tensor naming a slot twice (PyTorch refuses a
//! broadcast destination, and leaves other overlaps to chance), and not
//! between partly overlapping tensors; the runner then checks every tensor
//! of the pool, so a write that lands in the wrong slot, or misses a view
//! sharing the storage, shows.

use super::{caught, Ctx, Outcome, Pair};
use crate::reference_model::index_ops::{has_broadcast_dim, names_a_slot_twice};
use crate::reference_model::messages::INTERNAL_OVERLAP;
use crate::reference_model::write_ops as model;
use crate::reference_model::RefError;

/// `x.fill(label)`.
pub fn fill(c: &mut Ctx, x: &Pair) -> Outcome {
    let label = c.fresh_label();
    // PyTorch's fill_ skips the overlap check (fill is idempotent), so even
    // a broadcast view is filled, each slot with the same value.
    let call = format!("fill({label})");
    model::fill(&x.model, label);
    Outcome::many(
        call,
        caught(|| {
            x.lib.fill(label).unwrap();
            Ok(vec![])
        }),
        Ok(vec![]),
    )
}

/// `dst.copy_from(src)`.
pub fn copy_from(_: &mut Ctx, dst: &Pair, src: &Pair) -> Outcome {
    let call = "copy_from".to_string();
    let same_storage = dst.model.storage.same(&src.model.storage);
    let identical = same_storage && dst.model.layout == src.model.layout;
    let dst_slots = model::slot_set(&dst.model);
    let overlaps = same_storage
        && !identical
        && model::slot_set(&src.model)
            .iter()
            .any(|s| dst_slots.binary_search(s).is_ok());
    // PyTorch returns at once when `src` is `dst` itself (`is_same`); the
    // library takes an alias with the same layout for the same tensor.
    let expected = if identical {
        Ok(vec![])
    } else if has_broadcast_dim(&dst.model.layout) && dst.model.numel() > 1 {
        Err(RefError::exact(INTERNAL_OVERLAP))
    } else if names_a_slot_twice(&dst.model) || overlaps {
        return Outcome::many(call + " (skipped: overlapping)", Ok(Ok(vec![])), Ok(vec![]));
    } else {
        model::copy_from(&dst.model, &src.model).map(|()| vec![])
    };
    Outcome::many(
        call,
        caught(|| dst.lib.copy_from(&src.lib).map(|()| vec![])),
        expected,
    )
}

/// `x.resize_(shape)` on a fresh handle to x's storage.
pub fn resize(c: &mut Ctx, x: &Pair) -> Outcome {
    let shape: Vec<usize> = (0..c.src.below(4)).map(|_| c.src.below(6)).collect();
    let numel: usize = shape.iter().product();
    if numel > 0 && x.model.layout.offset > 1 << 16 {
        // A huge offset (an empty as_strided view's) would grow the storage to
        // gigabytes: data really asked for, but not in a unit test.
        return Outcome::many(
            "resize_ (skipped: huge offset)".into(),
            Ok(Ok(vec![])),
            Ok(vec![]),
        );
    }
    let mut handle = x.lib.clone();
    Outcome::one(
        format!("resize_({shape:?})"),
        caught(|| handle.resize_(&shape).map(|()| handle.clone())),
        model::resize(&x.model, &shape),
    )
}
