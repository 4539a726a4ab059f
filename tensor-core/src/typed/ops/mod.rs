//! Typed ops: each takes its operands' shapes from their types, applies
//! PyTorch's rule (in `rules`) while compiling and computes its result's
//! type; the values are computed by the dynamic core.
//!
//! - `arith`: `+ - * /` with broadcasting.
//! - `unary`: element-wise ops of one tensor and with a scalar, and `map`.
//! - `reduce`: `sum`, `mean`, `max`, `min`, `argmax`, `argmin`, `softmax`
//!   along a literal dim.
//! - `compare`: `eq`, `lt`, ... with broadcasting, `where_`, `masked_fill`.
//! - `retype`: the dynamic handle of an operand, and the typed result.

mod arith;
mod compare;
#[cfg(test)]
mod oracle;
mod reduce;
mod retype;
mod unary;

pub use compare::where_;
