//! A naive reference model of strided tensors, written apart from the library.
//!
//! It shares no code with `tensor-core`: its layout is three plain vectors,
//! each element is read one at a time by the index formula
//! `offset + Σ index[d] · stride[d]`, and each op computes its result the most
//! obvious way (a transpose swaps two entries, `view` searches for strides that
//! reproduce the elements in row-major order). The property tests run the same
//! op chains on the library and on this model and compare them element by
//! element; a model that reused the library's layout code would prove nothing.
//!
//! Elements are labels (`i64`): a fresh storage of `n` elements holds
//! `0, 1, ..., n-1`, so a value read through any view names the storage slot
//! it came from, and writes use labels no storage holds yet.

pub mod dtype_ops;
pub mod index_ops;
pub mod layout;
pub mod messages;
pub mod ops;
pub mod shape_ops;
pub mod write_ops;

use std::cell::RefCell;
use std::rc::Rc;

pub use layout::RefLayout;

/// An element of a model storage: the slot it was created in, or a written label.
pub type Label = i64;

/// What the model expects of an op that must fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefError {
    /// PyTorch's exact message.
    Exact(String),
    /// An error whose text the model does not spell out (it is pinned by the
    /// golden PyTorch cases instead); any `ViewError` will do.
    Any,
    /// PyTorch's int64 arithmetic overflows here (only empty tensors with huge
    /// strides or offsets get here), so its behaviour is undefined: an error or
    /// a result both do, as long as nothing panics and the result is in bounds.
    Undefined,
}

impl RefError {
    /// An exact message.
    pub fn exact(message: impl Into<String>) -> RefError {
        RefError::Exact(message.into())
    }
}

/// A storage shared by model tensors; identity is the `Rc`'s.
#[derive(Clone, Debug)]
pub struct RefStorage(Rc<RefCell<Vec<Label>>>);

impl RefStorage {
    /// A storage holding `labels`.
    pub fn new(labels: Vec<Label>) -> RefStorage {
        RefStorage(Rc::new(RefCell::new(labels)))
    }

    /// Whether both handles name one storage.
    pub fn same(&self, other: &RefStorage) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.0.borrow().len()
    }

    /// The element in slot `at`.
    pub fn get(&self, at: usize) -> Label {
        self.0.borrow()[at]
    }

    /// Writes slot `at`.
    pub fn set(&self, at: usize, value: Label) {
        self.0.borrow_mut()[at] = value;
    }

    /// Appends a slot (`resize_` growing the storage).
    pub fn push(&self, value: Label) {
        self.0.borrow_mut().push(value);
    }
}

/// A model tensor: a storage and a layout over it.
#[derive(Clone, Debug)]
pub struct RefTensor {
    /// The shared elements.
    pub storage: RefStorage,
    /// Shape, strides, offset.
    pub layout: RefLayout,
}

impl RefTensor {
    /// A fresh contiguous 1-D tensor of `n` elements labelled by their slot.
    pub fn arange(n: usize) -> RefTensor {
        RefTensor {
            storage: RefStorage::new((0..n as Label).collect()),
            layout: RefLayout::contiguous(&[n]),
        }
    }

    /// The same storage with another layout (a view).
    pub fn with_layout(&self, layout: RefLayout) -> RefTensor {
        RefTensor {
            storage: self.storage.clone(),
            layout,
        }
    }

    /// Shape.
    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }

    /// Rank.
    pub fn ndim(&self) -> usize {
        self.layout.shape.len()
    }

    /// Number of elements.
    pub fn numel(&self) -> usize {
        self.layout.numel()
    }

    /// Storage slot of every element, in row-major order.
    pub fn slots(&self) -> Vec<usize> {
        layout::positions(&self.layout.shape)
            .iter()
            .map(|p| self.slot(p))
            .collect()
    }

    /// Storage slot of the element at `position` (each entry in range).
    pub fn slot(&self, position: &[usize]) -> usize {
        let at = self.layout.index_of(position);
        assert!(
            at >= 0 && (at as usize) < self.storage.len(),
            "model bug: slot {at} outside a storage of {}",
            self.storage.len()
        );
        at as usize
    }

    /// The elements in row-major order.
    pub fn values(&self) -> Vec<Label> {
        self.slots()
            .into_iter()
            .map(|s| self.storage.get(s))
            .collect()
    }

    /// A fresh contiguous copy (new storage).
    pub fn copy_contiguous(&self) -> RefTensor {
        RefTensor {
            storage: RefStorage::new(self.values()),
            layout: RefLayout::contiguous(&self.layout.shape),
        }
    }
}
