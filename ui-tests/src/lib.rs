//! Compile-time behaviour of `tensor-view`, tested from outside the crate as
//! users see it:
//!
//! - `pass/`: programs that must compile (and run): every accepted form of
//!   `Shape!`, `view!` and the static ops;
//! - `fail/`: programs with one mistake each, named for the mistake, and the
//!   compiler output (`.stderr`) a user gets: PyTorch's message at the macro call;
//! - [`broadcast_rule`], [`cargo_check`]: the oracle of the typed broadcasting rule, and the
//!   `cargo check` of generated cases that the rule tests share;
//! - [`budget`]: the generator of the compile-time budget file (300 `view!` calls);
//! - [`layout_chains`]: the generator of the root crate's `tests/static_layouts.rs`
//!   (random chains of typed layout ops against the dynamic ops).
//!
//! `cargo test -p tensor-view-ui-tests` runs both (`tests/ui.rs`,
//! `tests/compile_budget.rs`). Regenerate the `.stderr` files after a deliberate
//! change with `TRYBUILD=overwrite cargo test -p tensor-view-ui-tests --test ui`,
//! then read them.
//!
//! ```
//! let source = tensor_view_ui_tests::budget::generate(3, 1);
//! assert_eq!(source.matches("view!(").count(), 3);
//! ```

pub mod broadcast_rule;
pub mod budget;
pub mod cargo_check;
pub mod layout_chains;
pub mod op_budget;
pub mod view_rule;
