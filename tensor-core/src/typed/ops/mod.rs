//! Typed ops: each takes its operands' shapes from their types, applies
//! PyTorch's rule (in `rules`) while compiling and computes its result's
//! type; the values are computed by the dynamic core.
//!
//! - `arith`: `+ - * /` with broadcasting.
//! - `matmul`: `a.matmul(&b)`, `torch.matmul` at ranks 1 to 6.
//! - `transpose`: `transpose!`, `permute!`, `movedim!`, `t()`, `mT()`, `mH()`
//!   of tuples (the view macros' rules, given the tuple's rank).

mod arith;
mod matmul;
mod transpose;

#[doc(hidden)]
pub use matmul::{
    tuples_only, ByOther, ByTuples, MatmulOperand, MatmulProbe, OtherOperands, TupleOperands,
    TupleRoute,
};
#[doc(hidden)]
pub use transpose::{TupleRanks, TupleResult, TupleStrides};
