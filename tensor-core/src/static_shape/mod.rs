//! Compile-time shapes: the types behind `Shape![..]` and the support the
//! `view!` family of macros expands to.
//!
//! A static tensor is a [`Tensor<T, S>`](crate::Tensor) whose marker `S` is a
//! [`Static`] shape: its dims and element count are in the type, so a view's
//! shape is checked while compiling. The files, one job each:
//!
//! - `markers`: [`Static`], the stride markers [`ContiguousStrides`] /
//!   [`RuntimeStrides`], [`StaticShape`] and the [`Strided`] alias;
//! - `dims`: [`StaticDims`], the dims tuples (ranks 0 to [`MAX_STATIC_RANK`]);
//! - `convert`: `into_dyn()`, `into_static()`, `zeros()`;
//! - `checked`: [`Marked`], the run-time check of a result whose type a
//!   trait other crates implement picked;
//! - `source`: [`ShapeKind`], what checks learn of a marker (static or [`Dyn`](crate::Dyn));
//! - `diagnostics`: the types compile-time checks are phrased in;
//! - `constants`: named constants (`{N_HEAD}`) as `typenum` numbers;
//! - `divide`: cheap type-level division of an element count by a constant (for `-1`);
//! - `outcome`: whether an op returns its tensor or a `Result`;
//! - `view`: `view!` dispatch;
//! - `symbolic`: partly-dynamic shapes (`Shape![B, 3, 32, 32]`, named run-time dims);
//! - `matrix`: `t()`, `mT()`, `mH()` of typed tensors;
//! - `dtype_view`: `view_dtype::<U>()` of typed tensors;
//! - `dtype_stated`: `view_dtype!(x: [..] as U)`, typed between element sizes;
//! - `dtype_strides`: the stride checks and scaled strides of its `Layout!` inputs;
//! - `expand_as`: `expand_as()` of a typed tensor to another;
//! - `parts`: `real()`, `imag()` and `view_as_real!` of typed tensors;
//! - `dim_verdicts`: verdicts on single dims, for the checks of the typed view ops;
//! - `typed_math`: `matmul_as`, `softmax`, `mul_scalar`, `masked_fill` of typed tensors
//!   (their results' types checked at run time);
//! - `typed_ops`: `matmul!`, `add!`, `sub!`, `mul!`, `div!`, `sum!`, `mean!`,
//!   `softmax!`, `log_softmax!` (shapes checked while compiling);
//! - `typed_views`: checks and result types of `expand!`, `unflatten!`, `unfold!`, `diagonal!`;
//! - `ops`: static `transpose!`, `permute!`, `unsqueeze!`, `squeeze!`, `flatten!`;
//! - `slicing`: typed `narrow!`, `select!`, the split family, `unbind!`, `index!`
//!   (stated input shapes);
//! - `row_major`: which of their results are typed row-major.
//! - `layouts`: strides recorded in the type ([`KnownStrides`]), `view!` of
//!   them decided while compiling, `contiguous()` and `reshape!`.
//!
//! ```
//! use tensor_view::{view, Shape, Tensor};
//! let x = Tensor::<f32, Shape![4, 4]>::zeros();
//! let y: Tensor<f32, Shape![2, 8]> = view!(x, [-1, 8]);
//! assert_eq!(y.shape(), &[2, 8]);
//! ```

#[doc(hidden)]
pub mod bits;
mod checked;
mod constants;
mod convert;
mod diagnostics;
mod dim_verdicts;
mod dims;
mod divide;
mod dtype_stated;
mod dtype_strides;
mod dtype_view;
mod expand_as;
mod layouts;
pub(crate) mod markers;
mod matrix;
mod named_args;
mod ops;
mod outcome;
mod parts;
mod row_major;
mod slicing;
mod source;
pub(crate) mod symbolic;
mod typed_math;
mod typed_ops;
mod typed_views;
mod view;

