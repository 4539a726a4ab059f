//! The model's writes: `fill`, `copy_from` (with broadcasting) and `resize_`,
//! done element by element on the model's storage. The chains run a write on
//! both sides only where PyTorch's result is defined (see `chain/writes.rs`).

use super::layout::{positions, RefLayout};
use super::{Label, RefError, RefTensor};

/// `fill(value)`: every element the tensor names becomes `value`.
pub fn fill(x: &RefTensor, value: Label) {
    for slot in x.slots() {
        x.storage.set(slot, value);
    }
}

/// `dst.copy_from(src)`: `src` broadcast to `dst`'s shape, read whole, then
/// written element by element.
///
/// The broadcast goes by sizes alone, as PyTorch's `copy_` does (its
/// `TensorIterator` reads a broadcast dim with stride 0 and never computes
/// `expand`'s strides): `src` has at most `dst`'s dims, each (aligned from
/// the last) of `dst`'s size or 1. So a copy between empty tensors succeeds
/// even where `src.expand(dst.shape)` would overflow int64 in its stride
/// arithmetic (PyTorch 2.15 checked: `T([1, M, 0]).copy_(T([M, 0], [2, 1]))`
/// succeeds while the `expand` fails, `M = 2^63 - 1`).
pub fn copy_from(dst: &RefTensor, src: &RefTensor) -> Result<(), RefError> {
    let (shape, from) = (dst.shape(), src.shape());
    let lead = shape.len().checked_sub(from.len()).ok_or(RefError::Any)?;
    if from
        .iter()
        .zip(&shape[lead..])
        .any(|(&f, &d)| f != d && f != 1)
    {
        return Err(RefError::Any);
    }
    let values: Vec<Label> = positions(shape)
        .iter()
        .map(|p| {
            let at: Vec<usize> = from
                .iter()
                .zip(&p[lead..])
                .map(|(&f, &i)| if f == 1 { 0 } else { i })
                .collect();
            src.storage.get(src.slot(&at))
        })
        .collect();
    for (slot, v) in dst.slots().into_iter().zip(values) {
        dst.storage.set(slot, v);
    }
    Ok(())
}

/// `resize_(shape)`: the same shape does nothing; otherwise contiguous strides
/// at the same offset, the storage grown (with zeros) to hold them.
pub fn resize(x: &RefTensor, shape: &[usize]) -> Result<RefTensor, RefError> {
    if x.shape() == shape {
        return Ok(x.clone());
    }
    let numel = shape
        .iter()
        .try_fold(1usize, |a, &n| a.checked_mul(n))
        .ok_or(RefError::Any)?;
    let layout = RefLayout {
        offset: x.layout.offset,
        ..RefLayout::contiguous(shape)
    };
    if numel > 0 {
        let needed = x.layout.offset + numel;
        while x.storage.len() < needed {
            x.storage.push(0);
        }
    }
    Ok(x.with_layout(layout))
}

/// The storage slots `x` names, each once, in order (for overlap checks).
pub fn slot_set(x: &RefTensor) -> Vec<usize> {
    let mut slots: Vec<usize> = positions(x.shape()).iter().map(|p| x.slot(p)).collect();
    slots.sort_unstable();
    slots.dedup();
    slots
}
