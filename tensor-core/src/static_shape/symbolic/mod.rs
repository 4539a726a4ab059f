//! Partly-dynamic shapes: static dims beside *named run-time dims* (symbols).
//!
//! `dims!(B, T);` declares two symbols; `Shape![B, T, 768]` is then a shape
//! whose first two dims are known only at run time and whose last is 768.
//! A view of such a tensor is checked while compiling exactly as far as the
//! symbols allow: the static dims must multiply out, a `-1` is inferred
//! *symbolically* (`[B, 16, 5, 5]` viewed as `[-1, 400]` is `[B, 400]`), and a
//! view may only split or merge neighbouring dims, never move a named dim
//! across another factor (PyTorch cannot see that mistake; the types can).
//!
//! A merged dim keeps its factors in order, outermost first: `B*8` is
//! `[B, 8]` merged and differs from `8*B` (`[8, B]` merged), and the merge a
//! view infers is written the same way as the one a user writes
//! (`[B, T, 768]` viewed as `[-1]` is `Shape![B * T * 768]`). The rule:
//! read a shape's factors from outermost to innermost, dim after dim and
//! factor after factor, and multiply neighbouring static factors into one
//! segment: the *skeleton* (see `skeleton`). A view without `-1` compiles
//! when its skeleton is the input's; a size mismatch or a named dim missing
//! or named once too often is PyTorch's size error, any other difference
//! `view cannot reorder dims`. A `-1` takes the input's factors between the
//! skeletons of the dims before and after it, which must start and end the
//! input's (at the `-1`'s edges, a part of the input's segment there). That
//! is exactly the views that keep every element's index along every named
//! dim for every size of the symbols (docs/compile-time.md; checked against
//! a run-time oracle on random views by `ui-tests/tests/view_rule.rs`).
//!
//! The files, one job each:
//!
//! - `symbol`: the [`Symbol`] trait and the `dims!` macro that declares symbols;
//! - `lists`: type-level lists of symbols and segments ([`SCons`], [`SNil`]);
//! - `shape`: the marker [`Sym`], its dims ([`SymDim`] or a `typenum` number)
//!   and their run-time descriptions;
//! - `skeleton`: the order of a shape's symbols and the static sizes between
//!   them, which a view must keep;
//! - `plans`: the count and order verdicts of one view;
//! - `many_symbols`: the check of a view of an input with 4 to 6 symbols,
//!   written once for every call;
//! - `exact_div`: the division of a static size by a view's static part;
//! - `verdicts`: small type-level functions (`typenum` bits) the checks use;
//! - `reported`: the verdicts as a failed check's notes print them
//!   (`SymCheck<(B, T), Fits, Reordered, 768>`, no `typenum`);
//! - `view`: how `view!` builds a symbolic view at run time;
//! - `sizes`: [`NamedSizes`], the run-time sizes of the symbols a typed
//!   tensor carries (so a merged `B*T` splits back into `B` and `T`);
//! - `convert`: `into_static()` into a symbolic shape, checked at run time;
//! - `across`: where two partly-dynamic tensors meet (`view_as`);
//! - `strided`: [`SymStrided`], a partly-dynamic shape with run-time strides
//!   (after `transpose!`/`permute!`), and `contiguous()` back to [`Sym`];
//! - `ops`: `transpose!`, `permute!`, `unsqueeze!`, `squeeze!`, `flatten!`
//!   of a partly-dynamic tensor, typed;
//! - `arith`: products of named and static dims, their factors in order
//!   (what `flatten!` merges).
//!
//! ```
//! use tensor_view::{dims, view, Shape, Tensor};
//! dims!(B);
//! fn flatten(x: &Tensor<f32, Shape![B, 16, 5, 5]>) -> Tensor<f32, Shape![B, 400]> {
//!     view!(x, [-1, 400]) // -1 is B: checked while compiling, no Result
//! }
//! let x = Tensor::<f32>::zeros(&[3, 16, 5, 5]).unwrap().into_static().unwrap();
//! assert_eq!(flatten(&x).shape(), &[3, 400]);
//! ```

mod across;
mod arith;
mod convert;
mod exact_div;
mod lists;
mod many_symbols;
mod ops;
mod plans;
mod reported;
mod shape;
pub(crate) mod sizes;
mod skeleton;
mod strided;
pub(crate) mod symbol;
mod verdicts;
mod view;

pub use arith::{AppendFactors, NonOneFactor, PrependFactor};
pub use convert::TypedShape;
pub use exact_div::{ExactDiv, HalfStep, Halve};
pub use lists::{Len, Reverse, ReverseOnto, SCons, SNil, Skip, TakeOff, Zero};
pub use many_symbols::{
    ViewOfFiveSymbolsHasTheInputSize, ViewOfFiveSymbolsKeepsTheOrder,
    ViewOfFourSymbolsHasTheInputSize, ViewOfFourSymbolsKeepsTheOrder,
    ViewOfSixSymbolsHasTheInputSize, ViewOfSixSymbolsKeepsTheOrder,
};
pub use ops::{RuntimeDims, SymResult, SymbolicCount};
pub use plans::{ExactVerdicts, InferTarget, InferVerdicts, InferredDim, Interleave};
pub use reported::{DoesNotFit, Fits, InOrder, Reordered, Reported, SymbolTuple};
pub use shape::{DimDesc, DimKind, SingleSymbol, Sym, SymDim, SymDims, SymbolList};
pub use sizes::NamedSizes;
pub use skeleton::{Fold, PushSymbols, Skeleton};
pub use strided::SymStrided;
pub use symbol::Symbol;
pub use verdicts::{
    Boundary, ContainsAll, DivVerdict, First, IsEmpty, IsOne, IsZero, NonZero, RemoveOne,
    RemoveStep, SameNumber, SameSymbol, Select, StartsWithSegments, StartsWithSymbols,
};
pub use view::{
    view_symbolic, FixedCheck, FixedTarget, NoSymbols, PlanOutput, SymCheck, SymbolicPlan,
};