pub use checked::Marked;
pub use constants::{Byte, ByteBits, ConstNumber, Exact, FromBytes, PushByte};
pub use convert::Shape;
pub use diagnostics::{
    Checked, DimRange, Divides, DivisibleBy, DoesNotDivide, Emptiness, Empty, InputSize, NamedDims,
    NonEmpty, Rank, RemainderVerdict, SizeWithoutNamedDims, Unchecked,
};
pub use dim_verdicts::{
    BothFit, DimAtRunTime, DimFits, DimFitsIf, DimMismatch, DimsList, EitherBit, ExpandVerdict,
    HasDims, SameList, SameSize, SizeAtLeast, SizeIs, SizeNonZero, SplitsBy, StaticDim,
};
pub use dims::{StaticDims, MAX_STATIC_RANK};
pub use divide::{
    count_verdict, CountCheck, DivStep, DivideBy, Large, NonZeroRemainder, PushBit, Remainder,
    RemainderIf, SmallDivisor,
};
pub use dtype_stated::{
    view_dtype_to, DtypeShapes, DtypeViewOf, DtypeViewed, StatedLastDimDivides, StatedRankAllows,
    StatedRatioCheck,
};
pub use dtype_strides::{
    DtypeStrides, LastStrideIsOne, RatioShift, ScaleEntry, ScaleLast, ShiftDown, ShiftDownIf,
    ShiftUp, StrideDivides, StridesCheck, StridesDivideAt, WithStrides,
};
pub use dtype_view::{
    Down, DtypeResult, ElementFacts, EqualSizes, LastDim, LastDimDivides, LastDimDividesBy,
    LastDimVerdict, NonZeroRankOr, RatioCheck, RatioOf, SizeRatio, Up, ViewDtypeRank,
};
pub use expand_as::{
    AlignedExpand, EnoughSizes, ExpandedAs, ExpandedSizesMatch, ExpandsDim, ExpandsTo,
    FitsOrRunTime, VerdictOutcome, Worse,
};
pub use layouts::*;
pub use markers::{
    Contiguity, ContiguousStrides, RuntimeStrides, Static, StaticShape, Strided, StridedForm,
};
pub use matrix::{AdjointRank, BatchRank, BatchTranspose, MatrixRank, MatrixTranspose, TypedOp};
pub use named_args::{carried_size, carry_named, narrow_to_carried, narrow_to_named};
pub use ops::{
    flatten_any, movedim_any, permute_any, retype, squeeze_any, transpose_any, unsqueeze_any,
    DimsOp, SqueezeBySize, StaticOp, UnsqueezeStrides,
};
pub use outcome::{Fallible, Infallible, Outcome};
pub use parts::{
    view_as_real_any, view_as_real_to, ComplexElement, HasRealView, PartOf, PartStrides,
    RealViewResult, StatedShape,
};
pub use row_major::KeepsRowMajor;
pub use slicing::{
    chunk_any, dsplit_any, hsplit_any, index_any, narrow_any, probe, select_any, split_any,
    split_with_sizes_any, tensor_split_any, typed, typed_kept, typed_pieces, unbind_any,
    vsplit_any, DynamicInput, IsDynamic, IsStatedShape, JoinOutcome, JoinedOutcome, NotDynamic,
    NotOfStatedShape, NotStated, OfStatedShape, Pieces, Probe, StatedVerdict, TypedInput,
};
pub use source::{
    dim_range, dim_value, divisibility, emptiness, input_size, insert_range, rank_of, ShapeKind,
};
pub use symbolic::*;
pub use typed_ops::*;
pub use typed_views::{
    diagonal_any, expand_any, fixed_result, input_dims, unflatten_any, unfold_any, FixedResult,
    InputDims,
};
pub use view::{
    view_checked, view_runtime, Literal, NoCheck, Passed, PassesCheck, TargetDims, ViewCheck,
    ViewTo,
};
