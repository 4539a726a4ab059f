//! The integration tests of static shapes, named dims and their compile-time
//! rules, one module per file of `tests/`, built as one test binary (see
//! `tests/suites/README.md`). Test names keep the file:
//! `cargo test --test static_types static_layouts::` runs `tests/static_layouts.rs`.

#[path = "../named_args.rs"]
mod named_args;
#[path = "../named_constants.rs"]
mod named_constants;
#[path = "../named_sizes.rs"]
mod named_sizes;
#[path = "../static_layouts.rs"]
mod static_layouts;
#[path = "../static_shapes.rs"]
mod static_shapes;
#[path = "../type_holes.rs"]
mod type_holes;
