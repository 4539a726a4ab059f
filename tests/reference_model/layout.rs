//! The model's layout: plain vectors and the index formula, nothing clever.

/// Shape, strides and storage offset, all in elements.
///
/// A stride is `None` where any value would address the same elements (a
/// size-1 dim of a reshaped tensor: PyTorch's choice there is pinned by the
/// golden cases, not by this model). After a result is checked, the chain
/// runner fills such strides in from the library (see `adopt_free_strides`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefLayout {
    /// Size of each dim.
    pub shape: Vec<usize>,
    /// Stride of each dim, `None` where it cannot matter.
    pub strides: Vec<Option<isize>>,
    /// Slot of the first element.
    pub offset: usize,
}

/// Every multi-index of `shape`, in row-major order (one empty index for 0-d).
pub fn positions(shape: &[usize]) -> Vec<Vec<usize>> {
    if shape.contains(&0) {
        return Vec::new();
    }
    let mut out = vec![Vec::new()];
    for &size in shape {
        let mut next = Vec::with_capacity(out.len() * size);
        for prefix in &out {
            for i in 0..size {
                let mut p = prefix.clone();
                p.push(i);
                next.push(p);
            }
        }
        out = next;
    }
    out
}

/// Row-major strides of `shape` (a zero-size dim counts as 1, as PyTorch's),
/// or `None` when one does not fit an `isize` (only shapes of no elements get
/// there; PyTorch's int64 product would overflow, which C++ leaves undefined).
pub fn row_major_strides(shape: &[usize]) -> Option<Vec<isize>> {
    let mut strides = vec![1isize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        let size = isize::try_from(shape[d + 1].max(1)).ok()?;
        strides[d] = strides[d + 1].checked_mul(size)?;
    }
    Some(strides)
}

impl RefLayout {
    /// Row-major layout of `shape` at offset 0.
    pub fn contiguous(shape: &[usize]) -> RefLayout {
        RefLayout {
            shape: shape.to_vec(),
            strides: row_major_strides(shape)
                .expect("model bug: contiguous layout of a huge shape")
                .into_iter()
                .map(Some)
                .collect(),
            offset: 0,
        }
    }

    /// A layout with every stride known.
    pub fn new(shape: Vec<usize>, strides: Vec<isize>, offset: usize) -> RefLayout {
        RefLayout {
            shape,
            strides: strides.into_iter().map(Some).collect(),
            offset,
        }
    }

    /// Number of elements (saturating: layouts of broadcast tensors may
    /// describe more elements than memory holds).
    pub fn numel(&self) -> usize {
        if self.shape.contains(&0) {
            return 0;
        }
        self.shape
            .iter()
            .try_fold(1usize, |acc, &s| acc.checked_mul(s))
            .unwrap_or(usize::MAX)
    }

    /// The stride of dim `d`, which the caller knows to matter.
    pub fn stride(&self, d: usize) -> isize {
        self.strides[d].unwrap_or_else(|| panic!("model bug: stride of dim {d} is free"))
    }

    /// The index formula: `offset + Σ position[d] · stride[d]`.
    pub fn index_of(&self, position: &[usize]) -> isize {
        assert_eq!(position.len(), self.shape.len(), "model bug: rank");
        let mut at = self.offset as isize;
        for (d, &i) in position.iter().enumerate() {
            assert!(i < self.shape[d], "model bug: position out of range");
            if i > 0 {
                at += i as isize * self.stride(d);
            }
        }
        at
    }

    /// PyTorch's definition of contiguity, read literally: no elements, or
    /// every dim of size above 1 has the row-major stride of the dims after it.
    pub fn is_contiguous(&self) -> bool {
        if self.numel() == 0 {
            return true;
        }
        let mut expected = 1isize;
        for d in (0..self.shape.len()).rev() {
            if self.shape[d] != 1 {
                if self.strides[d] != Some(expected) {
                    return false;
                }
                expected *= self.shape[d] as isize;
            }
        }
        true
    }
}

/// The strides that make `shape`, read in row-major order, visit `slots`
/// (the storage slots of a tensor's elements in row-major order), if any exist.
///
/// Found the naive way: for each dim of size above 1 the stride must be the
/// slot of the unit step along it minus the slot of element 0; then every
/// element is checked against the formula. Size-1 dims get `None` (free).
pub fn strides_reproducing(slots: &[usize], shape: &[usize]) -> Option<Vec<Option<isize>>> {
    let unit_steps = row_major_strides(shape)?;
    let first = *slots.first()? as isize;
    let strides: Vec<Option<isize>> = shape
        .iter()
        .zip(&unit_steps)
        .map(|(&size, &step)| (size > 1).then(|| slots[step as usize] as isize - first))
        .collect();
    let fits = positions(shape).iter().zip(slots).all(|(p, &slot)| {
        let formula: isize = first
            + p.iter()
                .zip(&strides)
                .map(|(&i, s)| i as isize * s.unwrap_or(0))
                .sum::<isize>();
        formula == slot as isize
    });
    fits.then_some(strides)
}
