//! Typed shapes in readable types: a shape is a tuple of dims,
//! `Tensor<f32, (B, T, D<768>)>`, and typed ops compute their results'
//! types from their operands' (no shape is written twice).
//!
//! The vocabulary:
//!
//! - [`D<N>`](D): a static dim of `N` elements, printed in decimal by the
//!   compiler (`D<768>`);
//! - [`One`]: a static 1, which broadcasts;
//! - a named run-time dim, declared with `dims!(B, T);`: a batch or sequence
//!   length known only at run time, checked as far as names allow;
//! - [`Merged<(B, T)>`](Merged): one dim of `B*T` elements, what a view
//!   that merges named dims makes;
//! - a tuple of up to six dims is a row-major shape ([`DimList`]);
//!   [`Permuted`] is a view of one (a transpose, a permute, a cut) whose
//!   strides the type records; [`AnyStrides`] of a tuple is the same shape
//!   with strides known only at run time.
//!
//! Typed ops of one tensor (`exp`, `x.sum::<-1>()`, `x.lt_scalar(0.0)`, ...)
//! and of all-static operands return the tensor itself: their shapes were
//! checked while compiling, and when memory for the result runs out they
//! abort as a `Vec` does. With a named dim on two operands, or a reduction
//! that refuses an empty named lane (`max`, `argmax`, ...), they return a
//! `Result` with PyTorch's message.
//!
//! Compiler messages, inferred types and these docs show shapes as the user
//! wrote them: `Tensor<f32, (B, T, D<768>)>`, never a `typenum` number.
//!
//! The files, one job each:
//! - `dim`: [`D`], [`One`], [`Dim`] and the dims' kinds;
//! - `list`: [`DimList`] (tuples), [`AnyStrides`], [`TypedDims`];
//! - `merged`: [`Merged`], one dim of a product of dims (`B*T`), and the
//!   run-time sizes of its factors;
//! - `permuted`: [`Permuted`], the strides of a transpose, permute or cut
//!   of a row-major tuple, in the type (a source shape and a map of [`Of`]);
//! - `numbers`: the size table from `D<N>` to computable numbers and back
//!   (written by `build.rs`), for the rules that multiply or divide sizes;
//! - `convert`: `into_static()` into a tuple (checked at run time) and
//!   `zeros()`/`full()` of an all-static tuple;
//! - `ops`: the typed ops (arithmetic, matmul, transposes, element-wise,
//!   reductions along a literal dim, comparisons and selections, norms,
//!   views, cuts along a dim), `rules`: PyTorch's shape rules they check while compiling;
//! - `random`: [`Generator`] (a seeded PCG32) and `rand()`/`randn()` of an
//!   all-static tuple;
//! - `layers`: generic typed layers, [`Linear`](layers::Linear),
//!   [`LayerNorm`](layers::LayerNorm), [`Embedding`](layers::Embedding).
//!
//! ```
//! use tensor_view::{dims, Tensor, D};
//! dims!(B, T);
//! let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::zeros(&[2, 3, 4])?.into_static()?;
//! assert_eq!(x.shape(), &[2, 3, 4]);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

mod convert;
mod dim;
pub mod layers;
mod list;
mod merged;
pub(crate) mod numbers;
mod ops;
mod permuted;
mod random;
pub mod rules;

pub use dim::{Dim, One, D};
#[doc(hidden)]
pub use dim::{Fixed, Named, Unit};
pub use list::{AnyStrides, DimList, TypedDims, MAX_TYPED_RANK};
#[doc(hidden)]
pub use list::{DimInfo, Join, RowMajor, RunTime};
pub use merged::{Factor, Factors, Merged};
pub use ops::causal_mask;
pub use ops::where_;
#[doc(hidden)]
pub use ops::{
    tuples_only, ByOther, ByTuples, CutTo, Cuttable, Dropped, MapEdit, MapStrides, MatmulOperand,
    MatmulProbe, OtherOperands, Relayout, ReshapeLayout, Reshaped, Resize, Stayed, Tag, Tagged,
    TupleCut, TupleOperands, TupleRanks, TupleResult, TupleRoute, TupleStrides, TypedPieces, Untag,
    Vector, ViewLayout,
};
pub use ops::{Cat, Stack};
#[doc(hidden)]
pub use ops::{CatTuple, StackAt};
#[doc(hidden)]
pub use ops::{SqueezeAllLayout, SqueezeLayout, SqueezedAs};
#[doc(hidden)]
pub use permuted::{Entry, Identity, MapList, Mapped};
pub use permuted::{Of, Permuted};
pub use random::Generator;
pub use rules::view::Infer;
