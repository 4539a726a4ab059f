//! The run-time integration tests, one module per file of `tests/`, built
//! as one test binary (each file its own binary cost a link of the library
//! and its dependencies apiece; see `tests/suites/README.md`). Test names
//! keep the file: `cargo test --test runtime threads::` runs `tests/threads.rs`.
//!
//! The random op chains' decoder and reference model sit at the root, where
//! their `crate::` paths (shared with the fuzz target) expect them.

#[path = "../chain/mod.rs"]
mod chain;
#[path = "../reference_model/mod.rs"]
mod reference_model;

#[path = "../attention.rs"]
mod attention;
#[path = "../elementwise_layouts.rs"]
mod elementwise_layouts;
#[path = "../huge_inputs.rs"]
mod huge_inputs;
#[path = "../load_mlp_example.rs"]
mod load_mlp_example;
#[path = "../model_examples.rs"]
mod model_examples;
#[path = "../model_lines.rs"]
mod model_lines;
#[path = "../no_deadlock.rs"]
mod no_deadlock;
#[path = "../prop_chains.rs"]
mod prop_chains;
#[path = "../pytorch_parity_writes.rs"]
mod pytorch_parity_writes;
#[path = "../thread_stress.rs"]
mod thread_stress;
#[path = "../threads.rs"]
mod threads;
#[path = "../tour.rs"]
mod tour;

mod every_file_runs;
