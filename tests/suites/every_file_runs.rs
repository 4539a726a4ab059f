//! The root crate lists its test binaries in Cargo.toml (`autotests =
//! false`), so a new file in `tests/` runs only once it is listed there or
//! made a module of a suite here. This test fails until it is: every
//! `tests/*.rs` file is the `path` of a `[[test]]` or the `#[path]` of a
//! module of one of the suites (`tests/suites/*.rs`).

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_test_file_is_in_a_test_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    // `path = "tests/x.rs"` of a [[test]].
    let mut covered: BTreeSet<String> = manifest
        .lines()
        .filter_map(|l| l.trim().strip_prefix("path = \"tests/"))
        .filter_map(|l| l.strip_suffix('"'))
        .map(str::to_owned)
        .collect();
    // `#[path = "../x.rs"]` of a suite's module.
    for suite in std::fs::read_dir(root.join("tests/suites")).unwrap() {
        let suite = suite.unwrap().path();
        if suite.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&suite).unwrap();
            covered.extend(
                text.lines()
                    .filter_map(|l| l.trim().strip_prefix("#[path = \"../"))
                    .filter_map(|l| l.strip_suffix("\"]"))
                    .map(str::to_owned),
            );
        }
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root.join("tests")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".rs") {
            files.push(name);
        }
    }
    assert!(files.len() > 30, "tests/ holds {} files", files.len());
    let missing: Vec<&String> = files.iter().filter(|f| !covered.contains(*f)).collect();
    assert!(
        missing.is_empty(),
        "tests/ files in no test binary (list each in Cargo.toml as a [[test]], or add it \
         to a suite in tests/suites/): {missing:?}"
    );
}
