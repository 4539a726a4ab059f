//! Property tests: random chains of view ops (and writes) on the library agree
//! with the naive reference model element by element, every fallible op
//! returns `Ok` or a `ViewError` with PyTorch's text, and nothing panics.
//!
//! The chains are decoded from random bytes by the same decoder the fuzz
//! target (`fuzz/`) uses, so CI covers the fuzz target's paths on stable.
//! Cases per test: `TENSOR_VIEW_PROPTEST_CASES` (default 2,000; the long mode
//! of docs/reliability.md uses 100,000 or more).

// The decoder and the reference model are modules of the suite's root
// (tests/suites/runtime.rs), where their `crate::` paths point.
use crate::chain;

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

/// A chain the long mode found: `arange(1).as_strided([1, 3, 0], [M, M, 2^32])`
/// (`M = 2^63 - 1`), then `pool[0].copy_from(pool[0].select(-3, 0))`.
/// PyTorch 2.15's `copy_` succeeds (it broadcasts by sizes; `expand` would
/// compute a stride of `3·M`, which wraps); the model once refused it.
#[test]
fn a_copy_between_empty_views_whose_expand_overflows_succeeds() {
    const BYTES: [u8; 224] = [
        115, 235, 0, 0, 0, 0, 4, 159, 6, 32, 14, 6, 134, 4, 6, 39, 126, 0, 0, 38, 0, 28, 34, 0, 0,
        43, 0, 0, 0, 232, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 48, 0, 0, 239, 35, 0, 0, 0, 0, 0,
        0, 0, 0, 40, 0, 0, 0, 0, 37, 140, 187, 30, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 88, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 171, 213, 0, 0, 122, 197, 40, 1,
        3, 0, 0, 31, 70, 40, 79, 80, 24, 45, 234, 0, 0, 0, 229, 76, 0, 0, 0, 0, 0, 0, 108, 13, 40,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 206, 115, 0, 0, 18, 46, 54, 159, 0, 40, 0, 0, 0, 0, 0, 16, 0,
        0, 0, 0, 0, 22, 0, 0, 37, 119, 9, 36, 80, 24, 0, 0, 0, 0, 0, 19, 106, 61, 8, 0, 0, 80, 63,
        224, 135, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 151, 14, 121, 139, 178,
        40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    if let Err(failure) = chain::run(&BYTES) {
        panic!("{failure}");
    }
}
