//! The model's writes: `fill`, `copy_from` (with broadcasting) and `resize_`,
//! done element by element on the model's storage. The chains run a write on
//! both sides only where PyTorch's result is defined (see `chain/writes.rs`).

use super::layout::{positions, RefLayout};
use super::shape_ops::expand;
use super::{Label, RefError, RefTensor};

/// `fill(value)`: every element the tensor names becomes `value`.
pub fn fill(x: &RefTensor, value: Label) {
    for slot in x.slots() {
        x.storage.set(slot, value);
    }
}

/// `dst.copy_from(src)`: `src` broadcast to `dst`'s shape, read whole, then
/// written element by element.
pub fn copy_from(dst: &RefTensor, src: &RefTensor) -> Result<(), RefError> {
    let sizes: Vec<isize> = dst.shape().iter().map(|&n| n as isize).collect();
    let broadcast = expand(src, &sizes).map_err(|_| RefError::Any)?;
    let values = broadcast.values();
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
