//! [`Tensor`]: a cheap handle pairing a shared [`Storage`](crate::storage) with a
//! [`Layout`] and PyTorch's lazy conjugation and negation bits.
//!
//! The second type parameter says what is known of the shape while compiling:
//! [`Dyn`] (the default) for the runtime core, static shape types for the
//! compile-time layer. Layout accessors work for every kind; the runtime view
//! ops are defined on `Tensor<T>` (= `Tensor<T, Dyn>`), one file per family:
//! `construct` (constructors), `access` (element reads and writes), `reshape`
//! (view, reshape, flatten, contiguous), `permute` (transpose, permute),
//! `matrix_transpose` (swapaxes, swapdims, t, T, mT), `movedim`, `narrow`
//! (narrow, select), `squeeze` (squeeze, unsqueeze), `expand`, `diagonal`,
//! `unfold`, `unflatten`, `as_strided`, `dtype` (`view_dtype`), `complex`
//! (real/imag parts and conjugation), `adjoint` (`mH`, `H`, `adjoint`),
//! `index` (basic indexing), `split` (the split family), `advanced` (index and
//! mask selections, `index_put_`), `write` (`fill`, `copy_from`), `resize` (`resize_`),
//! `elementwise` (`map`, `zip_map`), `arith` (`add`..`div` and the `+ - * /`
//! operators), `unary` (`neg`, `exp`, .., `gelu`), `inplace` (`add_` and
//! the rest), `masked` (`masked_fill`, `where_`), `reduce` (`sum`, `mean`, `max`, `min`,
//! `argmax`), `softmax` (`softmax`, `log_softmax`), `norm` (`layer_norm`, `rms_norm`), `join` (`cat`, `stack`), `triangle` (`tril`, `triu`); `lazy_bits` holds the conjugate and
//! negative bits, `view_with` how a view's handle is made from an edit of
//! its input's layout.

mod access;
mod adjoint;
mod advanced;
mod arith;
mod as_strided;
mod compare;
mod complex;
mod construct;
mod diagonal;
mod dtype;
mod elementwise;
mod expand;
mod fresh;
mod index;
mod inplace;
mod join;
mod lazy_bits;
mod masked;
mod matmul;
mod matrix_transpose;
mod movedim;
mod narrow;
mod norm;
mod permute;
mod reduce;
mod reshape;
mod resize;
mod result_layout;
mod snapshot;
mod softmax;
mod split;
mod squeeze;
mod triangle;
mod unary;
mod unflatten;
mod unfold;
mod view_with;
mod write;

use std::fmt;
use std::marker::PhantomData;

use crate::layout::Layout;
use crate::static_shape::NamedSizes;
use crate::storage::Storage;
use crate::Element;
use lazy_bits::LazyBits;

pub(crate) use construct::new_tensor_bytes;

/// Shape marker of a tensor whose shape is known only at run time.
///
/// ```
/// use tensor_core::{Dyn, Tensor};
/// let x: Tensor<f32, Dyn> = Tensor::<f32>::zeros(&[2, 3]).unwrap();
/// assert_eq!(x.shape(), &[2, 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dyn;

/// A strided view of shared storage, as PyTorch's `torch.Tensor`.
///
/// `Clone` is cheap (a reference-count increment) and shares the data: writes
/// through any handle show in all handles of the same storage.
///
/// ```
/// use tensor_core::Tensor;
/// let x = Tensor::<f32>::arange(16);
/// let y = x.view(&[4, 4]).unwrap();
/// assert_eq!(y.stride(), &[4, 1]);
/// y.set(&[1, 1], 100.0).unwrap();
/// assert_eq!(x.get(&[5]).unwrap(), 100.0);
/// ```
// Field order fixed (`repr(C)`): the layout first, then the storage
// pointer. Handles are moved with 16-byte loads from their start; in Rust's
// own order (the pointer first) those loads straddled the 8-byte words of
// the layout as they had just been written, and clones and views ran
// slower (BENCHMARKS.md, section 1). `symbols`, last, holds the run-time
// sizes of a partly-dynamic tensor's named dims (one word, empty for other
// tensors; what it costs every view is in BENCHMARKS.md, section 1).
#[repr(C)]
pub struct Tensor<T: Element, S = Dyn> {
    pub(crate) layout: Layout,
    pub(crate) lazy: LazyBits,
    pub(crate) storage: Storage,
    pub(crate) symbols: NamedSizes,
    pub(crate) marker: PhantomData<fn() -> (T, S)>,
}

impl<T: Element, S> Clone for Tensor<T, S> {
    /// One more count on the storage (an `Arc` clone) and a copy of the layout.
    #[inline]
    fn clone(&self) -> Self {
        Tensor {
            layout: self.layout.clone(),
            lazy: self.lazy,
            symbols: self.symbols.clone(),
            storage: self.storage.clone(),
            marker: PhantomData,
        }
    }
}

