//! The model's dtype views: the same storage bytes read as elements of
//! another size, with PyTorch's rules for `view(dtype)` written out plainly.
//!
//! A [`RefTyped`] is a model tensor whose layout counts elements of
//! `itemsize` bytes; the storage keeps its `i64` labels, read as
//! little-endian bytes.

use super::layout::{positions, RefLayout};
use super::{RefError, RefStorage, RefTensor};

/// Bytes of one label.
const LABEL: usize = 8;

/// A model tensor over the storage's bytes, elements of `itemsize` bytes.
#[derive(Clone, Debug)]
pub struct RefTyped {
    /// The shared labels.
    pub storage: RefStorage,
    /// Layout in elements of `itemsize` bytes.
    pub layout: RefLayout,
    /// Bytes per element.
    pub itemsize: usize,
    /// PyTorch's name of the element type (`Long`, `Int`, ...).
    pub name: &'static str,
}

impl RefTyped {
    /// A label tensor seen as `Long` elements.
    pub fn of(x: &RefTensor) -> RefTyped {
        RefTyped {
            storage: x.storage.clone(),
            layout: x.layout.clone(),
            itemsize: LABEL,
            name: "Long",
        }
    }

    /// Back to a label tensor (only for 8-byte elements).
    pub fn into_labels(self) -> RefTensor {
        assert_eq!(self.itemsize, LABEL, "model bug: not labels");
        RefTensor {
            storage: self.storage,
            layout: self.layout,
        }
    }

    fn byte_range(&self, position: &[usize]) -> std::ops::Range<usize> {
        let slot = self.layout.index_of(position);
        let start = slot as usize * self.itemsize;
        assert!(
            slot >= 0 && start + self.itemsize <= self.storage.len() * LABEL,
            "model bug: element outside the storage"
        );
        start..start + self.itemsize
    }

    /// The elements' bytes in row-major order.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for p in positions(&self.layout.shape) {
            for b in self.byte_range(&p) {
                out.push(self.storage.get(b / LABEL).to_le_bytes()[b % LABEL]);
            }
        }
        out
    }

    /// Writes `bytes` (one element) at `position`.
    pub fn write(&self, position: &[usize], bytes: &[u8]) {
        for (b, &v) in self.byte_range(position).zip(bytes) {
            let mut label = self.storage.get(b / LABEL).to_le_bytes();
            label[b % LABEL] = v;
            self.storage.set(b / LABEL, i64::from_le_bytes(label));
        }
    }
}

/// `view(dtype)` to elements of `itemsize` bytes named `name`.
pub fn view_dtype(x: &RefTyped, itemsize: usize, name: &'static str) -> Result<RefTyped, RefError> {
    let mut out = RefTyped {
        itemsize,
        name,
        ..x.clone()
    };
    if itemsize == x.itemsize {
        return Ok(out);
    }
    let what = format!("to view {} as {name} (different element sizes)", x.name);
    let n = x.layout.shape.len();
    if n == 0 {
        return Err(RefError::exact(format!("self.dim() cannot be 0 {what}")));
    }
    let l = &x.layout;
    let last_stride = l.stride(n - 1);
    if x.itemsize > itemsize {
        let ratio = x.itemsize / itemsize;
        if last_stride != 1 {
            return Err(RefError::exact(format!(
                "self.stride(-1) must be 1 {what}, but got {last_stride}"
            )));
        }
        // Products past i64 (only empty tensors with huge strides reach them)
        // wrap in PyTorch's int64 arithmetic: undefined.
        for d in 0..n - 1 {
            let scaled = l.stride(d).checked_mul(ratio as isize);
            out.layout.strides[d] = Some(scaled.ok_or(RefError::Undefined)?);
        }
        out.layout.shape[n - 1] = l.shape[n - 1]
            .checked_mul(ratio)
            .ok_or(RefError::Undefined)?;
        // Past i64 (an empty view's huge offset) PyTorch's product is undefined.
        out.layout.offset = l
            .offset
            .checked_mul(ratio)
            .filter(|&o| o <= i64::MAX as usize)
            .ok_or(RefError::Undefined)?;
    } else {
        let ratio = itemsize / x.itemsize;
        if !l.shape[n - 1].is_multiple_of(ratio) {
            return Err(RefError::exact(format!(
                "self.size(-1) must be divisible by {ratio} {what}, but got {}",
                l.shape[n - 1]
            )));
        }
        if !l.offset.is_multiple_of(ratio) {
            return Err(RefError::exact(format!(
                "self.storage_offset() must be divisible by {ratio} {what}, but got {}",
                l.offset
            )));
        }
        if last_stride != 1 {
            return Err(RefError::exact(format!(
                "self.stride(-1) must be 1 {what}, but got {last_stride}"
            )));
        }
        for d in 0..n - 1 {
            let s = l.stride(d);
            if s % ratio as isize != 0 {
                return Err(RefError::exact(format!(
                    "self.stride({d}) must be divisible by {ratio} {what}, but got {s}"
                )));
            }
            out.layout.strides[d] = Some(s / ratio as isize);
        }
        out.layout.shape[n - 1] /= ratio;
        out.layout.offset /= ratio;
    }
    Ok(out)
}
