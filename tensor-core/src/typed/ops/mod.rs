//! Typed ops: each takes its operands' shapes from their types, applies
//! PyTorch's rule (in `rules`) while compiling and computes its result's
//! type; the values are computed by the dynamic core.
//!
//! - `arith`: `+ - * /` with broadcasting;
//! - `view`: `view_typed`/`reshape_typed` to a written typed shape, checked at run time.

mod arith;
mod view;