impl<T: Element, S> Tensor<T, S> {
    /// Builds a handle from parts. The caller guarantees that every element the
    /// layout addresses lies inside the storage (as a `T`).
    pub(crate) fn from_raw(storage: Storage, layout: Layout, conj: bool) -> Self {
        Tensor {
            storage,
            layout,
            lazy: LazyBits::new(conj, false),
            symbols: NamedSizes::default(),
            marker: PhantomData,
        }
    }

    /// A handle to the same storage with another layout (and the same conj and neg bits).
    #[inline]
    pub(crate) fn with_layout<S2>(&self, layout: Layout) -> Tensor<T, S2> {
        Tensor {
            storage: self.storage.clone(),
            layout,
            lazy: self.lazy,
            symbols: self.symbols.clone(),
            marker: PhantomData,
        }
    }

    /// A stored element as the tensor reads it: conjugated and negated as its
    /// lazy bits say.
    #[inline]
    pub(crate) fn read_repr(&self, repr: T::Repr) -> T {
        let value = T::from_repr(repr);
        let value = if self.lazy.conj() {
            value.conj()
        } else {
            value
        };
        if self.lazy.neg() {
            value.neg()
        } else {
            value
        }
    }

    /// What to store so that the tensor reads `value` (both bits are involutions).
    #[inline]
    pub(crate) fn write_repr(&self, value: T) -> T::Repr {
        self.read_repr(value.into_repr()).into_repr()
    }

    /// Sizes of each dimension (`tensor.shape`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(x.shape(), &[2, 3]);
    /// ```
    pub fn shape(&self) -> &[usize] {
        self.layout.shape()
    }

    /// Strides in elements (`tensor.stride()`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(x.stride(), &[3, 1]);
    /// ```
    pub fn stride(&self) -> &[isize] {
        self.layout.strides()
    }

    /// Offset of the first element in the storage, in elements (`tensor.storage_offset()`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::arange(6);
    /// assert_eq!(x.storage_offset(), 0);
    /// ```
    pub fn storage_offset(&self) -> usize {
        self.layout.offset()
    }

    /// The full layout (shape, strides, offset).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<u8>::arange(6);
    /// assert_eq!(x.layout().numel(), 6);
    /// ```
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Number of dimensions (`tensor.dim()`).
    ///
    /// ```
    /// assert_eq!(tensor_core::Tensor::scalar(1.5f32).dim(), 0);
    /// ```
    pub fn dim(&self) -> usize {
        self.layout.ndim()
    }

    /// Number of elements (`tensor.numel()`).
    ///
    /// ```
    /// assert_eq!(tensor_core::Tensor::<i32>::zeros(&[2, 0]).unwrap().numel(), 0);
    /// ```
    pub fn numel(&self) -> usize {
        self.layout.numel()
    }

    /// PyTorch's `is_contiguous()` (size-1 dims ignored, empty tensors contiguous).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::zeros(&[2, 3]).unwrap();
    /// assert!(x.is_contiguous());
    /// assert!(!x.transpose(0, 1).unwrap().is_contiguous());
    /// ```
    pub fn is_contiguous(&self) -> bool {
        self.layout.is_contiguous()
    }

    /// Size of one element in bytes (`tensor.element_size()`).
    ///
    /// ```
    /// assert_eq!(tensor_core::Tensor::<f64>::arange(2).element_size(), 8);
    /// ```
    pub fn element_size(&self) -> usize {
        T::DTYPE.size()
    }

    /// The element type (`tensor.dtype`).
    ///
    /// ```
    /// use tensor_core::{DType, Tensor};
    /// assert_eq!(Tensor::<i16>::arange(2).dtype(), DType::I16);
    /// ```
    pub fn dtype(&self) -> crate::DType {
        T::DTYPE
    }

    /// PyTorch's `is_conj()`: whether reads conjugate lazily.
    ///
    /// ```
    /// assert!(!tensor_core::Tensor::<f32>::arange(2).is_conj());
    /// ```
    pub fn is_conj(&self) -> bool {
        self.lazy.conj()
    }

    /// PyTorch's `is_neg()`: whether reads negate lazily (set on the `imag` of
    /// a conjugated complex view).
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_vec(vec![Complex::new(1.0f32, 2.0)], &[1, 1]).unwrap();
    /// let im = z.mH().unwrap().imag().unwrap();
    /// assert!(im.is_neg());
    /// assert_eq!(im.to_vec(), vec![-2.0]);
    /// ```
    pub fn is_neg(&self) -> bool {
        self.lazy.neg()
    }

    /// Whether `other` (of any element type) shares this tensor's storage.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::arange(4);
    /// assert!(x.view(&[2, 2]).unwrap().shares_storage(&x));
    /// assert!(!x.reshape(&[2, 2]).unwrap().transpose(0, 1).unwrap().contiguous().unwrap().shares_storage(&x));
    /// ```
    pub fn shares_storage<U: Element, S2>(&self, other: &Tensor<U, S2>) -> bool {
        self.storage.same(&other.storage)
    }

