//! PyTorch's shape rules, written once, for both callers of tensor-view:
//! the runtime (`tensor-core`, whose sizes are `usize`) and the proc macros
//! (`tensor-macros`, whose sizes may be numbers, named run-time dims such
//! as `B` or `B*T`, or named constants such as `{N_EMBD}`).
//!
//! One file per rule family, each holding the rule and its messages in
//! PyTorch 2.15's words, character for character:
//!
//! - [`size`]: what a size must offer the rules ([`Size`]: is it known to
//!   equal another, is it 1, its text), and what a caller does with a
//!   comparison its sizes leave open ([`Undecided`]).
//! - [`dims`]: wrapping a negative dim (`maybe_wrap_dim`) and "Dimension out
//!   of range".
//! - [`broadcast`]: the broadcast of two shapes and "The size of tensor a".
//! - [`infer`]: `view`'s `-1` (`infer_size`) and "shape '[..]' is invalid".
//! - [`slicing`]: `narrow`, `select`, `split`, `split_with_sizes` and
//!   `chunk`: their checks in PyTorch's order and the pieces' sizes.
//! - [`sections`]: `tensor_split`, `hsplit`/`vsplit`/`dsplit` and `unbind`:
//!   their checks and messages, and the sizes of `tensor_split`'s sections.
//! - [`matmul`]: `torch.matmul`'s paths, their messages and the result shape.
//!
//! A rule returns its result or PyTorch's message (a `String`, or a
//! [`RuleError`] where PyTorch raises more than one kind); each caller
//! wraps the message in its own error (`ViewError` at run time, a
//! `syn::Error` spanned to the user's tokens while compiling). The crate has
//! no dependencies and no state, so both callers link the same code.
//!
//! ```
//! use tensor_rules::{broadcast::broadcast, size::Strict};
//! let mut out = [0usize; 2];
//! broadcast(&[2usize, 1], &[3], &mut out, &mut Strict).unwrap();
//! assert_eq!(out, [2, 3]);
//! ```

pub mod broadcast;
pub mod dims;
mod error;
pub mod infer;
pub mod matmul;
pub mod sections;
pub mod size;
pub mod slicing;

pub use error::RuleError;
pub use size::{Equality, Size, Strict, Undecided};

/// A list as PyTorch prints an `IntArrayRef`: `[2, -1]`, `[]`.
///
/// ```
/// assert_eq!(tensor_rules::int_list(&[2, -1]), "[2, -1]");
/// assert_eq!(tensor_rules::int_list::<i32>(&[]), "[]");
/// ```
pub fn int_list<I: std::fmt::Display>(items: &[I]) -> String {
    let mut out = String::from("[");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&item.to_string());
    }
    out.push(']');
    out
}
