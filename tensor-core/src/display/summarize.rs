//! Which elements a printed tensor shows: all of them, or (past
//! [`THRESHOLD`] elements) PyTorch's summary of [`EDGE_ITEMS`] items at each
//! end of every dim longer than twice that, with `...` between.
//!
//! The choice for one dim depends only on that dim's size, so the shown
//! elements are the Cartesian product of per-dim index lists. They are read
//! once, under one storage lock, in row-major order; the formatter is then
//! fitted to exactly these values, as PyTorch's `get_summarized_data` does.

use crate::{Element, Tensor};

/// Tensors with more elements than this are summarised (`threshold=1000`).
pub(crate) const THRESHOLD: usize = 1000;

/// Items kept at each end of a summarised dim (`edgeitems=3`).
pub(crate) const EDGE_ITEMS: usize = 3;

/// The indices of one dim that are printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DimSelection {
    /// The shown indices, in order.
    pub(crate) indices: Vec<usize>,
    /// Whether `...` stands after the first [`EDGE_ITEMS`] of them.
    pub(crate) cut: bool,
}

/// The shown indices of every dim of `shape`.
pub(crate) fn select(shape: &[usize], summarize: bool) -> Vec<DimSelection> {
    shape
        .iter()
        .map(|&size| {
            if summarize && size > 2 * EDGE_ITEMS {
                let indices = (0..EDGE_ITEMS).chain(size - EDGE_ITEMS..size).collect();
                DimSelection { indices, cut: true }
            } else {
                DimSelection {
                    indices: (0..size).collect(),
                    cut: false,
                }
            }
        })
        .collect()
}

/// The shown elements of `tensor` in row-major order of the selection, as
/// the tensor reads them (lazy conjugation and negation applied).
pub(crate) fn gather_shown<T: Element, S>(tensor: &Tensor<T, S>, dims: &[DimSelection]) -> Vec<T> {
    let count: usize = dims.iter().map(|d| d.indices.len()).product();
    let mut out = Vec::with_capacity(count);
    if count == 0 {
        return out;
    }
    let strides = tensor.stride();
    let offset = tensor.storage_offset() as isize;
    let bytes = tensor.storage.read();
    let elements = bytes.as_elements::<T::Repr>();
    let mut position = vec![0usize; dims.len()];
    loop {
        let at = dims
            .iter()
            .zip(&position)
            .zip(strides)
            .fold(offset, |acc, ((d, &p), &s)| acc + d.indices[p] as isize * s);
        out.push(tensor.read_repr(elements[at as usize]));
        // odometer over the selection, last dim fastest
        let mut d = dims.len();
        loop {
            if d == 0 {
                return out;
            }
            d -= 1;
            position[d] += 1;
            if position[d] < dims[d].indices.len() {
                break;
            }
            position[d] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_long_dims_of_big_tensors_are_cut() {
        let sel = select(&[7, 6], true);
        assert_eq!(sel[0].indices, vec![0, 1, 2, 4, 5, 6]);
        assert!(sel[0].cut);
        assert_eq!(sel[1].indices, (0..6).collect::<Vec<_>>());
        assert!(!sel[1].cut);
        assert!(!select(&[7], false)[0].cut);
        assert!(select(&[], true).is_empty());
    }

    #[test]
    fn gathers_the_shown_elements_of_a_strided_view() {
        let x = Tensor::<i32>::arange(80).view(&[8, 10]).unwrap();
        let t = x.transpose(0, 1).unwrap();
        let sel = select(t.shape(), true);
        let shown = gather_shown(&t, &sel);
        assert_eq!(shown.len(), 36);
        assert_eq!(&shown[..6], &[0, 10, 20, 50, 60, 70]);
        assert_eq!(shown[35], 79);
        let s = Tensor::scalar(5u8);
        assert_eq!(gather_shown(&s, &select(&[], false)), vec![5]);
    }
}