    /// Size of the underlying storage in bytes (`untyped_storage().nbytes()`).
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::arange(4);
    /// assert_eq!(x.view(&[2, 2]).unwrap().storage_nbytes(), 16);
    /// ```
    pub fn storage_nbytes(&self) -> usize {
        self.storage.nbytes()
    }

    /// Address of the storage's first byte (`untyped_storage().data_ptr()`),
    /// for identity checks and interop.
    ///
    /// ```
    /// let x = tensor_core::Tensor::<f32>::arange(4);
    /// assert_eq!(x.storage_ptr(), x.view(&[2, 2]).unwrap().storage_ptr());
    /// ```
    pub fn storage_ptr(&self) -> *const u8 {
        self.storage.data_ptr()
    }
}

impl<T: Element, S> fmt::Debug for Tensor<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("Tensor");
        s.field("dtype", &T::DTYPE)
            .field("shape", &self.shape())
            .field("stride", &self.stride())
            .field("offset", &self.storage_offset())
            .field("conj", &self.lazy.conj());
        if self.lazy.neg() {
            s.field("neg", &self.lazy.neg());
        }
        s.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<X: Send + Sync>() {}

    #[test]
    fn views_of_heap_layouts_edit_their_own_handle_and_leave_the_input_alone() {
        // Rank 7 keeps its dims on the heap.
        let shape = [2usize, 1, 3, 1, 2, 1, 2];
        let x = Tensor::<i32>::arange(24)
            .view(&shape.map(|d| d as isize))
            .unwrap();
        let t = x.transpose(0, -1).unwrap();
        assert_eq!(t.shape(), &[2, 1, 3, 1, 2, 1, 2]);
        assert_eq!(t.stride(), &[1, 12, 4, 4, 2, 2, 12]);
        let p = x.permute(&[6, 5, 4, 3, 2, 1, 0]).unwrap();
        assert_eq!(p.shape(), &[2, 1, 2, 1, 3, 1, 2]);
        assert_eq!(
            p.to_vec(),
            x.transpose(0, -1)
                .unwrap()
                .permute(&[0, 5, 4, 3, 2, 1, 6])
                .unwrap()
                .to_vec()
        );
        let i = x.index(&crate::s![1, .., 2]).unwrap();
        assert_eq!(i.shape(), &[1, 1, 2, 1, 2]);
        assert_eq!(i.storage_offset(), 12 + 8);
        assert!(t.shares_storage(&x) && p.shares_storage(&x) && i.shares_storage(&x));
        // errors leave nothing behind and the input unchanged
        assert!(x.permute(&[0, 0, 1, 2, 3, 4, 5]).is_err());
        assert!(x.index(&crate::s![0, 0, 0, 0, 0, 0, 0, 0]).is_err());
        assert!(x.transpose(0, 7).is_err());
        assert_eq!(x.shape(), &shape[..]);
        assert_eq!(x.stride(), &[12, 12, 4, 4, 2, 2, 1]);
    }

    #[test]
    fn clones_of_inline_and_heap_layouts_share_storage_and_outlive_the_original() {
        // ranks up to 6 keep their dims inline, 7 and more on the heap
        for rank in [0usize, 1, 6, 7, 9] {
            let shape: Vec<usize> = (0..rank).map(|d| 1 + d % 2).collect();
            let numel: usize = shape.iter().product();
            let x = Tensor::<i32>::arange(numel)
                .view(&shape.iter().map(|&d| d as isize).collect::<Vec<_>>())
                .unwrap();
            let copies: Vec<Tensor<i32>> = (0..5).map(|_| x.clone()).collect();
            let moved_away = std::thread::spawn({
                let c = x.clone();
                move || c.to_vec()
            });
            drop(x);
            assert_eq!(
                moved_away.join().unwrap(),
                (0..numel as i32).collect::<Vec<_>>()
            );
            for c in &copies {
                assert_eq!(c.shape(), &shape[..]);
                assert!(c.shares_storage(&copies[0]));
            }
            copies[4].set(&vec![0; rank], 77).unwrap();
            assert_eq!(copies[0].to_vec()[0], 77);
        }
    }

    #[test]
    fn tensors_are_send_and_sync() {
        assert_send_sync::<Tensor<f32>>();
        assert_send_sync::<Tensor<bool>>();
        assert_send_sync::<Tensor<num_complex::Complex<half::f16>>>();
    }

    #[test]
    fn debug_shows_the_layout() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
        assert_eq!(
            format!("{x:?}"),
            "Tensor { dtype: F32, shape: [2, 3], stride: [3, 1], offset: 0, conj: false }"
        );
    }
}
