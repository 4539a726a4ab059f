//! trybuild over `pass/` (must compile, then run: a full build, so checks
//! that only a build would run are covered too) and `fail/` (must fail with
//! the compiler output in the `.stderr` next to each case).

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
    cases.compile_fail("fail/*.rs");
}
