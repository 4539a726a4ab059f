//! trybuild over `fail/` (must fail to compile with the compiler output in
//! the `.stderr` next to each case) and `fail_at_build/` (must fail likewise,
//! but only a full build finds the error: a constant evaluated when a
//! generic function is instantiated). The cases of `pass/` (must compile,
//! then run) are test targets of this crate (Cargo.toml, `harness = false`):
//! cargo builds them with the other tests, in parallel, and runs each.
//!
//! `fail/` is a set of its own: trybuild checks a set of compile-fail cases
//! alone with one `cargo check --keep-going` over all of them, built in
//! parallel. The cases of `fail_at_build/` need `cargo build`, which
//! trybuild runs for a set that also holds a case that must pass, case by
//! case: their set holds one pass case (`pass/static_view.rs`, the
//! smallest) for that, and no more, since each case of such a set costs a
//! build of its own.

use std::path::Path;

#[test]
fn ui_fail_at_build() {
    let cases = trybuild::TestCases::new();
    // Makes trybuild build rather than check (see the module's docs).
    cases.pass("pass/static_view.rs");
    cases.compile_fail("fail_at_build/*.rs");
}

#[test]
fn ui_fail() {
    trybuild::TestCases::new().compile_fail("fail/*.rs");
}

/// Every case of `pass/` is a test target in Cargo.toml, so `cargo test`
/// builds and runs it.
#[test]
fn every_pass_case_is_a_test_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut cases = 0;
    for entry in std::fs::read_dir(root.join("pass")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        cases += 1;
        let target =
            format!("[[test]]\nname = \"pass_{stem}\"\npath = \"pass/{name}\"\nharness = false\n");
        assert!(
            manifest.contains(&target),
            "ui-tests/pass/{name} is not a test target; add to ui-tests/Cargo.toml:\n{target}"
        );
    }
    assert!(cases > 20, "only {cases} cases in ui-tests/pass/");
}
