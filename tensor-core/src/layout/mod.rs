//! Pure layout maths: a [`Layout`] (shape, strides, storage offset) and the
//! rules PyTorch applies to it, kept apart from storage and element types.
//!
//! Every view op is a function from a layout (plus arguments) to a new layout
//! or a [`ViewError`]; the tensor layer only pairs the result
//! with the same storage. Shapes and strides live inline (no allocation) up to
//! [`INLINE_DIMS`] dimensions (`dim_lists.rs`).

mod as_strided;
mod broadcast;
mod diagonal;
mod dim_lists;
mod dims;
mod dtype;
mod expand;
mod index;
mod index_simple;
mod infer;
mod matrix_transpose;
mod movedim;
mod narrow;
pub(crate) mod overlap;
mod permute;
mod reshape;
mod split;
mod squeeze;
mod stride;
mod unflatten;
mod unfold;

pub(crate) use as_strided::check_numel_of_signed;
pub use broadcast::broadcast_shapes;
pub(crate) use broadcast::{output_shape_mismatch, stretch_to};
pub(crate) use dims::check_numel;
pub use dims::{checked_numel, wrap_dim, Dims, Strides, INLINE_DIMS};
pub use index::IndexItem;
pub use infer::infer_size;
pub use split::{Sections, SplitSize};
pub use stride::{compute_stride, contiguous_strides, is_contiguous};

pub(crate) use stride::dims_of;

use dim_lists::DimLists;

use crate::ViewError;

/// Shape, strides (in elements) and storage offset (in elements) of a tensor.
///
/// ```
/// use tensor_core::layout::Layout;
/// let l = Layout::contiguous(&[2, 3]);
/// assert_eq!(l.shape(), &[2, 3]);
/// assert_eq!(l.strides(), &[3, 1]);
/// assert_eq!(l.offset(), 0);
/// assert_eq!(l.numel(), 6);
/// ```
// `repr(C)`: the layout is its dim lists, which hold the offset too (see `Tensor`).
#[derive(Clone, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Layout {
    dims: DimLists,
}

impl std::fmt::Debug for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Layout")
            .field("shape", &self.shape())
            .field("strides", &self.strides())
            .field("offset", &self.offset())
            .finish()
    }
}

impl Layout {
    /// A row-major layout of `shape` at offset 0.
    ///
    /// ```
    /// let l = tensor_core::layout::Layout::contiguous(&[4]);
    /// assert!(l.is_contiguous());
    /// ```
    pub fn contiguous(shape: &[usize]) -> Layout {
        Layout {
            dims: DimLists::from_slices(shape, &contiguous_strides(shape), 0),
        }
    }

    /// A layout from its parts, unchecked: the caller makes sure every element
    /// it addresses lies inside the storage it is paired with.
    ///
    /// ```
    /// let l = tensor_core::layout::Layout::from_parts(&[2, 2], &[1, 2], 0);
    /// assert!(!l.is_contiguous());
    /// ```
    pub fn from_parts(shape: &[usize], strides: &[isize], offset: usize) -> Layout {
        debug_assert_eq!(shape.len(), strides.len());
        Layout {
            dims: DimLists::from_slices(shape, strides, offset),
        }
    }

    /// A layout from dim lists built by a layout op.
    pub(crate) fn from_dims(shape: Dims, strides: Strides, offset: usize) -> Layout {
        Layout::from_parts(&shape, &strides, offset)
    }

    /// Sizes of each dimension.
    ///
    /// ```
    /// assert_eq!(tensor_core::layout::Layout::contiguous(&[3]).shape(), &[3]);
    /// ```
    #[inline]
    pub fn shape(&self) -> &[usize] {
        self.dims.sizes()
    }

    /// Strides of each dimension, in elements.
    ///
    /// ```
    /// assert_eq!(tensor_core::layout::Layout::contiguous(&[3, 2]).strides(), &[2, 1]);
    /// ```
    #[inline]
    pub fn strides(&self) -> &[isize] {
        self.dims.strides()
    }

    /// Offset of the first element in the storage, in elements.
    ///
    /// ```
    /// assert_eq!(tensor_core::layout::Layout::contiguous(&[3]).offset(), 0);
    /// ```
    #[inline]
    pub fn offset(&self) -> usize {
        self.dims.offset()
    }

    /// Number of dimensions.
    ///
    /// ```
    /// assert_eq!(tensor_core::layout::Layout::contiguous(&[3, 1]).ndim(), 2);
    /// ```
    #[inline]
    pub fn ndim(&self) -> usize {
        self.dims.len()
    }

