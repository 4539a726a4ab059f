//! Typed ops: each takes its operands' shapes from their types, applies
//! PyTorch's rule (in `rules`) while compiling and computes its result's
//! type; the values are computed by the dynamic core.
//!
//! - `arith`: `+ - * /` with broadcasting;
//! - `norm`: `layer_norm` and `rms_norm` over the last dim;
//! - `triangle`: `tril`, `triu` and `causal_mask`.

mod arith;
mod norm;
mod triangle;

pub use triangle::causal_mask;
