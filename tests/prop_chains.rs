//! Property tests: random chains of view ops (and writes) on the library agree
//! with the naive reference model element by element, every fallible op
//! returns `Ok` or a `ViewError` with PyTorch's text, and nothing panics.
//!
//! The chains are decoded from random bytes by the same decoder the fuzz
//! target (`fuzz/`) uses, so CI covers the fuzz target's paths on stable.
//! Cases per test: `TENSOR_VIEW_PROPTEST_CASES` (default 2,000; the long mode
//! of docs/reliability.md uses 100,000 or more).

mod chain;
mod reference_model;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};

fn cases() -> u32 {
    std::env::var("TENSOR_VIEW_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

fn config() -> Config {
    Config {
        cases: cases(),
        // Failures print the chain and the bytes; no regression files are written.
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_chains_agree_with_the_reference_model(bytes in vec(any::<u8>(), 0..400)) {
        chain::run(&bytes).map_err(|f| TestCaseError::fail(format!("{f}bytes: {bytes:?}")))?;
    }
}