    /// Number of elements (the product of the shape). Tensors with elements
    /// never overflow it; an empty one may have dims whose other products
    /// would, so a zero dim is looked for first.
    ///
    /// ```
    /// assert_eq!(tensor_core::layout::Layout::contiguous(&[3, 0]).numel(), 0);
    /// let huge = 1usize << 40;
    /// assert_eq!(tensor_core::layout::Layout::contiguous(&[huge, huge, 0]).numel(), 0);
    /// ```
    #[inline]
    pub fn numel(&self) -> usize {
        let shape = self.shape();
        if shape.contains(&0) {
            return 0;
        }
        shape.iter().product()
    }

    /// PyTorch's `is_contiguous()`.
    ///
    /// ```
    /// assert!(tensor_core::layout::Layout::from_parts(&[1, 3], &[7, 1], 2).is_contiguous());
    /// ```
    pub fn is_contiguous(&self) -> bool {
        is_contiguous(self.shape(), self.strides())
    }

    /// Mutable access to the parts, for layout ops in this crate (the
    /// number of dims stays; see `insert_dim` and `remove_dim` to change it).
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut [usize], &mut [isize], &mut usize) {
        self.dims.parts_mut()
    }

    /// This layout with dims `a` and `b` (both below `ndim`) exchanged,
    /// built whole without writing into a copy; `None` above
    /// [`INLINE_DIMS`] dims.
    #[inline(always)]
    pub(crate) fn swapped_dims(&self, a: usize, b: usize) -> Option<Layout> {
        Some(Layout {
            dims: self.dims.swapped(a, b)?,
        })
    }

    /// This layout with dim `d` (below `ndim`) of size `size` and offset
    /// `offset`, built whole; `None` above [`INLINE_DIMS`] dims.
    #[inline(always)]
    pub(crate) fn resized_dim(&self, d: usize, size: usize, offset: usize) -> Option<Layout> {
        Some(Layout {
            dims: self.dims.resized(d, size, offset)?,
        })
    }

    /// Whether some dim has size 0 (the layout addresses no element).
    #[inline]
    pub(crate) fn has_zero_size(&self) -> bool {
        self.dims.any_zero_size()
    }

    /// A copy of this layout changed by `edit` (the public layout ops are
    /// their in-place forms, which views use, applied to a copy).
    #[inline]
    pub(crate) fn edited(
        &self,
        edit: impl FnOnce(&mut Layout) -> Result<(), ViewError>,
    ) -> Result<Layout, ViewError> {
        let mut out = self.clone();
        edit(&mut out)?;
        Ok(out)
    }

    /// Replaces the sizes and strides (equally many), writing inline lists
    /// in place; the offset stays.
    #[inline]
    pub(crate) fn set_dims(&mut self, sizes: &[usize], strides: &[isize]) {
        debug_assert_eq!(sizes.len(), strides.len());
        self.dims.assign(sizes, strides);
    }

    /// Inserts a dim of `size` and `stride` before dim `at` (at most `ndim`).
    #[inline]
    pub(crate) fn insert_dim(&mut self, at: usize, size: usize, stride: isize) {
        self.dims.insert(at, size, stride);
    }

    /// Keeps the first `ndim` dims (at most the current number).
    #[inline]
    pub(crate) fn truncate_dims(&mut self, ndim: usize) {
        self.dims.truncate(ndim);
    }

    /// Removes dim `at` (below `ndim`).
    #[inline]
    pub(crate) fn remove_dim(&mut self, at: usize) {
        self.dims.remove(at);
    }

    /// Appends a dim of `size` and `stride`.
    #[inline]
    pub(crate) fn push_dim(&mut self, size: usize, stride: isize) {
        self.dims.push(size, stride);
    }

    /// One past the highest storage index any element reads, in elements (the
    /// storage size in elements this layout needs); `offset` when it has no element.
    ///
    /// ```
    /// let l = tensor_core::layout::Layout::from_parts(&[2, 3], &[4, 1], 1);
    /// assert_eq!(l.required_storage(), Some(1 + 4 + 2 + 1));
    /// ```
    pub fn required_storage(&self) -> Option<usize> {
        if self.shape().contains(&0) {
            return Some(self.offset());
        }
        let mut last = self.offset();
        for (&size, &stride) in self.shape().iter().zip(self.strides()) {
            let step = usize::try_from(stride).ok()?.checked_mul(size - 1)?;
            last = last.checked_add(step)?;
        }
        last.checked_add(1)
    }
}
