//! Static layouts: strides recorded in the type ([`KnownStrides`]) wherever
//! they are knowable, so that `view!` decides while compiling whether a view
//! needs a copy, with PyTorch's rule and in PyTorch's words.
//!
//! `transpose!`, `permute!` and `movedim!` of a row-major static tensor
//! record its strides; `unsqueeze!`, `squeeze!` and further reorders keep
//! them up to date; `view!` of such a tensor runs PyTorch's `computeStride`
//! on the types: a view that would need a copy does not compile, one that
//! needs none is typed (row-major when its strides are, else with its
//! strides recorded). `contiguous()` and `reshape!` give the typed result
//! with no `Result`. The layouts themselves are always computed at run time
//! by the dynamic code, so they are PyTorch's by construction; the types
//! only decide what compiles and what each result's type is.
//!
//! The files, one job each:
//!
//! - `lists`: type-level lists (indexing, reversal, row-major strides);
//! - `numbers`: strides as an odd number times a power of two ([`Num`]), cheap to multiply and compare;
//! - `marker`: [`KnownStrides`] and what each op makes of a stride marker;
//! - `walk`: PyTorch's `computeStride` on the types;
//! - `view`: `view!` of a [`KnownStrides`] tensor and the check every literal view makes;
//! - `copy`: `contiguous()` of a static tensor and `reshape!`.
//!
//! ```
//! use tensor_view::{permute, view, Shape, Tensor};
//! let x = Tensor::<f32, Shape![5, 4, 3, 2]>::zeros();
//! let p = permute!(x, [0, 2, 3, 1]);
//! let split = view!(p, [5, 3, 2, 2, 2]); // no Result: the last dim splits in place
//! assert_eq!(split.stride(), &[24, 2, 1, 12, 6]);
//! let flat: Tensor<f32, Shape![30, 4]> = view!(p.contiguous(), [-1, 4]);
//! assert_eq!(flat.shape(), &[30, 4]);
//! ```

mod copy;
mod lists;
mod marker;
mod numbers;
mod view;
mod walk;

pub use copy::{reshape_runtime, reshape_to, ReshapeBy, ReshapeTo};
pub use lists::{
    At, Cons, Index0, Index1, Index2, Index3, Index4, Index5, Index6, Index7, Next, Nil, RevOnto,
    RowMajor, StrideValues, ToList,
};
pub use marker::{
    KnownStrides, Old, Outer, ReorderMarker, RunStrides, SqueezeMarker, StrideEntry, UnitStride,
    UnsqueezeMarker,
};
pub use numbers::{Num, NumValue, Product, Same, SameIf, SameNum, Times, TimesSixteen, ToNum};
pub use view::{
    Allowed, KnownView, Miscounted, NoCopy, SettleView, Settled, SpansIfCounted, SpansSubspaces,
    StrideCheck, ViewAllowed,
};
pub use walk::{
    ChooseBy, ChunkEnd, Finish, Incompatible, Last, NextChunk, SizeIsOne, StartWalk, Take, TakeIf,
    TakesNext, Viewed, Walk,
};
