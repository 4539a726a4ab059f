//! The integration tests of the typed API's ops (the tuple form), one module
//! per file of `tests/`, built as one test binary (see `tests/suites/README.md`).
//! Test names keep the file: `cargo test --test typed_ops typed_views::` runs
//! `tests/typed_views.rs`.

#[path = "../typed_cut_ops.rs"]
mod typed_cut_ops;
#[path = "../typed_layouts.rs"]
mod typed_layouts;
#[path = "../typed_model_ops.rs"]
mod typed_model_ops;
#[path = "../typed_slicing.rs"]
mod typed_slicing;
#[path = "../typed_stack_expand.rs"]
mod typed_stack_expand;
#[path = "../typed_tuple_views.rs"]
mod typed_tuple_views;
#[path = "../typed_views.rs"]
mod typed_views;
