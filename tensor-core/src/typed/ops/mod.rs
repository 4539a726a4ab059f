//! Typed ops: each takes its operands' shapes from their types, applies
//! PyTorch's rule (in `rules`) while compiling and computes its result's
//! type; the values are computed by the dynamic core.
//!
//! - `arith`: `+ - * /` with broadcasting;
//! - `matmul`: `a.matmul(&b)`, `torch.matmul` at ranks 1 to 6;
//! - `transpose`: `transpose!`, `permute!`, `movedim!`, `t()`, `mT()`, `mH()`
//!   of tuples (the view macros' rules, given the tuple's rank);
//! - `unary`: element-wise ops of one tensor and with a scalar, and `map`;
//! - `reduce`: `sum`, `mean`, `max`, `min`, `argmax`, `argmin`, `softmax`
//!   along a literal dim;
//! - `compare`: `eq`, `lt`, ... with broadcasting, `where_`, `masked_fill`;
//! - `norm`: `layer_norm` and `rms_norm` over the last dim;
//! - `view`: `view_to::<(..)>()` decided while compiling, and
//!   `view_typed`/`reshape_typed` to a written shape, checked at run time;
//! - `triangle`: `tril`, `triu` and `causal_mask`;
//! - `cut`: `narrow_to`, `select_at`, `split_by`, `chunk_into` along a literal dim (views);
//! - `expand`: `expand_to::<(..)>()` and `unsqueeze_at::<DIM>()`, views;
//! - `flatten`: `flatten_dims::<START, END>()`, named dims merged;
//! - `gather`: `index_select_at::<DIM, _>(&ids)`;
//! - `stack`: [`Stack`], `[&a, &b].stack::<DIM>()`, and [`Cat`],
//!   `(&a, &b, ..).cat::<DIM>()` of up to eight tensors;
//! - `squeeze`: `squeeze_at::<DIM>()` and `squeeze_all()`, views;
//! - `relayout`: what `view_to`, `reshape_to` and `contiguous()` give for
//!   each layout (row-major, [`Permuted`](super::Permuted), `AnyStrides`);
//! - `retype`: the dynamic handle of an operand, and the typed result.

mod arith;
mod compare;
mod cut;
mod expand;
mod flatten;
mod gather;
mod matmul;
mod norm;
#[cfg(test)]
mod oracle;
mod reduce;
mod relayout;
mod retype;
pub(crate) use retype::carry;
mod squeeze;
mod stack;
mod transpose;
mod triangle;
mod unary;
mod view;

pub use compare::where_;
pub use stack::{Cat, Stack};
#[doc(hidden)]
pub use stack::{CatTuple, StackAt};
pub use triangle::causal_mask;

#[doc(hidden)]
pub use cut::{CutTo, Cuttable, Dropped, MapEdit, Resize, TupleCut, TypedPieces};
#[doc(hidden)]
pub use gather::Vector;
#[doc(hidden)]
pub use matmul::{
    tuples_only, ByOther, ByTuples, MatmulOperand, MatmulProbe, OtherOperands, TupleOperands,
    TupleRoute,
};
#[doc(hidden)]
pub use relayout::{ReshapeLayout, Reshaped, ViewLayout};
#[doc(hidden)]
pub use squeeze::{SqueezeAllLayout, SqueezeLayout, SqueezedAs};
#[doc(hidden)]
pub use transpose::{
    MapStrides, Relayout, Stayed, Tag, Tagged, TupleRanks, TupleResult, TupleStrides, Untag,
};
