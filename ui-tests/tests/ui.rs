//! trybuild over `pass/` (must compile, then run: a full build, so checks
//! that only a build would run are covered too), `fail/` (must fail to
//! compile with the compiler output in the `.stderr` next to each case) and
//! `fail_at_build/` (must fail likewise, but only a full build finds the
//! error: a constant evaluated when a generic function is instantiated).
//!
//! `fail/` is a set of its own: trybuild checks a set of compile-fail cases
//! alone with one `cargo check --keep-going` over all of them, built in
//! parallel, where a set that also holds pass cases is built case by case,
//! each after a `cargo clean`. The cases of `fail_at_build/` need `cargo
//! build`, so they go with `pass/`, which trybuild builds.

#[test]
fn ui_pass_and_fail_at_build() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
    cases.compile_fail("fail_at_build/*.rs");
}

#[test]
fn ui_fail() {
    trybuild::TestCases::new().compile_fail("fail/*.rs");
}
