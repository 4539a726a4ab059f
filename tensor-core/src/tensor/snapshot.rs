//! Private copies of the inputs of calls that run user code (`map`,
//! `zip_map`): copied out under the read locks, which are released before
//! the user's closure runs, so the closure may read or write any tensor
//! (storage/mod.rs, rule 2).
//!
//! A copy keeps its tensor's memory order (a dense input keeps its strides,
//! others become dense in their stride order: PyTorch's `preserve_format`),
//! so the kernel that then runs the closure walks the copy and the result
//! in one order, as it walked the input.

use super::construct::storage_bytes;
use super::result_layout::elementwise_strides;
use super::Tensor;
use crate::copy::gather_to_storage;
use crate::layout::Layout;
use crate::storage::{read_in_order, Bytes};
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// A copy of this tensor in a fresh storage no other handle shares: the
    /// same shape, values and conj/neg bits, laid out densely in this
    /// tensor's memory order. Fails only when the copy does not fit in
    /// memory.
    pub(super) fn snapshot(&self) -> Result<Tensor<T>, ViewError> {
        let reads = read_in_order([&self.storage]);
        copy_out(self, reads.bytes(0))
    }

    /// Copies of `self` and `other` (as [`Tensor::snapshot`]) read under
    /// both locks at once, so that they show one moment of both.
    pub(super) fn snapshot_pair<U: Element>(
        &self,
        other: &Tensor<U>,
    ) -> Result<(Tensor<T>, Tensor<U>), ViewError> {
        let reads = read_in_order([&self.storage, &other.storage]);
        Ok((
            copy_out(self, reads.bytes(0))?,
            copy_out(other, reads.bytes(1))?,
        ))
    }
}

/// The copy of [`Tensor::snapshot`], from `bytes`, the bytes of `x`'s
/// storage, read under its lock.
fn copy_out<T: Element>(x: &Tensor<T>, bytes: &Bytes) -> Result<Tensor<T>, ViewError> {
    let shape = x.shape();
    let nbytes = storage_bytes::<T>(shape)?;
    let strides = elementwise_strides(shape, &[&x.layout]);
    // The copy's dims from outermost to innermost in memory: gathering the
    // input with its dims in that order writes the copy's memory in order.
    // (Dims of size 1 may sit anywhere: their index is always 0.)
    let mut order: Vec<usize> = (0..shape.len()).collect();
    order.sort_by_key(|&d| std::cmp::Reverse(strides[d]));
    let permuted = Layout::from_parts(
        &order.iter().map(|&d| shape[d]).collect::<Vec<_>>(),
        &order.iter().map(|&d| x.stride()[d]).collect::<Vec<_>>(),
        x.storage_offset(),
    );
    let storage = gather_to_storage(bytes.as_elements::<T::Repr>(), &permuted, nbytes)?;
    let mut copy = Tensor::from_raw(storage, Layout::from_parts(shape, &strides, 0), false);
    copy.lazy = x.lazy;
    Ok(copy)
}

#[cfg(test)]
mod tests {
    use crate::{s, Complex, Tensor};

    /// The copy reads as the input and is laid out in its memory order.
    #[test]
    fn copies_keep_values_bits_and_memory_order() {
        let x = Tensor::<i32>::arange(24).view(&[2, 3, 4]).unwrap();
        for v in [
            x.clone(),
            x.permute(&[2, 0, 1]).unwrap(),
            x.index(&s![.., 1.., ..;2]).unwrap(),
            x.index(&s![.., 1.., ..;2])
                .unwrap()
                .permute(&[1, 2, 0])
                .unwrap(),
            x.index(&s![1, 2]).unwrap(),
            x.index(&s![.., ..0]).unwrap(),
            Tensor::scalar(7),
            Tensor::<i32>::arange(3).expand(&[2, 3]).unwrap(),
        ] {
            let copy = v.snapshot().unwrap();
            assert_eq!((copy.shape(), copy.to_vec()), (v.shape(), v.to_vec()));
            assert!(!copy.shares_storage(&v));
            assert_eq!(copy.storage_offset(), 0);
            assert_eq!(copy.storage_nbytes(), 4 * v.numel());
            // a dense input with elements keeps its strides
            let dense = v.is_contiguous() || v.stride() == x.permute(&[2, 0, 1]).unwrap().stride();
            if dense && v.numel() > 0 {
                assert_eq!(copy.stride(), v.stride());
            }
            assert_eq!(copy.contiguous().unwrap().to_vec(), v.to_vec());
        }
        let t = x.permute(&[2, 0, 1]).unwrap().snapshot().unwrap();
        assert_eq!(t.stride(), &[1, 12, 4]);
        let z = Tensor::from_vec(vec![Complex::new(1.0f32, 2.0)], &[1]).unwrap();
        let im = z.conj().imag().unwrap();
        let copy = im.snapshot().unwrap();
        assert!(copy.is_neg());
        assert_eq!(copy.to_vec(), vec![-2.0]);
        let (a, b) = z.conj().snapshot_pair(&im).unwrap();
        assert!(a.is_conj());
        assert_eq!((a.to_vec(), b.to_vec()), (z.conj().to_vec(), vec![-2.0]));
    }
}
